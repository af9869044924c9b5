import type { Queryable } from '../../infra/db/db.ts';
import type { CollectionFileRow, CollectionRow } from '@/api/table/meta.ts';

/*
 * The document collections' SQL (issue 44 part 4): SPEC's "Mongo tables", kept in this database (tables collection
 * and collection_file, migration 041) with their files. The routes (server/features/collections/routes.ts) check the input; the statements are here, each kept to its tenant.
 */

/** One collection of the tenant (its id and name), or undefined. */
export async function collectionById(db: Queryable, tenantId: number, id: number) {
  const [row] = await db.query<{ id: number; name: string }>('SELECT id, name FROM collection WHERE id = $1 AND tenant_id = $2', [
    id,
    tenantId,
  ]);
  return row;
}

/** The tenant's collections whose name or remark contain the keyword, with their files' count and size, by name. */
export const collections = (db: Queryable, tenantId: number, keyword: string) =>
  db.query<CollectionRow>(
    `SELECT t.id, t.name, t.remark, to_json(t.created_at) #>> '{}' AS "createdAt",
            (SELECT count(*)::int FROM collection_file f WHERE f.collection_id = t.id) AS "fileCount",
            (SELECT COALESCE(sum(f.size), 0)::int FROM collection_file f WHERE f.collection_id = t.id) AS size
       FROM collection t WHERE t.tenant_id = $1 AND ($2 = '' OR strpos(lower(t.name || ' ' || t.remark), lower($2)) > 0)
      ORDER BY t.name LIMIT 1000`,
    [tenantId, keyword],
  );

/** A new collection (the unique index refuses a taken name: the caller says so); its id. */
export async function insertCollection(db: Queryable, tenantId: number, name: string, remark: string): Promise<number> {
  const [row] = await db.query<{ id: number }>('INSERT INTO collection (tenant_id, name, remark) VALUES ($1, $2, $3) RETURNING id', [
    tenantId,
    name,
    remark,
  ]);
  return row.id;
}

/** A collection deleted with its files. */
export async function deleteCollection(db: Queryable, tenantId: number, id: number): Promise<void> {
  await db.query('DELETE FROM collection WHERE id = $1 AND tenant_id = $2', [id, tenantId]);
}

/** A collection's files (without their content), by name. */
export const filesOf = (db: Queryable, collectionId: number) =>
  db.query<CollectionFileRow>(
    `SELECT id, collection_id AS "tableId", name, content_type AS "contentType", size, to_json(created_at) #>> '{}' AS "createdAt"
       FROM collection_file WHERE collection_id = $1 ORDER BY name`,
    [collectionId],
  );

/** A file added to a collection (the unique index refuses a taken name: the caller says so); its id. */
export async function insertFile(
  db: Queryable,
  tenantId: number,
  collectionId: number,
  file: { name: string; contentType: string; size: number; content: Buffer },
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO collection_file (tenant_id, collection_id, name, content_type, size, content) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [tenantId, collectionId, file.name, file.contentType, file.size, file.content],
  );
  return row.id;
}

/** A file of the tenant deleted; false when there was none. */
export async function deleteFile(db: Queryable, tenantId: number, id: number): Promise<boolean> {
  return (await db.query('DELETE FROM collection_file WHERE id = $1 AND tenant_id = $2 RETURNING id', [id, tenantId])).length > 0;
}
