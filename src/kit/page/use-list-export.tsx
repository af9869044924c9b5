import { useMemo, useState, type ReactNode } from 'react';
import { EXPORT_LIMITS } from '@/api/contract/jobs.ts';
import { useAppActor } from '@/journal/actor-hooks.ts';
import { ExportJobDialog } from './export-job-dialog.tsx';
import { exportJobLogic, type ExportJobCalls } from './export-job-logic.ts';

/**
 * A list's export: up to EXPORT_LIMITS.browserMaxRows rows the browser writes the file at once (`inBrowser`); beyond,
 * or while a job of this list runs, the server writes it as a job shown in the export dialog, which may be closed
 * and opened again by the same button. `calls` are bound once per list (its deps).
 * @example const exporter = useListExport(label, () => calls.exportJob, [calls]); … exporter.run(data.count, query, () => download(…)); … {exporter.dialog}
 */
export function useListExport(label: string, calls: () => ExportJobCalls, deps: readonly unknown[]) {
  // The caller names what its calls depend on.
  const logic = useMemo(() => exportJobLogic(calls()), deps);
  const [job, send] = useAppActor(logic);
  const [open, setOpen] = useState(false);
  const run = (count: number, query: object, inBrowser: () => unknown) => {
    if (!job.matches('idle') || count > EXPORT_LIMITS.browserMaxRows) {
      if (job.matches('idle')) send({ type: 'START', query });
      setOpen(true);
      return;
    }
    return inBrowser();
  };
  const dialog: ReactNode = <ExportJobDialog open={open} label={label} state={job} send={send} onClose={() => setOpen(false)} />;
  return { run, dialog };
}
