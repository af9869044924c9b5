import { checkApiKey, recordKeyCall } from './api-keys.ts';
import type { SessionInfo } from './auth.ts';
import { accessTokenValid, findSession, whyEnded } from './auth.ts';
import type { Db, Queryable } from '../infra/db/db.ts';
import { amongGranted, heldNow, heldRelations, offeredTo } from './menu.ts';
import { dueForTouch, touchSession } from './presence.ts';
import type { AccessLookups, CallTable, Owner } from './access.ts';
import { log } from '../infra/logger.ts';

/*
 * The interfaces and their relations to menu pages and buttons, in the database (page_func_relation): what the access
 * chain (server/access/access.ts) and the handlers' finer rules ask. SQL, run by the API suite on PGlite and PostgreSQL.
 */

/**
 * Whether the caller's roles grant one of these pages (by component) or button codes now (a handler's finer rule).
 * Only the platform's entries count: a tenant's own entry names its component and its buttons' codes itself, and a
 * name a tenant chose never grants a system page's power.
 */
export async function grants(db: Db, s: SessionInfo, owner: { pages?: readonly string[]; buttons?: readonly string[] }): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM user_role ur
       JOIN role r ON r.id = ur.role_id AND r.tenant_id = $2
       JOIN role_perm rp ON rp.role_id = r.id
       JOIN menu m ON m.id = rp.menu_id AND m.tenant_id IS NULL AND ${offeredTo('m', '$2')}
      WHERE ur.user_id = $1
        AND ((m.uri_type = 1 AND m.component = ANY($3::text[])) OR (m.uri_type = 2 AND m.code = ANY($4::text[])))
      LIMIT 1`,
    [s.userId, s.tenantId, owner.pages ?? [], owner.buttons ?? []],
  );
  return rows.length > 0;
}

/** heldRelations for user $1, tenant $2, method $3, path $4 (a handler's finer check narrows it further). */
export const HELD_RELATIONS = heldRelations('$1', '$2', '$3', '$4');

/** mayCall's two texts (menu.ts: callAllowed's branches), written once. */
const AMONG_GRANTED = `SELECT ${amongGranted('$1', '$2', '$3::int[]')} AS allowed`;
const HELD_NOW = `SELECT ${heldNow('$1', '$2', '$3', '$4')} AS allowed`;

/** Whether the caller's roles grant a page or button related to this interface now (menu.ts: callAllowed). */
export async function mayCall(db: Db, s: SessionInfo, method: string, path: string): Promise<boolean> {
  const [row] = s.permissions
    ? await db.query<{ allowed: boolean }>(AMONG_GRANTED, [method, path, s.permissions])
    : await db.query<{ allowed: boolean }>(HELD_NOW, [s.userId, s.tenantId, method, path]);
  return row.allowed;
}

/** Whether a call belongs to the records engine: the only calls a tenant's own menu entry may be related to. */
const isRecordsCall = (owner: Owner) => typeof owner === 'object' && owner.records !== undefined;

/**
 * The server's own calls as interface rows, each marked whether it is a records call (the database relates a tenant's
 * own entry to those only); a row met for the first time gets its first relations from its owner. Run it in one
 * transaction with them (server/app.ts): a start cut short must leave no row without the relations it was made with,
 * which no later start would add (an interface an operator took from every page stays so). A call that stopped
 * being a records call leaves the tenant entries it was related to, and the server log says so.
 */
export async function syncInterfaces(db: Queryable, calls: CallTable): Promise<void> {
  const owned = calls.owners.map(([key, owner]) => {
    const [method, path] = key.split(' ');
    return { method, path, records: isRecordsCall(owner), paged: typeof owner === 'object' };
  });
  // One statement for every route (a start used to make one per route): new rows, and the records flag kept current.
  const created = await db.query<{ id: number; paged: boolean }>(
    `WITH c AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS c(method text, path text, records boolean, paged boolean)),
            ins AS (INSERT INTO api_interface (method, path, source, records) SELECT method, path, 'server', records FROM c
                    ON CONFLICT (method, path) DO UPDATE SET records = EXCLUDED.records WHERE api_interface.records <> EXCLUDED.records
                    RETURNING id, method, path, xmax = 0 AS created)
       SELECT ins.id, c.paged FROM ins JOIN c USING (method, path) WHERE ins.created`,
    [JSON.stringify(owned)],
  );
  for (const row of created) if (row.paged) await relateDefaults(db, calls, { interfaceId: row.id });
  const gone = await db.query<{ name: string; path: string }>(
    `DELETE FROM page_func_relation pf USING menu m, api_interface i
      WHERE m.id = pf.menu_id AND i.id = pf.interface_id AND m.tenant_id IS NOT NULL AND NOT i.records
     RETURNING m.name, i.path`,
  );
  if (gone.length) log.warn({ relations: gone }, 'tenant entries related to system calls: relations removed');
}

/**
 * Relates interfaces to menu rows as their routes' owners say: for one new interface (every page or button it names), or
 * for one new menu row (every call naming its component or code; also when a meta table comes to name its
 * component). A new entry of an installed page so starts with the calls that page makes.
 */
export async function relateDefaults(db: Queryable, calls: CallTable, target: { interfaceId: number } | { menuId: number }): Promise<void> {
  const rows: Array<{ key: string; pages: readonly string[]; buttons: readonly string[]; records: readonly string[] }> = [];
  for (const [key, owner] of calls.owners) {
    if (typeof owner === 'object') rows.push({ key, pages: owner.pages ?? [], buttons: owner.buttons ?? [], records: owner.records ?? [] });
  }
  const interfaceId = 'interfaceId' in target ? target.interfaceId : null;
  const menuId = 'menuId' in target ? target.menuId : null;
  await db.query(
    `INSERT INTO page_func_relation (menu_id, interface_id)
     SELECT m.id, i.id
       FROM jsonb_to_recordset($1::jsonb) AS o(key text, pages text[], buttons text[], records text[])
       JOIN api_interface i ON i.method || ' ' || i.path = o.key AND i.source = 'server'
       -- a system page's calls: the platform's entries only (a tenant names its own entries' components and codes)
       JOIN menu m ON (m.tenant_id IS NULL AND ((m.uri_type = 1 AND m.component = ANY(o.pages)) OR (m.uri_type = 2 AND m.code = ANY(o.buttons))))
          -- a records page: its component is a meta table's (a tenant's own entry: its tenant's table); a records
          -- button: <that table>:<op> under it
          OR (m.uri_type = 1 AND 'view' = ANY(o.records) AND m.component <> ''
              AND EXISTS (SELECT 1 FROM meta_table t WHERE t.component = m.component AND (m.tenant_id IS NULL OR t.tenant_id = m.tenant_id)))
          OR (m.uri_type = 2 AND split_part(m.code, ':', 2) = ANY(o.records)
              AND EXISTS (SELECT 1 FROM menu p JOIN meta_table t ON t.component = p.component AND p.component <> ''
                           WHERE p.id = m.parent_id AND t.name = split_part(m.code, ':', 1)
                             AND (m.tenant_id IS NULL OR t.tenant_id = m.tenant_id)))
      WHERE ($2::int IS NULL OR i.id = $2) AND ($3::int IS NULL OR m.id = $3)
     ON CONFLICT DO NOTHING`,
    [JSON.stringify(rows), interfaceId, menuId],
  );
}

/** The lookups on a database (the server's); tests give the chain their own. */
export const dbLookups = (db: Db): AccessLookups => ({
  findSession: (token, call, accessToken) => findSession(db, token, call, accessToken),
  whyEnded: (token) => whyEnded(db, token),
  accessTokenValid: (session, token) => accessTokenValid(db, session, token),
  touch: async (session) => {
    if (dueForTouch(session.lastSeenAt)) await touchSession(db, session.tokenHash);
  },
  mayCall: (session, method, path) => mayCall(db, session, method, path),
  checkApiKey: (key) => checkApiKey(db, key),
  recordKeyCall: async (keyId, tenantId, method, path, outcome, ip) => {
    await recordKeyCall(db, keyId, tenantId, method, path, outcome, ip);
  },
  interfaceId: async (method, path) =>
    (await db.query<{ id: number }>('SELECT id FROM api_interface WHERE method = $1 AND path = $2', [method, path]))[0]?.id,
});
