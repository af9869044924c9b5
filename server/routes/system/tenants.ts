import { installDictionary } from '../../seed/business-dictionary.ts';
import { randomInt } from 'node:crypto';
import { Hono } from 'hono';
import type { AppEnv, SessionInfo } from '../../access/auth.ts';
import { TENANT_ACTIVE } from '../../access/auth.ts';
import type { Db } from '../../infra/db/db.ts';
import { hashPassword } from '../../infra/crypto.ts';
import { onDuplicate } from '../../infra/db/db-errors.ts';
import { ApiError, ok } from '../../infra/http/http.ts';
import { defaultTenantPages, grantToTenantAdmins, refuseButtonsWithoutPage, withAncestors } from '../../access/menu.ts';
import { privacyOn } from '../../access/privacy.ts';
import { recordSessionsEnded } from '../../services/logs.ts';
import type { SessionEvents } from '../../infra/session-events.ts';
import { PLATFORM_PAGES, type TenantInput } from '@/api/contract/platform.ts';
import { SETTINGS_KEYS, type SettingsKey } from '@/api/contract/settings.ts';
import * as v from 'valibot';
import { issueField } from '@/api/schema/kit.ts';
import { overallParams } from '@/api/schema/system/tenant.ts';
import { shellApi } from '@/api/table/session.ts';
import { mount } from '../../infra/http/mount.ts';
import { tenantApi, type TenantRow } from '@/api/table/platform.ts';

const TENANT_COLUMNS = `t.id, t.name, t.code, t.contact_name AS "contactName", t.contact_phone AS "contactPhone", t.status,
  to_json(t.expires_at) #>> '{}' AS "expiresAt", to_json(t.created_at) #>> '{}' AS "createdAt",
  (SELECT count(*)::int FROM app_user u WHERE u.tenant_id = t.id AND u.deleted_at IS NULL) AS "userCount"`;

/** 12 characters with letters and digits (the password policy), no look-alikes (0/O, 1/l/I). */
export function initialPassword(): string {
  const letters = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
  const digits = '23456789';
  const all = letters + digits;
  const chars = [letters[randomInt(letters.length)], digits[randomInt(digits.length)]];
  while (chars.length < 12) chars.push(all[randomInt(all.length)]);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}

/** Checks a settings key's parameters; the keys the console reads must have their types. Answers the JSON to store. */
function checkedParams(type: SettingsKey, params: unknown): string {
  let value = params;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      throw new ApiError('参数不是有效的 JSON', { field: 'params' });
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ApiError('参数必须是 JSON 对象', { field: 'params' });
  const p = value as Record<string, unknown>;
  if (type === 'scrm_overall_params') {
    const checked = v.safeParse(overallParams, p);
    if (!checked.success) throw new ApiError(checked.issues[0].message, { field: issueField(checked.issues[0]) });
  }
  const json = JSON.stringify(p);
  if (json.length > 64 * 1024) throw new ApiError('参数不能超过 64 KB', { field: 'params' });
  return json;
}

export interface TenantRoutesOptions {
  db: Db;
  events: SessionEvents;
  platformTenant: number;
}

/**
 * Tenants: the platform operator's list, create and edit, and which shared pages each tenant
 * has; a tenant's own parameters (its admin) or any tenant's (the operator). docs/api.md "Platform".
 */
export function tenantRoutes({ db, events, platformTenant }: TenantRoutesOptions) {
  const app = new Hono<AppEnv>();

  const tenantRow = async (id: number) => {
    const [row] = await db.query<TenantRow>(`SELECT ${TENANT_COLUMNS}, t.id = $2 AS platform FROM tenant t WHERE t.id = $1`, [
      id,
      platformTenant,
    ]);
    if (!row) throw new ApiError('租户不存在');
    return row;
  };

  /** The tenant a parameters call is about: the caller's own, or (the platform operator only) any tenant. */
  const paramsTenant = async (s: SessionInfo, body: { tenantId: number | null }) => {
    if (body.tenantId === null) return s.tenantId;
    const id = body.tenantId;
    if (id !== s.tenantId && s.tenantId !== platformTenant) throw new ApiError('租户不存在');
    await tenantRow(id);
    return id;
  };

  // Not shown in the spec (it has no tenant list call): the tenant list page's rows.
  mount(app, tenantApi.list, async (c) => {
    const { pageNum, pageSize, keyword, status } = c.var.body;
    const where = `($1 = '' OR strpos(lower(t.name || ' ' || t.code || ' ' || t.contact_name || ' ' || t.contact_phone), lower($1)) > 0)
      AND ($2::int IS NULL OR (CASE WHEN ${TENANT_ACTIVE} THEN 1 ELSE 0 END) = $2)`;
    const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM tenant t WHERE ${where}`, [keyword, status]);
    const rows = await db.query<TenantRow>(
      `SELECT ${TENANT_COLUMNS}, t.id = $5 AS platform FROM tenant t WHERE ${where} ORDER BY t.id LIMIT $3 OFFSET $4`,
      [keyword, status, pageSize, (pageNum - 1) * pageSize, platformTenant],
    );
    return { ...ok(rows), count: n };
  });

  mount(app, tenantApi.save, async (c) => {
    const checked = c.var.body;
    const isNew = 'adminUserName' in checked;
    const input: TenantInput = { ...checked, id: 'adminUserName' in checked ? undefined : checked.id };
    const [codeTaken] = await db.query('SELECT 1 FROM tenant WHERE lower(code) = lower($1) AND ($2::int IS NULL OR id <> $2)', [
      input.code,
      input.id ?? null,
    ]);
    if (codeTaken) throw new ApiError('企业编码已被使用', { field: 'code' });

    if (!isNew) {
      const before = await tenantRow(input.id!);
      const ending = input.status === 0 || (input.expiresAt !== null && Date.parse(input.expiresAt) <= Date.now());
      if (before.platform && ending) throw new ApiError('不能停用平台运营租户', { field: 'status' });
      const [row] = await onDuplicate(
        db.query<{ active: boolean }>(
          `UPDATE tenant t SET name = $2, code = $3, contact_name = $4, contact_phone = $5, status = $6, expires_at = $7::timestamptz
            WHERE t.id = $1 RETURNING ${TENANT_ACTIVE} AS active`,
          [input.id, input.name, input.code, input.contactName, input.contactPhone, input.status, input.expiresAt],
        ),
        new ApiError('企业编码已被使用', { field: 'code' }),
      );
      // A disabled or expired tenant's live sessions end now, and their browsers are told.
      if (!row.active) {
        await recordSessionsEnded(db, { tenantId: input.id! }, '企业已停用或已到期');
        await db.query('UPDATE user_session SET revoked_at = now() WHERE tenant_id = $1 AND revoked_at IS NULL', [input.id]);
        await events.publish({ tenantId: input.id! }, 'revoked');
      }
      return ok({ id: input.id! });
    }

    const [taken] = await db.query('SELECT 1 FROM app_user WHERE lower(user_name) = lower($1)', [input.adminUserName]);
    if (taken) throw new ApiError('该账号已被使用', { field: 'adminUserName' });
    const password = initialPassword();
    const hash = await hashPassword(password);
    const pages = await defaultTenantPages(db);
    // One statement, so a failure leaves nothing half made: the tenant, its 总部 department, its 超级管理员 role
    // with every page it is given, its first admin (userType 0), its pages and its parameters.
    const [row] = await onDuplicate(
      db.query<{ id: number }>(
        `WITH t AS (INSERT INTO tenant (name, code, contact_name, contact_phone, status, expires_at)
                    VALUES ($1, $2, $3, $4, $5, $6::timestamptz) RETURNING id),
              d AS (INSERT INTO depart (tenant_id, depart_name) SELECT id, '总部' FROM t RETURNING id),
              r AS (INSERT INTO role (tenant_id, name, name_en) SELECT id, '超级管理员', 'Super administrator' FROM t RETURNING id),
              u AS (INSERT INTO app_user (tenant_id, user_name, password_hash, nickname, phone, user_type, depart_ids, must_change_password)
                    SELECT t.id, $7, $8, '管理员', $4, 0, ARRAY[d.id], true FROM t, d RETURNING id),
              ur AS (INSERT INTO user_role (user_id, role_id) SELECT u.id, r.id FROM u, r),
              tp AS (INSERT INTO tenant_page (tenant_id, menu_id) SELECT t.id, m FROM t, unnest($9::int[]) m),
              rp AS (INSERT INTO role_perm (role_id, menu_id) SELECT r.id, m FROM r, unnest($9::int[]) m),
              ss AS (INSERT INTO system_setting (tenant_id, type, params) SELECT id, 'scrm_overall_params', '{"enableWaterMark":false}' FROM t)
         SELECT id FROM t`,
        [input.name, input.code, input.contactName, input.contactPhone, input.status, input.expiresAt, input.adminUserName, hash, pages],
      ),
      new ApiError('企业编码或管理员账号已被使用', { field: 'code' }),
    );
    // The business areas' standard data dictionary (idempotent: a table the tenant has is kept).
    await installDictionary(db, row.id);
    // The initial password is shown once, to the operator who made the tenant; only its hash is kept, and the
    // tenant's admin must change it at the first sign-in.
    return ok({ id: row.id, adminUserName: input.adminUserName, initialPassword: password });
  });

  mount(app, tenantApi.pages, async (c) => {
    const id = c.var.body.tenantId;
    await tenantRow(id);
    const rows = await db.query<{ menu_id: number }>('SELECT menu_id FROM tenant_page WHERE tenant_id = $1 ORDER BY menu_id', [id]);
    return ok(rows.map((r) => r.menu_id));
  });

  mount(app, tenantApi.setPages, async (c) => {
    const { tenantId: id, menuIds: wanted } = c.var.body;
    const tenant = await tenantRow(id);
    const rows = await db.query<{ id: number; parent_id: number | null; component: string; tenant_id: number | null }>(
      'SELECT id, parent_id, component, tenant_id FROM menu',
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    const unknown = wanted.filter((m) => byId.get(m)?.tenant_id !== null);
    if (unknown.length) throw new ApiError('只能分配共享菜单中的页面', { values: unknown });
    await refuseButtonsWithoutPage(db, wanted);
    const chosen = withAncestors(wanted, byId);
    if (!tenant.platform) {
      // A page of the platform (and the buttons under it) stays the platform's.
      const platformOnly = chosen.filter((m) => {
        for (let r = byId.get(m); r; r = r.parent_id === null ? undefined : byId.get(r.parent_id)) {
          if (PLATFORM_PAGES.includes(r.component)) return true;
        }
        return false;
      });
      if (platformOnly.length) throw new ApiError('平台管理页面只能分配给平台运营租户', { values: platformOnly });
    }
    const [diff] = await db.query<{ added: number[] | null; removed: number[] | null }>(
      `WITH del AS (DELETE FROM tenant_page WHERE tenant_id = $1 AND NOT (menu_id = ANY($2::int[])) RETURNING menu_id),
            ins AS (INSERT INTO tenant_page (tenant_id, menu_id) SELECT $1, m FROM unnest($2::int[]) m ON CONFLICT DO NOTHING RETURNING menu_id),
            -- a page the tenant no longer has leaves every one of its roles
            rp AS (DELETE FROM role_perm rp USING role r WHERE r.id = rp.role_id AND r.tenant_id = $1 AND rp.menu_id IN (SELECT menu_id FROM del))
       SELECT (SELECT array_agg(menu_id ORDER BY menu_id) FROM ins) AS added, (SELECT array_agg(menu_id ORDER BY menu_id) FROM del) AS removed`,
      [id, chosen],
    );
    await grantToTenantAdmins(db, id, diff.added ?? []);
    await events.publish({ tenantId: id }, 'permissions');
    return ok({ added: diff.added ?? [], removed: diff.removed ?? [] });
  });

  // a tenant's own parameters; the operator's tenant list names any tenant (checked by the handler)
  mount(app, tenantApi.settings, async (c) => {
    const id = await paramsTenant(c.get('session'), c.var.body);
    const rows = await db.query<{ type: string; params: string }>('SELECT type, params FROM system_setting WHERE tenant_id = $1', [id]);
    const values = SETTINGS_KEYS.map((type) => {
      const raw = rows.find((r) => r.type === type)?.params ?? '{}';
      let params: unknown = {};
      try {
        params = JSON.parse(raw);
      } catch {
        /* a broken row reads as empty; saving replaces it */
      }
      return { type, params: params as Record<string, unknown> };
    });
    return ok({ tenantId: id, settings: values });
  });

  mount(app, tenantApi.saveSettings, async (c) => {
    const body = c.var.body;
    const id = await paramsTenant(c.get('session'), body);
    const { type } = body;
    const json = checkedParams(type, body.params);
    await db.query(
      `INSERT INTO system_setting (tenant_id, type, params) VALUES ($1, $2, $3)
       ON CONFLICT (tenant_id, type) DO UPDATE SET params = EXCLUDED.params`,
      [id, type, json],
    );
    // Open sessions of the tenant read their parameters again (the watermark turns on or off without a reload).
    await events.publish({ tenantId: id }, 'settings');
    return ok();
  });

  mount(app, shellApi.privacy, async (c) => ok(await privacyOn(db, c.get('session').tenantId)));

  return app;
}
