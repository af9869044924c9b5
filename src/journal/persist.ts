import type { Journal, JournalEntry } from './journal.ts';

/**
 * Keeps a tab's journal across reloads: in IndexedDB under the tab's id (kept in sessionStorage, which a
 * reload keeps and another tab does not share), written a second after entries change and when the page is
 * hidden. As the page unloads only the entries not yet written go, to sessionStorage (synchronous, kept by a
 * reload), and are read back behind the stored ones.
 *
 * IndexedDB holds the journal in chunks of CHUNK entries (by seq) under a head record naming the first and last
 * chunk, so a write clones only the chunks that changed: the whole journal (up to 5,000 entries, the boot's carry
 * the menu tree) was cloned at every write, and a reload before the write left every earlier load's entries to
 * the synchronous unload copy. A load that goes before it has read the earlier entries back (a quick reload on a
 * busy machine) cannot number its own after them: it leaves them, numbered from 1, as a segment of their own
 * (AFTER_KEY) beside the earlier unload copy, and the next load numbers them after everything else.
 * Tabs' journals not written for JOURNAL_KEEP_DAYS are deleted when a tab starts.
 * At logout the journal is cleared, unless the engineer pinned it.
 */
export interface KeptJournal {
  pinned: () => boolean;
  setPinned: (on: boolean) => void;
  /** writes now (tests, and before the page goes) */
  flush: () => Promise<void>;
  /** entries of the earlier loads of this tab are in */
  restored: Promise<void>;
}

const DB = 'scrm-console-journal';
const STORE = 'journals';
const TAB_KEY = 'journalTab';
const PIN_KEY = 'journalPinned';
const TAIL_KEY = 'journalTail';
const AFTER_KEY = 'journalTailAfter';
const WRITE_AFTER_MS = 1000;
/** entries a chunk record holds (seq 1-100 in chunk 0, 101-200 in chunk 1, ...) */
export const CHUNK = 100;
export const JOURNAL_KEEP_DAYS = 7;
const PRUNE_AFTER_MS = 10_000;

/** A tab's head record: which chunks hold its journal, and when it was last written. */
interface Head {
  first: number;
  last: number;
  savedAt: number;
}
const headKey = (tab: string) => `h:${tab}`;
const chunkKey = (tab: string, i: number) => `c:${tab}:${i}`;
const chunkOf = (seq: number) => Math.floor((seq - 1) / CHUNK);
/** The chunks entries (in seq order) fill, or null for none. */
const chunksOf = (entries: readonly JournalEntry[]) =>
  entries.length ? { first: chunkOf(entries[0].seq), last: chunkOf(entries[entries.length - 1].seq) } : null;

function open(idb: IDBFactory): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = idb.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function done(req: IDBRequest): Promise<unknown> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/** One transaction: `work` queues its requests on the store; resolves with their results once all succeeded. */
function run(db: IDBDatabase, mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest[]): Promise<unknown[]> {
  return Promise.all(work(db.transaction(STORE, mode).objectStore(STORE)).map(done));
}

/** Is this entry the session landing on the login page after a logout (the moment the journal is cleared)? */
const isLogout = (e: JournalEntry | null, sessionActors: ReadonlySet<string>) =>
  e?.kind === 'event' &&
  sessionActors.has(e.actor) &&
  e.value === 'anonymous' &&
  (e.event.type === 'LOGOUT' || e.event.type === 'xstate.done.actor.logout');

/** The tab's entries as IndexedDB holds them (none for a tab without a head). */
async function readTab(d: IDBDatabase, tab: string): Promise<JournalEntry[]> {
  const [head] = (await run(d, 'readonly', (s) => [s.get(headKey(tab))])) as Array<Head | undefined>;
  if (!head) return [];
  const ids = Array.from({ length: head.last - head.first + 1 }, (_, i) => head.first + i);
  const chunks = (await run(d, 'readonly', (s) => ids.map((i) => s.get(chunkKey(tab, i))))) as Array<JournalEntry[] | undefined>;
  return chunks.flatMap((c) => c ?? []);
}

/** Deletes the journals of tabs not written for JOURNAL_KEEP_DAYS, and records of the one-record format before chunks. */
export async function prune(d: IDBDatabase, now: number, tab: string): Promise<void> {
  const keys = (await run(d, 'readonly', (s) => [s.getAllKeys()]))[0] as IDBValidKey[];
  const heads = keys.filter((k): k is string => typeof k === 'string' && k.startsWith('h:') && k !== headKey(tab));
  const values = (await run(d, 'readonly', (s) => heads.map((k) => s.get(k)))) as Array<Head | undefined>;
  const stale = new Set(heads.filter((_, i) => (values[i]?.savedAt ?? 0) < now - JOURNAL_KEEP_DAYS * 86_400_000).map((k) => k.slice(2)));
  const doomed = keys.filter((k) => {
    if (typeof k !== 'string' || !/^[hc]:/.test(k)) return true; // the old format: one record a tab
    const owner = k.startsWith('h:') ? k.slice(2) : k.slice(2, k.lastIndexOf(':'));
    return stale.has(owner);
  });
  if (doomed.length) await run(d, 'readwrite', (s) => doomed.map((k) => s.delete(k)));
}

/**
 * Restores the tab's earlier entries into `journal` and keeps it from then on. Without IndexedDB (old browsers,
 * private modes that refuse it) the journal lives in memory only.
 */
export function keepJournal(
  journal: Journal,
  idb: IDBFactory | undefined,
  tabStore: Storage,
  /** where pagehide arrives (the window) */
  page: Pick<EventTarget, 'addEventListener'> | undefined = globalThis.window,
  now: () => number = Date.now,
): KeptJournal {
  let tab = tabStore.getItem(TAB_KEY);
  if (!tab) {
    tab = `${now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    tabStore.setItem(TAB_KEY, tab);
  }
  const tabId = tab;
  const db = idb ? open(idb).catch(() => null) : Promise.resolve(null);
  const readList = <T>(key: string): T[] => {
    try {
      const list = JSON.parse(tabStore.getItem(key) ?? '[]') as unknown;
      return Array.isArray(list) ? (list as T[]) : [];
    } catch {
      return [];
    }
  };
  /** this page load, naming the segment it leaves when it goes before its restore */
  const load = `${now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  let restoreDone = false;
  /** the last entry IndexedDB holds */
  let written = 0;
  /** the chunks IndexedDB holds for this tab */
  let stored: { first: number; last: number } | null = null;
  let tailed = false;
  const restored = db
    .then(async (d) => {
      if (!d) return [];
      const entries = await readTab(d, tabId);
      stored = chunksOf(entries);
      return entries;
    })
    .catch(() => [] as JournalEntry[])
    .then((saved) => {
      const last = saved.length ? saved[saved.length - 1].seq : 0;
      const earlier = [...saved, ...readList<JournalEntry>(TAIL_KEY).filter((e) => e.seq > last)];
      // Loads that went before their restore: numbered after everything before them, in the order they went.
      for (const segment of readList<{ load: string; entries: JournalEntry[] }>(AFTER_KEY)) {
        if (segment.load === load || !Array.isArray(segment.entries)) continue;
        const base = earlier.length ? earlier[earlier.length - 1].seq : 0;
        earlier.push(...segment.entries.map((e) => ({ ...e, seq: e.seq + base })));
      }
      tailed = earlier.length > saved.length;
      journal.restore(earlier);
      // IndexedDB holds these already: the page's going writes only what came after to the tab's storage.
      written = Math.max(written, last);
      tabStore.removeItem(TAIL_KEY);
      tabStore.removeItem(AFTER_KEY);
    })
    .catch(() => undefined)
    .then(() => {
      restoreDone = true;
    });

  const sessionActors = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let writing: Promise<void> = Promise.resolve();
  /** Writes the chunks holding entries IndexedDB lacks (the last written one too: a repeat count may have grown). */
  const write = async () => {
    const d = await db;
    if (!d) return;
    await restored;
    const entries = journal.entries();
    // Read now: the journal's array grows in place while the write is under way, and what it gains meanwhile is
    // not written (yet).
    const last = entries.length ? entries[entries.length - 1].seq : 0;
    const held = chunksOf(entries);
    // From the chunk of the last entry written on (all of them when none was: chunkOf(0) is -1).
    const from = chunkOf(written);
    const changed = new Map<number, JournalEntry[]>();
    for (const e of entries) {
      const i = chunkOf(e.seq);
      if (i < from) continue;
      const chunk = changed.get(i);
      if (chunk) chunk.push(e);
      else changed.set(i, [e]);
    }
    // Chunks the journal no longer has: trimmed to its limit, or cleared at logout.
    const gone: number[] = [];
    if (stored) for (let i = stored.first; i <= stored.last; i++) if (!held || i < held.first || i > held.last) gone.push(i);
    await run(d, 'readwrite', (s) => [
      ...[...changed].map(([i, chunk]) => s.put(chunk, chunkKey(tabId, i))),
      ...gone.map((i) => s.delete(chunkKey(tabId, i))),
      held ? s.put({ ...held, savedAt: now() } satisfies Head, headKey(tabId)) : s.delete(headKey(tabId)),
    ])
      .then(() => {
        stored = held;
        written = last;
      })
      .catch(() => undefined);
  };
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    // One write at a time: the next one starts from what the last one wrote.
    writing = writing.then(write);
    return writing;
  };
  /**
   * The page is going: what IndexedDB lacks goes to sessionStorage now (synchronous, and kept by a reload). No
   * IndexedDB write here: the next page waits for this one to unload, and a closed tab's journal is not read again
   * (its id dies with its sessionStorage).
   */
  const onHide = () => {
    try {
      if (!restoreDone) {
        // Before the earlier entries are back, this load's own are numbered from 1: a segment of their own, beside
        // the earlier load's unload copy (which stays for the next load to read).
        const own = journal.entries();
        if (own.length) tabStore.setItem(AFTER_KEY, JSON.stringify([...readList(AFTER_KEY), { load, entries: own }]));
        return;
      }
      const tail = journal.entries().filter((e) => e.seq > written);
      if (tail.length) tabStore.setItem(TAIL_KEY, JSON.stringify(tail));
    } catch {
      // over the storage quota: IndexedDB's copy is what there is
    }
  };
  // Reads only the entry that changed: this runs for every event the app's actors receive.
  journal.subscribe((last) => {
    if (last?.kind === 'actor' && last.machine === 'session') sessionActors.add(last.actor);
    if (isLogout(last, sessionActors) && tabStore.getItem(PIN_KEY) !== '1') {
      journal.clear();
      void flush();
      return;
    }
    if (!timer) timer = setTimeout(() => void flush(), WRITE_AFTER_MS);
  });
  // The last load's unload copy goes to IndexedDB as soon as the page is idle (not on the boot's path), or a run of
  // quick reloads carries it from unload to unload, growing.
  void restored.then(() => {
    if (!tailed) return;
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => void flush(), { timeout: 500 });
    else setTimeout(() => void flush(), 0);
  });
  void db.then((d) => d && setTimeout(() => void prune(d, now(), tabId).catch(() => undefined), PRUNE_AFTER_MS));
  page?.addEventListener('pagehide', onHide);
  // Hidden (another tab, a minimised window): write soon. A task, not now: when the page is unloading it never runs,
  // and pagehide's tail has the entries.
  globalThis.document?.addEventListener('visibilitychange', () => {
    if (globalThis.document.visibilityState === 'hidden') setTimeout(() => void flush(), 0);
  });

  return {
    pinned: () => tabStore.getItem(PIN_KEY) === '1',
    setPinned: (on) => (on ? tabStore.setItem(PIN_KEY, '1') : tabStore.removeItem(PIN_KEY)),
    flush,
    restored,
  };
}
