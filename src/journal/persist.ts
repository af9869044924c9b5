import type { Journal, JournalEntry } from './journal.ts';

/**
 * Keeps a tab's journal across reloads (issue 16): in IndexedDB under the tab's id (kept in sessionStorage, which a
 * reload keeps and another tab does not share), written a second after entries change and when the page is
 * hidden. As the page unloads only the entries not yet written go, to sessionStorage (synchronous, kept by a
 * reload), and are read back behind the stored ones.
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
const WRITE_AFTER_MS = 1000;

function open(idb: IDBFactory): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = idb.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function run<T>(db: IDBDatabase, mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const req = work(db.transaction(STORE, mode).objectStore(STORE));
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/** Is this entry the session landing on the login page after a logout (the moment the journal is cleared)? */
const isLogout = (e: JournalEntry | null, sessionActors: ReadonlySet<string>) =>
  e?.kind === 'event' &&
  sessionActors.has(e.actor) &&
  e.value === 'anonymous' &&
  (e.event.type === 'LOGOUT' || e.event.type === 'xstate.done.actor.logout');

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
): KeptJournal {
  let tab = tabStore.getItem(TAB_KEY);
  if (!tab) {
    tab = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    tabStore.setItem(TAB_KEY, tab);
  }
  const db = idb ? open(idb).catch(() => null) : Promise.resolve(null);
  const readTail = (): JournalEntry[] => {
    try {
      const tail = JSON.parse(tabStore.getItem(TAIL_KEY) ?? '[]') as unknown;
      return Array.isArray(tail) ? (tail as JournalEntry[]) : [];
    } catch {
      return [];
    }
  };
  /** the last entry IndexedDB holds */
  let written = 0;
  const restored = db
    .then((d) => (d ? run<{ entries?: JournalEntry[] } | undefined>(d, 'readonly', (s) => s.get(tab)) : undefined))
    .catch(() => undefined)
    .then((saved) => {
      const stored = saved?.entries ?? [];
      const last = stored.length ? stored[stored.length - 1].seq : 0;
      journal.restore([...stored, ...readTail().filter((e) => e.seq > last)]);
      // IndexedDB holds these already: the page's going writes only what came after to the tab's storage (it was
      // every entry of every earlier load, a longer synchronous write at each reload that delayed the next paint).
      written = Math.max(written, last);
      tabStore.removeItem(TAIL_KEY);
    })
    .catch(() => undefined);

  const sessionActors = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = async () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const d = await db;
    if (!d) return;
    await restored;
    const entries = journal.entries();
    await run(d, 'readwrite', (s) => s.put({ entries, savedAt: Date.now() }, tab))
      .then(() => (written = entries.length ? entries[entries.length - 1].seq : 0))
      .catch(() => undefined);
  };
  /**
   * The page is going: what IndexedDB lacks goes to sessionStorage now (synchronous, and kept by a reload). No
   * IndexedDB write here: it would clone the whole journal while the next page waits for this one to unload, and a
   * closed tab's journal is not read again (its id dies with its sessionStorage).
   */
  const onHide = () => {
    const tail = journal.entries().filter((e) => e.seq > written);
    try {
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
