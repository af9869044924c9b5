import { fromPromise, type EventObject } from 'xstate';
import { expect } from 'vitest';
import { describeValue } from './harness.ts';

/**
 * A promise-backed fake actor whose outcome the test decides by the model's done/error events. `inputs` records
 * what each start was given, so a test can say an actor got the draft, not `{}`; `log` (which the test may share
 * with its fake actions) gets each start in order, for the transition table.
 */
export function controllableActors(names: string[], log: unknown[] = []) {
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
            log.push(`start ${name}(${describeValue(input)})`);
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
  /** what the last start of `name` was given */
  const lastInput = (name: string) => inputs.filter(([n]) => n === name).at(-1)?.[1];
  return { actors, settle, started, inputs, lastInput, log };
}

/**
 * The events of a server job a machine follows (an export, an import): its progress part way, done with every row,
 * cancelled or failed part way; the user's 取消 and the dialog's reset; and the cancel request answered.
 */
export function jobEvents<J>(
  job: (status: 'processing' | 'done' | 'cancelled' | 'failed', processed: number) => J,
  partWay: number,
  all: number,
) {
  return [
    ...(['processing', 'cancelled', 'failed'] as const).map((status) => ({ type: 'PROGRESS', job: job(status, partWay) })),
    { type: 'PROGRESS', job: job('done', all) },
    { type: 'CANCEL' },
    { type: 'RESET' },
    { type: 'xstate.done.actor.requestCancel', output: undefined },
  ];
}
