import { Hono } from 'hono';
import { pinyin } from 'pinyin-pro';
import type { AppEnv } from '../../access/auth.ts';
import type { Db } from '../../infra/db/db.ts';
import { newToken, sha256 } from '../../infra/crypto.ts';
import { ok } from '../../infra/http/http.ts';
import { recordSession } from '../../services/logs.ts';
import { PERMITTED_MENU_IDS, loadMenuTree } from '../../access/menu.ts';
import type { UserInfo } from '@/api/table/session.ts';
import { shellApi, userCenterApi } from '@/api/table/session.ts';
import { mount } from '../../infra/http/mount.ts';
import { answerKept, keptJson, type KeptJson } from '../../infra/http/compress.ts';

export interface ShellOptions {
  db: Db;
  accessTokenTtlSeconds: number;
}

/** The calls the session shell makes after login. All need a live session. */
/** Sessions whose menu tree a process keeps (about 10-50 KB each). */
const MAX_KEPT_TREES = 2000;

export function shellRoutes({ db, accessTokenTtlSeconds }: ShellOptions) {
  const app = new Hono<AppEnv>();

  mount(app, shellApi.userInfo, async (c) => {
    const s = c.get('session');
    const info = await loadUserInfo(db, s.userId, s.tenantId);
    const tokenExpire = Math.max(0, Math.floor((new Date(s.expiresAt).getTime() - Date.now()) / 1000));
    return c.json({ result: 'ok', tokenExpire, values: { ...info, sessionId: s.id } });
  });

  // 用户中心 › 个人信息 (not in the spec): one's own nickname and avatar, by the same rules as the form.
  mount(app, userCenterApi.updateProfile, async (c) => {
    const input = c.var.body;
    const s = c.get('session');
    await db.query('UPDATE app_user SET nickname = $3, headimgurl = $4 WHERE id = $1 AND tenant_id = $2', [
      s.userId,
      s.tenantId,
      input.nickname,
      input.headimgurl,
    ]);
    return ok();
  });

  // The session's permissions, computed and stored in one statement; the menu tree is built from them. Any change
  // of this user's permissions clears them (SessionEvents.publish), so the tree never serves a stale copy.
  mount(app, shellApi.initUserPermission, async (c) => {
    const s = c.get('session');
    await db.query(
      `UPDATE user_session SET permissions = ARRAY(SELECT id FROM (${PERMITTED_MENU_IDS}) p ORDER BY id)::int[], permissions_at = clock_timestamp()
        WHERE token_hash = $3`,
      [s.userId, s.tenantId, s.tokenHash],
    );
    return ok();
  });

  // Every signed-in page load asks for the tree: a session's tree is built once per generation of its permissions
  // (initUserPermission stores them with their time; any change of roles, grants or menus clears them) and kept in
  // this process. Without stored permissions the tree is built from the roles each time.
  // The answer is kept as its JSON text: a tree is tens of kilobytes, and writing it out was most of a kept call.
  const trees = new Map<string, { generation: string; kept: KeptJson }>();
  mount(app, shellApi.menuTree, async (c) => {
    const s = c.get('session');
    // The stored ids themselves are part of the key: whatever writes them, the tree follows.
    const generation = s.permissions && s.permissionsAt ? `${s.permissionsAt}|${s.permissions.join(',')}` : null;
    const kept = generation ? trees.get(s.id) : undefined;
    let tree = kept && kept.generation === generation ? kept.kept : null;
    if (tree === null) {
      // the tree comes back in `result`.
      tree = keptJson(JSON.stringify({ result: await loadMenuTree(db, s.userId, s.tenantId, s.permissions) }));
      if (generation) {
        // A bounded cache: the oldest entry goes first (Map keeps insertion order).
        trees.delete(s.id);
        trees.set(s.id, { generation, kept: tree });
        if (trees.size > MAX_KEPT_TREES) trees.delete(trees.keys().next().value!);
      }
    }
    // 304 when the console already holds this tree (its If-None-Match); compressed once per kept tree
    return answerKept(c, tree);
  });

  mount(app, shellApi.accessToken, async (c) => {
    const s = c.get('session');
    const token = newToken();
    const deadline = Date.now() + accessTokenTtlSeconds * 1000;
    await db.query('DELETE FROM access_token WHERE session_hash = $1 AND deadline < now()', [s.tokenHash]);
    await db.query('INSERT INTO access_token (token_hash, session_hash, deadline) VALUES ($1, $2, to_timestamp($3 / 1000.0))', [
      sha256(token),
      s.tokenHash,
      deadline,
    ]);
    await recordSession(db, s.id, s.tenantId, 'token');
    return c.json({ result: 'ok', values: token, deadline });
  });

  mount(app, shellApi.logout, async (c) => {
    const s = c.get('session');
    await db.query('UPDATE user_session SET revoked_at = now() WHERE token_hash = $1', [s.tokenHash]);
    await recordSession(db, s.id, s.tenantId, 'logout');
    // An ended session's tree is never served again: its memory goes with it (others age out of the bounded map).
    trees.delete(s.id);
    return c.json({ data: 200 });
  });

  // The palette's pinyin (DECISIONS.md: a call the spec leaves unshown): the dictionary stays on the server, so the
  // browser's palette chunk is small. Same options as src/menu/pinyin.ts, the client's fallback for other backends.
  mount(app, shellApi.pinyin, async (c) => {
    const { labels } = c.var.body;
    const full = labels.map((l: string) => pinyin(l, { toneType: 'none', type: 'array', nonZh: 'consecutive', v: true }));
    const initials = labels.map((l: string) => pinyin(l, { pattern: 'first', toneType: 'none', type: 'array', nonZh: 'consecutive' }));
    return ok({ full, initials });
  });

  mount(app, shellApi.settings, async (c) => {
    const { type } = c.var.body;
    const [row] = await db.query<{ params: string }>('SELECT params FROM system_setting WHERE tenant_id = $1 AND type = $2', [
      c.get('session').tenantId,
      type,
    ]);
    return ok({ params: row?.params ?? '{}' });
  });

  return app;
}

async function loadUserInfo(db: Db, userId: number, tenantId: number): Promise<UserInfo> {
  // One statement (the boot's first call, on its critical path): the user, their roles' names, the tenant's malls
  // and departments, the tenant's name and, for store staff, the store's name (from the store records).
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
    store: string | null;
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
              (SELECT r.data ->> f.id::text FROM meta_table mt JOIN meta_field f ON f.table_id = mt.id AND f.name = 'name'
                 JOIN meta_record r ON r.table_id = mt.id AND r.id = u.store_id
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
    storeName: u.store,
  };
}
