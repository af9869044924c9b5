import {
  createActor,
  createMachine,
  type AnyActorRef,
  type AnyStateMachine,
  type EventObject,
  type Snapshot,
  type SnapshotFrom,
} from 'xstate';
import { expect, it } from 'vitest';
import { createTestModel, type TestPath } from 'xstate/graph';

/** A path of a machine's model, as `modelPaths` gives them. */
export type ModelPath = TestPath<SnapshotFrom<AnyStateMachine>, EventObject>;

/**
 * The system under test: a started actor, what settles its fake actors or moves its clock for a model event (false
 * for an event to send it), and the side effects its fakes record, in order.
 */
export type Sut = { actor: AnyActorRef; settle?: (event: EventObject) => boolean; log?: readonly unknown[] };

/** A test's drive of one path, writing the table as it goes when given one (see `itFollowsItsTable`). */
export type Drive = (path: ModelPath, table?: TransitionTable) => Promise<void>;

/** Stryker is running the tests (a mutant, or its dry run). */
const UNDER_STRYKER = process.env.STRYKER_MUTATOR_WORKER !== undefined;

export const flush = () => new Promise((r) => setImmediate(r));

/**
 * Runs one model path against a real actor (the SUT): each step's event is sent or settles a fake actor, then the
 * SUT's state must equal the model's, and the per-state checks run.
 */
export async function runPath(
  path: ModelPath,
  sut: Sut,
  checks: Record<string, (snapshot: ReturnType<AnyActorRef['getSnapshot']>) => void> = {},
  /** the table to write this path's transitions in (with the side effects `sut.log` records) */
  table?: TransitionTable,
) {
  const { actor, settle = () => false, log = [] } = sut;
  const eventTypes = new Set(path.steps.map((s) => s.event.type));
  table?.start(actor, () => log);
  const events = Object.fromEntries(
    [...eventTypes].map((type) => [
      type,
      async (step: { event: EventObject }) => {
        const before = table?.before(actor);
        if (!settle(step.event)) actor.send(step.event);
        await flush();
        if (before && step.event.type !== 'xstate.init') table!.after(before, step.event, actor);
      },
    ]),
  );
  const assertSame = (state: Snapshot<unknown>) => {
    const model = state as unknown as { value: unknown; status: string };
    const real = actor.getSnapshot() as { value: unknown; status: string };
    expect(real.value, path.description).toEqual(model.value);
    expect(real.status).toBe(model.status);
  };
  const states: Record<string, (state: Snapshot<unknown>) => void> = { '*': assertSame };
  for (const [key, check] of Object.entries(checks)) {
    states[key] = (state) => {
      assertSame(state);
      check(actor.getSnapshot());
    };
  }
  await path.test({ events, states } as never);
}

export { createActor };

type Config = Record<string, unknown> & {
  invoke?: unknown;
  after?: Record<string, unknown>;
  on?: Record<string, unknown>;
  states?: Record<string, Config>;
};

/** The model event that stands for a delayed transition (`after: { name: ... }`): the test advances a clock. */
export const afterEvent = (delay: string) => `xstate.after.${delay}`;

/**
 * The model of a machine for xstate/graph, which refuses machines that invoke: the same config with each
 * invoke's onDone/onError turned into transitions on xstate.done.actor.<id> / xstate.error.actor.<id>, and each
 * delayed transition into one on xstate.after.<delay> (the SUT gets there by a simulated clock). Derived
 * mechanically from the real machine, so the model cannot drift from it.
 */
export function toTestMachine<M extends AnyStateMachine>(machine: M): M {
  const strip = (node: Config): Config => {
    const { invoke, after, on, states, ...rest } = node;
    const invokes = (Array.isArray(invoke) ? invoke : invoke ? [invoke] : []) as Array<{ id: string; onDone?: unknown; onError?: unknown }>;
    const extra: Record<string, unknown> = {};
    for (const inv of invokes) {
      if (inv.onDone) extra[`xstate.done.actor.${inv.id}`] = inv.onDone;
      if (inv.onError) extra[`xstate.error.actor.${inv.id}`] = inv.onError;
    }
    for (const [delay, transition] of Object.entries(after ?? {})) extra[afterEvent(delay)] = transition;
    const out: Config = { ...rest, on: { ...(on ?? {}), ...extra } };
    if (states) out.states = Object.fromEntries(Object.entries(states).map(([k, v]) => [k, strip(v)]));
    return out;
  };
  return createMachine(strip(machine.config as Config) as never, machine.implementations as never) as unknown as M;
}

/** A value as one line: actor refs by id, errors by message, functions as ƒ; keys in their order. */
export function describeValue(value: unknown, depth = 0): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'function') return 'ƒ';
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  if (depth > 4) return '…';
  if (value instanceof Error) return `${value.name}(${JSON.stringify(value.message)})`;
  if (value instanceof Map) return `Map${describeValue([...value.entries()], depth + 1)}`;
  if (value instanceof Set) return `Set${describeValue([...value.values()], depth + 1)}`;
  if ('sessionId' in value && 'send' in value) return `actor(${anonymous(String((value as unknown as { id: string }).id))})`;
  if (Array.isArray(value)) return `[${value.map((v) => describeValue(v, depth + 1)).join(',')}]`;
  return `{${Object.entries(value)
    .map(([k, v]) => `${k}:${describeValue(v, depth + 1)}`)
    .join(',')}}`;
}

/** xstate's generated ids (x:12) count actors made so far in the process: not part of what a machine does. */
const anonymous = (id: string) => id.replace(/^x:\d+$/, 'x:*');

const stateName = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : Object.entries(value as Record<string, unknown>)
        .map(([k, v]) => (typeof v === 'string' ? `${k}.${v}` : `${k}.(${stateName(v)})`))
        .join(' ');

/**
 * What a machine does, written out as the model-based paths drive it (issue 17): every transition taken, as
 *   `<state> + <event> → <state>`
 * followed by the context keys it changed (with their new values), the children it started or stopped, and the side
 * effects the test recorded while it ran (the actions' parameters, the actors' inputs: `effects`). The set of lines
 * is compared with the reviewed file tests/machines/tables/<machine>.txt, so a change of what the machine does —
 * a target, a guard, an assign, an action's parameter, an actor's input, a state's description — shows as a diff
 * of that file and fails the run until the file is reviewed and updated (`vitest -u`). The model and the SUT are
 * the same definition, so comparing states alone cannot see such a change.
 */
export class TransitionTable {
  private readonly lines = new Set<string>();

  /** the side effects recorded so far by the current path's fakes (calls with parameters, actor inputs) */
  private effects: () => readonly unknown[] = () => [];

  constructor(machine: AnyStateMachine) {
    const describe = (node: { key: string; description?: string; states: Record<string, unknown> }, prefix: string) => {
      const id = prefix ? `${prefix}.${node.key}` : node.key;
      if (node.description) this.lines.add(`# ${id}: ${node.description}`);
      for (const child of Object.values(node.states)) describe(child as never, id);
    };
    describe(machine.root as never, '');
  }

  private snap(sut: AnyActorRef) {
    const s = sut.getSnapshot() as {
      value: unknown;
      status: string;
      output?: unknown;
      context: Record<string, unknown>;
      children: Record<string, unknown>;
    };
    const status = s.status === 'active' ? '' : s.status === 'done' ? ` (done: ${describeValue(s.output)})` : ` (${s.status})`;
    return {
      state: `${stateName(s.value)}${status}`,
      context: Object.fromEntries(Object.entries(s.context ?? {}).map(([k, v]) => [k, describeValue(v)])),
      children: Object.keys(s.children ?? {})
        .map(anonymous)
        .sort(),
      effects: this.effects().length,
    };
  }

  /** The start of a path: the initial state, context and effects. */
  start(sut: AnyActorRef, effects: () => readonly unknown[] = () => []) {
    this.effects = effects;
    const s = this.snap(sut);
    const context = Object.entries(s.context).map(([k, v]) => `${k}=${v}`);
    this.lines.add(`start → ${s.state} | ${context.join('; ')}${this.changes([], s.children, 0)}`);
  }

  before(sut: AnyActorRef) {
    return this.snap(sut);
  }

  after(before: ReturnType<TransitionTable['snap']>, event: EventObject, sut: AnyActorRef) {
    const s = this.snap(sut);
    const changed = Object.entries(s.context)
      .filter(([k, v]) => before.context[k] !== v)
      .map(([k, v]) => `${k}=${v}`);
    const assigned = changed.length ? ` | ${changed.join('; ')}` : '';
    this.lines.add(
      `${before.state} + ${describeValue(event)} → ${s.state}${assigned}${this.changes(before.children, s.children, before.effects)}`,
    );
  }

  private changes(before: string[], after: string[], fromEffect: number) {
    const started = after.filter((c) => !before.includes(c));
    const stopped = before.filter((c) => !after.includes(c));
    const effects = this.effects().slice(fromEffect);
    return [
      started.length ? ` | started ${started.join(', ')}` : '',
      stopped.length ? ` | stopped ${stopped.join(', ')}` : '',
      effects.length ? ` | did ${effects.map((e) => (typeof e === 'string' ? e : describeValue(e))).join(', ')}` : '',
    ].join('');
  }

  /** The table, one line per distinct transition, sorted (so the order paths run in does not matter). */
  toString() {
    return [...this.lines].sort().join('\n') + '\n';
  }
}

/**
 * A machine's path tests and the test that it does what its reviewed table says
 * (tests/machines/tables/<file>.txt). Each path is driven once: the first `own` paths are tests of their own, which
 * write the table as they go; the table's test comes last, drives the paths no test of its own drove (the rest, or a
 * path whose test failed, or every path when a filter runs the table's test alone), then compares.
 * Driving every path again for the table cost the unit suite a third of its time (issue 43).
 *
 * Under Stryker only the table's test is there, driving every path: a path's title names the states and context it
 * reaches, which a mutant of the machine changes, so a mutant killed by a path test was killed by a test the
 * unmutated run does not have, and Stryker's incremental run, finding no such test, ran it again every time (413
 * mutants, four of CI's minutes). The table's test has the same title in every run and makes the same checks.
 */
export function itFollowsItsTable<P extends { description: string }>(
  file: string,
  machine: AnyStateMachine,
  paths: readonly P[],
  drive: (path: P, table: TransitionTable) => Promise<void>,
  { own = paths.length, label = '' }: { own?: number; label?: string } = {},
) {
  const table = new TransitionTable(machine);
  const driven = new Set<P>();
  const whole = UNDER_STRYKER;
  for (const path of whole ? [] : paths.slice(0, own))
    it(`${label}${path.description}`, async () => {
      await drive(path, table);
      driven.add(path);
    });
  it(`does what tables/${file}.txt says`, async () => {
    const written = whole ? new TransitionTable(machine) : table;
    for (const path of paths) if (whole || !driven.has(path)) await drive(path, written);
    await expect(written.toString()).toMatchFileSnapshot(`tables/${file}.txt`);
  });
}

/**
 * Model paths built while the test file is collected. A definition that throws there (a guard or action missing)
 * would make the file fail to collect, which vitest reports but Stryker does not count as a failing test: the
 * error is rethrown inside a test instead, so such a mutant is killed. Under Stryker no test is added (its title
 * would be one the unmutated run lacks, see `itFollowsItsTable`): no paths fail the tests every run has, that every
 * state is reached and the table.
 */
export function collected<T extends readonly unknown[]>(build: () => T): T {
  try {
    return build();
  } catch (error) {
    if (!UNDER_STRYKER)
      it('walks its model', () => {
        throw error;
      });
    return [] as unknown as T;
  }
}

/** How a machine's model is walked: the events it may take, and what tells one state from another. */
export type ModelWalk = {
  events: readonly EventObject[];
  input?: unknown;
  serializeState?: (snapshot: never) => string;
  stopWhen?: (snapshot: never) => boolean;
  limit?: number;
  /** simple paths too, which take every transition between the states the shortest paths reach */
  simple?: boolean;
  /** the machine as it is (it invokes nothing and waits for no delay), not its test model */
  asIs?: boolean;
};

/**
 * The paths a test drives: the shortest path to each state of the machine's model (`toTestMachine`), and with
 * `simple` every simple path as well. Built inside `collected`, so a definition that throws fails a test.
 */
export function modelPaths(machine: AnyStateMachine, { events, input, limit, simple, asIs, ...graph }: ModelWalk) {
  return collected(() => {
    const given = <T extends object>(options: T) =>
      Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as T;
    const model = createTestModel(asIs ? machine : toTestMachine(machine), given({ events, input, ...graph }) as never);
    const walk = given({ allowDuplicatePaths: true, input, limit }) as never;
    return [...model.getShortestPaths(walk), ...(simple ? model.getSimplePaths(walk) : [])] as ModelPath[];
  });
}

/** A test that the paths reach exactly these states (nested ones written `parent.child`), no fewer and no more. */
export function itReaches(paths: ReadonlyArray<{ state: { value: unknown } }>, states: readonly string[], title = 'reaches every state') {
  it(title, () => {
    expect([...new Set(paths.map((path) => stateName(path.state.value)))].sort()).toEqual([...states].sort());
  });
}
