import { useImperativeHandle, useRef, useState, type ReactNode, type Ref } from 'react';
import { useEditor, type Editor, type RowFormProps } from '../form/use-editor.ts';
import type { Filters } from '../list/use-filters.ts';
import type { ListState } from '../list/list-query.ts';
import type { ListData } from '../list/use-list.ts';
import { useRowSelection } from '../list/use-row-selection.ts';
import { useConfirm } from './confirm.tsx';
import { DetailDialog } from './detail-dialog.tsx';
import type { ExportJobCalls } from './export-job-logic.ts';
import { useListExport } from './use-list-export.tsx';
import { useRunEach } from './use-run-each.ts';
import type { RowAction } from '../list/row-actions.tsx';
import { useT } from '@/i18n/use-t.ts';

/** What an import dialog is told: whether it is open, to close, and that rows went in (the list reloads). */
export interface ImporterProps {
  open: boolean;
  onClose: () => void;
  onImported: () => void;
}

/** A list's export: the job calls (made once per `deps`), and how the browser writes the file at or under the limit. */
export interface ExporterSpec {
  /** the file's and the dialog's name */
  label: string;
  jobs: () => ExportJobCalls;
  /** what `jobs` reads */
  deps: readonly unknown[];
  /** the filters and sort the list shows, which the export writes */
  query: object;
  /** writes the file in the browser (a download); called at or under EXPORT_LIMITS.browserMaxRows rows */
  inBrowser: () => unknown;
}

/**
 * A list page declared: its rows, and what it does with them. Each part is optional; a page names what it has.
 * `R` is a row of the list, `E` what its form edits (the row, by default), `D` what its detail shows.
 */
export interface ListPageSpec<R extends { id: number }, E = R, D = R> {
  data: ListData<R, unknown>;
  /** the list's state in the address: a new row is then shown where it lands (see useEditor) */
  filters?: Filters;
  /** the sort that puts a new row first, when the list's own order does not */
  newest?: Pick<ListState, 'sortField' | 'sortOrder'>;
  /** the form 新增 and 编辑 open */
  form?: (props: RowFormProps<E>) => ReactNode;
  /** what 编辑 opens for a row: the row itself unless said (a fresh read; an id). A failed read was shown by the shell. */
  toEdit?: (row: R) => E | Promise<E>;
  /** 详情: its title, the read it makes for a row, and the terms it shows */
  detail?: { title: string; load: (row: R) => Promise<D>; items: (detail: D) => ReadonlyArray<readonly [string, ReactNode]> };
  /** 导入's dialog */
  importer?: (props: ImporterProps) => ReactNode;
  /** 导出 */
  exporter?: ExporterSpec;
}

export interface ListPage<R extends { id: number }, E> {
  /** for ResourceList: the list's state and rows */
  table: { filters?: Filters; data: ListData<R, unknown> };
  /** for a list with batch actions: ResourceList's selection props */
  selectable: { selected: ReadonlySet<number>; onSelect: (next: Set<number>) => void };
  /** the chosen rows on screen, in the list's order, and clearing them (the batch bar's) */
  chosen: R[];
  clearChosen: () => void;
  editor: Editor<E>;
  /** 新增: the form, for a new row */
  add: () => void;
  /** 编辑: the form, for this row (read first when the page says so) */
  edit: (row: R) => void;
  /** one call, confirmed first with `message`; 操作成功 and the list reloads when it went through */
  confirm: (message: string, run: () => Promise<unknown>) => void;
  /** a row's 编辑, under the page's button `code` */
  editAction: (row: R, code: string) => RowAction;
  /** a row's 删除 under the button `code`: asks `message` first, then `remove`s (see `confirm`) */
  deleteAction: (code: string, message: string, remove: () => Promise<unknown>) => RowAction;
  /**
   * A change to each of `rows`, one call each: confirmed first with `message` when given (a change that takes something
   * away), else at once; one message for a batch (how many went through), then the list reloads.
   */
  each: (rows: readonly R[], change: (row: R) => Promise<unknown>, message?: string) => void;
  /** 详情 of a row */
  showDetail: (row: R) => void;
  /** 导入 */
  startImport: () => void;
  /** 导出: the list as filtered and sorted */
  exportList: () => void;
  /** the page's dialogs and drawers, in one place: the form, the confirmation, the detail, the import, the export */
  dialogs: ReactNode;
}

/**
 * The list hook of the page kit: it owns what every list page wires alike (selection and batch actions, the
 * confirmation, one call per row with one message, the editor, the detail, the import and the export job), so
 * a page file is its declaration (columns, filters, form) plus what is truly its own. react-admin's `useListController`
 * and vben's `useVbenVxeGrid` show the idea.
 * @example const page = useListPage({ data, filters, form: (p) => <StaffForm {...p} /> });
 *          … <ResourceList {...page.table} columns={…} /> {page.dialogs}
 */
export function useListPage<R extends { id: number }, E = R, D = R>(spec: ListPageSpec<R, E, D>): ListPage<R, E> {
  const { data } = spec;
  const t = useT();
  const selection = useRowSelection(data.rows);
  const editor = useEditor<E>(data.reload, spec.filters, spec.newest);
  const [ask, confirmDialog] = useConfirm();
  const runEach = useRunEach();
  const [detail, setDetail] = useState<D | null>(null);
  const [importing, setImporting] = useState(false);
  const exportRun = useRef<ExportRun | null>(null);

  const each = (rows: readonly R[], change: (row: R) => Promise<unknown>, message?: string) => {
    const run = () => runEach(rows, change, data.reload);
    if (message === undefined) void run();
    else ask({ message, run, quiet: true });
  };
  const shown = () => undefined;
  const edit = (row: R) => {
    if (!spec.toEdit) return editor.edit(row as unknown as E);
    void Promise.resolve(spec.toEdit(row)).then(editor.edit, shown);
  };
  const confirm = (message: string, run: () => Promise<unknown>) => ask({ message, run, then: data.reload });
  return {
    table: { filters: spec.filters, data },
    selectable: { selected: selection.selected, onSelect: selection.onSelect },
    chosen: selection.chosen,
    clearChosen: selection.clear,
    editor,
    add: editor.add,
    edit,
    confirm,
    editAction: (row, code) => ({ code, label: t('edit'), run: () => edit(row) }),
    deleteAction: (code, message, remove) => ({ code, label: t('delete'), run: () => confirm(message, remove) }),
    each,
    showDetail: (row) => void spec.detail?.load(row).then(setDetail, shown),
    startImport: () => setImporting(true),
    exportList: () => {
      const exporter = spec.exporter;
      if (exporter) exportRun.current?.(data.count, exporter.query, exporter.inBrowser);
    },
    dialogs: (
      <>
        {spec.form && editor.open && spec.form(editor.form)}
        {confirmDialog}
        {spec.detail && (
          <DetailDialog title={spec.detail.title} onClose={() => setDetail(null)} items={detail && spec.detail.items(detail)} />
        )}
        {spec.importer?.({ open: importing, onClose: () => setImporting(false), onImported: data.reload })}
        {spec.exporter && <ListExport spec={spec.exporter} run={exportRun} />}
      </>
    ),
  };
}

type ExportRun = (count: number, query: object, inBrowser: () => unknown) => unknown;

/** The export job's actor lives here, so a list without 导出 starts none. */
function ListExport({ spec, run }: { spec: ExporterSpec; run: Ref<ExportRun> }) {
  const exporter = useListExport(spec.label, spec.jobs, spec.deps);
  useImperativeHandle(run, () => exporter.run);
  return exporter.dialog;
}
