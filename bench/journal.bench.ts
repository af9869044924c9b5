import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { createActor, type InspectionEvent } from 'xstate';
import { build, type Plugin, type Rollup } from 'vite';
import { tabsMachine } from '@machines/tabs.machine.ts';
import { createJournal } from '@/journal/journal.ts';
import { median, round } from './stats.ts';

const EVENTS = 20_000;
const ROUNDS = 7;
const PATHS = Array.from({ length: 24 }, (_, i) => `/section-${i % 6}/page-${i}`);

/** ms per event for the keep-alive tabs machine (context changes on most events), inspected as `inspect` says. */
function perEvent(inspect: ((e: InspectionEvent) => void) | undefined): number {
  const actor = createActor(tabsMachine.provide({ actions: { persist: () => {} } }), { input: {}, inspect });
  actor.start();
  const started = performance.now();
  for (let i = 0; i < EVENTS; i++) {
    const path = PATHS[i % PATHS.length];
    actor.send(i % 5 === 4 ? { type: 'CLOSE', path } : { type: 'OPEN', path, cacheable: i % 3 !== 0 });
  }
  const ms = performance.now() - started;
  actor.stop();
  return ms / EVENTS;
}

/** Modules of the journal that the first bundle carries, as the app with recording off would have them. */
const RECORDING_OFF: Record<string, string> = {
  'src/journal/journal.ts': `
    export const JOURNAL_FORMAT = 'scrm-console-journal';
    export const JOURNAL_LIMIT = 0;
    export function createJournal() {
      const none = () => [];
      return { inspect() {}, recordCall() {}, entries: none, live: none, seen: () => new Set(), subscribe: () => () => {},
        clear() {}, restore() {}, toFile: () => ({ entries: [] }), setRecording() {} };
    }
    export function readJournalFile() { return ''; }`,
  'src/journal/persist.ts': `
    export function keepJournal() {
      return { pinned: () => false, setPinned() {}, flush: async () => {}, restored: Promise.resolve() };
    }`,
  'src/journal/redact.ts': `export function createRedactor() { return (v) => v; }`,
};

/** gzip KiB of the entry chunk and every chunk it imports statically: what the first paint must load. */
async function firstBundleKiB(off: boolean): Promise<number> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const stub: Plugin = {
    name: 'journal-off',
    enforce: 'pre',
    load(id) {
      const rel = id.slice(root.length).replace(/\\/g, '/');
      return off && rel in RECORDING_OFF ? RECORDING_OFF[rel] : null;
    },
  };
  const out = (await build({ root, logLevel: 'silent', plugins: [stub], build: { write: false } })) as
    Rollup.RollupOutput | Rollup.RollupOutput[];
  const chunks = (Array.isArray(out) ? out : [out]).flatMap((o) => o.output).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const seen = new Set<string>();
  const visit = (c: Rollup.OutputChunk) => {
    if (seen.has(c.fileName)) return;
    seen.add(c.fileName);
    for (const i of c.imports) if (byName.has(i)) visit(byName.get(i)!);
  };
  for (const c of chunks) if (c.isEntry) visit(c);
  return [...seen].reduce((sum, f) => sum + gzipSync(byName.get(f)!.code).length, 0) / 1024;
}

/**
 * The event journal's costs (issue 16; targets: <= 0.05 ms per event, <= 15 KiB gzip in the first bundle): the
 * same machine run with no observer, with the journal recording, and with the journal attached but recording off;
 * and the first bundle built with the journal and with a recording-off stand-in in its place.
 */
export async function benchJournal() {
  const runs = { none: [] as number[], on: [] as number[], off: [] as number[] };
  for (let r = 0; r < ROUNDS; r++) {
    runs.none.push(perEvent(undefined));
    const journal = createJournal();
    runs.on.push(perEvent(journal.inspect));
    const idle = createJournal();
    idle.setRecording(false);
    runs.off.push(perEvent(idle.inspect));
  }
  const none = median(runs.none);
  const on = median(runs.on);
  const off = median(runs.off);
  const withJournal = await firstBundleKiB(false);
  const recordingOff = await firstBundleKiB(true);
  return {
    'event, no observer (ms)': round(none, 4),
    'event, recording off (ms)': round(off, 4),
    'event, recording on (ms)': round(on, 4),
    'recording cost per event (ms)': round(on - off, 4),
    'first bundle, recording off (KiB gz)': round(recordingOff, 1),
    'first bundle, with journal (KiB gz)': round(withJournal, 1),
    'journal adds (KiB gz)': round(withJournal - recordingOff, 1),
  };
}
