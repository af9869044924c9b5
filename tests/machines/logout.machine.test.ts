import { describe, expect, it } from 'vitest';
import { createTestModel } from 'xstate/graph';
import { createActor } from 'xstate';
import { logoutMachine, LOGOUT_REFUSED } from '@machines/logout.machine.ts';
import { controllableActors, itFollowsItsTable, runPath, toTestMachine, type TransitionTable, collected } from './harness.ts';

const EVENTS = [
  { type: 'xstate.done.actor.requestLogout', output: { data: 200 } },
  { type: 'xstate.done.actor.requestLogout', output: { data: 500 } },
  { type: 'xstate.done.actor.requestLogout', output: { data: { result: 401 } } },
  { type: 'xstate.error.actor.requestLogout', error: new Error('网络异常，请检查网络后重试') },
];

describe('logout machine (model-based)', () => {
  const model = createTestModel(toTestMachine(logoutMachine), { events: EVENTS as never });
  const paths = collected(() => model.getShortestPaths({ allowDuplicatePaths: true }));

  it('reaches requesting, succeeded and refused', () => {
    const reached = new Set(paths.map((p) => p.state.value));
    expect([...reached].sort()).toEqual(['refused', 'requesting', 'succeeded']);
  });

  const drive = async (path: (typeof paths)[number], table?: TransitionTable) => {
    const { actors, settle, log } = controllableActors(['requestLogout']);
    const actor = createActor(logoutMachine.provide({ actors: actors as never }));
    actor.start();
    await runPath(
      path as never,
      actor,
      settle,
      {
        succeeded: (snap) => expect(snap.output).toEqual({ ok: true }),
        refused: (snap) => {
          expect(snap.output.ok).toBe(false);
          expect(snap.output.message).toBeTruthy();
        },
      },
      table && { table, effects: () => log },
    );
    const last = path.steps.at(-1)?.event as { output?: { data?: unknown }; error?: Error } | undefined;
    if (last?.output && last.output.data !== 200) expect(actor.getSnapshot().output?.message).toBe(LOGOUT_REFUSED);
    if (last?.error) expect(actor.getSnapshot().output?.message).toBe(last.error.message);
  };
  itFollowsItsTable('logout', logoutMachine, paths, drive);
});
