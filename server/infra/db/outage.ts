import { DatabaseUnavailable, isDatabaseUnavailable } from './db-errors.ts';

/**
 * Whether the database answers, as this process last saw it, and the back-off while it does not. After a call finds
 * it away (a restart, a failover, a network cut), calls are refused at once with DatabaseUnavailable for a back-off
 * that doubles from `minMs` to `maxMs`; when it has passed, one call at a time tries the database (the probe), and
 * the first answer clears the outage. So while PostgreSQL is away each call costs a quick 503 rather than a
 * connection attempt and its timeout, and the pool reconnects as soon as the database answers again.
 */
export class Outage {
  #failures = 0;
  #until = 0;
  #probing = false;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly minMs = 250,
    private readonly maxMs = 5_000,
  ) {}

  /** The database was away at the last try, and has not answered since. */
  get down(): boolean {
    return this.#failures > 0;
  }

  /** Runs `work` against the database unless an outage's back-off refuses it; learns from how it ends. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    const probe = this.#admit();
    try {
      const result = await work();
      this.#answered();
      return result;
    } catch (err) {
      if (!isDatabaseUnavailable(err)) {
        // The database answered (with a refusal of the statement): it is there.
        this.#answered();
        throw err;
      }
      this.#away();
      throw err instanceof DatabaseUnavailable ? err : new DatabaseUnavailable(err);
    } finally {
      if (probe) this.#probing = false;
    }
  }

  /** Whether this call is the probe; throws while the back-off lasts or another call probes. */
  #admit(): boolean {
    if (this.#failures === 0) return false;
    if (this.now() < this.#until || this.#probing) throw new DatabaseUnavailable();
    this.#probing = true;
    return true;
  }

  #answered() {
    this.#failures = 0;
    this.#until = 0;
  }

  /** One more failure, unless the calls in flight when it went away report it again within the back-off. */
  #away() {
    const now = this.now();
    if (this.#failures > 0 && now < this.#until) return;
    this.#failures++;
    this.#until = now + Math.min(this.maxMs, this.minMs * 2 ** (this.#failures - 1));
  }
}
