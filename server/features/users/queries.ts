import type { SessionInfo } from '../../access/auth.ts';
import { PER_CALL, type Db } from '../../infra/db/db.ts';
import { departmentScope } from '../../access/permissions.ts';
import { contains } from '../../infra/db/like.ts';
import { USER_FIELDS, USER_SORT_FIELDS, type UserFilters, type UserInput, type UserRow } from '@/api/schema/system/user.ts';
import { declaredCells, storedEntries } from '@/api/schema/resource.ts';
import type { ImportProblem } from '@/api/contract/jobs.ts';

/*
 * The users' SQL, in one place (issue 44 part 4): the list and its export walk, one user, a save's INSERT and
 * UPDATE, and the import's many-row INSERT. The routes (server/features/users/routes.ts, excel.ts, user-import.ts)
 * decide who may do what; the statements are here, and each declared field (USER_FIELDS) is read and written by them.
 */

/** The users' declared fields (USER_FIELDS): their columns and the names the calls give them. */
const DECLARED = storedEntries(USER_FIELDS);

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

/** The SQL of the users list's filters within the caller's scope, and its sort column and direction. */
function usersWhere(s: SessionInfo, filters: UserFilters) {
  const { keyword, status, userType, roleId, departId } = filters;
  const column = SORTABLE[filters.sortField];
  const direction: 'ASC' | 'DESC' = filters.sortOrder === 'descend' ? 'DESC' : 'ASC';
  const scope = departmentScope(s);
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
  return { where, params, column, direction, plan };
}

type UsersList = ReturnType<typeof usersWhere>;

/** How many users a list's filters match, as SQL (the count alone, or beside the first page). */
const countSql = (list: UsersList) => `SELECT count(*)::int AS n FROM app_user u WHERE ${list.where}`;

/** A page's ids in `order` ($9 rows past $10), numbered in that order, as SQL: an index walk of the list's order. */
const pageSql = (list: UsersList, order: 'ASC' | 'DESC') =>
  `SELECT u.id, row_number() OVER () AS n FROM (
     SELECT u.id FROM app_user u WHERE ${list.where} ORDER BY ${list.column} ${order}, u.id ${order} LIMIT $9 OFFSET $10) u`;

/** How many users a list's filters match (usersWhere). */
async function countUsers(db: Db, list: UsersList): Promise<number> {
  const [{ n }] = await db.query<{ n: number }>(countSql(list), list.params, list.plan);
  return n;
}

/**
 * The users of the list's filters, sort and page, within the caller's scope (the list, and the export of the
 * same rows). The page's ids are chosen first (an index walk), then only those rows get their roles.
 */
export async function queryUsers(db: Db, s: SessionInfo, filters: UserFilters, pageNum: number, pageSize: number) {
  const list = usersWhere(s, filters);
  const { params, direction, plan } = list;
  if (pageNum === 1) {
    // The first page (the list's most common call) and the count in one statement: one row with no user when
    // nothing matches.
    const found = await db.query<UserRow & { total: number }>(
      `WITH c AS (${countSql(list)}), page AS (${pageSql(list, direction)})
       SELECT c.n AS total, ${USER_COLUMNS} FROM c LEFT JOIN (page JOIN app_user u ON u.id = page.id) ON true ORDER BY page.n`,
      [...params, pageSize, 0],
      plan,
    );
    const rows = found.filter((r) => r.id !== null).map(({ total: _, ...row }) => row);
    return { rows: rows as UserRow[], count: found[0]?.total ?? 0 };
  }
  const n = await countUsers(db, list);
  const offset = (pageNum - 1) * pageSize;
  if (offset >= n) return { rows: [] as UserRow[], count: n };
  // A page past the middle is read from the other end (order reversed, a shorter offset), then put back in order.
  const fromEnd = offset > n / 2;
  const take = Math.min(pageSize, n - offset);
  const order = fromEnd ? (direction === 'ASC' ? 'DESC' : 'ASC') : direction;
  // The page's ids first (an index walk), then the columns of those rows only: the role look-ups never run for
  // the rows a deep page skips.
  const rows = await db.query(
    `WITH page AS (${pageSql(list, order)})
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
  const list = usersWhere(s, filters);
  const { where, params, column, direction, plan } = list;
  const n = await countUsers(db, list);
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

/** Whether `userId` is the last enabled userType 0 account of the tenant (it must never go). */
export async function isLastAdmin(db: Db, tenantId: number, userId: number): Promise<boolean> {
  const [row] = await db.query<{ others: number; is_admin: boolean }>(
    `SELECT count(*) FILTER (WHERE id <> $2)::int AS others, bool_or(id = $2) AS is_admin
       FROM app_user WHERE tenant_id = $1 AND user_type = 0 AND status = 1 AND deleted_at IS NULL`,
    [tenantId, userId],
  );
  return Boolean(row?.is_admin) && row.others === 0;
}

/** A user deleted (kept, marked and disabled); false when there was no such user. */
export async function deleteUser(db: Db, tenantId: number, id: number): Promise<boolean> {
  const rows = await db.query(
    'UPDATE app_user SET deleted_at = now(), status = 0 WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL RETURNING id',
    [id, tenantId],
  );
  return rows.length > 0;
}

/** A user enabled (1) or disabled (0). */
export const setUserStatus = (db: Db, tenantId: number, id: number, status: 0 | 1) =>
  db.query('UPDATE app_user SET status = $3, updated_at = now() WHERE id = $1 AND tenant_id = $2', [id, tenantId, status]);

/** Whether an account name is taken, in any tenant and in any case (names are unique across tenants). */
export async function accountTaken(db: Db, userName: string): Promise<boolean> {
  const [taken] = await db.query('SELECT 1 FROM app_user WHERE lower(user_name) = lower($1)', [userName]);
  return Boolean(taken);
}

/** The account names of `names` (lower case) that are taken: an import checks its rows at once. */
export async function takenAccounts(db: Db, names: readonly string[]): Promise<Set<string>> {
  const rows = await db.query<{ n: string }>('SELECT lower(user_name) AS n FROM app_user WHERE lower(user_name) = ANY($1::text[])', [
    names,
  ]);
  return new Set(rows.map((r) => r.n));
}

/** Whether another user of the tenant (not `exceptId`) has this phone. */
export async function phoneTaken(db: Db, tenantId: number, phone: string, exceptId: number | null): Promise<boolean> {
  const [owner] = await db.query(
    'SELECT 1 FROM app_user WHERE tenant_id = $1 AND phone = $2 AND deleted_at IS NULL AND ($3::int IS NULL OR id <> $3)',
    [tenantId, phone, exceptId],
  );
  return Boolean(owner);
}

/** The tenant's users' phones: an import checks its rows at once. */
export async function tenantPhones(db: Db, tenantId: number): Promise<Set<string>> {
  const rows = await db.query<{ phone: string }>(`SELECT phone FROM app_user WHERE tenant_id = $1 AND phone <> '' AND deleted_at IS NULL`, [
    tenantId,
  ]);
  return new Set(rows.map((r) => r.phone));
}

/** The tenant's roles (id and name), first made first. */
export const tenantRoles = (db: Db, tenantId: number) =>
  db.query<{ id: number; name: string }>('SELECT id, name FROM role WHERE tenant_id = $1 ORDER BY id', [tenantId]);

/** An account's departments, in the tenant (deleted accounts are no one), or undefined. */
export async function accountDeparts(db: Db, tenantId: number, userId: number): Promise<number[] | undefined> {
  const [user] = await db.query<{ depart_ids: number[] }>(
    'SELECT depart_ids FROM app_user WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL',
    [userId, tenantId],
  );
  return user?.depart_ids;
}

/** How many of `ids` are the tenant's departments, and how many its roles (a save names only its own tenant's). */
export async function ownedCounts(db: Db, tenantId: number, departIds: readonly number[], roleIds: readonly number[]) {
  const [row] = await db.query<{ departs: number; roles: number }>(
    `SELECT (SELECT count(*)::int FROM depart WHERE tenant_id = $1 AND id = ANY($2::int[])) AS departs,
            (SELECT count(*)::int FROM role WHERE tenant_id = $1 AND id = ANY($3::int[])) AS roles`,
    [tenantId, departIds, roleIds],
  );
  return row;
}

/** A users import job as its author sees it (its progress and report hold people outside other users' scope). */
export async function importJobOf(db: Db, s: SessionInfo, jobId: number) {
  const [job] = await db.query<{
    jobId: string | number;
    status: string;
    total: number;
    processed: number;
    created: number;
    report: unknown;
    message: string;
  }>(
    `SELECT id AS "jobId", status, total, processed, created, report, message FROM import_job WHERE id = $1 AND tenant_id = $2 AND user_id = $3`,
    [jobId, s.tenantId, s.userId],
  );
  return job;
}

/** A users import job begun: its rows checked (`processed` refused ones), its report and refused rows so far. */
export async function insertImportJob(db: Db, s: SessionInfo, total: number, processed: number, report: unknown, failed: unknown) {
  const [job] = await db.query<{ id: string }>(
    `INSERT INTO import_job (tenant_id, user_id, kind, total, processed, report, failed_rows)
     VALUES ($1, $2, 'users', $3, $4, $5::jsonb, $6::jsonb) RETURNING id`,
    [s.tenantId, s.userId, total, processed, JSON.stringify(report), JSON.stringify(failed)],
  );
  return Number(job.id);
}

/** An import job done: every row processed. */
export const finishImportJob = (db: Db, jobId: number) =>
  db.query(`UPDATE import_job SET status = 'done', processed = total, updated_at = now() WHERE id = $1`, [jobId]);

/** An import job stopped at its author's request (the rows saved so far stay). */
export const cancelImportJob = (db: Db, jobId: number) =>
  db.query(`UPDATE import_job SET status = 'cancelled', updated_at = now() WHERE id = $1`, [jobId]);

/** An import job failed, saying why (the rows saved so far stay). */
export const failImportJob = (db: Db, jobId: number, message: string) =>
  db.query(`UPDATE import_job SET status = 'failed', message = $2, updated_at = now() WHERE id = $1`, [jobId, message]);

/** Whether the job's author asked it to stop. */
export async function importCancelRequested(db: Db, jobId: number): Promise<boolean> {
  const [job] = await db.query<{ cancel_requested: boolean }>('SELECT cancel_requested FROM import_job WHERE id = $1', [jobId]);
  return Boolean(job?.cancel_requested);
}

/** The author's request that a running import stop (seen between chunks). */
export const requestImportCancel = (db: Db, s: SessionInfo, jobId: number) =>
  db.query(`UPDATE import_job SET cancel_requested = true WHERE id = $1 AND tenant_id = $2 AND user_id = $3 AND status = 'processing'`, [
    jobId,
    s.tenantId,
    s.userId,
  ]);

/** A chunk's progress: rows processed, users made, and the rows refused late (with their cells for the error file). */
export const noteImportProgress = (db: Db, jobId: number, processed: number, created: number, late: unknown, lateRows: unknown) =>
  db.query(
    `UPDATE import_job SET processed = $2, created = created + $3, report = report || $4::jsonb, failed_rows = failed_rows || $5::jsonb,
            updated_at = now() WHERE id = $1`,
    [jobId, processed, created, JSON.stringify(late), JSON.stringify(lateRows)],
  );

/** An import's refused rows and their reasons, for its author only (the error file). */
export async function importErrorsOf(db: Db, s: SessionInfo, jobId: number) {
  const [job] = await db.query<{ report: ImportProblem[]; failed_rows: Record<string, string[]> }>(
    `SELECT report, failed_rows FROM import_job WHERE id = $1 AND tenant_id = $2 AND user_id = $3 AND kind = 'users'`,
    [jobId, s.tenantId, s.userId],
  );
  return job;
}
