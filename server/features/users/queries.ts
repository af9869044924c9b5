import type { SessionInfo } from '../../access/auth.ts';
import { PER_CALL, type Db } from '../../infra/db/db.ts';
import { departmentScope } from '../../access/permissions.ts';
import { contains } from '../../infra/db/like.ts';
import { USER_FIELDS, USER_SORT_FIELDS, type UserFilters, type UserInput, type UserRow } from '@/api/schema/system/user.ts';
import { declaredCells, declaredEntries } from '@/api/schema/resource.ts';

/*
 * The users' SQL, in one place (issue 44 part 4): the list and its export walk, one user, a save's INSERT and
 * UPDATE, and the import's many-row INSERT. The routes (server/routes/system/users.ts, excel.ts, user-import.ts)
 * decide who may do what; the statements are here, and each declared field (USER_FIELDS) is read and written by them.
 */

/** The users' declared fields (USER_FIELDS): their columns and the names the calls give them. */
const DECLARED = declaredEntries(USER_FIELDS);

/** A user row as lists and details answer it. `createdAt` is an instant (ISO 8601); the client formats it. */
const USER_COLUMNS = `u.id, u.user_name AS "userName", u.nickname, u.phone, u.user_type AS "userType", u.status,
  u.store_id AS "storeId", u.depart_ids AS "departIds", to_json(u.created_at) #>> '{}' AS "createdAt",
  ${DECLARED.map(([name, f]) => `u.${f.column} AS "${name}",`).join(' ')}
  COALESCE((SELECT array_agg(r.id ORDER BY r.id) FROM user_role ur JOIN role r ON r.id = ur.role_id AND r.tenant_id = u.tenant_id
             WHERE ur.user_id = u.id), '{}') AS "roleIds",
  COALESCE((SELECT string_agg(r.name, '、' ORDER BY r.id) FROM user_role ur JOIN role r ON r.id = ur.role_id AND r.tenant_id = u.tenant_id
             WHERE ur.user_id = u.id), '') AS "roleNames"`;

/** What a keyword is looked for in: one expression, so one trigram index serves it (migration 007). */
const SEARCH_TEXT = `(u.user_name || ' | ' || u.nickname || ' | ' || u.phone)`;

/** Columns a list may be sorted by (the client names them; anything else is refused). */
const SORTABLE: Readonly<Record<(typeof USER_SORT_FIELDS)[number], string>> = {
  id: 'u.id',
  userName: 'u.user_name',
  nickname: 'u.nickname',
  userType: 'u.user_type',
  status: 'u.status',
  createdAt: 'u.created_at',
};

/** One user of the tenant as lists and details answer it (deleted users are no one), or undefined. */
export async function userById(db: Db, tenantId: number, id: number): Promise<UserRow | undefined> {
  const [row] = await db.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM app_user u WHERE u.id = $1 AND u.tenant_id = $2 AND u.deleted_at IS NULL`,
    [id, tenantId],
  );
  return row;
}

/**
 * A new user and their roles in one statement, or nothing (a parallel save of the same account loses on the unique
 * index: the caller says so). `mustChange`: the administrator chose the password, to be replaced at the first sign-in.
 */
export const insertUser = (db: Db, tenantId: number, input: UserInput, hash: string, mustChange: boolean) =>
  db.query<{ id: number }>(
    `WITH u AS (INSERT INTO app_user (tenant_id, user_name, password_hash, nickname, phone, user_type, store_id, depart_ids,
                                  must_change_password${DECLARED.map(([, f]) => `, ${f.column}`).join('')})
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $10${DECLARED.map((_, i) => `, $${11 + i}`).join('')}) RETURNING id),
          r AS (INSERT INTO user_role (user_id, role_id) SELECT u.id, unnest($9::int[]) FROM u)
     SELECT id FROM u`,
    [
      tenantId,
      input.userName,
      hash,
      input.nickname,
      input.phone,
      input.userType,
      input.storeId,
      input.departIds,
      input.roleIds,
      mustChange,
      ...declaredCells(USER_FIELDS, input),
    ],
  );

/** An edit of a user's fields; their roles are replaced only when they changed. */
export const updateUser = (db: Db, tenantId: number, input: UserInput, rolesChanged: boolean) =>
  db.query(
    `WITH u AS (UPDATE app_user SET nickname = $3, phone = $4, user_type = $5, store_id = $6, depart_ids = $7, updated_at = now()
                       ${DECLARED.map(([, f], i) => `, ${f.column} = $${10 + i}`).join('')}
                 WHERE id = $1 AND tenant_id = $2 RETURNING id),
          d AS (DELETE FROM user_role WHERE $9 AND user_id IN (SELECT id FROM u)),
          r AS (INSERT INTO user_role (user_id, role_id) SELECT u.id, unnest($8::int[]) FROM u WHERE $9)
     SELECT id FROM u`,
    [
      input.id,
      tenantId,
      input.nickname,
      input.phone,
      input.userType,
      input.storeId,
      input.departIds,
      input.roleIds,
      rolesChanged,
      ...declaredCells(USER_FIELDS, input),
    ],
  );

/** Saves an import's rows (users and their roles) in one statement; answers how many were made. */
export const insertUsers = (db: Db, tenantId: number, hash: string, rows: ReadonlyArray<{ input: object }>, mustChange: boolean) =>
  db.query<{ n: number }>(
    `WITH src AS (SELECT * FROM jsonb_to_recordset($3::jsonb) AS x("userName" text, nickname text, phone text, "userType" int, "departIds" int[], "roleIds" int[]
                                                                   ${DECLARED.map(([name]) => `, "${name}" text`).join('')})),
          u AS (INSERT INTO app_user (tenant_id, user_name, password_hash, nickname, phone, user_type, depart_ids, must_change_password
                                      ${DECLARED.map(([, f]) => `, ${f.column}`).join('')})
                SELECT $1, "userName", $2, nickname, phone, "userType", "departIds", $4 ${DECLARED.map(([name]) => `, "${name}"`).join('')}
                  FROM src RETURNING id, user_name),
          r AS (INSERT INTO user_role (user_id, role_id) SELECT u.id, unnest(src."roleIds") FROM u JOIN src ON src."userName" = u.user_name)
     SELECT count(*)::int AS n FROM u`,
    [tenantId, hash, JSON.stringify(rows.map((r) => r.input)), mustChange],
  );

/** The SQL of the users list's filters within the caller's scope, its sort column and direction, and how many match. */
async function usersWhere(db: Db, s: SessionInfo, filters: UserFilters) {
  const { keyword, status, userType, roleId, departId } = filters;
  const column = SORTABLE[filters.sortField];
  const direction: 'ASC' | 'DESC' = filters.sortOrder === 'descend' ? 'DESC' : 'ASC';
  const scope = await departmentScope(db, s);
  // Keyword: account, nickname or phone containing it (LIKE wildcards in the keyword match themselves).
  const like = contains(keyword);
  const where = `u.tenant_id = $1 AND u.deleted_at IS NULL
      AND ($2 = '' OR ${SEARCH_TEXT} ILIKE $3)
      AND ($4::int[] IS NULL OR u.depart_ids && $4::int[])
      AND ($5::int IS NULL OR u.status = $5) AND ($6::int IS NULL OR u.user_type = $6)
      AND ($7::int IS NULL OR EXISTS (SELECT 1 FROM user_role ur WHERE ur.user_id = u.id AND ur.role_id = $7))
      AND ($8::int IS NULL OR $8 = ANY(u.depart_ids))`;
  const params = [s.tenantId, keyword, like, scope, status, userType, roleId, departId];
  // A keyword is best found by the trigram index when it is rare and by the sort's index when it is common: such a
  // list is planned for its keyword each time. Without one, the plan is the same for every call.
  const plan = keyword ? PER_CALL : undefined;
  const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM app_user u WHERE ${where}`, params, plan);
  return { where, params, column, direction, n, plan };
}

/**
 * The users of the list's filters, sort and page, within the caller's scope (the list, and the export of the
 * same rows). The page's ids are chosen first (an index walk), then only those rows get their roles.
 */
export async function queryUsers(db: Db, s: SessionInfo, filters: UserFilters, pageNum: number, pageSize: number) {
  const { where, params, column, direction, n, plan } = await usersWhere(db, s, filters);
  const offset = (pageNum - 1) * pageSize;
  if (offset >= n) return { rows: [] as UserRow[], count: n };
  // A page past the middle is read from the other end (order reversed, a shorter offset), then put back in order.
  const fromEnd = offset > n / 2;
  const take = Math.min(pageSize, n - offset);
  const order = fromEnd ? (direction === 'ASC' ? 'DESC' : 'ASC') : direction;
  // The page's ids first (an index walk), then the columns of those rows only: the role look-ups never run for
  // the rows a deep page skips.
  const rows = await db.query(
    `WITH page AS (SELECT u.id, row_number() OVER () AS n FROM (
                     SELECT u.id FROM app_user u WHERE ${where} ORDER BY ${column} ${order}, u.id ${order} LIMIT $9 OFFSET $10) u)
     SELECT ${USER_COLUMNS} FROM page JOIN app_user u ON u.id = page.id ORDER BY page.n ${fromEnd ? 'DESC' : 'ASC'}`,
    [...params, take, fromEnd ? n - offset - take : offset],
    plan,
  );
  return { rows: rows as unknown as UserRow[], count: n };
}

/** Where a walk of the users list stands: the last row's sort key (as text) and id. */
export interface UserCursor {
  k: string;
  id: number;
}

/** The SQL type a sort column's key is read back as, so a cursor compares as the column does. */
const SORT_TYPES: Readonly<Record<string, string>> = {
  'u.id': 'bigint',
  'u.user_name': 'text',
  'u.nickname': 'text',
  'u.user_type': 'int',
  'u.status': 'int',
  'u.created_at': 'timestamptz',
};

/**
 * The users list (its filters, sort and the caller's scope) counted, and walked slice by slice in its order by a
 * keyset (sort key, id: every sort column is NOT NULL), for an export of any length: no OFFSET, and a user added
 * meanwhile neither repeats nor hides a row.
 */
export async function walkUsers(db: Db, s: SessionInfo, filters: UserFilters) {
  const { where, params, column, direction, n, plan } = await usersWhere(db, s, filters);
  const next = async (after: UserCursor | null, limit: number) => {
    const p: unknown[] = [...params];
    const at = (v: unknown) => `$${p.push(v)}`;
    const past = after
      ? ` AND (${column}, u.id) ${direction === 'ASC' ? '>' : '<'} (${at(after.k)}::${SORT_TYPES[column]}, ${at(after.id)})`
      : '';
    const rows = await db.query<UserRow & { k: string }>(
      `SELECT ${USER_COLUMNS}, (${column})::text AS k FROM app_user u WHERE ${where}${past}
        ORDER BY ${column} ${direction}, u.id ${direction} LIMIT ${limit}`,
      p,
      plan,
    );
    const last = rows.at(-1);
    return { rows, cursor: last && rows.length === limit ? { k: last.k, id: last.id } : null };
  };
  return { count: n, next };
}
