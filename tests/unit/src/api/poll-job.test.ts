import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, assign } from 'xstate';
import { JOB_POLL_MS, jobPoller } from '@/api/poll-job.ts';

afterEach(() => vi.useRealTimers());

type E = { type: 'PROGRESS'; job: number } | { type: 'STOP' };

/** A machine that polls while `on` and keeps what it heard. */
const host = (read: (jobId: number) => Promise<number>) =>
  createMachine(
    {
      types: {} as { context: { heard: number[] }; events: E },
      context: { heard: [] },
      initial: 'on',
      states: {
        on: {
          invoke: { src: 'poll', input: { jobId: 7 } },
          on: { PROGRESS: { actions: assign({ heard: ({ context, event }) => [...context.heard, event.job] }) }, STOP: 'off' },
        },
        off: {},
      },
    },
    { actors: { poll: jobPoller<E, number>(read) } },
  );

describe('jobPoller', () => {
  it('asks at once and every 500 ms, asks again after a failure, and stops asking when its state is left', async () => {
    vi.useFakeTimers();
    let n = 0;
    const read = vi.fn(async (jobId: number) => {
      expect(jobId).toBe(7);
      n += 1;
      if (n === 2) throw new Error('dropped');
      return n;
    });
    const actor = createActor(host(read)).start();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.heard).toEqual([1]);
    await vi.advanceTimersByTimeAsync(JOB_POLL_MS);
    // the second ask failed: nothing heard, asked again next time
    expect(actor.getSnapshot().context.heard).toEqual([1]);
    await vi.advanceTimersByTimeAsync(JOB_POLL_MS);
    expect(actor.getSnapshot().context.heard).toEqual([1, 3]);
    actor.send({ type: 'STOP' });
    await vi.advanceTimersByTimeAsync(JOB_POLL_MS * 4);
    expect(read).toHaveBeenCalledTimes(3);
  });

  it('drops an answer that arrives after it stopped', async () => {
    let answer: (v: number) => void = () => {};
    const actor = createActor(host(() => new Promise<number>((r) => (answer = r)))).start();
    actor.send({ type: 'STOP' });
    answer(5);
    await Promise.resolve();
    expect(actor.getSnapshot().context.heard).toEqual([]);
  });
});
