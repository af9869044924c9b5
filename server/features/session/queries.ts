import type { Queryable } from '../../infra/db/db.ts';
import { sqlId } from '../../services/records.ts';
import { TENANT_ACTIVE } from '../../access/auth.ts';
import { PERMITTED_MENU_IDS } from '../../access/menu.ts';
import { isOnline } from '../../access/presence.ts';
import type { UserInfo } from '@/api/table/session.ts';

/*
 * The session's SQL (issue 44 part 4): sign-in and registration (server/features/session/passport.ts), the shell's own
 * calls (shell.ts), the SMS and bind-phone calls (sms.ts), one's own password (user-center.ts) and the online users
 * (online.ts). The routes decide who may do what and what is logged; the statements are here.
 */

// ---- single-use keys ----

/** A new single-use AES key, kept `ttlSeconds`; expired keys are dropped first. */
export async function storeAesKey(db: Queryable, keyId: string, keyB64: string, ttlSeconds: number): Promise<void> {
  await db.query(`DELETE FROM aes_key WHERE expires_at < now()`);
  await db.query(`INSERT INTO aes_key (key_id, key_b64, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`, [
    keyId,
    keyB64,
    ttlSeconds,
  ]);
}

/** One statement: a live key spent (used once, whatever follows); its text, or undefined when it is spent or gone. */
export async function spendAesKey(db: Queryable, keyId: string): Promise<string | undefined> {
  const [key] = await db.query<{ key_b64: string }>(
    `UPDATE aes_key SET used_at = now() WHERE key_id = $1 AND used_at IS NULL AND expires_at > now() RETURNING key_b64`,
    [keyId],
  );
  return key?.key_b64;
}

// ---- tenants the public pages name ----

/**
 * The active tenant the public pages work in: by code when given, else by id (the platform operator's last), or
 * undefined.
 */
export async function publicTenant(db: Queryable, code: string | null, id: number | null, platformTenant: number) {
  const [tenant] = await db.query<{ id: number; name: string; code: string }>(
    `SELECT t.id, t.name, t.code FROM tenant t
      WHERE ${TENANT_ACTIVE} AND ($1::text IS NULL OR lower(t.code) = lower($1)) AND ($2::int IS NULL OR $1::text IS NOT NULL OR t.id = $2)
      ORDER BY (t.id = $3), t.id LIMIT 1`,
    [code, id, platformTenant],
  );
  return tenant;
}

/** Whether a tenant of this id exists. */
export async function tenantExists(db: Queryable, id: number): Promise<boolean> {
  return (await db.query('SELECT id FROM tenant WHERE id = $1', [id])).length > 0;
}

// ---- accounts ----

/** The enabled accounts of active tenants bound to a phone, with their tenant's name, by tenant. */
export const accountsOfPhone = (db: Queryable, phone: string) =>
  db.query<{ id: number; tenant_id: number; tenant_name: string }>(
    `SELECT u.id, u.tenant_id, t.name AS tenant_name FROM app_user u JOIN tenant t ON t.id = u.tenant_id
      WHERE u.phone = $1 AND u.status = 1 AND ${TENANT_ACTIVE} ORDER BY u.tenant_id, u.id`,
    [phone],
  );

/** An account's password replaced by this hash. */
export async function setPasswordHash(db: Queryable, userId: number, hash: string): Promise<void> {
  await db.query('UPDATE app_user SET password_hash = $1 WHERE id = $2', [hash, userId]);
}

/** Whether any tenant has an account of exactly this name. */
export async function accountNameTaken(db: Queryable, userName: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM app_user WHERE user_name = $1', [userName])).length > 0;
}

/** The account of this name (its id and tenant), or undefined. */
export async function accountNamed(db: Queryable, userName: string) {
  const [row] = await db.query<{ id: number; tenant_id: number }>('SELECT id, tenant_id FROM app_user WHERE user_name = $1', [userName]);
  return row;
}

/** What signing in as this account needs to know: its hash, its state and its tenant's, or undefined. */
export async function signInAccount(db: Queryable, userName: string) {
  const [user] = await db.query<{ id: number; tenant_id: number; password_hash: string; status: number; tenant_active: boolean }>(
    `SELECT u.id, u.tenant_id, u.password_hash, u.status, ${TENANT_ACTIVE} AS tenant_active
       FROM app_user u JOIN tenant t ON t.id = u.tenant_id WHERE u.user_name = $1`,
    [userName],
  );
  return user;
}

/** An account's name, or undefined. */
export async function accountName(db: Queryable, userId: number): Promise<string | undefined> {
  const [owner] = await db.query<{ user_name: string }>('SELECT user_name FROM app_user WHERE id = $1', [userId]);
  return owner?.user_name;
}

/**
 * One statement, so a failure leaves nothing half made: a registered tenant (id from its sequence), its department,
 * its admin role with the pages a new tenant starts with, the account (userType 0) and its settings. Its id (a
 * parallel registration of the same account name loses on the unique index: the caller says so).
 */
export async function registerTenant(
  db: Queryable,
  f: { tenantName: string; userName: string; hash: string; nickname: string; phone: string; pages: number[] },
): Promise<number> {
  const [row] = await db.query<{ tenant_id: number }>(
    `WITH t AS (INSERT INTO tenant (name) VALUES ($1) RETURNING id),
          d AS (INSERT INTO depart (tenant_id, depart_name) SELECT id, '总部' FROM t RETURNING id),
          r AS (INSERT INTO role (tenant_id, name) SELECT id, '超级管理员' FROM t RETURNING id),
          u AS (INSERT INTO app_user (tenant_id, user_name, password_hash, nickname, phone, user_type, depart_ids)
                SELECT t.id, $2, $3, $4, $5, 0, ARRAY[d.id] FROM t, d RETURNING id),
          ur AS (INSERT INTO user_role (user_id, role_id) SELECT u.id, r.id FROM u, r),
          tp AS (INSERT INTO tenant_page (tenant_id, menu_id) SELECT t.id, m FROM t, unnest($6::int[]) m),
          rp AS (INSERT INTO role_perm (role_id, menu_id) SELECT r.id, m FROM r, unnest($6::int[]) m),
          ss AS (INSERT INTO system_setting (tenant_id, type, params) SELECT id, 'scrm_overall_params', '{"enableWaterMark":false}' FROM t)
     SELECT id AS tenant_id FROM t`,
    [f.tenantName, f.userName, f.hash, f.nickname, f.phone, f.pages],
  );
  return row.tenant_id;
}

/** One's own name and hash (deleted accounts are no one), or undefined. */
export async function ownCredentials(db: Queryable, tenantId: number, userId: number) {
  const [me] = await db.query<{ user_name: string; password_hash: string }>(
    'SELECT user_name, password_hash FROM app_user WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL',
    [userId, tenantId],
  );
  return me;
}

/**
 * One's password replaced (no longer an initial one to change) and every other session of the account ended with
 * its access tokens; the ended sessions' ids. Run it in a transaction: never one without the other.
 */
export async function replaceOwnPassword(db: Queryable, s: { tenantId: number; userId: number; tokenHash: string }, hash: string) {
  await db.query('UPDATE app_user SET password_hash = $3, must_change_password = false WHERE id = $1 AND tenant_id = $2', [
    s.userId,
    s.tenantId,
    hash,
  ]);
  const ended = await db.query<{ id: string }>(
    `WITH ended AS (UPDATE user_session SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL AND token_hash <> $2
                      RETURNING id, token_hash),
          gone AS (DELETE FROM access_token WHERE session_hash IN (SELECT token_hash FROM ended))
     SELECT id::text AS id FROM ended`,
    [s.userId, s.tokenHash],
  );
  return ended.map((e) => e.id);
}

/** One's nickname and avatar. */
export async function updateProfile(db: Queryable, tenantId: number, userId: number, f: { nickname: string; headimgurl: string }) {
  await db.query('UPDATE app_user SET nickname = $3, headimgurl = $4 WHERE id = $1 AND tenant_id = $2', [
    userId,
    tenantId,
    f.nickname,
    f.headimgurl,
  ]);
}

/** Another enabled account of the tenant bound to this phone (its id and name), or undefined. */
export async function otherAccountWithPhone(db: Queryable, tenantId: number, phone: string, userId: number) {
  const [owner] = await db.query<{ id: number; user_name: string }>(
    'SELECT id, user_name FROM app_user WHERE tenant_id = $1 AND phone = $2 AND status = 1 AND id <> $3 ORDER BY id LIMIT 1',
    [tenantId, phone, userId],
  );
  return owner;
}

/** One's phone bound. */
export async function bindPhone(db: Queryable, tenantId: number, userId: number, phone: string): Promise<void> {
  await db.query('UPDATE app_user SET phone = $1 WHERE id = $2 AND tenant_id = $3', [phone, userId, tenantId]);
}

// ---- sessions ----

/**
 * One statement: a live link's session ended, handing over its owner and its end (an enabled account of an active
 * tenant), or undefined. A link exchanged twice in parallel works once.
 */
export async function spendLinkSession(db: Queryable, tokenHash: string) {
  const [source] = await db.query<{ user_id: number; tenant_id: number; expires_at: Date }>(
    `UPDATE user_session s SET revoked_at = now()
       FROM app_user u, tenant t
      WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()
        AND u.id = s.user_id AND u.tenant_id = s.tenant_id AND u.status = 1 AND t.id = s.tenant_id AND ${TENANT_ACTIVE}
      RETURNING s.user_id, s.tenant_id, s.expires_at`,
    [tokenHash],
  );
  return source;
}

/** A session's access tokens dropped. */
export async function dropAccessTokens(db: Queryable, sessionHash: string): Promise<void> {
  await db.query('DELETE FROM access_token WHERE session_hash = $1', [sessionHash]);
}

/** A new access token of a session, valid until `deadline` (ms since the epoch); the session's expired ones go first. */
export async function storeAccessToken(db: Queryable, sessionHash: string, tokenHash: string, deadline: number): Promise<void> {
  await db.query('DELETE FROM access_token WHERE session_hash = $1 AND deadline < now()', [sessionHash]);
  await db.query('INSERT INTO access_token (token_hash, session_hash, deadline) VALUES ($1, $2, to_timestamp($3 / 1000.0))', [
    tokenHash,
    sessionHash,
    deadline,
  ]);
}

/** A session ended (signed out). */
export async function revokeSession(db: Queryable, tokenHash: string): Promise<void> {
  await db.query('UPDATE user_session SET revoked_at = now() WHERE token_hash = $1', [tokenHash]);
}

/** The session's permissions computed and stored with their time, in one statement (the menu tree reads them). */
export async function storePermissions(db: Queryable, s: { userId: number; tenantId: number; tokenHash: string }): Promise<void> {
  await db.query(
    `UPDATE user_session SET permissions = ARRAY(SELECT id FROM (${PERMITTED_MENU_IDS}) p ORDER BY id)::int[], permissions_at = clock_timestamp()
      WHERE token_hash = $3`,
    [s.userId, s.tenantId, s.tokenHash],
  );
}

/** A tenant's stored parameters under one key (JSON text), or undefined. */
export async function tenantSetting(db: Queryable, tenantId: number, type: string): Promise<string | undefined> {
  const [row] = await db.query<{ params: string }>('SELECT params FROM system_setting WHERE tenant_id = $1 AND type = $2', [
    tenantId,
    type,
  ]);
  return row?.params;
}

/** A page of the tenant's live sessions, newest first, marking the caller's; and how many there are. */
export async function onlinePage(db: Queryable, tenantId: number, tokenHash: string, pageNum: number, pageSize: number) {
  // Online: see server/access/presence.ts. Times are instants; the client shows them in the tenant's time zone.
  const live = `us.tenant_id = $1 AND ${isOnline('us')}`;
  const rows = await db.query<{ userMobile: string }>(
    `SELECT us.id::text AS id, us.created_at AS "loginTime", COALESCE(to_char(us.revoked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), '') AS "logoutTime", us.last_seen_at AS "lastSeenTime",
            us.login_system AS "loginSystemName", us.login_ip AS "loginIpAddress", u.user_name AS "userAccount",
            u.nickname AS "userNickname", u.phone AS "userMobile", COALESCE(st.staff_name, '') AS "staffName", COALESCE(st.staff_code, '') AS "staffCode",
            (us.token_hash = $4) AS "current"
       FROM user_session us JOIN app_user u ON u.id = us.user_id AND u.tenant_id = us.tenant_id
       LEFT JOIN staff st ON st.user_id = u.id AND st.tenant_id = u.tenant_id
      WHERE ${live} ORDER BY us.created_at DESC LIMIT $2 OFFSET $3`,
    [tenantId, pageSize, (pageNum - 1) * pageSize, tokenHash],
  );
  const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM user_session us WHERE ${live}`, [tenantId]);
  return { rows, count: n };
}

/**
 * One statement: another live session of the tenant forced off with its access tokens; its token hash, or undefined
 * (of parallel calls for one session exactly one ends it; another tenant's session is as unknown as none).
 */
export async function forceSessionOff(db: Queryable, tenantId: number, sessionId: string, callerTokenHash: string) {
  const [row] = await db.query<{ token_hash: string }>(
    `WITH ended AS (UPDATE user_session SET revoked_at = now(), revoked_why = 'forced'
                     WHERE id = $1 AND tenant_id = $2 AND revoked_at IS NULL AND expires_at > now() AND token_hash <> $3
                     RETURNING token_hash),
          gone AS (DELETE FROM access_token WHERE session_hash IN (SELECT token_hash FROM ended))
     SELECT token_hash FROM ended`,
    [sessionId, tenantId, callerTokenHash],
  );
  return row?.token_hash;
}

/**
 * The signed-in user as the shell shows them, in one statement (the boot's first call, on its critical path): the
 * user, their roles' names, the tenant's malls and departments, the tenant's name and, for store staff, where the
 * store's name is (read next, storeName).
 */
export async function userInfo(db: Queryable, userId: number, tenantId: number): Promise<UserInfo> {
  const [u] = await db.query<{
    id: number;
    user_name: string;
    must_change_password: boolean;
    headimgurl: string;
    nickname: string;
    phone: string;
    user_type: 0 | 1 | 2;
    store_id: number | null;
    mall_id: number | null;
    default_mall_id: number | null;
    depart_ids: number[];
    role_name: string | null;
    role_name_en: string | null;
    malls: Array<{ id: number; name: string }>;
    departs: Array<{ id: number; departName: string }>;
    tenant: string | null;
    store: { table: number; field: number } | null;
  }>(
    `SELECT u.id, u.user_name, u.must_change_password, u.headimgurl, u.nickname, u.phone, u.user_type, u.store_id, u.mall_id, u.default_mall_id, u.depart_ids,
            (SELECT string_agg(r.name, ',' ORDER BY r.id) FROM user_role ur JOIN role r ON r.id = ur.role_id
              WHERE ur.user_id = u.id AND r.tenant_id = u.tenant_id) AS role_name,
            (SELECT string_agg(COALESCE(NULLIF(r.name_en, ''), r.name), ',' ORDER BY r.id) FROM user_role ur JOIN role r ON r.id = ur.role_id
              WHERE ur.user_id = u.id AND r.tenant_id = u.tenant_id) AS role_name_en,
            (SELECT COALESCE(json_agg(json_build_object('id', m.id, 'name', m.name) ORDER BY m.id), '[]') FROM mall m
              WHERE m.tenant_id = u.tenant_id) AS malls,
            (SELECT COALESCE(json_agg(json_build_object('id', d.id, 'departName', d.depart_name) ORDER BY d.id), '[]') FROM depart d
              WHERE d.tenant_id = u.tenant_id) AS departs,
            (SELECT t.name FROM tenant t WHERE t.id = u.tenant_id) AS tenant,
            CASE WHEN u.store_id IS NULL THEN NULL ELSE
              (SELECT json_build_object('table', mt.id, 'field', f.id) FROM meta_table mt
                 JOIN meta_field f ON f.table_id = mt.id AND f.name = 'name'
                WHERE mt.tenant_id = u.tenant_id AND mt.name = 'store' LIMIT 1) END AS store
       FROM app_user u WHERE u.id = $1 AND u.tenant_id = $2`,
    [userId, tenantId],
  );
  const mall = (id: number | null) => u.malls.find((m) => m.id === id) ?? null;
  return {
    id: u.id,
    userName: u.user_name,
    mustChangePassword: u.must_change_password,
    headimgurl: u.headimgurl,
    nickname: u.nickname,
    roleName: u.role_name ?? '',
    roleNameEn: u.role_name_en ?? '',
    appidList: [],
    phone: u.phone,
    type: u.user_type,
    userType: u.user_type,
    tenantId,
    mallId: u.mall_id,
    defaultMallId: u.default_mall_id,
    storeId: u.store_id,
    mallInfo: mall(u.mall_id),
    defaultMallInfo: mall(u.default_mall_id),
    campList: [],
    departmentPermission: u.depart_ids,
    allDepartList: u.departs,
    tenantName: u.tenant ?? '',
    storeName: u.store_id !== null && u.store ? await storeName(db, u.store.table, u.store.field, u.store_id) : null,
  };
}

/**
 * A store's name from the tenant's store records: its own statement, naming the store table, so that it reads that
 * table's partition alone (migration 042); joined into the user's, it planned and opened every table's.
 */
async function storeName(db: Queryable, tableId: number, fieldId: number, storeId: number): Promise<string | null> {
  const [row] = await db.query<{ name: string | null }>(
    `SELECT data ->> $2 AS name FROM meta_record WHERE table_id = ${sqlId(tableId)} AND id = $1`,
    [storeId, String(fieldId)],
  );
  return row?.name ?? null;
}
