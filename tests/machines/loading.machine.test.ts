import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createActor } from 'xstate';
import { DEFAULT_LOADING_TEXT, loadingMachine } from '@machines/loading.machine.ts';
import { itFollowsItsTable, itReaches, modelPaths, runPath, type Drive } from './harness.ts';

const EVENTS = [{ type: 'OPEN' }, { type: 'OPEN', text: '正在操作中，请稍候...' }, { type: 'CLOSE' }];

describe('loading machine (model-based)', () => {
  const paths = modelPaths(loadingMachine, {
    events: EVENTS,
    asIs: true,
    stopWhen: (s: { context: { count: number } }) => s.context.count > 3,
  });
  itReaches(paths, ['hidden', 'shown']);

  const drive: Drive = async (path, table) => {
    const actor = createActor(loadingMachine).start();
    await runPath(
      path,
      { actor },
      {
        hidden: (snap) => {
          expect(snap.context.count).toBe(0);
          expect(snap.context.text).toBe(DEFAULT_LOADING_TEXT);
        },
        shown: (snap) => expect(snap.context.count).toBeGreaterThan(0),
      },
      table,
    );
  };
  itFollowsItsTable('loading', loadingMachine, paths, drive);
});

describe('loading overlay counting (property)', () => {
  it('is shown exactly while opens outnumber closes, and the count is never negative', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: 60 }), (ops) => {
        const actor = createActor(loadingMachine).start();
        let open = 0;
        for (const isOpen of ops) {
          actor.send(isOpen ? { type: 'OPEN' } : { type: 'CLOSE' });
          open = isOpen ? open + 1 : Math.max(0, open - 1);
          const snap = actor.getSnapshot();
          if (snap.context.count !== open || snap.matches('shown') !== open > 0) return false;
        }
        return true;
      }),
    );
  });

  it('opens N, closes N-1: still shown; closes the last: hidden', () => {
    const actor = createActor(loadingMachine).start();
    for (let i = 0; i < 5; i++) actor.send({ type: 'OPEN' });
    for (let i = 0; i < 4; i++) actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().matches('shown')).toBe(true);
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().matches('hidden')).toBe(true);
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().context.count).toBe(0);
  });
});
