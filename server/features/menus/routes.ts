import { Hono } from 'hono';
import type { AppEnv } from '../../access/auth.ts';
import type { Db, Queryable } from '../../infra/db/db.ts';
import * as q from './queries.ts';
import { ApiError, ok } from '../../infra/http/http.ts';
import { describeCall, type CallTable } from '../../access/access.ts';
import { relateDefaults } from '../../access/relations.ts';
import { RECORD_BUTTON_LABELS } from '../../services/records.ts';
import { grantToTenantAdmins } from '../../access/menu.ts';
import type { SessionEvents } from '../../infra/session-events.ts';
import { checkWith } from '../../infra/http/validate.ts';
import { externalInterfaceSave } from '@/api/schema/system/interface.ts';
import { say } from '@/api/schema/messages.ts';
import { isSystemPage } from '@/api/rules/system-pages.ts';
import { PLATFORM_PAGES } from '@/api/contract/platform.ts';
import { menuEntryProblems, type MenuEntryFields } from '@/api/schema/system/menu.ts';
import { derivedComponent } from '@/api/contract/records.ts';
import { menuApi, type InterfaceRow, type MenuEntry } from '@/api/table/platform.ts';
import { mount } from '../../infra/http/mount.ts';
import { metaApi } from '@/api/table/meta.ts';

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
    const row = await q.menuEntry(db, id);
    if (!row) throw new ApiError('菜单不存在');
    return row;
  };

  /**
   * What a new entry brings with it. A shared page is the platform's until the operator gives it to tenants (with the
   * directories above it). A page rendering a meta table brings its table's five record buttons. The admins of the
   * tenants that now have it get grants, and the entry gets relations to the calls it makes.
   */
  const settleNewEntry = async (
    db: Queryable,
    savedId: number,
    input: Pick<MenuEntryFields, 'parentId' | 'uriType' | 'component'>,
    tenantId: number | null,
    callerTenant: number,
  ) => {
    // A new shared page is the platform's until the operator gives it to tenants (with the directories above it, so
    // the platform tenant's menu can show it); a new button goes wherever its page is (the page's roles still decide
    // who gets it).
    if (tenantId === null) await q.offerNewSharedEntry(db, savedId, platformTenant, input.parentId, input.uriType === 2);
    // A page that renders a meta table starts with that table's five record buttons, so the page works
    // for whoever is given it; the caller's own tenant's table names the codes.
    const table = input.uriType === 1 && input.component ? await q.tableNameOfComponent(db, input.component, callerTenant) : undefined;
    const buttons = table
      ? await q.insertPageButtons(
          db,
          savedId,
          tenantId,
          RECORD_BUTTON_LABELS.map(([op, label]) => ({ label, code: `${table}:${op}` })),
        )
      : [];
    // The tenants that now have it: their admins hold it, so they can grant it to their roles.
    for (const holder of await q.tenantsWithEntry(db, savedId)) {
      await grantToTenantAdmins(db, holder, [...(await q.menuWithAncestors(db, savedId)), ...buttons]);
    }
    // An entry of an installed page, or a known button, starts related to the calls it makes.
    for (const id of [savedId, ...buttons]) await relateDefaults(db, calls, { menuId: id });
  };

  /** Tells the sessions of every tenant that has one of these entries that their menu changed. */
  const tellTenants = async (menuIds: number[]) => {
    for (const tenantId of await q.tenantsWithEntries(db, menuIds)) await events.publish({ tenantId }, 'permissions');
  };

  mount(app, menuApi.catalogue, async () => {
    const rows = await q.menuCatalogue(db);
    const nodes = new Map<number, MenuTreeNode>(rows.map((r) => [r.id, { ...r, children: [] }]));
    const roots: MenuTreeNode[] = [];
    for (const n of nodes.values()) (n.parentId !== null && nodes.get(n.parentId) ? nodes.get(n.parentId)!.children : roots).push(n);
    return ok(roots);
  });

  mount(app, menuApi.list, async (c) => {
    const { keyword, uriType } = c.var.body;
    return ok(await q.searchMenu(db, keyword, uriType));
  });

  mount(app, menuApi.save, async (c) => {
    // trimmed and checked by the entry's rules (menuEntrySave), its kind's too
    const { id, ...input } = c.var.body;
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
      if (await q.buttonCodeTaken(db, input.parentId, input.code, id)) throw new ApiError('该页面下已有此按钮编码', { field: 'code' });
    } else {
      // Paths are unique among the entries offered together: the shared ones and each tenant's own.
      const holder = await q.pathTakenBy(db, input.path, id, tenantId);
      if (holder) throw new ApiError(`路径已被“${holder.name}”使用`, { field: 'path' }, [[holder.name, holder.nameEn]]);
    }
    const fields: q.EntryFields = {
      name: input.name,
      nameEn: input.nameEn ?? '',
      path: input.uriType === 2 ? '' : input.path,
      icon: input.icon,
      needButtonPermission: input.needButtonPermission,
      component: input.uriType === 2 ? '' : input.component,
      code: input.uriType === 2 ? input.code : '',
    };
    // The entry and what it brings (its buttons, grants, relations) are written together, or not at all.
    const savedId = await db.transaction(async (tx) => {
      if (before) {
        await q.updateEntry(tx, id!, fields);
        return id!;
      }
      const savedId = await q.insertEntry(tx, { parentId: input.parentId, tenantId, uriType: input.uriType }, fields);
      await settleNewEntry(tx, savedId, input, tenantId, c.get('session').tenantId);
      return savedId;
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
    const table = await q.tenantTable(db, s.tenantId, tableId);
    if (!table) throw new ApiError('数据表不存在', { field: 'tableId' });
    // A table without a component gets custom/<标识> (written with the page, below): publishing works right after the
    // table is made. Another table of the tenant holding that component already is named.
    const derived = !table.component;
    if (derived) {
      table.component = derivedComponent(table.name);
      const holder = await q.tableHoldingComponent(db, s.tenantId, table.component);
      if (holder)
        throw new ApiError(
          `页面组件 ${table.component} 已被数据表“${holder.label}”使用，请先在“编辑”中填写页面组件`,
          { field: 'tableId' },
          [[holder.label, holder.labelEn]],
        );
    }
    // A table named like a system page before that was refused: its page would be a system page's.
    if (isSystemPage(table.component)) throw new ApiError(say('systemComponent', { name: table.component }), { field: 'tableId' });
    const input: MenuEntryFields = {
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
    if (!(await q.isSectionOf(db, s.tenantId, parentId))) throw new ApiError('请选择本租户菜单中的一个一级目录', { field: 'parentId' });
    const published = await q.pageShowing(db, s.tenantId, table.component, input.path);
    if (published)
      throw new ApiError(`这个数据表已发布为页面“${published.name}”`, { field: 'tableId' }, [[published.name, published.nameEn]]);
    // The page, its buttons, their grants and relations: written together, or not at all.
    const pageId = await db.transaction(async (tx) => {
      // the derived component, kept only if nothing else gave the table one meanwhile
      if (derived && !(await q.claimTableComponent(tx, s.tenantId, tableId!, table.component))) {
        throw new ApiError('数据表刚被修改，请刷新后重试', { field: 'tableId' });
      }
      const made = await q.insertTenantPage(tx, s.tenantId, { parentId, name, nameEn, path: input.path, component: table.component });
      await settleNewEntry(tx, made, input, s.tenantId, s.tenantId);
      // ...and the publisher's own roles (a tenant administrator, userType 2, is not among the admins above): whoever
      // publishes a page sees it, with its directories and its five buttons.
      await q.grantPageToRolesOf(tx, s.tenantId, s.userId, made);
      return made;
    });
    await tellTenants([pageId]);
    return ok({ id: pageId, path: input.path });
  });

  // Not shown in the spec: drag and drop in the menu tree. Puts the entry under `parentId` at `index` among its siblings.
  mount(app, menuApi.move, async (c) => {
    const { id, parentId, index } = c.var.body;
    const moving = await entry(id);
    if (parentId !== null) {
      const parent = await entry(parentId);
      if ((await q.menuSubtree(db, id)).includes(parentId)) throw new ApiError('不能移到自己或自己的下级之下');
      if (parent.uriType === 2) throw new ApiError('按钮之下不能再建菜单');
      if (moving.uriType === 2 && !parent.path) throw new ApiError('按钮须建在一个页面之下');
      if ((parent.tenantId ?? null) !== (moving.tenantId ?? null) && parent.tenantId !== null) {
        throw new ApiError('租户自有菜单只能在本租户的菜单之间移动');
      }
    } else if (moving.uriType === 2) {
      throw new ApiError('按钮须建在一个页面之下');
    }
    const siblings = await q.siblingsOf(db, parentId, id);
    siblings.splice(Math.min(index, siblings.length), 0, id);
    await q.placeEntries(db, siblings, id, parentId);
    await tellTenants(await q.menuSubtree(db, id));
    return ok({ id, parentId, index: siblings.indexOf(id) });
  });

  mount(app, menuApi.remove, async (c) => {
    const body = c.var.body;
    const { id } = body;
    const target = await entry(id);
    const ids = await q.menuSubtree(db, id);
    if ((await q.componentsOf(db, ids)).some((component) => PLATFORM_PAGES.includes(component)))
      throw new ApiError('平台管理页面不能删除（删除后无人能管理菜单和租户）');
    const roles = await q.rolesHolding(db, ids);
    const children = ids.length - 1;
    if ((children > 0 || roles > 0) && !body.confirm) {
      // The editor says what will go and asks; only a confirmed call deletes an entry with children or grants.
      throw new ApiError(
        `“${target.name}”有 ${children} 个下级菜单或按钮，已授予 ${roles} 个角色；确认后将一并删除`,
        { values: { children, roles, confirm: true } },
        [[target.name, target.nameEn]],
      );
    }
    await tellTenants(ids);
    await q.deleteEntry(db, id);
    return ok({ deleted: ids });
  });

  mount(app, menuApi.interfaces, async (c) => {
    const { pageNum, pageSize, keyword, menuId } = c.var.body;
    const source = c.var.body.source || null;
    const { rows, count } = await q.interfacePage(db, { keyword, source, menuId, pageNum, pageSize });
    // Unnamed server calls get a readable label from the page that owns them (the page's menu name, shared first).
    const { pages, buttons } = await q.entryNames(db);
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
      count,
    });
  });

  // Not shown in the spec: an operator adds (or renames) an interface of an external backend; the server's own
  // routes are written at start and only their names change here.
  mount(app, menuApi.saveInterface, async (c) => {
    const body = c.var.body;
    const { id, name } = body;
    if (id !== null) {
      const row = await q.interfaceById(db, id);
      if (!row) throw new ApiError(say('interfaceId'));
      if (row.source === 'server') {
        await q.renameInterface(db, id, name);
        return ok({ id });
      }
    }
    const { method, path } = await checkWith(externalInterfaceSave, body);
    if (await q.interfaceTaken(db, method, path, id)) throw new ApiError('该接口已存在', { field: 'path' });
    return ok({ id: await q.saveExternalInterface(db, id, { method, path, name }) });
  });

  mount(app, menuApi.removeInterface, async (c) => {
    const { id } = c.var.body;
    const row = await q.interfaceById(db, id);
    if (!row) throw new ApiError(say('interfaceId'));
    if (row.source === 'server') throw new ApiError('服务器自带的接口不能删除，可以取消它与页面的关联');
    await q.deleteInterface(db, id);
    return ok();
  });

  /** A platform call keeps at least one relation: otherwise nobody, the operator included, could make it again. */
  const keepPlatformReachable = async (interfaceIds: number[], leavingMenuId: number) => {
    const rows = await q.relationsLeft(db, interfaceIds, leavingMenuId);
    const orphan = rows.find((r) => r.n === 0 && accessOf(calls, r.method, r.path, 'server') === 'platform');
    if (orphan) throw new ApiError(`平台接口 ${orphan.path} 至少要关联一个页面或按钮，否则无人能再调用它`);
  };

  mount(app, menuApi.relations, async (c) => {
    const { menuId, interfaceId } = c.var.body;
    if ((menuId === null) === (interfaceId === null)) throw new ApiError('请给出 menuId 或 interfaceId 之一');
    return ok(menuId !== null ? await q.interfacesOfEntry(db, menuId) : await q.entriesOfInterface(db, interfaceId!));
  });

  mount(app, menuApi.setRelations, async (c) => {
    const body = c.var.body;
    const { menuId, interfaceId } = body;
    if ((menuId === null) === (interfaceId === null)) throw new ApiError('请给出 menuId 或 interfaceId 之一');
    if (menuId !== null) {
      await entry(menuId);
      const wanted = body.interfaceIds;
      if ((await q.knownInterfaces(db, wanted)) !== wanted.length) throw new ApiError('接口不存在');
      const before = await q.interfacesOfEntry(db, menuId);
      await keepPlatformReachable(
        before.filter((i) => !wanted.includes(i)),
        menuId,
      );
      await q.setEntryInterfaces(db, menuId, wanted);
      return ok({ menuId, interfaceIds: wanted });
    }
    const wanted = body.menuIds;
    if ((await q.knownEntries(db, wanted)) !== wanted.length) throw new ApiError('菜单不存在');
    const iface = await q.interfaceById(db, interfaceId!);
    if (!iface) throw new ApiError('接口不存在');
    if (!wanted.length && accessOf(calls, iface.method, iface.path, iface.source) === 'platform') {
      throw new ApiError(`平台接口 ${iface.path} 至少要关联一个页面或按钮，否则无人能再调用它`);
    }
    await q.setInterfaceEntries(db, interfaceId!, wanted);
    return ok({ interfaceId: interfaceId!, menuIds: wanted });
  });

  mount(app, menuApi.removeRelation, async (c) => {
    const { menuId, interfaceId } = c.var.body;
    const iface = await q.interfaceWithOthers(db, interfaceId, menuId);
    if (!iface) throw new ApiError('接口不存在');
    if (iface.n === 0 && accessOf(calls, iface.method, iface.path, iface.source) === 'platform') {
      throw new ApiError(`平台接口 ${iface.path} 至少要关联一个页面或按钮，否则无人能再调用它`);
    }
    if (!(await q.deleteRelation(db, menuId, interfaceId))) throw new ApiError('关联不存在');
    return ok();
  });

  return app;
}
