import { createActor, createMachine, fromPromise, type AnyActorRef, type AnyStateMachine, type EventObject, type Snapshot } from 'xstate';
import { expect } from 'vitest';
import type { TestPath } from '@xstate/graph';

/**
 * A promise-backed fake actor whose outcome the test decides by the model's done/error events. `inputs` records
 * what each start was given, so a test can say an actor got the draft, not `{}`.
 */
export function controllableActors(names: string[]) {
  const pending = new Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  const started: string[] = [];
  const inputs: Array<[string, unknown]> = [];
  const actors = Object.fromEntries(
    names.map((name) => [
      name,
      fromPromise(
        ({ input }) =>
          new Promise((resolve, reject) => {
            started.push(name);
            inputs.push([name, input]);
            pending.set(name, { resolve, reject });
          }),
      ),
    ]),
  );
  /** Settles the actor a model event names (xstate.done.actor.X / xstate.error.actor.X); false for other events. */
  const settle = (event: EventObject & { output?: unknown; error?: unknown }): boolean => {
    const m = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
    if (!m) return false;
    const p = pending.get(m[2]);
    expect(p, `the SUT should be running ${m[2]}`).toBeDefined();
    pending.delete(m[2]);
    if (m[1] === 'done') p!.resolve(event.output);
    else p!.reject(event.error);
    return true;
  };
  return { actors, settle, started, inputs };
}

export const flush = () => new Promise((r) => setTimeout(r, 0));

/**
 * Runs one model path against a real actor (the SUT): each step's event is sent or settles a fake actor, then the
 * SUT's state must equal the model's, and the per-state checks run.
 */
export async function runPath<M extends AnyStateMachine>(
  path: TestPath<Snapshot<unknown>, EventObject>,
  sut: AnyActorRef,
  settle: (e: EventObject) => boolean,
  checks: Record<string, (snapshot: ReturnType<AnyActorRef['getSnapshot']>) => void> = {},
  _machine?: M,
) {
  const eventTypes = new Set(path.steps.map((s) => s.event.type));
  const events = Object.fromEntries(
    [...eventTypes].map((type) => [
      type,
      async (step: { event: EventObject }) => {
        if (!settle(step.event)) sut.send(step.event);
        await flush();
      },
    ]),
  );
  const assertSame = (state: Snapshot<unknown>) => {
    const model = state as unknown as { value: unknown; status: string };
    const real = sut.getSnapshot() as { value: unknown; status: string };
    expect(real.value, path.description).toEqual(model.value);
    expect(real.status).toBe(model.status);
  };
  const states: Record<string, (state: Snapshot<unknown>) => void> = { '*': assertSame };
  for (const [key, check] of Object.entries(checks)) {
    states[key] = (state) => {
      assertSame(state);
      check(sut.getSnapshot());
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
 * The model of a machine for @xstate/graph, which refuses machines that invoke: the same config with each
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
