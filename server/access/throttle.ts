import type { Db } from '../infra/db/db.ts';

/** How many failures in a window lock a key, and for how long (doubling with each lock, up to a ceiling). */
export interface ThrottleRule {
  maxFailures: number;
  windowSeconds: number;
  firstLockSeconds: number;
  maxLockSeconds: number;
}

/** Per account: 5 wrong passwords within 15 minutes lock it for 1 minute, then 2, 4 … up to 1 hour. */
export const ACCOUNT_RULE: ThrottleRule = { maxFailures: 5, windowSeconds: 900, firstLockSeconds: 60, maxLockSeconds: 3600 };
/** Per client address: 30 failures within 15 minutes (whatever the accounts) lock it the same way. */
export const ADDRESS_RULE: ThrottleRule = { maxFailures: 30, windowSeconds: 900, firstLockSeconds: 60, maxLockSeconds: 3600 };

export const accountKey = (userName: string) => `account:${userName.trim().toLowerCase()}`;
export const addressKey = (ip: string) => `ip:${ip || 'unknown'}`;

/** The message of a refused attempt, with the time left (SPEC's language). */
export function lockedMessage(seconds: number): string {
  const wait = seconds >= 120 ? `${Math.ceil(seconds / 60)} 分钟` : `${seconds} 秒`;
  return `登录失败次数过多，请 ${wait}后再试`;
}

/**
 * Failed-login throttling (docs/api.md). A lock is checked before a password is verified, and again before a
 * correct password wins, so parallel guesses cannot outrun the count: whatever completes after the lock is
 * refused. Each change is one statement, atomic on PostgreSQL under parallel requests.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Db,
    private readonly rules: { account: ThrottleRule; address: ThrottleRule } = { account: ACCOUNT_RULE, address: ADDRESS_RULE },
  ) {}

  /** Seconds until every one of these keys may try again; 0 when none is locked. */
  async lockedFor(keys: string[]): Promise<number> {
    const [row] = await this.db.query<{ wait: number | null }>(
      `SELECT max(ceil(extract(epoch FROM locked_until - now())))::int AS wait
         FROM login_throttle WHERE key = ANY($1::text[]) AND locked_until > now()`,
      [keys],
    );
    return row?.wait ?? 0;
  }

  /** A wrong password from someone already signed in (set password): it counts against the account only. */
  async failedAccount(account: string): Promise<void> {
    await this.count(accountKey(account), this.rules.account);
  }

  async failed(account: string, ip: string): Promise<void> {
    await this.count(accountKey(account), this.rules.account);
    await this.count(addressKey(ip), this.rules.address);
  }

  /** A correct login clears its account's failures (never the address's: one good account must not unlock guessing). */
  async succeeded(account: string): Promise<void> {
    await this.db.query(`UPDATE login_throttle SET failures = 0, locks = 0 WHERE key = $1 AND (failures > 0 OR locks > 0)`, [
      accountKey(account),
    ]);
  }

  /**
   * One failure for a key. A failure landing while the key is locked (a parallel attempt that started before the
   * lock) is not counted, so a burst cannot stack locks. The lock doubles per lock, and the doubling is forgotten
   * a day after the last lock ended.
   */
  private async count(key: string, rule: ThrottleRule): Promise<void> {
    // F: the failures in the window after this one.
    const F = `(CASE WHEN t.window_start < now() - make_interval(secs => $3) THEN 1 ELSE t.failures + 1 END)`;
    const L = `(CASE WHEN t.locked_until < now() - interval '1 day' THEN 0 ELSE t.locks END)`;
    await this.db.query(
      `INSERT INTO login_throttle AS t (key, failures, window_start, locks, locked_until)
       VALUES ($1, CASE WHEN $2 <= 1 THEN 0 ELSE 1 END, now(), CASE WHEN $2 <= 1 THEN 1 ELSE 0 END,
               CASE WHEN $2 <= 1 THEN now() + make_interval(secs => $4) END)
       ON CONFLICT (key) DO UPDATE SET
         failures     = CASE WHEN t.locked_until > now() THEN t.failures WHEN ${F} >= $2 THEN 0 ELSE ${F} END,
         window_start = CASE WHEN t.locked_until > now() THEN t.window_start
                             WHEN t.window_start < now() - make_interval(secs => $3) THEN now() ELSE t.window_start END,
         locks        = CASE WHEN t.locked_until > now() THEN t.locks WHEN ${F} >= $2 THEN ${L} + 1 ELSE t.locks END,
         locked_until = CASE WHEN t.locked_until > now() THEN t.locked_until
                             WHEN ${F} >= $2 THEN now() + make_interval(secs => least($5::float8, $4::float8 * power(2, ${L})))
                             ELSE t.locked_until END`,
      [key, rule.maxFailures, rule.windowSeconds, rule.firstLockSeconds, rule.maxLockSeconds],
    );
  }
}
