import type { Db } from './db.ts';

/** How much a table may grow past its last ANALYZE before its statistics are taken again (as autovacuum's 10%, plus a margin). */
export const STALE_GROWTH = 0.2;
/** Tables smaller than this many pages (8 KiB each) are left to the planner's own look at their size. */
const SMALL_PAGES = 16;

/**
 * PGlite runs no autovacuum, so a table's statistics stay as they were when it was last analyzed (at seed time,
 * or never): a list's count estimate (约 N 条) and the planner's choice of index then describe a table a tenant
 * has since filled. Each scheduler tick on PGlite asks which tables grew by more than STALE_GROWTH since (their
 * size now against the pages their statistics describe) and analyzes them, one at a time. PostgreSQL's autovacuum
 * does this itself. Resolves with the tables analyzed.
 */
export async function analyzeGrownTables(db: Pick<Db, 'kind' | 'query'>): Promise<string[]> {
  if (db.kind !== 'pglite') return [];
  const grown = await db.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'r'
        AND pg_relation_size(c.oid) / current_setting('block_size')::int > GREATEST(c.relpages * (1 + $1::float8), $2)
      ORDER BY pg_relation_size(c.oid) DESC`,
    [STALE_GROWTH, SMALL_PAGES],
  );
  for (const { name } of grown) await db.query(`ANALYZE "${name.replace(/"/g, '""')}"`);
  return grown.map((g) => g.name);
}
