import { installDictionary } from '../../seed/business-dictionary.ts';
import { randomInt } from 'node:crypto';
import { Hono } from 'hono';
import type { AppEnv, SessionInfo } from '../../access/auth.ts';
import type { Db } from '../../infra/db/db.ts';
import { hashPassword } from '../../infra/crypto.ts';
import { onDuplicate } from '../../infra/db/db-errors.ts';
import { ApiError, ok } from '../../infra/http/http.ts';
import { defaultTenantPages, grantToTenantAdmins, refuseButtonsWithoutPage, withAncestors } from '../../access/menu.ts';
import { privacyOn } from '../../access/privacy.ts';
import { recordSessionsEnded } from '../../services/logs.ts';
import type { SessionEvents } from '../../infra/session-events.ts';
import { PLATFORM_PAGES } from '@/api/contract/platform.ts';
import type { TenantInput } from '@/api/schema/system/tenant.ts';
import { SETTINGS_KEYS, type SettingsKey } from '@/api/contract/settings.ts';
import * as v from 'valibot';
import { issueField } from '@/api/schema/kit.ts';
import { overallParams } from '@/api/schema/system/tenant.ts';
import { shellApi } from '@/api/table/session.ts';
import { mount } from '../../infra/http/mount.ts';
import * as q from './queries.ts';
import { accountTaken } from '../users/queries.ts';
import { tenantApi } from '@/api/table/platform.ts';

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
    const row = await q.tenantById(db, id, platformTenant);
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
    const { rows, count } = await q.tenantPage(db, platformTenant, { keyword, status, pageNum, pageSize });
    return { ...ok(rows), count };
  });

  mount(app, tenantApi.save, async (c) => {
    const checked = c.var.body;
    const isNew = 'adminUserName' in checked;
    const input: TenantInput = { ...checked, id: 'adminUserName' in checked ? undefined : checked.id };
    if (await q.codeTaken(db, input.code, input.id ?? null)) throw new ApiError('企业编码已被使用', { field: 'code' });

    if (!isNew) {
      const before = await tenantRow(input.id!);
      const ending = input.status === 0 || (input.expiresAt !== null && Date.parse(input.expiresAt) <= Date.now());
      if (before.platform && ending) throw new ApiError('不能停用平台运营租户', { field: 'status' });
      const active = await onDuplicate(q.updateTenant(db, input.id!, input), new ApiError('企业编码已被使用', { field: 'code' }));
      // A disabled or expired tenant's live sessions end now, and their browsers are told.
      if (!active) {
        await recordSessionsEnded(db, { tenantId: input.id! }, '企业已停用或已到期');
        await q.revokeTenantSessions(db, input.id!);
        await events.publish({ tenantId: input.id! }, 'revoked');
      }
      return ok({ id: input.id! });
    }

    const { adminUserName } = checked;
    if (await accountTaken(db, adminUserName)) throw new ApiError('该账号已被使用', { field: 'adminUserName' });
    const password = initialPassword();
    const hash = await hashPassword(password);
    const pages = await defaultTenantPages(db);
    const id = await onDuplicate(
      q.insertTenant(db, { ...input, adminUserName }, hash, pages),
      new ApiError('企业编码或管理员账号已被使用', { field: 'code' }),
    );
    // The business areas' standard data dictionary (idempotent: a table the tenant has is kept).
    await installDictionary(db, id);
    // The initial password is shown once, to the operator who made the tenant; only its hash is kept, and the
    // tenant's admin must change it at the first sign-in.
    return ok({ id, adminUserName, initialPassword: password });
  });

  mount(app, tenantApi.pages, async (c) => {
    const id = c.var.body.tenantId;
    await tenantRow(id);
    return ok(await q.pagesOf(db, id));
  });

  mount(app, tenantApi.setPages, async (c) => {
    const { tenantId: id, menuIds: wanted } = c.var.body;
    const tenant = await tenantRow(id);
    const rows = await q.menuOutline(db);
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
    // a page the tenant no longer has leaves every one of its roles
    const diff = await q.setPages(db, id, chosen);
    await grantToTenantAdmins(db, id, diff.added);
    await events.publish({ tenantId: id }, 'permissions');
    return ok(diff);
  });

  // a tenant's own parameters; the operator's tenant list names any tenant (checked by the handler)
  mount(app, tenantApi.settings, async (c) => {
    const id = await paramsTenant(c.get('session'), c.var.body);
    const rows = await q.settingsOf(db, id);
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
    await q.writeSetting(db, id, type, json);
    // Open sessions of the tenant read their parameters again (the watermark turns on or off without a reload).
    await events.publish({ tenantId: id }, 'settings');
    return ok();
  });

  mount(app, shellApi.privacy, async (c) => ok(await privacyOn(db, c.get('session').tenantId)));

  return app;
}
