import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, type EventObject } from 'xstate';
import { accessTokenMachine, refreshLeadMs, retryDelayMs } from '@machines/access-token.machine.ts';
import { controllableActors } from './fake-actors.ts';
import { afterEvent, flush, itFollowsItsTable, itReaches, modelPaths, runPath, type Drive } from './harness.ts';

const grant = (token: string, deadline: number, refreshInMs = 30_000) => ({ token, deadline, refreshInMs });

const EVENTS = [
  { type: 'xstate.done.actor.refreshToken', output: grant('t1', 1_000_000) },
  { type: 'xstate.error.actor.refreshToken', error: new Error('网络异常，请检查网络后重试') },
  { type: afterEvent('untilDue') },
  { type: afterEvent('retryDelay') },
  { type: 'REFRESH' },
  { type: 'REFRESH', failedToken: 't1' },
  { type: 'REFRESH', failedToken: 'an-older-token' },
  { type: 'TOKEN_RECEIVED', ...grant('t2', 2_000_000) },
];

describe('access-token machine (model-based)', () => {
  const paths = modelPaths(accessTokenMachine, {
    events: EVENTS,
    // Context grows with every failure; states are what the graph walks.
    serializeState: (s: { value: unknown }) => JSON.stringify(s.value),
    simple: true,
  });
  itReaches(paths, ['refreshing', 'retrying', 'scheduled']);

  const drive: Drive = async (path, table) => {
    const { actors, settle, started, log } = controllableActors(['refreshToken']);
    const clock = new SimulatedClock();
    const actor = createActor(accessTokenMachine.provide({ actors: actors as never }), { clock });
    actor.start();
    // A delayed transition of the model is the SUT's clock moving by exactly that delay.
    const settleOrTick = (e: EventObject) => {
      if (e.type === afterEvent('untilDue')) {
        const { refreshInMs } = actor.getSnapshot().context;
        clock.increment(refreshInMs - refreshLeadMs(refreshInMs));
      } else if (e.type === afterEvent('retryDelay')) clock.increment(retryDelayMs(actor.getSnapshot().context.attempts));
      else return settle(e);
      return true;
    };
    await runPath(
      path,
      { actor, settle: settleOrTick, log },
      {
        scheduled: (snap) => {
          expect(snap.context.token).toMatch(/^t[12]$/);
          expect(snap.context.error).toBeNull();
          expect(snap.context.attempts).toBe(0);
        },
        retrying: (snap) => {
          expect(snap.context.error).toBe('网络异常，请检查网络后重试');
          expect(snap.context.attempts).toBeGreaterThan(0);
        },
      },
      table,
    );
    // Every entry to refreshing started exactly one refresh: REFRESH during a flight never starts another.
    const values = path.steps.map((s) => (s.state as { value: unknown }).value);
    const entries = values.filter((v, i) => v === 'refreshing' && (i === 0 || values[i - 1] !== 'refreshing')).length;
    expect(started.length).toBe(entries);
  };
  itFollowsItsTable('access-token', accessTokenMachine, paths, drive);
});

describe('access-token machine timing', () => {
  it('refreshes a tenth of its time before the deadline, not before, and keeps a late TOKEN_RECEIVED from moving it back', async () => {
    const { actors, settle, started } = controllableActors(['refreshToken']);
    const clock = new SimulatedClock();
    const actor = createActor(accessTokenMachine.provide({ actors: actors as never }), { clock }).start();
    settle({ type: 'xstate.done.actor.refreshToken', output: grant('t1', 5000, 5000) } as never);
    await flush();
    clock.increment(4499);
    expect(actor.getSnapshot().value).toBe('scheduled');
    actor.send({ type: 'TOKEN_RECEIVED', ...grant('old', 1000, 0) });
    expect(actor.getSnapshot().context.token).toBe('t1');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('refreshing');
    actor.send({ type: 'REFRESH' });
    actor.send({ type: 'REFRESH' });
    expect(started).toEqual(['refreshToken', 'refreshToken']);
  });

  it('ignores a failure that carried a token it has since replaced, not one it never held', async () => {
    const { actors, settle, started } = controllableActors(['refreshToken']);
    const actor = createActor(accessTokenMachine.provide({ actors: actors as never })).start();
    settle({ type: 'xstate.done.actor.refreshToken', output: grant('t1', 5000, 5000) } as never);
    await flush();
    actor.send({ type: 'REFRESH', failedToken: 't1' });
    settle({ type: 'xstate.done.actor.refreshToken', output: grant('t2', 9000, 5000) } as never);
    await flush();
    expect(actor.getSnapshot().context.replaced).toEqual(['t1']);
    actor.send({ type: 'REFRESH', failedToken: 't1' });
    expect(actor.getSnapshot().value).toBe('scheduled');
    actor.send({ type: 'REFRESH', failedToken: 'a-token-the-server-forgot' });
    expect(actor.getSnapshot().value).toBe('refreshing');
    expect(started).toHaveLength(3);
    actor.stop();
  });

  it('asks the refresh to replace the token a refused call carried, else the one it holds', async () => {
    const { actors, settle, inputs } = controllableActors(['refreshToken']);
    const clock = new SimulatedClock();
    const actor = createActor(accessTokenMachine.provide({ actors: actors as never }), { clock }).start();
    settle({ type: 'xstate.done.actor.refreshToken', output: grant('t1', 60_000, 60_000) } as never);
    await flush();
    // a call that carried a token another tab stored before this tab adopted it
    actor.send({ type: 'REFRESH', failedToken: 'from-storage' });
    settle({ type: 'xstate.done.actor.refreshToken', output: grant('t2', 120_000, 60_000) } as never);
    await flush();
    actor.send({ type: 'REFRESH' });
    settle({ type: 'xstate.done.actor.refreshToken', output: grant('t3', 180_000, 60_000) } as never);
    await flush();
    clock.increment(60_000 - refreshLeadMs(60_000));
    expect(inputs.map(([, input]) => input)).toEqual([
      { staleToken: null },
      { staleToken: 'from-storage' },
      { staleToken: 't2' },
      { staleToken: 't3' },
    ]);
    actor.stop();
  });

  it('leads the deadline by a tenth of the time left, at most 30 s', () => {
    expect([0, -5, 3000, 9, 60_000, 300_000, 1_800_000].map(refreshLeadMs)).toEqual([0, 0, 300, 0, 6000, 30_000, 30_000]);
  });

  it('retries after 1, 2, 4 ... seconds, at most 60', () => {
    expect([1, 2, 3, 4, 7, 20].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 60_000, 60_000]);
  });
});
