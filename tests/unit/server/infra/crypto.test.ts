import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '@server/infra/crypto.ts';

describe('password hashing and the libuv pool', () => {
  it('a burst of logins leaves threads free: a file read is not queued behind the hashes', async () => {
    const stored = await hashPassword('Admin@2026');
    // the product's cost (a test run's servers hash cheaper: SCRM_TEST_PASSWORD_COST)
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$/);
    let verified = 0;
    const burst = Array.from({ length: 16 }, (_, i) =>
      verifyPassword(i % 2 ? 'Admin@2026' : 'wrong', stored).then((ok) => {
        verified++;
        return ok;
      }),
    );
    // libuv's pool runs work in order: with all four threads hashing, this read would wait for 13 of the 16.
    await readFile(new URL(import.meta.url));
    const verifiedWhenRead = verified;
    const results = await Promise.all(burst);
    expect(verifiedWhenRead).toBeLessThan(8);
    expect(results.filter(Boolean)).toHaveLength(8);
    expect(verified).toBe(16);
  });
});
