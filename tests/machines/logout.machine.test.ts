import { describe, expect } from 'vitest';
import { createActor } from 'xstate';
import { logoutMachine, LOGOUT_REFUSED } from '@machines/logout.machine.ts';
import { controllableActors } from './fake-actors.ts';
import { itFollowsItsTable, itReaches, modelPaths, runPath, type Drive } from './harness.ts';

const EVENTS = [
  { type: 'xstate.done.actor.requestLogout', output: { data: 200 } },
  { type: 'xstate.done.actor.requestLogout', output: { data: 500 } },
  { type: 'xstate.done.actor.requestLogout', output: { data: { result: 401 } } },
  { type: 'xstate.error.actor.requestLogout', error: new Error('网络异常，请检查网络后重试') },
];

describe('logout machine (model-based)', () => {
  const paths = modelPaths(logoutMachine, { events: EVENTS });
  itReaches(paths, ['refused', 'requesting', 'succeeded']);

  const drive: Drive = async (path, table) => {
    const { actors, settle, log } = controllableActors(['requestLogout']);
    const actor = createActor(logoutMachine.provide({ actors: actors as never }));
    actor.start();
    await runPath(
      path,
      { actor, settle, log },
      {
        succeeded: (snap) => expect(snap.output).toEqual({ ok: true }),
        refused: (snap) => {
          expect(snap.output.ok).toBe(false);
          expect(snap.output.message).toBeTruthy();
        },
      },
      table,
    );
    const last = path.steps.at(-1)?.event as { output?: { data?: unknown }; error?: Error } | undefined;
    if (last?.output && last.output.data !== 200) expect(actor.getSnapshot().output?.message).toBe(LOGOUT_REFUSED);
    if (last?.error) expect(actor.getSnapshot().output?.message).toBe(last.error.message);
  };
  itFollowsItsTable('logout', logoutMachine, paths, drive);
});
