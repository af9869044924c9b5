import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, createMachine, type EventObject } from 'xstate';
import { countdownMachine, formatCountdown } from '@machines/countdown.machine.ts';
import { controllableActors } from './fake-actors.ts';
import { afterEvent, describeValue, flush, itFollowsItsTable, itReaches, modelPaths, runPath, type Drive } from './harness.ts';

const info = { nickname: '星河管理员', phone: '13800000001' };
const EVENTS = [
  { type: afterEvent('1000') },
  { type: 'HIDDEN' },
  { type: 'VISIBLE' },
  { type: 'xstate.done.actor.fetchUserInfo', output: { userInfo: info, tokenExpire: 2 } },
  { type: 'xstate.done.actor.fetchUserInfo', output: { userInfo: info, tokenExpire: 0 } },
  { type: 'xstate.error.actor.fetchUserInfo', error: new Error('网络异常，请检查网络后重试') },
];

/** The countdown as a child of a parent that records what it is told. */
/** Moves the simulated clock a second at a time (a timer set while others fire waits for the next increment). */
const advanceSeconds = (clock: SimulatedClock, n: number) => {
  for (let i = 0; i < n; i++) clock.increment(1000);
};

function sut(seconds: number) {
  const log: unknown[] = [];
  const { actors, settle, started } = controllableActors(['fetchUserInfo'], log);
  const told: EventObject[] = [];
  const clock = new SimulatedClock();
  const parent = createActor(
    createMachine({
      invoke: { id: 'countdown', src: countdownMachine.provide({ actors: actors as never }), input: { seconds } },
      on: { '*': { actions: ({ event }) => void (told.push(event), log.push(`told ${describeValue(event)}`)) } },
    }),
    { clock },
  ).start();
  const child = parent.getSnapshot().children.countdown!;
  return { parent, child, clock, settle, started, told, log };
}

describe('countdown machine (model-based)', () => {
  for (const seconds of [3, 0]) {
    // The model has no parent to tell; the SUT below does.
    const paths = modelPaths(countdownMachine.provide({ actions: { tellEnded: () => {}, tellRefreshed: () => {} } }), {
      events: EVENTS,
      input: { seconds },
    });
    itReaches(paths, seconds > 0 ? ['ended', 'paused', 'refreshing', 'running'] : ['ended'], `reaches its states from ${seconds} s`);

    const drive: Drive = async (path, table) => {
      const s = sut(seconds);
      const settleOrTick = (e: EventObject) => {
        if (e.type === afterEvent('1000')) {
          s.clock.increment(1000);
          return true;
        }
        return s.settle(e);
      };
      await runPath(
        path,
        { actor: s.child, settle: settleOrTick, log: s.log },
        {
          ended: () => expect(s.told.map((e) => e.type)).toContain('COUNTDOWN_ENDED'),
          paused: (snap) => {
            const before = snap.context.remaining;
            advanceSeconds(s.clock, 5);
            expect(s.child.getSnapshot().context.remaining).toBe(before);
          },
        },
        table,
      );
      // Model and real count agree on the seconds left.
      expect(s.child.getSnapshot().context.remaining).toBe((path.state as { context: { remaining: number } }).context.remaining);
    };
    itFollowsItsTable(`countdown-${seconds}s`, countdownMachine, paths, drive, { label: `${seconds} s: ` });
  }
});

describe('countdown timing', () => {
  it('ticks each second to zero, tells the session once, and refreshes from the new tokenExpire after hiding', async () => {
    const s = sut(5);
    advanceSeconds(s.clock, 2);
    expect(s.child.getSnapshot().context.remaining).toBe(3);
    s.child.send({ type: 'HIDDEN' });
    advanceSeconds(s.clock, 10);
    expect(s.child.getSnapshot().context.remaining).toBe(3);
    s.child.send({ type: 'VISIBLE' });
    expect(s.started).toEqual(['fetchUserInfo']);
    s.settle({ type: 'xstate.done.actor.fetchUserInfo', output: { userInfo: info, tokenExpire: 2 } } as never);
    await flush();
    expect(s.told).toContainEqual({ type: 'USER_INFO_REFRESHED', userInfo: info, tokenExpire: 2 });
    expect(s.child.getSnapshot().context.remaining).toBe(2);
    advanceSeconds(s.clock, 5);
    expect(s.told.filter((e) => e.type === 'COUNTDOWN_ENDED')).toHaveLength(1);
  });

  it('formats hours, minutes and seconds', () => {
    expect(formatCountdown(8 * 3600)).toBe('08:00:00');
    expect(formatCountdown(3661)).toBe('01:01:01');
    expect(formatCountdown(-5)).toBe('00:00:00');
  });
});
