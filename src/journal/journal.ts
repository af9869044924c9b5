import type { AnyActorRef, InspectionEvent } from 'xstate';
import { createRedactor, type Redactor } from './redact.ts';

/**
 * The event journal: the client's record of what it went through. Every actor of the app reports to
 * one inspection observer (`journal.inspect`); the journal keeps, for each event a machine actor receives, the
 * time, the actor, the event (redacted), the state value after it and the context keys it changed (with their new,
 * redacted values), and for each /manage call its path, outcome and duration. Bounded to the last `limit` entries.
 */

/** An actor came to life: its name in the app, its machine, its parent, and its input (redacted). */
export interface ActorEntry {
  kind: 'actor';
  seq: number;
  t: number;
  actor: string;
  /** the machine's id, or the kind of logic (promise, callback) for other actors */
  machine: string;
  /** the id the app or the parent gave it (session, accessToken, countdown…) */
  name: string;
  parent: string | null;
  input: unknown;
}

/** A machine actor received an event. */
export interface EventEntry {
  kind: 'event';
  seq: number;
  t: number;
  actor: string;
  event: { type: string; [key: string]: unknown };
  /** the state value after the event */
  value: unknown;
  /** the context keys the event changed, with their new values (all keys for xstate.init) */
  changed: Record<string, unknown>;
  status: string;
  /** the same event in a row on the same actor, state unchanged (a countdown's ticks): how many times */
  repeat?: number;
}

/** A /manage call ended. */
export interface CallEntry {
  kind: 'call';
  seq: number;
  t: number;
  path: string;
  /** HTTP status, or null when no answer came */
  status: number | null;
  /** the answer's result (or code) field, when it had one */
  result: unknown;
  ms: number;
}

export type JournalEntry = ActorEntry | EventEntry | CallEntry;

/** The file an export writes and an import reads. */
export interface JournalFile {
  format: 'scrm-console-journal';
  version: 1;
  release: string;
  exportedAt: string;
  entries: JournalEntry[];
}

export const JOURNAL_FORMAT = 'scrm-console-journal';
export const JOURNAL_LIMIT = 5000;

export interface LiveActor {
  key: string;
  name: string;
  machine: string;
  parent: string | null;
  ref: AnyActorRef;
}

export interface Journal {
  /** the inspection observer every actor of the app is created with */
  inspect: (event: InspectionEvent) => void;
  recordCall: (call: Omit<CallEntry, 'kind' | 'seq' | 't'>) => void;
  entries: () => readonly JournalEntry[];
  /** actors alive now (the panel's state tree), and every actor key this journal saw created */
  live: () => readonly LiveActor[];
  seen: () => ReadonlySet<string>;
  /** called after entries change, with the entry added or updated (null: cleared or restored); batch if needed */
  subscribe: (listener: (entry: JournalEntry | null) => void) => () => void;
  clear: () => void;
  /** entries of an earlier page load (IndexedDB), placed before this one's */
  restore: (earlier: readonly JournalEntry[]) => void;
  toFile: (release: string) => JournalFile;
  /** recording on or off (the bench compares both; off records nothing) */
  setRecording: (on: boolean) => void;
}

export interface JournalOptions {
  limit?: number;
  /** names this page load in actor keys and pseudonyms */
  run?: string;
  now?: () => number;
}

/** A machine's logic (as opposed to a promise's or a callback's, which also carry a `config`). */
const machineLogic = (ref: AnyActorRef): { id: string } | null => {
  const logic = (ref as unknown as { logic?: { id?: unknown; root?: unknown; states?: unknown } }).logic;
  return logic && typeof logic === 'object' && 'root' in logic && 'states' in logic && typeof logic.id === 'string'
    ? (logic as { id: string })
    : null;
};

/** Creates a journal. `journal.inspect` goes to every createActor / Provider / hook of the app. */
export function createJournal(options: JournalOptions = {}): Journal {
  const limit = options.limit ?? JOURNAL_LIMIT;
  const run = options.run ?? Date.now().toString(36);
  const now = options.now ?? (() => Date.now());
  const redact: Redactor = createRedactor(run);
  let list: JournalEntry[] = [];
  let seq = 0;
  let counter = 0;
  let recording = true;
  /** when the journal was last cleared (a logout): a call that started before it belongs to the session that ended */
  let clearedAt = -Infinity;
  const keys = new WeakMap<AnyActorRef, string>();
  const machines = new WeakMap<AnyActorRef, string>();
  const contexts = new WeakMap<AnyActorRef, Record<string, unknown>>();
  const live = new Map<string, LiveActor>();
  // Created is not running: an actor counts as live from its first snapshot (its start) until it stops.
  const started = new Set<string>();
  const seen = new Set<string>();
  const listeners = new Set<(entry: JournalEntry | null) => void>();

  const notify = (entry: JournalEntry | null) => {
    for (const l of listeners) l(entry);
  };
  const push = (entry: JournalEntry) => {
    list.push(entry);
    // Trimmed in batches: the array is cut when it is a tenth over, and `entries()` answers the last `limit`.
    if (list.length > limit + Math.ceil(limit / 10)) list = list.slice(-limit);
    notify(entry);
  };
  const keyOf = (ref: AnyActorRef): string => {
    let key = keys.get(ref);
    if (!key) {
      key = `${run}.${++counter}`;
      keys.set(ref, key);
    }
    return key;
  };

  const onActor = (ref: AnyActorRef) => {
    const key = keyOf(ref);
    const logic = machineLogic(ref);
    const parentRef = (ref as unknown as { _parent?: AnyActorRef })._parent;
    const parent = parentRef ? keyOf(parentRef) : null;
    const machine = logic?.id ?? 'actor';
    // A promise or callback is redacted as part of the machine that started it (the bind-phone call's `code`).
    const scope = logic ? machine : parentRef ? machines.get(parentRef) : undefined;
    if (logic) machines.set(ref, machine);
    // A root actor's id is its session id (x:0): it is named by its machine.
    const name = ref.id === ref.sessionId ? machine : ref.id;
    seen.add(key);
    live.set(key, { key, name, machine, parent, ref });
    const input = (ref as unknown as { options?: { input?: unknown } }).options?.input;
    push({ kind: 'actor', seq: ++seq, t: now(), actor: key, machine, name, parent, input: redact(input, { machine: scope }) });
  };

  const onSnapshot = (ref: AnyActorRef, event: { type: string }, snapshot: { value?: unknown; context?: unknown; status?: string }) => {
    const key = keyOf(ref);
    if (snapshot.status && snapshot.status !== 'active') live.delete(key);
    else started.add(key);
    const machine = machines.get(ref);
    // Promises and callbacks: their outcome is the event their parent receives (and the call entry).
    if (!machine) return;
    const context = (snapshot.context ?? {}) as Record<string, unknown>;
    const before = contexts.get(ref);
    contexts.set(ref, context);
    let changed: Record<string, unknown> = {};
    if (context !== before) {
      const keys = Object.keys(context).filter((k) => !before || before[k] !== context[k]);
      // Redacted as one object, so a secret key of the context itself (token, linkToken) is hidden too.
      if (keys.length) changed = redact(Object.fromEntries(keys.map((k) => [k, context[k]])), { machine }) as Record<string, unknown>;
      // A key that became undefined (or a function) is kept as null: JSON has no undefined, and the change happened.
      for (const k of keys) if (!(k in changed)) changed[k] = null;
    }
    const any = Object.keys(changed).length > 0;
    const last = list[list.length - 1];
    // A run of the same timer event on the same actor that leaves the state as it was is one entry with a count.
    if (
      last?.kind === 'event' &&
      last.actor === key &&
      last.event.type === event.type &&
      event.type.startsWith('xstate.after.') &&
      last.status === snapshot.status &&
      JSON.stringify(last.value) === JSON.stringify(snapshot.value)
    ) {
      last.repeat = (last.repeat ?? 1) + 1;
      last.t = now();
      if (any) last.changed = { ...last.changed, ...changed };
      notify(last);
      return;
    }
    push({
      kind: 'event',
      seq: ++seq,
      t: now(),
      actor: key,
      event: redact(event, { machine, event: event.type }) as EventEntry['event'],
      value: snapshot.value,
      changed,
      status: snapshot.status ?? 'active',
    });
  };

  return {
    inspect: (e) => {
      if (!recording) return;
      if (e.type === '@xstate.actor') onActor(e.actorRef as AnyActorRef);
      else if (e.type === '@xstate.snapshot') onSnapshot(e.actorRef as AnyActorRef, e.event, e.snapshot as never);
    },
    recordCall: (call) => {
      const t = now();
      // A call the ended session started and that answered after the logout is not this session's (under load the
      // roles page's /v1/role/tree answered after the clear and showed in the next session's journal).
      if (recording && t - call.ms >= clearedAt) push({ kind: 'call', seq: ++seq, t, ...call });
    },
    entries: () => (list.length > limit ? list.slice(-limit) : list),
    live: () => [...live.values()].filter((a) => started.has(a.key)),
    seen: () => seen,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    clear: () => {
      list = [];
      clearedAt = now();
      notify(null);
    },
    restore: (earlier) => {
      if (!earlier.length) return;
      const base = earlier[earlier.length - 1].seq;
      // This load's entries follow the earlier ones.
      list = [...earlier, ...list.map((e) => ({ ...e, seq: e.seq + base }))].slice(-limit);
      seq += base;
      notify(null);
    },
    toFile: (release) => ({
      format: JOURNAL_FORMAT,
      version: 1,
      release,
      exportedAt: new Date(now()).toISOString(),
      entries: [...(list.length > limit ? list.slice(-limit) : list)],
    }),
    setRecording: (on) => {
      recording = on;
    },
  };
}

/** A journal file read back, or the reason it is not one. */
export function readJournalFile(text: string): JournalFile | string {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return '不是 JSON 文件';
  }
  const f = data as Partial<JournalFile>;
  if (!f || f.format !== JOURNAL_FORMAT || f.version !== 1 || !Array.isArray(f.entries)) return '不是事件日志文件';
  for (const e of f.entries) {
    if (!e || typeof e !== 'object' || !['actor', 'event', 'call'].includes((e as JournalEntry).kind) || typeof e.seq !== 'number')
      return '事件日志的条目格式不正确';
  }
  return f as JournalFile;
}
