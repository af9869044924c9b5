import { describe, expect, it } from 'vitest';
import { Lifecycle } from '@server/infra/operations.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a server process’s stop', () => {
  it('calls each stopper once and lets running work finish within the grace', async () => {
    const life = new Lifecycle();
    const stopped: string[] = [];
    life.onStop(() => stopped.push('scheduler'));
    life.onStop(async () => {
      await sleep(20);
      stopped.push('dispatcher');
    });
    let finished = false;
    void life.track(sleep(50).then(() => (finished = true)));
    expect(await life.stop(1_000)).toEqual({ unfinished: 0 });
    expect(stopped.sort()).toEqual(['dispatcher', 'scheduler']);
    expect(finished).toBe(true);
    expect(life.stopping).toBe(true);
    expect(life.interrupted).toBe(false);
  });

  it('past the grace, work that looks at `interrupted` ends at its next step', async () => {
    const life = new Lifecycle();
    let steps = 0;
    const work = async () => {
      while (!life.interrupted) {
        steps++;
        await sleep(10);
      }
      return 'cut short';
    };
    const run = life.track(work());
    expect(await life.stop(50)).toEqual({ unfinished: 0 });
    expect(life.interrupted).toBe(true);
    expect(await run).toBe('cut short');
    expect(steps).toBeGreaterThan(1);
  });

  it('a failed piece of work counts as ended, and nothing tracked means nothing to wait for', async () => {
    const life = new Lifecycle();
    void life.track(Promise.reject(new Error('boom'))).catch(() => undefined);
    const started = Date.now();
    expect(await life.stop(5_000)).toEqual({ unfinished: 0 });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(life.interrupted).toBe(false);
  });
});
