import { createActor, fromCallback, type AnyActorRef, type AnyStateMachine } from 'xstate';
import type { ActorEntry, EventEntry, JournalEntry } from './journal.ts';
import { createRedactor } from './redact.ts';
import * as statecharts from '@machines/index.ts';

/** Every statechart of the console by its id: what a journal's actors are replayed into. */
export const MACHINES: Readonly<Record<string, AnyStateMachine>> = Object.fromEntries(
  Object.values(statecharts).map((m) => [(m as AnyStateMachine).id, m as AnyStateMachine]),
);

/** Where a replay left the recording: the first entry whose outcome the machine did not reproduce. */
export interface ReplayMismatch {
  seq: number;
  actor: string;
  name: string;
  machine: string;
  event: string;
  /** 'state', 'status', 'context.<key>', 'error' (the machine threw), or 'start' (its first snapshot) */
  what: string;
  expected: unknown;
  actual: unknown;
}

export interface ReplayedActor {
  actor: string;
  name: string;
  machine: string;
  /** events fed (a repeated entry counts once per repeat) */
  steps: number;
  value: unknown;
  context: Record<string, unknown>;
  status: string;
}

export interface ReplayResult {
  ok: boolean;
  /** the entry replay stopped at (the last one, or `upTo`) */
  at: number;
  actors: ReplayedActor[];
  /** actors the journal names but cannot replay: another kind of logic, an unknown machine, or created before it starts */
  skipped: Array<{ actor: string; machine: string; reason: string }>;
  mismatch?: ReplayMismatch;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Replays a journal into the pure machines: each recorded machine actor is created again from its
 * machine with the recorded (redacted) input, every actor it would start replaced by one that does nothing, and
 * fed its recorded events in order, the outputs of its actors included (xstate.done.actor.*), its timers'
 * events too (xstate.after.*). After each event the state value, the status and the whole context must be the
 * recorded ones (the context as the journal folded it from the changes). The first difference stops the replay
 * and says where. `upTo`: stop after that entry (stepping through an imported journal).
 */
export function replayJournal(
  entries: readonly JournalEntry[],
  machines: Readonly<Record<string, AnyStateMachine>>,
  upTo = Infinity,
): ReplayResult {
  const normalize = createRedactor('replay');
  const parent = createActor(fromCallback(() => {})).start();
  const running = new Map<
    string,
    { entry: ActorEntry; ref: AnyActorRef | null; expected: Record<string, unknown>; steps: number; started: boolean }
  >();
  const skipped: ReplayResult['skipped'] = [];
  const done = (at: number, mismatch?: ReplayMismatch): ReplayResult => {
    const actors: ReplayedActor[] = [];
    for (const [key, r] of running) {
      if (!r.ref) continue;
      const snap = r.ref.getSnapshot() as { value: unknown; context: Record<string, unknown>; status: string };
      actors.push({
        actor: key,
        name: r.entry.name,
        machine: r.entry.machine,
        steps: r.steps,
        value: snap.value,
        context: normalize(snap.context) as Record<string, unknown>,
        status: snap.status,
      });
      // Created with a stand-in parent (so sendParent works), the actor counts as a child: stopped the way its
      // parent would stop it.
      (r.ref as unknown as { _stop: () => void })._stop();
    }
    parent.stop();
    return { ok: !mismatch, at, actors, skipped, mismatch };
  };

  let at = 0;
  for (const entry of entries) {
    if (entry.seq > upTo) break;
    at = entry.seq;
    if (entry.kind === 'actor') {
      const machine = machines[entry.machine];
      if (!machine) {
        if (entry.machine !== 'actor') skipped.push({ actor: entry.actor, machine: entry.machine, reason: '未知的状态机' });
        continue;
      }
      running.set(entry.actor, { entry, ref: null, expected: {}, steps: 0, started: false });
      continue;
    }
    if (entry.kind !== 'event') continue;
    const r = running.get(entry.actor);
    if (!r) {
      if (!skipped.some((s) => s.actor === entry.actor)) skipped.push({ actor: entry.actor, machine: '', reason: '创建早于日志开头' });
      continue;
    }
    const where = (what: string, expected: unknown, actual: unknown): ReplayMismatch => ({
      seq: entry.seq,
      actor: entry.actor,
      name: r.entry.name,
      machine: r.entry.machine,
      event: entry.event.type,
      what,
      expected,
      actual,
    });
    let failure: unknown = null;
    try {
      if (!r.started) {
        r.started = true;
        r.ref = startReplayActor(machines[r.entry.machine], r.entry, parent, (e) => (failure = e));
        if (entry.event.type !== 'xstate.init') return done(at, where('start', 'xstate.init', entry.event.type));
      } else {
        for (let i = 0; i < (entry.repeat ?? 1); i++) {
          r.ref!.send(entry.event as never);
          r.steps++;
        }
      }
    } catch (e) {
      failure = e;
    }
    if (failure) return done(at, where('error', null, failure instanceof Error ? failure.message : String(failure)));
    Object.assign(r.expected, entry.changed);
    const mismatch = compare(r.ref!, entry, r.expected, normalize, where);
    if (mismatch) return done(at, mismatch);
  }
  return done(at);
}

/** The machine with every actor it names replaced by one that does nothing: outcomes come as events from outside. */
export function withIdleActors(machine: AnyStateMachine): AnyStateMachine {
  const named = Object.keys((machine.implementations as { actors?: Record<string, unknown> }).actors ?? {});
  const idle = fromCallback(() => {});
  return machine.provide({ actors: Object.fromEntries(named.map((n) => [n, idle])) } as never);
}

function startReplayActor(machine: AnyStateMachine, entry: ActorEntry, parent: AnyActorRef, onError: (e: unknown) => void): AnyActorRef {
  const ref = createActor(withIdleActors(machine), { input: entry.input, parent } as never);
  ref.subscribe({ error: onError });
  ref.start();
  return ref;
}

function compare(
  ref: AnyActorRef,
  entry: EventEntry,
  expected: Record<string, unknown>,
  normalize: (v: unknown) => unknown,
  where: (what: string, expected: unknown, actual: unknown) => ReplayMismatch,
): ReplayMismatch | null {
  const snap = ref.getSnapshot() as { value: unknown; context: Record<string, unknown>; status: string };
  if (!same(snap.value, entry.value)) return where('state', entry.value, snap.value);
  if (snap.status !== entry.status) return where('status', entry.status, snap.status);
  const actual = normalize(snap.context) as Record<string, unknown>;
  for (const key of new Set([...Object.keys(expected), ...Object.keys(actual)])) {
    // The journal keeps a key that became undefined as null (JSON has no undefined).
    if (!same(actual[key] ?? null, expected[key] ?? null)) return where(`context.${key}`, expected[key], actual[key]);
  }
  return null;
}
