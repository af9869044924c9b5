import { describe, expect, inject, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { callAs, signedIn } from '../support/api.ts';
import { enumOptions } from '../support/meta-field.ts';
import { fetchMenuTree, initUserPermission } from '@/api/calls/session/session-calls.ts';
import { buildMenuModel } from '@/menu/menu-model.ts';
import { ownServer } from '../support/db-access.ts';
import { analyzeGrownTables } from '@server/infra/db/statistics.ts';
import type { Db } from '@server/infra/db/db.ts';

// Issue 12, the data dictionary (SPEC 7 Meta data) and the document collections (SPEC 7 Mongo), per tenant.
const baseUrl = inject('baseUrl');
const databaseUrl = inject('databaseUrl');
const unique = (prefix: string) => `${prefix}${randomBytes(3).toString('hex')}`;

describe('data dictionary', () => {
  it('tables and fields are saved by the rules, listed per tenant, and refused with the field named', async () => {
    const admin = await signedIn(baseUrl, 'admin');
    const name = unique('store_');
    const table = await callAs<{ id: number }>(baseUrl, admin.token, '/v1/metaData/saveMetaTable', {
      name,
      label: '门店',
      remark: '线下门店',
    });
    expect(table.result).toBe('ok');
    const tableId = table.values!.id;
    expect(await callAs(baseUrl, admin.token, '/v1/metaData/saveMetaTable', { name, label: '重复' })).toMatchObject({
      field: 'name',
      errmsg: '本租户已有同一标识的数据表',
    });
    // A page component is one table's: the second table that names it is told so, on the field it chose.
    const component = `base-info/${unique('c')}`;
    expect((await callAs(baseUrl, admin.token, '/v1/metaData/saveMetaTable', { name: unique('t_'), label: '甲', component })).result).toBe(
      'ok',
    );
    expect(await callAs(baseUrl, admin.token, '/v1/metaData/saveMetaTable', { name: unique('t_'), label: '乙', component })).toMatchObject({
      result: 'error',
      field: 'component',
      errmsg: '本租户已有数据表使用这个页面组件',
    });
    expect(await callAs(baseUrl, admin.token, '/v1/metaData/saveMetaTable', { name: 'Bad Name', label: 'x' })).toMatchObject({
      field: 'name',
    });
    // The schema the form uses: each field's own message, unknown keys named.
    const saveTable = (body: Record<string, unknown>) => callAs(baseUrl, admin.token, '/v1/metaData/saveMetaTable', body);
    expect(await saveTable({ name: unique('t_') })).toMatchObject({ field: 'label', errmsg: '名称不能为空' });
    expect(await saveTable({ name: unique('t_'), label: 'x', component: 'Store' })).toMatchObject({
      field: 'component',
      errmsg: '页面组件须为 group/name 形式的小写路径，如 base-info/store-mng',
    });
    expect(await saveTable({ name: unique('t_'), label: 'x', tenantId: 2 })).toMatchObject({ field: 'tenantId' });
    expect(await callAs(baseUrl, admin.token, '/v1/metaData/selMetaTableList', { pageSize: 501 })).toMatchObject({ field: 'pageSize' });

    const field = (body: Record<string, unknown>) =>
      callAs<{ id: number }>(baseUrl, admin.token, '/v1/metaData/saveMetaField', { tableId, ...body });
    expect((await field({ name: 'code', label: '编码', type: 'text', required: true, unique: true, searchable: true })).result).toBe('ok');
    const status = await field({
      name: 'status',
      label: '状态',
      type: 'enum',
      options: enumOptions(['open', '营业'], ['closed', '停业']),
      defaultValue: 'open',
    });
    expect(status.result).toBe('ok');
    // An option's English label is kept beside its label.
    const named = await field({
      name: 'tier',
      label: '档次',
      type: 'enum',
      options: enumOptions(['a', '旗舰', 'Flagship'], ['b', '社区']),
    });
    expect(named.result).toBe('ok');
    const listed = await callAs<Array<{ name: string; options: unknown[] }>>(baseUrl, admin.token, '/v1/metaData/selMetaFieldList', {
      tableId,
    });
    expect(listed.values!.find((f) => f.name === 'tier')!.options).toEqual([
      { value: 'a', label: '旗舰', labelEn: 'Flagship' },
      { value: 'b', label: '社区' },
    ]);
    expect(await field({ name: 'level', label: '等级', type: 'enum', options: [] })).toMatchObject({ field: 'options' });
    expect(await field({ name: 'opened', label: '开业', type: 'date', defaultValue: 'tomorrow' })).toMatchObject({ field: 'defaultValue' });
    expect(await field({ name: 'mall', label: '商场', type: 'reference' })).toMatchObject({ field: 'refTableId' });
    expect(await field({ name: 'code', label: '又一个编码', type: 'text' })).toMatchObject({
      field: 'name',
      errmsg: '本表已有同一标识的字段',
    });

    const fields = await callAs<Array<{ name: string; type: string; options: unknown[]; inUse: boolean }>>(
      baseUrl,
      admin.token,
      '/v1/metaData/selMetaFieldList',
      { tableId },
    );
    expect(fields.values!.map((f) => f.name)).toEqual(['code', 'status', 'tier']);
    expect(fields.values![1]).toMatchObject({ type: 'enum', inUse: false });
    const list = await callAs<Array<{ id: number; fieldCount: number }>>(baseUrl, admin.token, '/v1/metaData/selMetaTableList', {
      keyword: name,
    });
    expect(list.values).toEqual([expect.objectContaining({ id: tableId, fieldCount: 3, recordCount: 0 })]);

    // Another tenant sees none of it and cannot touch it.
    const other = await signedIn(baseUrl, 'admin2');
    expect((await callAs<unknown[]>(baseUrl, other.token, '/v1/metaData/selMetaTableList', { keyword: name })).values).toEqual([]);
    expect(await callAs(baseUrl, other.token, '/v1/metaData/selMetaFieldList', { tableId })).toMatchObject({ errmsg: '数据表不存在' });
    expect(await callAs(baseUrl, other.token, '/v1/metaData/delMetaTable', { id: tableId })).toMatchObject({ errmsg: '数据表不存在' });
    // The tenant admin may save but not delete (meta:del is not theirs).
    const ta = await signedIn(baseUrl, 'tenantadmin');
    expect(await callAs(baseUrl, ta.token, '/v1/metaData/delMetaTable', { id: tableId })).toMatchObject({ result: 403 });

    // A referenced table cannot go; once the reference goes, it can.
    const mall = await callAs<{ id: number }>(baseUrl, admin.token, '/v1/metaData/saveMetaTable', { name: unique('mall_'), label: '商场' });
    const ref = await field({ name: 'mall', label: '商场', type: 'reference', refTableId: mall.values!.id });
    expect(await callAs(baseUrl, admin.token, '/v1/metaData/delMetaTable', { id: mall.values!.id })).toMatchObject({
      result: 'error',
      errmsg: expect.stringContaining('引用'),
    });
    expect((await callAs(baseUrl, admin.token, '/v1/metaData/delMetaField', { id: ref.values!.id })).result).toBe('ok');
    expect((await callAs(baseUrl, admin.token, '/v1/metaData/delMetaTable', { id: mall.values!.id })).result).toBe('ok');
  });
});

describe('发布为页面', () => {
  it('a table and its fields keep an English name beside the Chinese one; the records schema carries both (issue 45)', async () => {
    const admin = await signedIn(baseUrl, 'admin');
    const name = unique('parcel_');
    const component = `custom/${name.replaceAll('_', '-')}`;
    const saved = await callAs<{ id: number }>(baseUrl, admin.token, '/v1/metaData/saveMetaTable', {
      name,
      label: '包裹',
      labelEn: ' Parcels ',
      component,
    });
    const tableId = saved.values!.id;
    await callAs(baseUrl, admin.token, '/v1/metaData/saveMetaField', {
      tableId,
      name: 'code',
      label: '取件码',
      labelEn: 'Pickup code',
      type: 'text',
    });
    await callAs(baseUrl, admin.token, '/v1/metaData/saveMetaField', { tableId, name: 'note', label: '备注', type: 'text' });
    const fields = await callAs<Array<{ name: string; labelEn: string }>>(baseUrl, admin.token, '/v1/metaData/selMetaFieldList', {
      tableId,
    });
    expect(fields.values!.map((f) => [f.name, f.labelEn])).toEqual([
      ['code', 'Pickup code'],
      ['note', ''],
    ]);
    const tables = await callAs<Array<{ id: number; labelEn: string }>>(baseUrl, admin.token, '/v1/metaData/selMetaTableList', {
      keyword: name,
    });
    expect(tables.values!.find((t) => t.id === tableId)?.labelEn).toBe('Parcels');
    expect(
      await callAs(baseUrl, admin.token, '/v1/metaData/saveMetaTable', { id: tableId, name, label: '包裹', labelEn: 'x'.repeat(65) }),
    ).toMatchObject({ field: 'labelEn', errmsg: '英文名称不能超过 64 个字符' });
    // the standard dictionary comes with its English: the members page's schema
    const schema = await callAs<{
      table: { label: string; labelEn: string };
      fields: Array<{ name: string; labelEn: string; options: Array<{ labelEn?: string }> }>;
    }>(baseUrl, admin.token, '/v1/metaRecord/schema', { component: 'member-mng/member-list' });
    expect(schema.values!.table).toMatchObject({ label: '会员', labelEn: 'Member' });
    const level = schema.values!.fields.find((f) => f.name === 'level')!;
    expect(level).toMatchObject({ labelEn: 'Level' });
    expect(level.options.map((o) => o.labelEn)).toEqual(['Standard', 'Silver', 'Gold', 'Diamond']);
  });

  it('a tenant admin makes a table a page of their own tenant, its buttons granted to the tenant’s admins at once', async () => {
    const admin = await signedIn(baseUrl, 'admin');
    const name = unique('visit_');
    const component = `custom/${name.replaceAll('_', '-')}`;
    const table = await callAs<{ id: number }>(baseUrl, admin.token, '/v1/metaData/saveMetaTable', { name, label: '访客登记', component });
    const tableId = table.values!.id;
    await callAs(baseUrl, admin.token, '/v1/metaData/saveMetaField', {
      tableId,
      name: 'guest',
      label: '访客',
      type: 'text',
      required: true,
    });
    const bareName = unique('bare_');
    const bare = await callAs<{ id: number }>(baseUrl, admin.token, '/v1/metaData/saveMetaTable', { name: bareName, label: '无组件' });
    await initUserPermission(admin.api);
    const sections = await fetchMenuTree(admin.api);
    const base = sections.find((n) => n.name === '基础数据')!;
    const users = sections.flatMap((n) => n.children ?? []).find((n) => n.name === '用户管理')!;
    const publish = (token: string, body: Record<string, unknown>) =>
      callAs<{ id: number; path: string }>(baseUrl, token, '/v1/metaData/publishPage', body);

    // Refusals name what is wrong: a table without a component would get custom/<标识>, here another table's already.
    const squatter = await callAs<{ id: number }>(baseUrl, admin.token, '/v1/metaData/saveMetaTable', {
      name: unique('squat_'),
      label: '占用组件',
      component: `custom/${bareName}`,
    });
    expect(await publish(admin.token, { tableId: bare.values!.id, parentId: base.id, name: '无组件' })).toMatchObject({
      field: 'tableId',
      errmsg: `页面组件 custom/${bareName} 已被数据表“占用组件”使用，请先在“编辑”中填写页面组件`,
    });
    await callAs(baseUrl, admin.token, '/v1/metaData/delMetaTable', { id: squatter.values!.id });
    expect(await publish(admin.token, { tableId, parentId: users.id, name: '访客登记' })).toMatchObject({ field: 'parentId' });
    expect(await publish(admin.token, { tableId, parentId: base.id, name: '' })).toMatchObject({ field: 'name', errmsg: '名称不能为空' });
    const other = await signedIn(baseUrl, 'admin2');
    expect(await publish(other.token, { tableId, parentId: base.id, name: '访客登记' })).toMatchObject({ errmsg: '数据表不存在' });
    expect(await publish((await signedIn(baseUrl, 'staff')).token, { tableId, parentId: base.id, name: 'x' })).toMatchObject({
      result: 403,
    });

    const done = await publish(admin.token, { tableId, parentId: base.id, name: '访客登记', nameEn: 'Visitors' });
    expect(done).toMatchObject({ result: 'ok', values: { path: `/${component}` } });
    expect(await publish(admin.token, { tableId, parentId: base.id, name: '再发布' })).toMatchObject({
      field: 'tableId',
      errmsg: '这个数据表已发布为页面“访客登记”',
    });
    // an English console hears the page's English name
    expect(
      await callAs(baseUrl, { UserToken: admin.token, 'Accept-Language': 'en' }, '/v1/metaData/publishPage', {
        tableId,
        parentId: base.id,
        name: '再发布',
      }),
    ).toMatchObject({ field: 'tableId', errmsg: 'This table is already published as the page “Visitors”' });

    // The tenant's userType 0 roles have the page and its five buttons at once; it adds a record.
    await initUserPermission(admin.api);
    const route = buildMenuModel(await fetchMenuTree(admin.api)).routes.find((r) => r.path === `/${component}`);
    expect(route).toMatchObject({ title: '访客登记', trail: ['基础数据'] });
    expect(buildMenuModel(await fetchMenuTree(admin.api), undefined, true).routes.find((r) => r.path === `/${component}`)).toMatchObject({
      title: 'Visitors',
      trail: ['Base data'],
    });
    expect(route!.buttons.sort()).toEqual(['add', 'del', 'edit', 'export', 'import'].map((op) => `${name}:${op}`).sort());
    // ...named in English as the shared pages' buttons are (a role's permission tree in English)
    type Node = { name: string; children: Node[] };
    const roleId = (await callAs<Array<{ id: number }>>(baseUrl, admin.token, '/v1/role/list')).values![0].id;
    const tree = await callAs<Node[]>(baseUrl, { UserToken: admin.token, 'Accept-Language': 'en' }, '/v1/role/queryRolePemission', {
      roleId,
    });
    const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
    expect(
      flat(tree.values!)
        .find((n) => n.name === 'Visitors')!
        .children.map((b) => b.name),
    ).toEqual(['Add', 'Edit', 'Delete', 'Import', 'Export']);
    // Other roles get it as any page, from whoever may grant it (tenantadmin is userType 2).
    const ta = await signedIn(baseUrl, 'tenantadmin');
    await initUserPermission(ta.api);
    expect(buildMenuModel(await fetchMenuTree(ta.api)).routes.some((r) => r.path === `/${component}`)).toBe(false);
    const saved = await callAs(baseUrl, admin.token, '/v1/metaRecord/save', { tableId, values: { guest: '张三' } });
    expect(saved.result).toBe('ok');
    // Another tenant sees nothing of it.
    await initUserPermission(other.api);
    expect(buildMenuModel(await fetchMenuTree(other.api)).routes.some((r) => r.path === `/${component}`)).toBe(false);
  });
});

/** The caller's 基础数据 section, where these tests publish (its permissions stored first, as a session starts). */
async function baseSection(api: Parameters<typeof fetchMenuTree>[0]) {
  await initUserPermission(api);
  return (await fetchMenuTree(api)).find((n) => n.name === '基础数据')!;
}

/** One table as the data dictionary's list answers it, found by a word of its name. */
async function tableRow(token: string, id: number, keyword: string) {
  const list = await callAs<Array<{ id: number; component: string; published?: unknown }>>(
    baseUrl,
    token,
    '/v1/metaData/selMetaTableList',
    {
      pageNum: 1,
      pageSize: 200,
      keyword,
    },
  );
  return list.values!.find((r) => r.id === id);
}

describe('发布为页面 right after a table is made', () => {
  it('a table without a component is published as custom/<标识> (an underscore included), and keeps that component', async () => {
    const admin = await signedIn(baseUrl, 'admin');
    const name = unique('parcel_box_');
    const table = await callAs<{ id: number }>(baseUrl, admin.token, '/v1/metaData/saveMetaTable', { name, label: '包裹柜' });
    const tableId = table.values!.id;
    const base = await baseSection(admin.api);
    const done = await callAs(baseUrl, admin.token, '/v1/metaData/publishPage', { tableId, parentId: base.id, name: '包裹柜' });
    expect(done).toMatchObject({ result: 'ok', values: { path: `/custom/${name}` } });
    expect(await tableRow(admin.token, tableId, name)).toMatchObject({ component: `custom/${name}` });
    // the same rule in the table's own form and in the menu editor: an underscore is a component's letter
    const again = await callAs(baseUrl, admin.token, '/v1/metaData/saveMetaTable', {
      id: tableId,
      name,
      label: '包裹柜',
      component: `custom/${name}`,
    });
    expect(again.result).toBe('ok');
    await initUserPermission(admin.api);
    const route = buildMenuModel(await fetchMenuTree(admin.api)).routes.find((r) => r.path === `/custom/${name}`);
    expect(route).toMatchObject({ title: '包裹柜', component: `custom/${name}` });
  });
});

describe('发布为页面 by whoever may publish', () => {
  it('a tenant administrator (userType 2) who publishes sees the page; the table then says where it is published', async () => {
    const ta = await signedIn(baseUrl, 'tenantadmin');
    const name = unique('desk_');
    const component = `custom/${name.replaceAll('_', '-')}`;
    const table = await callAs<{ id: number }>(baseUrl, ta.token, '/v1/metaData/saveMetaTable', { name, label: '前台登记', component });
    const tableId = table.values!.id;
    const base = await baseSection(ta.api);
    const listed = () => tableRow(ta.token, tableId, name);
    expect((await listed())!.published).toBeNull();

    const done = await callAs(baseUrl, ta.token, '/v1/metaData/publishPage', {
      tableId,
      parentId: base.id,
      name: '前台登记',
      nameEn: 'Front desk',
    });
    expect(done).toMatchObject({ result: 'ok', values: { path: `/${component}` } });
    // the publisher's own roles hold the page and its five buttons (before, only the tenant's userType 0 roles did)
    await initUserPermission(ta.api);
    const route = buildMenuModel(await fetchMenuTree(ta.api)).routes.find((r) => r.path === `/${component}`);
    expect(route).toMatchObject({ title: '前台登记', trail: ['基础数据'] });
    expect(route!.buttons.sort()).toEqual(['add', 'del', 'edit', 'export', 'import'].map((op) => `${name}:${op}`).sort());
    expect(await listed()).toMatchObject({
      published: { path: `/${component}`, name: '前台登记', nameEn: 'Front desk', section: '基础数据', sectionEn: 'Base data' },
    });
  });
});

describe('data dictionary with records (written behind the API, as old data would be)', () => {
  const server = ownServer(databaseUrl);

  it('a field holding data keeps its type, its used options and its uniqueness honest; a rename keeps the data', async () => {
    const admin = await signedIn(server.url, 'admin');
    const table = await callAs<{ id: number }>(server.url, admin.token, '/v1/metaData/saveMetaTable', {
      name: 'member_copy',
      label: '会员副本',
      labelEn: 'Member copy',
    });
    const tableId = table.values!.id;
    const level = await callAs<{ id: number }>(server.url, admin.token, '/v1/metaData/saveMetaField', {
      tableId,
      name: 'level',
      label: '等级',
      type: 'enum',
      options: enumOptions(['gold', '金卡'], ['silver', '银卡']),
    });
    const levelId = level.values!.id;
    const [{ tenant_id }] = await server.query<{ tenant_id: number }>('SELECT tenant_id FROM meta_table WHERE id = $1', [tableId]);
    await server.query(`INSERT INTO meta_record (tenant_id, table_id, data) VALUES ($1, $2, $3), ($1, $2, $3)`, [
      tenant_id,
      tableId,
      JSON.stringify({ [levelId]: 'gold' }),
    ]);
    const base = { id: levelId, tableId, name: 'level', label: '等级', type: 'enum' };
    expect(await callAs(server.url, admin.token, '/v1/metaData/saveMetaField', { ...base, type: 'text' })).toMatchObject({
      result: 'error',
      field: 'type',
    });
    expect(
      await callAs(server.url, admin.token, '/v1/metaData/saveMetaField', { ...base, options: [{ value: 'silver', label: '银卡' }] }),
    ).toMatchObject({ field: 'options', errmsg: '记录中还有选项“gold”的数据，不能删除这个选项' });
    expect(
      await callAs(server.url, admin.token, '/v1/metaData/saveMetaField', {
        ...base,
        unique: true,
        options: enumOptions(['gold', '金卡'], ['silver', '银卡']),
      }),
    ).toMatchObject({ field: 'unique' });
    // Renaming the field (name and label) keeps every value: records keep values under the field's id.
    expect(
      await callAs(server.url, admin.token, '/v1/metaData/saveMetaField', {
        ...base,
        name: 'card_level',
        label: '卡等级',
        labelEn: 'Card level',
        options: enumOptions(['gold', '金卡会员'], ['silver', '银卡']),
      }),
    ).toMatchObject({ result: 'ok' });
    const rows = await server.query<{ data: Record<string, string> }>('SELECT data FROM meta_record WHERE table_id = $1', [tableId]);
    expect(rows.map((r) => r.data[String(levelId)])).toEqual(['gold', 'gold']);
    // A table with records cannot be deleted; a field with data is deleted only when confirmed, and its data with it.
    expect(await callAs(server.url, admin.token, '/v1/metaData/delMetaTable', { id: tableId })).toMatchObject({
      errmsg: '“会员副本”还有 2 条记录，不能删除',
    });
    expect(await callAs(server.url, admin.token, '/v1/metaData/delMetaField', { id: levelId })).toMatchObject({ result: 'error' });
    // to an English console, by the English labels the dictionary gives them
    const english = { UserToken: admin.token, 'Accept-Language': 'en' };
    expect(await callAs(server.url, english, '/v1/metaData/delMetaTable', { id: tableId })).toMatchObject({
      errmsg: '“Member copy” has 2 records and cannot be deleted',
    });
    expect(await callAs(server.url, english, '/v1/metaData/delMetaField', { id: levelId })).toMatchObject({
      errmsg: '“Card level” holds data, which is deleted with it; confirm',
    });
    expect((await callAs(server.url, admin.token, '/v1/metaData/delMetaField', { id: levelId, confirm: true })).result).toBe('ok');
    const after = await server.query<{ data: Record<string, string> }>('SELECT data FROM meta_record WHERE table_id = $1', [tableId]);
    expect(after.map((r) => r.data)).toEqual([{}, {}]);
  });
  it('a field named like a member of every JavaScript object (constructor) is a plain field', async () => {
    const admin = await signedIn(server.url, 'admin');
    const brand = (
      await callAs<{ table: { id: number } }>(server.url, admin.token, '/v1/metaRecord/schema', { component: 'base-info/brand' })
    ).values!.table;
    expect(
      await callAs(server.url, admin.token, '/v1/metaData/saveMetaField', {
        tableId: brand.id,
        name: 'constructor',
        label: '建造方',
        type: 'text',
      }),
    ).toMatchObject({ result: 'ok' });
    const save = (body: Record<string, unknown>) =>
      callAs<{ id: number; version: number }>(server.url, admin.token, '/v1/metaRecord/save', { tableId: brand.id, ...body });
    // Left out on add: no value (not Object's constructor function); left out on edit: kept.
    const plain = await save({ values: { name: unique('品牌'), category: '2' } });
    expect(plain).toMatchObject({ result: 'ok' });
    const built = await save({ values: { name: unique('品牌'), category: '2', constructor: '中建' } });
    expect(built).toMatchObject({ result: 'ok' });
    expect(await save({ id: built.values!.id, version: 1, values: { contact: '李四' } })).toMatchObject({ result: 'ok' });
    const detail = async (id: number) =>
      (
        await callAs<{ values: Record<string, unknown>; labels: Record<string, string> }>(
          server.url,
          admin.token,
          '/v1/metaRecord/detail',
          {
            tableId: brand.id,
            id,
          },
        )
      ).values!;
    expect((await detail(built.values!.id)).values).toMatchObject({ constructor: '中建', contact: '李四' });
    const none = await detail(plain.values!.id);
    expect(none.values.constructor).toBeNull();
    expect(Object.hasOwn(none.labels, 'constructor')).toBe(false);
  });

  it('a number, money or date field is indexed with statistics on its value (lists sort by it); a plain text one is not', async () => {
    const admin = await signedIn(server.url, 'admin');
    const tableId = (
      await callAs<{ id: number }>(server.url, admin.token, '/v1/metaData/saveMetaTable', { name: unique('sorted_'), label: '排序' })
    ).values!.id;
    const field = async (name: string, type: string, searchable = false) =>
      (
        await callAs<{ id: number }>(server.url, admin.token, '/v1/metaData/saveMetaField', {
          tableId,
          name,
          label: name,
          type,
          searchable,
        })
      ).values!.id;
    const ids = {
      amount: await field('amount', 'money'),
      day: await field('day', 'date'),
      note: await field('note', 'text'),
      code: await field('code', 'text', true),
    };
    const indexed = async () =>
      (
        await server.query<{ indexname: string }>(
          `SELECT indexname FROM pg_indexes WHERE tablename LIKE 'meta_record_t%' AND indexname LIKE 'meta_rec_s_%'`,
        )
      ).map((r) => r.indexname);
    const counted = async () => (await server.query<{ stxname: string }>(`SELECT stxname FROM pg_statistic_ext`)).map((r) => r.stxname);
    expect(await indexed()).toEqual(
      expect.arrayContaining([`meta_rec_s_${ids.amount}`, `meta_rec_s_${ids.day}`, `meta_rec_s_${ids.code}_r`]),
    );
    expect(await indexed()).not.toContain(`meta_rec_s_${ids.note}`);
    expect(await counted()).toEqual(expect.arrayContaining([`meta_rec_x_${ids.amount}`, `meta_rec_x_${ids.day}`]));
    // a trigram index (searchable text) has no value statistics
    expect(await counted()).not.toContain(`meta_rec_x_${ids.code}`);
    await callAs(server.url, admin.token, '/v1/metaData/delMetaField', { id: ids.amount, confirm: true });
    expect(await indexed()).not.toContain(`meta_rec_s_${ids.amount}`);
    expect(await counted()).not.toContain(`meta_rec_x_${ids.amount}`);
  });

  it('on PGlite a table that grew by a fifth since its statistics is analyzed again; PostgreSQL leaves it to autovacuum', async () => {
    const db = { kind: databaseUrl ? 'postgres' : 'pglite', query: server.query } as Pick<Db, 'kind' | 'query'>;
    await server.query('CREATE TABLE grown_rows (id serial PRIMARY KEY, v text)');
    const add = (n: number) => server.query(`INSERT INTO grown_rows (v) SELECT repeat('x', 100) FROM generate_series(1, ${n})`);
    const tuples = async () =>
      Number((await server.query<{ n: number }>(`SELECT reltuples AS n FROM pg_class WHERE relname = 'grown_rows'`))[0].n);
    await add(5000);
    if (databaseUrl) {
      expect(await analyzeGrownTables(db)).toEqual([]);
      return;
    }
    expect(await analyzeGrownTables(db)).toContain('grown_rows');
    expect(await tuples()).toBe(5000);
    // nothing grew; then a tenth more is not yet stale; half again is
    expect(await analyzeGrownTables(db)).not.toContain('grown_rows');
    await add(500);
    expect(await analyzeGrownTables(db)).not.toContain('grown_rows');
    expect(await tuples()).toBe(5000);
    await add(2000);
    expect(await analyzeGrownTables(db)).toContain('grown_rows');
    expect(await tuples()).toBe(7500);
  });

  it('an export is named by the day in the tenant’s zone, not the UTC day', async () => {
    // A zone whose day differs from UTC's right now: ahead by 14 hours after 10:00 UTC, else behind by 11.
    const zone = new Date().getUTCHours() >= 10 ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';
    await server.query(
      `UPDATE system_setting SET params = (params::jsonb || jsonb_build_object('timeZone', $1::text))::text
        WHERE tenant_id = 1 AND type = 'scrm_overall_params'`,
      [zone],
    );
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
    expect(day).not.toBe(new Date().toISOString().slice(0, 10));
    const admin = await signedIn(server.url, 'admin');
    const brand = (
      await callAs<{ table: { id: number } }>(server.url, admin.token, '/v1/metaRecord/schema', { component: 'base-info/brand' })
    ).values!.table;
    const records = await callAs<{ fileName: string }>(server.url, admin.token, '/v1/metaRecord/export', { tableId: brand.id });
    const users = await callAs<{ fileName: string }>(server.url, admin.token, '/v1/common/excel/getExcelUrl', { type: 'userExport' });
    expect([records.values?.fileName, users.values?.fileName]).toEqual([`品牌-${day}.xlsx`, `用户列表-${day}.xlsx`]);
  });
});

describe('document collections', () => {
  it('a collection is added, gets a file (multipart), lists it, and deleting the collection takes its files', async () => {
    const admin = await signedIn(baseUrl, 'admin');
    const name = unique('events.');
    const made = await callAs<{ id: number }>(baseUrl, admin.token, '/v1/mongo/insTable', { name, remark: '埋点事件' });
    expect(made.result).toBe('ok');
    expect(await callAs(baseUrl, admin.token, '/v1/mongo/insTable', { name })).toMatchObject({
      field: 'name',
      errmsg: '本租户已有同名的集合',
    });
    expect(await callAs(baseUrl, admin.token, '/v1/mongo/insTable', { name: '1bad name' })).toMatchObject({ field: 'name' });
    // The schema the form uses: the field's own message for a missing or mistyped name, unknown keys named.
    expect(await callAs(baseUrl, admin.token, '/v1/mongo/insTable', { remark: 'x' })).toMatchObject({
      field: 'name',
      errmsg: '集合名称不能为空',
    });
    expect(await callAs(baseUrl, admin.token, '/v1/mongo/insTable', { name: { $gt: '' } })).toMatchObject({
      field: 'name',
      errmsg: '集合名称不能为空',
    });
    expect(await callAs(baseUrl, admin.token, '/v1/mongo/insTable', { name: unique('ok.'), owner: 1 })).toMatchObject({
      field: 'owner',
      errmsg: '请求含有未知字段 owner，请删除后重试',
    });
    expect(await callAs(baseUrl, admin.token, '/v1/mongo/mongoTableFileList', { tableId: -1 })).toMatchObject({
      field: 'tableId',
      errmsg: '集合不存在',
    });

    const form = new FormData();
    form.append('tableId', String(made.values!.id));
    form.append('file', new Blob(['{"event":"open"}'], { type: 'application/json' }), 'sample.json');
    const up = await fetch(`${baseUrl}/manage/v1/mongo/insTableFile`, { method: 'POST', headers: { UserToken: admin.token }, body: form });
    expect(await up.json()).toMatchObject({ result: 'ok' });
    const again = await fetch(`${baseUrl}/manage/v1/mongo/insTableFile`, {
      method: 'POST',
      headers: { UserToken: admin.token },
      body: form,
    });
    expect(await again.json()).toMatchObject({ result: 'error', field: 'file', errmsg: '集合中已有同名文件“sample.json”' });
    const files = await callAs<Array<{ name: string; size: number; contentType: string }>>(
      baseUrl,
      admin.token,
      '/v1/mongo/mongoTableFileList',
      {
        tableId: made.values!.id,
      },
    );
    expect(files.values).toEqual([expect.objectContaining({ name: 'sample.json', size: 16, contentType: 'application/json' })]);
    const list = await callAs<Array<{ id: number; fileCount: number; size: number }>>(baseUrl, admin.token, '/v1/mongo/mongoTableList', {
      keyword: name,
    });
    expect(list.values).toEqual([expect.objectContaining({ id: made.values!.id, fileCount: 1, size: 16 })]);

    const other = await signedIn(baseUrl, 'admin2');
    expect(await callAs(baseUrl, other.token, '/v1/mongo/mongoTableFileList', { tableId: made.values!.id })).toMatchObject({
      errmsg: '集合不存在',
    });
    expect((await callAs(baseUrl, admin.token, '/v1/mongo/delTable', { id: made.values!.id })).result).toBe('ok');
    expect((await callAs<unknown[]>(baseUrl, admin.token, '/v1/mongo/mongoTableList', { keyword: name })).values).toEqual([]);
  });
});
