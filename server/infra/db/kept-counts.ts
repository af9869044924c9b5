import type { CountKeeper, Counted } from './count.ts';
import type { Db } from './db.ts';
import { log } from '../logger.ts';

/** How long a process keeps a count at the most, and how many it keeps. */
export const KEPT_COUNTS = { ms: 5_000, max: 2_000 } as const;

/**
 * Counts a process keeps for a few seconds, by the exact statement that counted them (issue 46).
 *
 * Proving that a match holds more than LIST_LIMITS.alwaysExactUpTo rows reads that many of them and a plan; for a
 * records list of a level of 25,000 members that was half of a call's database time, paid again for every page, every
 * return from a record and every refresh. An estimate (`countEstimated`) is the planner's figure, which follows the
 * statistics of the last ANALYZE rather than each write, so keeping it a few seconds says nothing less true; what a
 * count must not lose is its exactness, so:
 * - each is kept under a tag (the table it counts: its records say when they change, migration 050) and dropped as
 *   soon as that tag is `forget`-ed, in every process, so a write that brings a match below the bound is counted at
 *   the next call;
 * - an exact count only where the change is heard in the same step as the write, before any call can read past it
 *   (`keepExact`: PGlite, whose notifications come with the writing statement's own answer, once it listens); on
 *   PostgreSQL another process hears a commit a moment after it, so only estimates are kept there;
 * - at most `ms` after it was counted (the statistics move on; a change not heard, while the listening connection is
 *   down, is not kept past it), and at most `max` of them (the oldest goes first).
 * The key is the statement's whole text with its values written in (tenant, table, the caller's department scope and
 * the filters): a caller only ever reads a count made by a statement it would have sent itself.
 */
export class KeptCounts implements CountKeeper {
  /** by tag and key (`tag\nkey`), oldest first (a count kept again moves to the end) */
  readonly #kept = new Map<string, Counted & { tag: string; at: number }>();
  readonly #ms: number;
  readonly #max: number;
  readonly #now: () => number;
  #exact = false;

  constructor({ ms = KEPT_COUNTS.ms, max = KEPT_COUNTS.max, now = Date.now }: { ms?: number; max?: number; now?: () => number } = {}) {
    this.#ms = ms;
    this.#max = max;
    this.#now = now;
  }

  /** From now on exact counts are kept too: every change of a tag is heard before a call can read past it. */
  keepExact(): void {
    this.#exact = true;
  }

  /** The count kept for this statement, when it was counted less than `ms` ago and its tag not forgotten since. */
  get(tag: string, key: string): Counted | undefined {
    const kept = this.#kept.get(`${tag}\n${key}`);
    if (!kept) return undefined;
    if (this.#now() - kept.at >= this.#ms) {
      this.#kept.delete(`${tag}\n${key}`);
      return undefined;
    }
    return kept.countEstimated ? { count: kept.count, countEstimated: true } : { count: kept.count };
  }

  /** Keeps a count: an estimate, or an exact one where `keepExact` says so; nothing when `ms` is 0. */
  keep(tag: string, key: string, counted: Counted): void {
    if ((counted.countEstimated !== true && !this.#exact) || this.#ms <= 0) return;
    this.#kept.delete(`${tag}\n${key}`);
    this.#kept.set(`${tag}\n${key}`, { ...counted, tag, at: this.#now() });
    if (this.#kept.size > this.#max) this.#kept.delete(this.#kept.keys().next().value!);
  }

  /** Drops every count kept under these tags ('*': all of them); at most `max` are looked at. */
  forget(tags: readonly string[] | '*'): void {
    if (tags === '*') return this.#kept.clear();
    for (const [at, kept] of this.#kept) if (tags.includes(kept.tag)) this.#kept.delete(at);
  }

  /** How many counts are kept now. */
  get size(): number {
    return this.#kept.size;
  }
}

/** Where every write to records names the tables it changed (migration 050's triggers): ids, comma-separated, or '*'. */
export const RECORD_COUNTS_CHANNEL = 'record_counts';

/**
 * The records lists' kept counts, each under its table's id, dropped when the database says that table changed
 * (RECORD_COUNTS_CHANNEL, heard by every process on the database). On PGlite, once listening, exact counts are kept
 * too: a trigger's notification is handed to the listener with the writing statement's answer, in this process.
 */
export function keptRecordCounts(db: Pick<Db, 'kind' | 'listen'>, options?: ConstructorParameters<typeof KeptCounts>[0]): KeptCounts {
  const counts = new KeptCounts(options);
  db.listen(RECORD_COUNTS_CHANNEL, (payload) => counts.forget(payload === '*' ? '*' : payload.split(',')))
    .then(() => {
      if (db.kind === 'pglite') counts.keepExact();
    })
    .catch((err: unknown) =>
      // the listener is kept and heard once the connection is made again; meanwhile an estimate lives its `ms` at most
      log.warn({ err }, 'record_counts not heard yet'),
    );
  return counts;
}
