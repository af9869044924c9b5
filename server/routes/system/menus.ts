import { Hono } from 'hono';
import type { AppEnv } from '../../access/auth.ts';
import type { Db, Queryable } from '../../infra/db/db.ts';
import { ApiError, ok } from '../../infra/http/http.ts';
import { describeCall, type CallTable } from '../../access/access.ts';
import { relateDefaults } from '../../access/relations.ts';
import { RECORD_BUTTON_LABELS } from '../../services/records.ts';
import { grantToTenantAdmins, offeredTo } from '../../access/menu.ts';
import type { SessionEvents } from '../../infra/session-events.ts';
import { checkWith } from '../../infra/http/validate.ts';
import { externalInterfaceSave } from '@/api/schema/system/interface.ts';
import { say } from '@/api/schema/messages.ts';
import { isSystemPage } from '@/api/rules/system-pages.ts';
import { menuEntryProblems, PLATFORM_PAGES, type MenuEntryInput } from '@/api/contract/platform.ts';
import { derivedComponent } from '@/api/contract/records.ts';
import { menuApi, type InterfaceRow, type MenuEntry } from '@/api/table/platform.ts';
import { mount } from '../../infra/http/mount.ts';
import { metaApi } from '@/api/table/meta.ts';

const MENU_COLUMNS = `m.id, m.parent_id AS "parentId", m.name, m.name_en AS "nameEn", m.path, m.icon, m.uri_type AS "uriType",
  m.need_button_permission AS "needButtonPermission", m.component, m.code, m.sort, m.tenant_id AS "tenantId", m.is_wrapper AS wrapper`;

type MenuTreeNode = MenuEntry & { roleCount: number; interfaceCount: number; children: MenuTreeNode[] };

/** How the server's code lets a call through (its route's owner): the interface list shows it beside the relations. */
function accessOf(calls: CallTable, method: string, path: string, source: string): InterfaceRow['access'] {
  const owner = source === 'server' ? calls.owner(method, path) : undefined;
  if (owner === 'anonymous') return owner;
  // the interface list shows the session's own calls among the shell's (every signed-in user's)
  if (owner === 'shell' || owner === 'session') return 'shell';
  return typeof owner === 'object' && owner.platform ? 'platform' : 'relation';
}

export interface MenuRoutesOptions {
  db: Db;
  events: SessionEvents;
  platformTenant: number;
  /** the server's calls and their owners (filled once every route is mounted) */
  calls: CallTable;
}

/**
 * The shared menu and the interfaces: the platform operator's menu editor, the
 * interface list, and which page or button may call which interface. docs/api.md "Platform".
 */
export function menuRoutes({ db, events, platformTenant, calls }: MenuRoutesOptions) {
  const app = new Hono<AppEnv>();

  const entry = async (id: number) => {
    const [row] = await db.query<MenuEntry>(`SELECT ${MENU_COLUMNS} FROM menu m WHERE m.id = $1`, [id]);
    if (!row) throw new ApiError('菜单不存在');
    return row;
  };

  /** The entry's id and every descendant's. */
  const subtree = async (id: number) =>
    (
      await db.query<{ id: number }>(
        `WITH RECURSIVE t AS (SELECT id FROM menu WHERE id = $1 UNION ALL SELECT m.id FROM menu m JOIN t ON m.parent_id = t.id) SELECT id FROM t`,
        [id],
      )
    ).map((r) => r.id);

  /**
   * What a new entry brings with it. A shared page is the platform's until the operator gives it to tenants (with the
   * directories above it). A page rendering a meta table brings its table's five record buttons. The admins of the
   * tenants that now have it get grants, and the entry gets relations to the calls it makes.
   */
  const settleNewEntry = async (
    db: Queryable,
    savedId: number,
    input: Pick<MenuEntryInput, 'parentId' | 'uriType' | 'component'>,
    tenantId: number | null,
    callerTenant: number,
  ) => {
    if (tenantId === null) {
      // A new shared page is the platform's until the operator gives it to tenants; a new button goes wherever
      // its page is (the page's roles still decide who gets it).
      await db.query(
        `INSERT INTO tenant_page (tenant_id, menu_id)
         SELECT $2::int, $1::int UNION SELECT tenant_id, $1 FROM tenant_page WHERE menu_id = $3 AND $4
         ON CONFLICT DO NOTHING`,
        [savedId, platformTenant, input.parentId, input.uriType === 2],
      );
      if (input.parentId !== null) {
        // ...and the directories above it, so the platform tenant's menu can show it.
        await db.query(
          `WITH RECURSIVE up AS (SELECT parent_id AS id FROM menu WHERE id = $1 UNION ALL SELECT m.parent_id FROM menu m JOIN up ON m.id = up.id)
           INSERT INTO tenant_page (tenant_id, menu_id) SELECT $2, id FROM up WHERE id IS NOT NULL ON CONFLICT DO NOTHING`,
          [savedId, platformTenant],
        );
      }
    }
    // A page that renders a meta table starts with that table's five record buttons, so the page works
    // for whoever is given it; the caller's own tenant's table names the codes.
    const buttons: number[] = [];
    if (input.uriType === 1 && input.component) {
      const [table] = await db.query<{ name: string }>(
        `SELECT name FROM meta_table WHERE component = $1 ORDER BY (tenant_id = $2) DESC, id LIMIT 1`,
        [input.component, callerTenant],
      );
      if (table) {
        for (const [i, [op, label]] of RECORD_BUTTON_LABELS.entries()) {
          const [b] = await db.query<{ id: number }>(
            `INSERT INTO menu (parent_id, tenant_id, name, uri_type, code, sort) VALUES ($1, $2, $3, 2, $4, $5) RETURNING id`,
            [savedId, tenantId, label, `${table.name}:${op}`, i],
          );
          buttons.push(b.id);
        }
        if (tenantId === null) {
          await db.query(
            `INSERT INTO tenant_page (tenant_id, menu_id) SELECT tenant_id, b FROM tenant_page, unnest($2::int[]) b WHERE menu_id = $1 ON CONFLICT DO NOTHING`,
            [savedId, buttons],
          );
        }
        await db.query('UPDATE menu SET need_button_permission = true WHERE id = $1', [savedId]);
      }
    }
    // The tenants that now have it: their admins hold it, so they can grant it to their roles.
    const holders = await db.query<{ tenant_id: number }>(
      'SELECT tenant_id FROM tenant_page WHERE menu_id = $1 UNION SELECT tenant_id FROM menu WHERE id = $1 AND tenant_id IS NOT NULL',
      [savedId],
    );
    for (const h of holders) {
      const withParents = await db.query<{ menu_id: number }>(
        `WITH RECURSIVE up AS (SELECT id, parent_id FROM menu WHERE id = $1 UNION ALL SELECT m.id, m.parent_id FROM menu m JOIN up ON m.id = up.parent_id)
         SELECT id AS menu_id FROM up`,
        [savedId],
      );
      await grantToTenantAdmins(db, h.tenant_id, [...withParents.map((r) => r.menu_id), ...buttons]);
    }
    // An entry of an installed page, or a known button, starts related to the calls it makes.
    for (const id of [savedId, ...buttons]) await relateDefaults(db, calls, { menuId: id });
  };

  /** Tells the sessions of every tenant that has one of these entries that their menu changed. */
  const tellTenants = async (menuIds: number[]) => {
    const tenants = await db.query<{ tenant_id: number }>(
      `SELECT DISTINCT tenant_id FROM tenant_page WHERE menu_id = ANY($1::int[])
       UNION SELECT DISTINCT tenant_id FROM menu WHERE id = ANY($1::int[]) AND tenant_id IS NOT NULL`,
      [menuIds],
    );
    for (const t of tenants) await events.publish({ tenantId: t.tenant_id }, 'permissions');
  };

  mount(app, menuApi.catalogue, async () => {
    const rows = await db.query<MenuEntry & { roleCount: number; interfaceCount: number }>(
      `SELECT ${MENU_COLUMNS},
              (SELECT count(*)::int FROM role_perm rp WHERE rp.menu_id = m.id) AS "roleCount",
              (SELECT count(*)::int FROM page_func_relation pf WHERE pf.menu_id = m.id) AS "interfaceCount"
         FROM menu m ORDER BY m.sort, m.id`,
    );
    const nodes = new Map<number, MenuTreeNode>(rows.map((r) => [r.id, { ...r, children: [] }]));
    const roots: MenuTreeNode[] = [];
    for (const n of nodes.values()) (n.parentId !== null && nodes.get(n.parentId) ? nodes.get(n.parentId)!.children : roots).push(n);
    return ok(roots);
  });

  mount(app, menuApi.list, async (c) => {
    const { keyword, uriType } = c.var.body;
    const rows = await db.query<MenuEntry>(
      `SELECT ${MENU_COLUMNS} FROM menu m
        WHERE ($1 = '' OR strpos(lower(m.name || ' ' || m.path || ' ' || m.component || ' ' || m.code), lower($1)) > 0)
          AND ($2::int IS NULL OR m.uri_type = $2)
        ORDER BY m.sort, m.id LIMIT 2000`,
      [keyword, uriType],
    );
    return ok(rows);
  });

  mount(app, menuApi.save, async (c) => {
    const body = c.var.body;
    const id = body.id;
    const input: MenuEntryInput = {
      parentId: body.parentId,
      name: body.name.trim(),
      nameEn: body.nameEn.trim(),
      path: body.path.trim(),
      icon: body.icon,
      uriType: body.uriType,
      needButtonPermission: body.needButtonPermission,
      component: body.component.trim(),
      code: body.code.trim(),
    };
    const problems = menuEntryProblems(input);
    const [field] = Object.keys(problems);
    if (field) throw new ApiError(problems[field], { field });
    const before = id === null ? null : await entry(id);
    if (before && before.uriType !== input.uriType) throw new ApiError('页面和按钮不能互相转换，请删除后重建', { field: 'uriType' });
    const parent = input.parentId === null ? null : await entry(input.parentId);
    if (input.uriType === 2 && (!parent || parent.uriType !== 1 || !parent.path)) {
      throw new ApiError('按钮须建在一个页面之下', { field: 'parentId' });
    }
    if (parent?.uriType === 2) throw new ApiError('按钮之下不能再建菜单', { field: 'parentId' });
    if (before && input.parentId !== before.parentId) throw new ApiError('移动菜单请在菜单树中拖动', { field: 'parentId' });
    if (before && PLATFORM_PAGES.includes(before.component) && input.component !== before.component) {
      throw new ApiError('平台管理页面的组件不能修改', { field: 'component' });
    }
    const tenantId = parent?.tenantId ?? before?.tenantId ?? null;
    // A tenant's own entry opens the records engine for the tenant's tables, never a system page.
    if (tenantId !== null && input.uriType === 1 && isSystemPage(input.component)) {
      throw new ApiError(say('systemComponent', { name: input.component }), { field: 'component' });
    }
    if (input.uriType === 2) {
      const [dup] = await db.query(
        'SELECT 1 FROM menu WHERE parent_id = $1 AND uri_type = 2 AND code = $2 AND ($3::int IS NULL OR id <> $3)',
        [input.parentId, input.code, id],
      );
      if (dup) throw new ApiError('该页面下已有此按钮编码', { field: 'code' });
    } else {
      // Paths are unique among the entries offered together: the shared ones and each tenant's own.
      const [dup] = await db.query<{ name: string }>(
        `SELECT name FROM menu WHERE uri_type = 1 AND lower(path) = lower($1) AND ($2::int IS NULL OR id <> $2)
           AND (tenant_id IS NULL OR $3::int IS NULL OR tenant_id = $3)`,
        [input.path, id, tenantId],
      );
      if (dup) throw new ApiError(`路径已被“${dup.name}”使用`, { field: 'path' });
    }
    const code = input.uriType === 2 ? input.code : '';
    const path = input.uriType === 2 ? '' : input.path;
    // The entry and what it brings (its buttons, grants, relations) are written together, or not at all.
    const savedId = await db.transaction(async (tx) => {
      if (before) {
        await tx.query(
          `UPDATE menu SET name = $2, path = $3, icon = $4, need_button_permission = $5, component = $6, code = $7, name_en = $8 WHERE id = $1`,
          [
            id,
            input.name,
            path,
            input.icon,
            input.needButtonPermission,
            input.uriType === 2 ? '' : input.component,
            code,
            input.nameEn ?? '',
          ],
        );
        return id!;
      }
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO menu (parent_id, tenant_id, name, path, icon, uri_type, need_button_permission, component, code, name_en, sort)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, COALESCE((SELECT max(sort) + 1 FROM menu WHERE parent_id IS NOT DISTINCT FROM $1), 0))
         RETURNING id`,
        [
          input.parentId,
          tenantId,
          input.name,
          path,
          input.icon,
          input.uriType,
          input.needButtonPermission,
          input.uriType === 2 ? '' : input.component,
          code,
          input.nameEn ?? '',
        ],
      );
      await settleNewEntry(tx, row.id, input, tenantId, c.get('session').tenantId);
      return row.id;
    });
    await tellTenants([savedId]);
    return ok({ id: savedId });
  });

  // 数据字典 › 发布为页面 (ours): a tenant's own table becomes a page of that tenant only, under a section of its menu
  // the caller chooses, with the table's five record buttons, granted at once to the tenant's userType 0 roles.
  mount(app, metaApi.publishPage, async (c) => {
    const body = c.var.body;
    const s = c.get('session');
    const { tableId } = body;
    const parentId = body.parentId ?? 0;
    const name = body.name.trim();
    const nameEn = body.nameEn.trim();
    const [table] = await db.query<{ name: string; component: string }>(
      'SELECT name, component FROM meta_table WHERE id = $1 AND tenant_id = $2',
      [tableId, s.tenantId],
    );
    if (!table) throw new ApiError('数据表不存在', { field: 'tableId' });
    // A table without a component gets custom/<标识> (written with the page, below): publishing works right after the
    // table is made. Another table of the tenant holding that component already is named.
    const derived = !table.component;
    if (derived) {
      table.component = derivedComponent(table.name);
      const [holder] = await db.query<{ label: string }>('SELECT label FROM meta_table WHERE tenant_id = $1 AND component = $2', [
        s.tenantId,
        table.component,
      ]);
      if (holder)
        throw new ApiError(`页面组件 ${table.component} 已被数据表“${holder.label}”使用，请先在“编辑”中填写页面组件`, { field: 'tableId' });
    }
    // A table named like a system page before that was refused: its page would be a system page's.
    if (isSystemPage(table.component)) throw new ApiError(say('systemComponent', { name: table.component }), { field: 'tableId' });
    const input: MenuEntryInput = {
      parentId,
      name,
      nameEn,
      path: `/${table.component}`,
      icon: '',
      uriType: 1,
      needButtonPermission: true,
      component: table.component,
      code: '',
    };
    const problems = menuEntryProblems(input);
    const [field] = Object.keys(problems);
    if (field) throw new ApiError(problems[field], { field: field === 'name' || field === 'nameEn' ? field : 'tableId' });
    // A section of the caller's own menu: a first-level directory offered to the tenant.
    const [section] = await db.query(
      `SELECT 1 FROM menu m WHERE m.id = $1 AND m.parent_id IS NULL AND m.uri_type = 1 AND m.component = '' AND NOT m.is_wrapper
         AND ${offeredTo('m', '$2')}`,
      [parentId, s.tenantId],
    );
    if (!section) throw new ApiError('请选择本租户菜单中的一个一级目录', { field: 'parentId' });
    const [published] = await db.query<{ name: string }>(
      `SELECT m.name FROM menu m WHERE m.uri_type = 1 AND (m.component = $1 OR lower(m.path) = lower($2)) AND ${offeredTo('m', '$3')}`,
      [table.component, input.path, s.tenantId],
    );
    if (published) throw new ApiError(`这个数据表已发布为页面“${published.name}”`, { field: 'tableId' });
    // The page, its buttons, their grants and relations: written together, or not at all.
    const row = await db.transaction(async (tx) => {
      // the derived component, kept only if nothing else gave the table one meanwhile
      if (derived) {
        const [kept] = await tx.query(
          `UPDATE meta_table SET component = $3, updated_at = now() WHERE id = $1 AND tenant_id = $2 AND component = '' RETURNING id`,
          [tableId, s.tenantId, table.component],
        );
        if (!kept) throw new ApiError('数据表刚被修改，请刷新后重试', { field: 'tableId' });
      }
      const [made] = await tx.query<{ id: number }>(
        `INSERT INTO menu (parent_id, tenant_id, name, name_en, path, icon, uri_type, need_button_permission, component, code, sort)
         VALUES ($1, $2, $3, $6, $4, '', 1, true, $5, '', COALESCE((SELECT max(sort) + 1 FROM menu WHERE parent_id = $1), 0))
         RETURNING id`,
        [parentId, s.tenantId, name, input.path, table.component, nameEn],
      );
      await settleNewEntry(tx, made.id, input, s.tenantId, s.tenantId);
      // ...and the publisher's own roles (a tenant administrator, userType 2, is not among the admins above): whoever
      // publishes a page sees it, with its directories and its five buttons, in one statement (a button with its page).
      await tx.query(
        `WITH RECURSIVE up AS (SELECT id, parent_id FROM menu WHERE id = $1
                               UNION ALL SELECT m.id, m.parent_id FROM menu m JOIN up ON m.id = up.parent_id),
              entries AS (SELECT id FROM up UNION SELECT id FROM menu WHERE parent_id = $1 AND uri_type = 2)
         INSERT INTO role_perm (role_id, menu_id)
         SELECT DISTINCT ur.role_id, e.id FROM user_role ur JOIN role r ON r.id = ur.role_id AND r.tenant_id = $3, entries e
          WHERE ur.user_id = $2
         ON CONFLICT DO NOTHING`,
        [made.id, s.userId, s.tenantId],
      );
      return made;
    });
    await tellTenants([row.id]);
    return ok({ id: row.id, path: input.path });
  });

  // Not shown in the spec: drag and drop in the menu tree. Puts the entry under `parentId` at `index` among its siblings.
  mount(app, menuApi.move, async (c) => {
    const { id, parentId, index } = c.var.body;
    const moving = await entry(id);
    if (parentId !== null) {
      const parent = await entry(parentId);
      if ((await subtree(id)).includes(parentId)) throw new ApiError('不能移到自己或自己的下级之下');
      if (parent.uriType === 2) throw new ApiError('按钮之下不能再建菜单');
      if (moving.uriType === 2 && !parent.path) throw new ApiError('按钮须建在一个页面之下');
      if ((parent.tenantId ?? null) !== (moving.tenantId ?? null) && parent.tenantId !== null) {
        throw new ApiError('租户自有菜单只能在本租户的菜单之间移动');
      }
    } else if (moving.uriType === 2) {
      throw new ApiError('按钮须建在一个页面之下');
    }
    const siblings = (
      await db.query<{ id: number }>('SELECT id FROM menu WHERE parent_id IS NOT DISTINCT FROM $1 AND id <> $2 ORDER BY sort, id', [
        parentId,
        id,
      ])
    ).map((r) => r.id);
    siblings.splice(Math.min(index, siblings.length), 0, id);
    // One statement: the parent and every sibling's place.
    await db.query(
      `UPDATE menu m SET sort = o.n - 1, parent_id = CASE WHEN m.id = $2 THEN $3::int ELSE m.parent_id END
         FROM unnest($1::int[]) WITH ORDINALITY AS o(id, n) WHERE m.id = o.id`,
      [siblings, id, parentId],
    );
    await tellTenants(await subtree(id));
    return ok({ id, parentId, index: siblings.indexOf(id) });
  });

  mount(app, menuApi.remove, async (c) => {
    const body = c.var.body;
    const { id } = body;
    const target = await entry(id);
    const ids = await subtree(id);
    const rows = await db.query<{ component: string }>('SELECT component FROM menu WHERE id = ANY($1::int[])', [ids]);
    if (rows.some((r) => PLATFORM_PAGES.includes(r.component))) throw new ApiError('平台管理页面不能删除（删除后无人能管理菜单和租户）');
    const [impact] = await db.query<{ roles: number }>(
      'SELECT count(DISTINCT role_id)::int AS roles FROM role_perm WHERE menu_id = ANY($1::int[])',
      [ids],
    );
    const children = ids.length - 1;
    if ((children > 0 || impact.roles > 0) && !body.confirm) {
      // The editor says what will go and asks; only a confirmed call deletes an entry with children or grants.
      throw new ApiError(`“${target.name}”有 ${children} 个下级菜单或按钮，已授予 ${impact.roles} 个角色；确认后将一并删除`, {
        values: { children, roles: impact.roles, confirm: true },
      });
    }
    await tellTenants(ids);
    await db.query('DELETE FROM menu WHERE id = $1', [id]);
    return ok({ deleted: ids });
  });

  mount(app, menuApi.interfaces, async (c) => {
    const { pageNum, pageSize, keyword, menuId } = c.var.body;
    const source = c.var.body.source || null;
    const where = `($1 = '' OR strpos(lower(i.path || ' ' || i.name), lower($1)) > 0) AND ($2::text IS NULL OR i.source = $2)
      AND ($3::int IS NULL OR EXISTS (SELECT 1 FROM page_func_relation pf WHERE pf.interface_id = i.id AND pf.menu_id = $3))`;
    const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM api_interface i WHERE ${where}`, [
      keyword,
      source,
      menuId,
    ]);
    const rows = await db.query<Omit<InterfaceRow, 'access'>>(
      `SELECT i.id, i.method, i.path, i.name, i.source,
              COALESCE((SELECT array_agg(pf.menu_id ORDER BY pf.menu_id) FROM page_func_relation pf WHERE pf.interface_id = i.id), '{}') AS "menuIds"
         FROM api_interface i WHERE ${where} ORDER BY i.path, i.method LIMIT $4 OFFSET $5`,
      [keyword, source, menuId, pageSize, (pageNum - 1) * pageSize],
    );
    // Unnamed server calls get a readable label from the page that owns them (the page's menu name, shared first).
    const pages = await db.query<{ component: string; name: string }>(
      `SELECT DISTINCT ON (component) component, name FROM menu WHERE uri_type = 1 AND component <> '' ORDER BY component, tenant_id NULLS FIRST, id`,
    );
    const buttons = await db.query<{ code: string; name: string }>(
      `SELECT DISTINCT ON (b.code) b.code, p.name FROM menu b JOIN menu p ON p.id = b.parent_id
        WHERE b.uri_type = 2 AND b.code <> '' ORDER BY b.code, b.tenant_id NULLS FIRST, b.id`,
    );
    const names = {
      page: (component: string) => pages.find((p) => p.component === component)?.name,
      button: (code: string) => buttons.find((b) => b.code === code)?.name,
    };
    return c.json({
      result: 'ok',
      values: rows.map((r) => ({
        ...r,
        access: accessOf(calls, r.method, r.path, r.source),
        label: r.name || (r.source === 'server' ? describeCall(calls.owner(r.method, r.path), r.path, names) : ''),
      })),
      count: n,
    });
  });

  // Not shown in the spec: an operator adds (or renames) an interface of an external backend; the server's own
  // routes are written at start and only their names change here.
  mount(app, menuApi.saveInterface, async (c) => {
    const body = c.var.body;
    const { id, name } = body;
    if (id !== null) {
      const [row] = await db.query<{ source: string }>('SELECT source FROM api_interface WHERE id = $1', [id]);
      if (!row) throw new ApiError(say('interfaceId'));
      if (row.source === 'server') {
        await db.query('UPDATE api_interface SET name = $2 WHERE id = $1', [id, name]);
        return ok({ id });
      }
    }
    const { method, path } = await checkWith(externalInterfaceSave, body);
    const [dup] = await db.query('SELECT 1 FROM api_interface WHERE method = $1 AND path = $2 AND ($3::int IS NULL OR id <> $3)', [
      method,
      path,
      id,
    ]);
    if (dup) throw new ApiError('该接口已存在', { field: 'path' });
    const [row] =
      id === null
        ? await db.query<{ id: number }>(
            `INSERT INTO api_interface (method, path, name, source) VALUES ($1, $2, $3, 'external') RETURNING id`,
            [method, path, name],
          )
        : await db.query<{ id: number }>('UPDATE api_interface SET method = $2, path = $3, name = $4 WHERE id = $1 RETURNING id', [
            id,
            method,
            path,
            name,
          ]);
    return ok({ id: row.id });
  });

  mount(app, menuApi.removeInterface, async (c) => {
    const { id } = c.var.body;
    const [row] = await db.query<{ source: string }>('SELECT source FROM api_interface WHERE id = $1', [id]);
    if (!row) throw new ApiError(say('interfaceId'));
    if (row.source === 'server') throw new ApiError('服务器自带的接口不能删除，可以取消它与页面的关联');
    await db.query('DELETE FROM api_interface WHERE id = $1', [id]);
    return ok();
  });

  /** A platform call keeps at least one relation: otherwise nobody, the operator included, could make it again. */
  const keepPlatformReachable = async (interfaceIds: number[], leavingMenuId: number) => {
    const rows = await db.query<{ method: string; path: string; n: number }>(
      `SELECT i.method, i.path, (SELECT count(*)::int FROM page_func_relation pf WHERE pf.interface_id = i.id AND pf.menu_id <> $2) AS n
         FROM api_interface i WHERE i.id = ANY($1::int[]) AND i.source = 'server'`,
      [interfaceIds, leavingMenuId],
    );
    const orphan = rows.find((r) => r.n === 0 && accessOf(calls, r.method, r.path, 'server') === 'platform');
    if (orphan) throw new ApiError(`平台接口 ${orphan.path} 至少要关联一个页面或按钮，否则无人能再调用它`);
  };

  mount(app, menuApi.relations, async (c) => {
    const { menuId, interfaceId } = c.var.body;
    if ((menuId === null) === (interfaceId === null)) throw new ApiError('请给出 menuId 或 interfaceId 之一');
    const rows =
      menuId !== null
        ? await db.query<{ id: number }>('SELECT interface_id AS id FROM page_func_relation WHERE menu_id = $1 ORDER BY 1', [menuId])
        : await db.query<{ id: number }>('SELECT menu_id AS id FROM page_func_relation WHERE interface_id = $1 ORDER BY 1', [interfaceId]);
    return ok(rows.map((r) => r.id));
  });

  mount(app, menuApi.setRelations, async (c) => {
    const body = c.var.body;
    const { menuId, interfaceId } = body;
    if ((menuId === null) === (interfaceId === null)) throw new ApiError('请给出 menuId 或 interfaceId 之一');
    if (menuId !== null) {
      await entry(menuId);
      const wanted = body.interfaceIds;
      const known = await db.query('SELECT id FROM api_interface WHERE id = ANY($1::int[])', [wanted]);
      if (known.length !== wanted.length) throw new ApiError('接口不存在');
      const before = (await db.query<{ id: number }>('SELECT interface_id AS id FROM page_func_relation WHERE menu_id = $1', [menuId])).map(
        (r) => r.id,
      );
      await keepPlatformReachable(
        before.filter((i) => !wanted.includes(i)),
        menuId,
      );
      await db.query(
        `WITH del AS (DELETE FROM page_func_relation WHERE menu_id = $1 AND NOT (interface_id = ANY($2::int[])))
         INSERT INTO page_func_relation (menu_id, interface_id) SELECT $1, i FROM unnest($2::int[]) i ON CONFLICT DO NOTHING`,
        [menuId, wanted],
      );
      return ok({ menuId, interfaceIds: wanted });
    }
    const wanted = body.menuIds;
    const known = await db.query('SELECT id FROM menu WHERE id = ANY($1::int[])', [wanted]);
    if (known.length !== wanted.length) throw new ApiError('菜单不存在');
    const [iface] = await db.query<{ method: string; path: string; source: string }>(
      'SELECT method, path, source FROM api_interface WHERE id = $1',
      [interfaceId],
    );
    if (!iface) throw new ApiError('接口不存在');
    if (!wanted.length && accessOf(calls, iface.method, iface.path, iface.source) === 'platform') {
      throw new ApiError(`平台接口 ${iface.path} 至少要关联一个页面或按钮，否则无人能再调用它`);
    }
    await db.query(
      `WITH del AS (DELETE FROM page_func_relation WHERE interface_id = $1 AND NOT (menu_id = ANY($2::int[])))
       INSERT INTO page_func_relation (menu_id, interface_id) SELECT m, $1 FROM unnest($2::int[]) m ON CONFLICT DO NOTHING`,
      [interfaceId, wanted],
    );
    return ok({ interfaceId: interfaceId!, menuIds: wanted });
  });

  mount(app, menuApi.removeRelation, async (c) => {
    const { menuId, interfaceId } = c.var.body;
    const [iface] = await db.query<{ method: string; path: string; source: string; n: number }>(
      `SELECT method, path, source, (SELECT count(*)::int FROM page_func_relation WHERE interface_id = $1 AND menu_id <> $2) AS n
         FROM api_interface WHERE id = $1`,
      [interfaceId, menuId],
    );
    if (!iface) throw new ApiError('接口不存在');
    if (iface.n === 0 && accessOf(calls, iface.method, iface.path, iface.source) === 'platform') {
      throw new ApiError(`平台接口 ${iface.path} 至少要关联一个页面或按钮，否则无人能再调用它`);
    }
    const removed = await db.query('DELETE FROM page_func_relation WHERE menu_id = $1 AND interface_id = $2 RETURNING 1', [
      menuId,
      interfaceId,
    ]);
    if (!removed.length) throw new ApiError('关联不存在');
    return ok();
  });

  return app;
}
