import { parse, protocol, type PGlite } from '@electric-sql/pglite';
import { isPlanChanged } from './db-errors.ts';

/** Statements kept prepared at once; the least recently used one is closed past this. */
export const MAX_PREPARED = 300;

type Message = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

/** Statement names are unique in the process, so two sets on one database never meet. */
let named = 0;

/**
 * Queries on PGlite through named prepared statements, one per SQL text. PGlite's own `query` parses and plans each
 * statement on every call, and in WebAssembly planning is most of a small query's time (the user-info statement:
 * 5.3 ms planning, 0.6 ms running). A named statement is planned for its first executions and then, when
 * PostgreSQL finds a generic plan no worse than the custom ones, reused. This is the same wire sequence as
 * PGlite's `query` (parse, describe, bind, describe, execute, sync) under the same two locks, with the parse and
 * the statement's describe done once per text.
 */
export class PreparedStatements {
  /** SQL text -> its statement; a Map keeps insertion order, so the first key is the least recently used. */
  readonly #statements = new Map<string, { name: string; types: number[] }>();

  constructor(
    private readonly pg: PGlite,
    private readonly max = MAX_PREPARED,
  ) {}

  /** How many statements are prepared now. */
  get size(): number {
    return this.#statements.size;
  }

  query<T>(sql: string, params: readonly unknown[]): Promise<T[]> {
    return this.pg._runExclusiveTransaction(() =>
      this.pg._runExclusiveQuery(async () => {
        try {
          return await this.#run<T>(sql, params, true);
        } catch (err) {
          // A table's columns changed under a kept plan: the statement was closed; prepared anew, it runs once more.
          if (!isPlanChanged(err)) throw err;
          return this.#run<T>(sql, params, true);
        }
      }),
    );
  }

  /**
   * A statement of a transaction whose caller holds PGlite's transaction lock (Db.transaction): only the statement
   * lock is taken, and the data folder is written once, at COMMIT. No retry: an error has aborted the transaction.
   */
  inTransaction<T>(sql: string, params: readonly unknown[]): Promise<T[]> {
    return this.pg._runExclusiveQuery(() => this.#run<T>(sql, params, false));
  }

  async #run<T>(sql: string, params: readonly unknown[], write: boolean): Promise<T[]> {
    const { serialize } = protocol;
    const messages: Message[] = [];
    let planChanged = false;
    try {
      const statement = await this.#statement(sql);
      const values = params.map((v, i) => {
        if (v === null || v === undefined) return null;
        const serializer = this.pg.serializers[statement.types[i]];
        return serializer ? serializer(v) : String(v);
      });
      messages.push(
        ...(await this.#send(serialize.bind({ statement: statement.name, values }))),
        ...(await this.#send(serialize.describe({ type: 'P' }))),
        ...(await this.#send(serialize.execute({}))),
      );
    } catch (err) {
      planChanged = isPlanChanged(err);
      throw err;
    } finally {
      // After an error the server skips every message up to this Sync: a Close is sent after it.
      messages.push(...(await this.#send(serialize.sync())));
      if (planChanged) await this.#forget(sql);
    }
    if (write) await this.pg.syncToFs();
    return parse.parseResults(messages, this.pg.parsers)[0].rows as T[];
  }

  #send(message: Uint8Array): Promise<Message[]> {
    return this.pg.execProtocolStream(message, { syncToFs: false });
  }

  async #statement(sql: string) {
    const kept = this.#statements.get(sql);
    if (kept) {
      this.#statements.delete(sql);
      this.#statements.set(sql, kept);
      return kept;
    }
    const name = `scrm_${++named}`;
    await this.#send(protocol.serialize.parse({ name, text: sql }));
    const types = parse.parseDescribeStatementResults(await this.#send(protocol.serialize.describe({ type: 'S', name })));
    const made = { name, types };
    this.#statements.set(sql, made);
    if (this.#statements.size > this.max) await this.#forget(this.#statements.keys().next().value!);
    return made;
  }

  async #forget(sql: string) {
    const kept = this.#statements.get(sql);
    if (!kept) return;
    this.#statements.delete(sql);
    await this.#send(protocol.serialize.close({ type: 'S', name: kept.name }));
  }
}
