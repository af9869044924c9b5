import { Hono } from 'hono';
import { pinyin } from 'pinyin-pro';
import type { AppEnv } from '../../access/auth.ts';
import type { Db } from '../../infra/db/db.ts';
import { newToken, sha256 } from '../../infra/crypto.ts';
import { ok } from '../../infra/http/http.ts';
import { recordSession } from '../../services/logs.ts';
import { loadMenuTree, storedMenuIds } from '../../access/menu.ts';
import { shellApi, userCenterApi } from '@/api/table/session.ts';
import { mount } from '../../infra/http/mount.ts';
import * as q from './queries.ts';
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
    const info = await q.userInfo(db, s.userId, s.tenantId);
    const tokenExpire = Math.max(0, Math.floor((new Date(s.expiresAt).getTime() - Date.now()) / 1000));
    return c.json({ result: 'ok', tokenExpire, values: { ...info, sessionId: s.id } });
  });

  // 用户中心 › 个人信息 (not in the spec): one's own nickname and avatar, by the same rules as the form.
  mount(app, userCenterApi.updateProfile, async (c) => {
    const input = c.var.body;
    const s = c.get('session');
    await q.updateProfile(db, s.tenantId, s.userId, input);
    return ok();
  });

  // The session's permissions, computed and stored in one statement; the menu tree is built from them. Any change
  // of this user's permissions clears them (SessionEvents.publish), so the tree never serves a stale copy.
  mount(app, shellApi.initUserPermission, async (c) => {
    const s = c.get('session');
    await q.storePermissions(db, s);
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
    const generation = s.permissions && s.permissionsAt ? `${s.permissionsAt}|${s.permissions}` : null;
    const kept = generation ? trees.get(s.id) : undefined;
    let tree = kept && kept.generation === generation ? kept.kept : null;
    if (tree === null) {
      // the tree comes back in `result`.
      tree = keptJson(
        JSON.stringify({
          result: await loadMenuTree(db, s.userId, s.tenantId, s.permissions === null ? null : storedMenuIds(s.permissions)),
        }),
      );
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
    await q.storeAccessToken(db, s.tokenHash, sha256(token), deadline);
    await recordSession(db, s.id, s.tenantId, 'token');
    return c.json({ result: 'ok', values: token, deadline });
  });

  mount(app, shellApi.logout, async (c) => {
    const s = c.get('session');
    await q.revokeSession(db, s.tokenHash);
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
    return ok({ params: (await q.tenantSetting(db, c.get('session').tenantId, type)) ?? '{}' });
  });

  return app;
}
