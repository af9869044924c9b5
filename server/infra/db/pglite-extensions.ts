/**
 * The extensions every PGlite database of this console is opened with (PostgreSQL has them in contrib, trusted since
 * 13): pg_trgm for substring search in lists (trigram indexes), btree_gin for GIN indexes that also hold a user
 * (the operation log's text search within a caller's scope: migration 038).
 */
export async function pgliteExtensions() {
  const [{ pg_trgm }, { btree_gin }] = await Promise.all([
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/btree_gin'),
  ]);
  return { pg_trgm, btree_gin };
}
