import { describe, expect, it } from 'vitest';
import { Outage } from '@server/infra/db/outage.ts';
import { DatabaseUnavailable, isDatabaseUnavailable } from '@server/infra/db/db-errors.ts';

const gone = () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
const refused = () => Promise.reject(Object.assign(new Error('duplicate key value'), { code: '23505' }));

describe('the database outage and its back-off', () => {
  it('knows a database that went away from a statement it refused', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', '57P01', '57P03', '08006', '53300']) {
      expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code }))).toBe(true);
    }
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new DatabaseUnavailable())).toBe(true);
    for (const code of ['23505', '42P01', '0A000', '22P02'])
      expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('syntax error'))).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });

  it('refuses at once during a back-off that doubles from 250 ms to 5 s, lets one probe through, and clears on an answer', async () => {
    let now = 0;
    const outage = new Outage(() => now);
    let tries = 0;
    const attempt = (work: () => Promise<unknown>) => () => {
      tries++;
      return work();
    };
    await expect(outage.run(attempt(gone))).rejects.toBeInstanceOf(DatabaseUnavailable);
    expect(outage.down).toBe(true);
    expect(tries).toBe(1);
    // Within the back-off: refused without trying.
    now = 249;
    await expect(outage.run(attempt(gone))).rejects.toBeInstanceOf(DatabaseUnavailable);
    expect(tries).toBe(1);
    // Past it: one probe; failing, the back-off doubles.
    const waits: number[] = [];
    for (let i = 0; i < 7; i++) {
      const from = now;
      for (now = from; ; now++) {
        const before = tries;
        await outage.run(attempt(gone)).catch(() => {});
        if (tries > before) break;
      }
      waits.push(now - from);
    }
    expect(waits).toEqual([1, 500, 1000, 2000, 4000, 5000, 5000]);
    // While a probe is under way, everyone else is refused without trying.
    now += 5_000;
    let answer!: (v: string) => void;
    const probing = outage.run(() => new Promise<string>((r) => (answer = r)));
    const before = tries;
    await expect(outage.run(attempt(gone))).rejects.toBeInstanceOf(DatabaseUnavailable);
    expect(tries).toBe(before);
    answer('back');
    await expect(probing).resolves.toBe('back');
    expect(outage.down).toBe(false);
    // Cleared: calls go through again, and a refused statement is an answer, not an outage.
    await expect(outage.run(attempt(refused))).rejects.toMatchObject({ code: '23505' });
    expect(outage.down).toBe(false);
  });

  it('calls in flight when it went away count as one failure, not one each', async () => {
    let now = 1_000;
    const outage = new Outage(() => now);
    await Promise.all([1, 2, 3, 4, 5].map(() => outage.run(gone).catch(() => {})));
    // away: refused without trying, until the first back-off (250 ms, not 250 × 2^4) has passed
    let tried = false;
    now += 249;
    await expect(outage.run(async () => (tried = true))).rejects.toBeInstanceOf(DatabaseUnavailable);
    expect(tried).toBe(false);
    now += 1;
    await outage.run(async () => (tried = true));
    expect(tried).toBe(true);
  });

  it('while it answers, calls run side by side; a call from before the outage does not end a probe', async () => {
    let now = 0;
    const outage = new Outage(() => now);
    // Healthy: two at once, both tried.
    const open: Array<() => void> = [];
    const both = [1, 2].map(() => outage.run(() => new Promise<void>((r) => open.push(r))));
    await Promise.resolve();
    expect(open).toHaveLength(2);
    open.forEach((r) => r());
    await Promise.all(both);
    // A slow call starts while the database answers; it goes away; the next call finds out.
    let failSlow!: () => void;
    const slow = outage.run(
      () => new Promise<void>((_, reject) => (failSlow = () => reject(Object.assign(new Error('gone'), { code: 'ECONNRESET' })))),
    );
    await outage.run(gone).catch(() => {});
    now += 250;
    // The probe is under way when the slow call fails: others are still refused until the probe ends.
    let endProbe!: () => void;
    const probe = outage.run(() => new Promise<void>((r) => (endProbe = r)));
    failSlow();
    await slow.catch(() => {});
    let tried = false;
    now += 10_000;
    await expect(outage.run(async () => (tried = true))).rejects.toBeInstanceOf(DatabaseUnavailable);
    expect(tried).toBe(false);
    endProbe();
    await probe;
    expect(outage.down).toBe(false);
  });
});
