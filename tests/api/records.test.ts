import { describe, expect, inject, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { strFromU8, strToU8, unzipSync, zip } from 'fflate';
import { callsOn, type Envelope, signedIn } from '../support/api.ts';
import { writeXlsx } from '@/lib/xlsx.ts';
import { startUserImport } from '@/api/calls/system/user-calls.ts';
import type { MetaRecord, RecordSchema } from '@/api/contract/records.ts';

// Issue 14: the records service behind the business areas' pages, on the demo's standard data dictionary.
const baseUrl = inject('baseUrl');
const { call } = callsOn(baseUrl);
const tag = () => randomBytes(3).toString('hex').toUpperCase();

const schemaOf = async (token: string, component: string) =>
  (await call<RecordSchema>(token, '/v1/metaRecord/schema', { component })).values!;
const list = (token: string, tableId: number, extra: Record<string, unknown> = {}) =>
  call<MetaRecord[]>(token, '/v1/metaRecord/list', { tableId, pageNum: 1, pageSize: 200, ...extra });

describe('records service', () => {
  it('answers a page its table: fields, button codes; a component of no table is null; another page is 403', async () => {
    const admin = await signedIn(baseUrl, 'admin');
    const store = await schemaOf(admin.token, 'base-info/store-mng');
    expect(store.table).toMatchObject({ name: 'store', label: '门店', component: 'base-info/store-mng' });
    expect(store.fields.map((f) => f.name)).toEqual(['code', 'name', 'mall', 'department', 'address', 'phone', 'status', 'opened_at']);
    expect(store.codes).toEqual({ add: 'store:add', edit: 'store:edit', del: 'store:del', import: 'store:import', export: 'store:export' });
    expect(await call(admin.token, '/v1/metaRecord/schema', { component: 'nothing/here' })).toEqual({ result: 'ok', values: null });
    // Store staff do not have the stores page: neither its schema nor its rows.
    const staff = await signedIn(baseUrl, 'staff');
    expect(await call(staff.token, '/v1/metaRecord/schema', { component: 'base-info/store-mng' })).toMatchObject({ result: 403 });
    expect(await list(staff.token, store.table.id)).toMatchObject({ result: 403 });
  });

  it('lists with filters on searchable fields, a sort, pages and labels for references and departments', async () => {
    const admin = await signedIn(baseUrl, 'admin');
    const member = await schemaOf(admin.token, 'member-mng/member-list');
    const diamonds = await list(admin.token, member.table.id, { filters: { level: '4' }, sortField: 'points', sortOrder: 'descend' });
    expect(diamonds.result).toBe('ok');
    expect(diamonds.count).toBeGreaterThan(10);
    const rows = diamonds.values!;
    expect(rows.every((r) => r.values.level === '4')).toBe(true);
    const points = rows.map((r) => r.values.points as number);
    expect(points).toEqual([...points].sort((a, b) => b - a));
    const withStore = rows.find((r) => r.values.store !== null)!;
    // a reference is labelled by the referenced record's title: its table's first text field
    const store = await schemaOf(admin.token, 'base-info/store-mng');
    const title = store.fields.find((f) => f.type === 'text')!.name;
    const stores = new Map((await list(admin.token, store.table.id)).values!.map((r) => [r.id, r.values[title]]));
    expect(withStore.labels.store).toMatch(/\S/);
    expect(withStore.labels.store).toBe(stores.get(withStore.values.store as number));
    expect(rows.find((r) => r.values.department !== null)!.labels.department).toMatch(/总部|大区/);

    const page2 = await call<MetaRecord[]>(admin.token, '/v1/metaRecord/list', { tableId: member.table.id, pageNum: 2, pageSize: 10 });
    const page1 = await call<MetaRecord[]>(admin.token, '/v1/metaRecord/list', { tableId: member.table.id, pageNum: 1, pageSize: 10 });
    expect(page2.values!.length).toBe(10);
    expect(page2.values![0].id).toBeLessThan(page1.values![9].id);

    const nick = rows[0].values.nickname as string;
    const byName = await list(admin.token, member.table.id, { filters: { nickname: nick.slice(1) } });
    expect(byName.values!.every((r) => (r.values.nickname as string).includes(nick.slice(1)))).toBe(true);
    expect(byName.values!.some((r) => r.id === rows[0].id)).toBe(true);

    const joined = await list(admin.token, member.table.id, { filters: { joined_at: '2000-01-01~2000-12-31' } });
    expect(joined.count).toBe(0);
    expect(await list(admin.token, member.table.id, { filters: { points: '5' } })).toMatchObject({ field: 'points' });
    expect(await list(admin.token, member.table.id, { filters: { joined_at: 'soon~later' } })).toMatchObject({ field: 'joined_at' });
    expect(await list(admin.token, member.table.id, { sortField: 'nope', sortOrder: 'ascend' })).toMatchObject({ field: 'sortField' });

    // Page after page from each page's cursor: the same rows as by page number, in every order (nulls last included).
    for (const sort of [
      {},
      { sortField: 'store', sortOrder: 'ascend' },
      { sortField: 'points', sortOrder: 'descend' },
      { sortField: 'nickname', sortOrder: 'ascend' },
      { sortField: 'updatedAt', sortOrder: 'descend' },
    ]) {
      const byNumber: number[] = [];
      const byCursor: number[] = [];
      let after: string | undefined;
      for (let pageNum = 1; pageNum <= 6; pageNum++) {
        const numbered = await call<MetaRecord[]>(admin.token, '/v1/metaRecord/list', {
          tableId: member.table.id,
          pageNum,
          pageSize: 7,
          ...sort,
        });
        const followed = await call<MetaRecord[]>(admin.token, '/v1/metaRecord/list', {
          tableId: member.table.id,
          pageNum,
          pageSize: 7,
          ...sort,
          ...(after ? { after } : {}),
        });
        byNumber.push(...numbered.values!.map((r) => r.id));
        byCursor.push(...followed.values!.map((r) => r.id));
        after = (followed as { next?: string }).next;
        expect(after, JSON.stringify(sort)).toBeDefined();
      }
      expect(byCursor, JSON.stringify(sort)).toEqual(byNumber);
      expect(new Set(byCursor).size).toBe(42);
    }
    // The order itself: by the value, missing values last, then newest first (each row against the next).
    for (const [field, order] of [
      ['store', 'ascend'],
      ['store', 'descend'],
      ['points', 'descend'],
    ] as const) {
      const rows = (await list(admin.token, member.table.id, { sortField: field, sortOrder: order, pageSize: 200 })).values!;
      const value = (r: MetaRecord) => r.values[field] as number | null;
      const misplaced = rows.slice(1).filter((b, i) => {
        const a = rows[i];
        const [x, y] = [value(a), value(b)];
        if (x === null) return y !== null || b.id > a.id;
        if (y === null) return false;
        return order === 'ascend' ? x > y || (x === y && b.id > a.id) : x < y || (x === y && b.id > a.id);
      });
      expect(misplaced, `${field} ${order}`).toEqual([]);
      expect(rows).toHaveLength(200);
      // the member table has members without a store: they come last, both ways
      if (field === 'store') expect(value(rows.at(-1)!) === null || value(rows[0]) !== null).toBe(true);
    }
    expect(await list(admin.token, member.table.id, { after: 'e30' })).toMatchObject({
      result: 'error',
      errmsg: '分页位置不正确，请回到第一页',
    });
  });

  it('filters a range by what the console sends: a day the calendar has, an instant with its zone; else refuses it', async () => {
    const admin = await signedIn(baseUrl, 'admin');
    const tables = (await call<Array<{ id: number; name: string }>>(admin.token, '/v1/metaData/selMetaTableList', { pageSize: 200 }))
      .values!;
    const flow = tables.find((t) => t.name === 'points_flow')!.id;
    const member = await schemaOf(admin.token, 'member-mng/member-list');
    const range = (tableId: number, name: string, value: string) => list(admin.token, tableId, { filters: { [name]: value } });
    expect(await range(member.table.id, 'joined_at', '2026-03-01~2026-03-31')).toMatchObject({ result: 'ok' });
    expect(await range(flow, 'at', '2026-03-01T00:00:00.000Z~2026-04-01T00:00:00+08:00')).toMatchObject({ result: 'ok' });
    // Read loosely, 1~2 was the years 2001 and 2002, and 2026-02-30 a day after no member's
    for (const [tableId, name, value] of [
      [member.table.id, 'joined_at', '2026-02-30~'],
      [member.table.id, 'joined_at', '~2026-13-01'],
      [flow, 'at', '1~2'],
      [flow, 'at', '2026-03-01~'],
      [flow, 'at', 'March 1, 2026~'],
    ] as const)
      expect(await range(tableId, name, value), value).toMatchObject({
        result: 'error',
        field: name,
        errmsg: expect.stringMatching(/的范围格式不正确$/),
      });
  });

  it('checks every value by its field, references and departments against the tenant, and unique fields by index', async () => {
    const admin = await signedIn(baseUrl, 'admin');
    const store = await schemaOf(admin.token, 'base-info/store-mng');
    const mall = await schemaOf(admin.token, 'base-info/mall-manage');
    const mallId = (await list(admin.token, mall.table.id)).values![0].id;
    const save = (values: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      call<{ id: number; version: number }>(admin.token, '/v1/metaRecord/save', { tableId: store.table.id, values, ...extra });
    const code = `T${tag()}`;
    const good = { code, name: '测试门店', mall: mallId, phone: '13912345678', status: '1', opened_at: '2026-03-01' };
    expect(await save({ ...good, code: '' })).toMatchObject({ field: 'code', errmsg: '门店编号不能为空' });
    expect(await save({ ...good, phone: '12345' })).toMatchObject({ field: 'phone', errmsg: '联系电话须为 11 位手机号' });
    expect(await save({ ...good, status: '9' })).toMatchObject({ field: 'status' });
    expect(await save({ ...good, opened_at: '2026-02-30' })).toMatchObject({ field: 'opened_at' });
    expect(await save({ ...good, mall: 999999 })).toMatchObject({ field: 'mall', errmsg: '所选的所在商场不存在或已被删除' });
    expect(await save({ ...good, department: 999999 })).toMatchObject({ field: 'department' });
    expect(await save({ ...good, color: 'red' })).toMatchObject({ field: 'color' });
    const made = await save(good);
    expect(made).toMatchObject({ result: 'ok', values: { version: 1 } });
    expect(await save({ ...good, name: '另一家' })).toMatchObject({ field: 'code', errmsg: '已有相同门店编号的记录' });
    // to an English console, in English, each field by the English label the dictionary gives it
    const english = (values: Record<string, unknown>) =>
      call({ UserToken: admin.token, 'Accept-Language': 'en' }, '/v1/metaRecord/save', { tableId: store.table.id, values });
    const en = (name: string) => store.fields.find((f) => f.name === name)!.labelEn;
    expect([en('code'), en('mall')].every(Boolean)).toBe(true);
    expect(await english({ ...good, name: '另一家' })).toMatchObject({
      field: 'code',
      errmsg: `A record with the same ${en('code')} exists`,
    });
    expect(await english({ ...good, mall: 999999 })).toMatchObject({
      field: 'mall',
      errmsg: `The chosen ${en('mall')} does not exist or was deleted`,
    });
    // parallel saves of one code: the unique index lets exactly one through
    const racing = `R${tag()}`;
    const answers = await Promise.all([1, 2, 3, 4].map(() => save({ ...good, code: racing })));
    expect(answers.filter((a) => a.result === 'ok')).toHaveLength(1);

    // a reference to another tenant's row is refused as missing
    const admin2 = await signedIn(baseUrl, 'admin2');
    const mall2 = await schemaOf(admin2.token, 'base-info/mall-manage');
    const foreign = (await list(admin2.token, mall2.table.id)).values![0].id;
    expect(await save({ ...good, code: `F${tag()}`, mall: foreign })).toMatchObject({ field: 'mall' });

    const coupon = await schemaOf(admin.token, 'coupon-manage/coupon');
    const money = (v: unknown) =>
      call(admin.token, '/v1/metaRecord/save', { tableId: coupon.table.id, values: { name: '测试券', kind: '1', face_value: v } });
    expect(await money('12.345')).toMatchObject({ field: 'face_value', errmsg: '面额（元）最多两位小数' });
    expect(await money('abc')).toMatchObject({ field: 'face_value', errmsg: '面额（元）须为数字' });
    expect(await money(12.5)).toMatchObject({ result: 'ok' });
  });

  it('refuses a stale edit and keeps what was saved; keeps fields an edit leaves out', async () => {
    const admin = await signedIn(baseUrl, 'admin');
    const brand = await schemaOf(admin.token, 'base-info/brand');
    const save = (body: Record<string, unknown>) =>
      call<{ id: number; version: number }>(admin.token, '/v1/metaRecord/save', { tableId: brand.table.id, ...body });
    const made = (await save({ values: { name: `品牌${tag()}`, category: '2', contact: '张三' } })).values!;
    const first = await save({ id: made.id, version: 1, values: { contact: '李四' } });
    expect(first).toMatchObject({ result: 'ok', values: { version: 2 } });
    const stale = await save({ id: made.id, version: 1, values: { contact: '王五' } });
    expect(stale.result).toBe('error');
    expect(stale.errmsg).toContain('你的修改没有保存');
    expect(stale).toMatchObject({ field: 'version', values: { stale: true, version: 2 } });
    const now = (await call<MetaRecord>(admin.token, '/v1/metaRecord/detail', { tableId: brand.table.id, id: made.id })).values!;
    expect(now.values).toMatchObject({ contact: '李四', category: '2' });
    expect(now.version).toBe(2);
    expect(await save({ id: made.id, values: { contact: '赵六' } })).toMatchObject({ field: 'version' });
  });

  it('refuses to delete a record others reference, and deletes it once they are gone', async () => {
    const admin = await signedIn(baseUrl, 'admin');
    const coupon = await schemaOf(admin.token, 'coupon-manage/coupon');
    const writeOff = await schemaOf(admin.token, 'coupon-manage/write-off');
    const store = await schemaOf(admin.token, 'base-info/store-mng');
    const storeId = (await list(admin.token, store.table.id)).values![0].id;
    const c = (
      await call<{ id: number }>(admin.token, '/v1/metaRecord/save', {
        tableId: coupon.table.id,
        values: { name: '引用测试券', kind: '1' },
      })
    ).values!;
    const w = (
      await call<{ id: number }>(admin.token, '/v1/metaRecord/save', {
        tableId: writeOff.table.id,
        values: { code: `HX${tag()}`, coupon: c.id, store: storeId, written_at: new Date().toISOString() },
      })
    ).values!;
    const refused = await call(admin.token, '/v1/metaRecord/del', { tableId: coupon.table.id, id: c.id });
    expect(refused.errmsg).toBe('“引用测试券”被 1 条核销记录的“优惠券”引用，不能删除');
    // in English, the other table and its field by the English labels the dictionary gives them
    const en = (schema: typeof writeOff, name?: string) => (name ? schema.fields.find((f) => f.name === name)! : schema.table).labelEn;
    expect([en(writeOff), en(writeOff, 'coupon')].every(Boolean)).toBe(true);
    expect(
      await call({ UserToken: admin.token, 'Accept-Language': 'en' }, '/v1/metaRecord/del', { tableId: coupon.table.id, id: c.id }),
    ).toMatchObject({
      errmsg: `“引用测试券” is referred to by 1 record of ${en(writeOff)} (their “${en(writeOff, 'coupon')}”) and cannot be deleted`,
    });
    expect(await call(admin.token, '/v1/metaRecord/del', { tableId: writeOff.table.id, id: w.id })).toEqual({ result: 'ok' });
    expect(await call(admin.token, '/v1/metaRecord/del', { tableId: coupon.table.id, id: c.id })).toEqual({ result: 'ok' });
    expect(await call(admin.token, '/v1/metaRecord/detail', { tableId: coupon.table.id, id: c.id })).toMatchObject({
      errmsg: '记录不存在或已被删除',
    });
  });

  it('never crosses tenants and checks each table button on the server', async () => {
    const admin = await signedIn(baseUrl, 'admin');
    const admin2 = await signedIn(baseUrl, 'admin2');
    const store = await schemaOf(admin.token, 'base-info/store-mng');
    const row = (await list(admin.token, store.table.id)).values![0];
    // tenant 2 naming tenant 1's table or record
    expect(await list(admin2.token, store.table.id)).toMatchObject({ errmsg: '数据表不存在' });
    const store2 = await schemaOf(admin2.token, 'base-info/store-mng');
    expect(store2.table.id).not.toBe(store.table.id);
    expect(await call(admin2.token, '/v1/metaRecord/detail', { tableId: store2.table.id, id: row.id })).toMatchObject({
      errmsg: '记录不存在或已被删除',
    });
    expect(await call(admin2.token, '/v1/metaRecord/del', { tableId: store2.table.id, id: row.id })).toMatchObject({
      errmsg: '记录不存在或已被删除',
    });
    // the tenant admin has every store button but deleting
    const ta = await signedIn(baseUrl, 'tenantadmin');
    expect(await call(ta.token, '/v1/metaRecord/del', { tableId: store.table.id, id: row.id })).toMatchObject({ result: 403 });
    // store staff may write coupons off but not edit a write-off, nor add members
    const staff = await signedIn(baseUrl, 'staff');
    const writeOff = await schemaOf(staff.token, 'coupon-manage/write-off');
    const coupon = await schemaOf(admin.token, 'coupon-manage/coupon');
    const couponId = (await list(admin.token, coupon.table.id)).values![0].id;
    const made = await call<{ id: number }>(staff.token, '/v1/metaRecord/save', {
      tableId: writeOff.table.id,
      values: { code: `HX${tag()}`, coupon: couponId, store: row.id },
    });
    expect(made.result).toBe('ok');
    expect(
      await call(staff.token, '/v1/metaRecord/save', {
        tableId: writeOff.table.id,
        id: made.values!.id,
        version: 1,
        values: { amount: 1 },
      }),
    ).toMatchObject({ result: 403 });
    const member = await schemaOf(staff.token, 'member-mng/member-list');
    expect(
      await call(staff.token, '/v1/metaRecord/save', { tableId: member.table.id, values: { card_no: 'X', nickname: 'x' } }),
    ).toMatchObject({
      result: 403,
    });
    // a store page id smuggled into a call about the members table does not lend its rights
    expect(await call(ta.token, '/v1/metaRecord/export', { tableId: store.table.id })).toMatchObject({ result: 'ok' });
  });

  it('refuses every records call about a table whose page the caller does not hold', async () => {
    const admin = await signedIn(baseUrl, 'admin');
    const staff = await signedIn(baseUrl, 'staff');
    const store = await schemaOf(admin.token, 'base-info/store-mng');
    const row = (await list(admin.token, store.table.id)).values![0];
    const tableId = store.table.id;
    for (const [path, body] of [
      ['/v1/metaRecord/schema', { component: 'base-info/store-mng' }],
      ['/v1/metaRecord/list', { tableId }],
      ['/v1/metaRecord/detail', { tableId, id: row.id }],
      ['/v1/metaRecord/options', { tableId, field: 'mall' }],
      ['/v1/metaRecord/save', { tableId, values: { code: 'X1', name: 'x' } }],
      ['/v1/metaRecord/save', { tableId, id: row.id, version: row.version, values: { name: 'x' } }],
      ['/v1/metaRecord/del', { tableId, id: row.id }],
      ['/v1/metaRecord/export', { tableId }],
      ['/v1/metaRecord/export', { tableId, template: true }],
    ] as const) {
      expect(await call(staff.token, path, body), `${path} ${JSON.stringify(body)}`).toMatchObject({ result: 403 });
    }
    const form = new FormData();
    form.append('tableId', String(tableId));
    form.append('file', new File([new Uint8Array([1, 2, 3])], 'x.xlsx'));
    const res = await fetch(`${baseUrl}/manage/v1/metaRecord/import`, { method: 'POST', headers: { UserToken: staff.token }, body: form });
    expect(await res.json()).toMatchObject({ result: 403 });
    // and nothing changed
    expect((await call<MetaRecord>(admin.token, '/v1/metaRecord/detail', { tableId, id: row.id })).values!.version).toBe(row.version);
  });

  it('refuses a sheet that unzips past 64 MB (a zip bomb) in both imports, before reading it', async () => {
    // A real .xlsx whose sheet is padded with 80 MB of spaces: about 80 KB zipped. Compressed off this thread
    // (fflate's async zip): seconds of blocking here left pooled connections that the server's keep-alive timeout
    // had closed, and the next call failed with EPIPE or a reset (twice on a busy machine).
    const parts = unzipSync(new Uint8Array(await writeXlsx({ fileName: 'bomb.xlsx', columns: ['门店编码'], rows: [['B1']] })));
    const sheetPath = Object.keys(parts).find((p) => /worksheets\/sheet1\.xml$/.test(p))!;
    const xml = strFromU8(parts[sheetPath]);
    const at = xml.lastIndexOf('</worksheet>');
    const [head, tail] = [strToU8(xml.slice(0, at)), strToU8(xml.slice(at))];
    const padded = new Uint8Array(head.length + 80 * 1024 * 1024 + tail.length).fill(0x20);
    padded.set(head);
    padded.set(tail, padded.length - tail.length);
    parts[sheetPath] = padded;
    const bomb = await new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) =>
      zip(parts, { level: 9 }, (err, data) => (err ? reject(err) : resolve(new Uint8Array(data)))),
    );
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const refusal = { result: 'error', errmsg: '文件解压后超过 64 MB，无法读取：请拆分后分批导入' };
    const admin = await signedIn(baseUrl, 'admin');
    const store = await schemaOf(admin.token, 'base-info/store-mng');

    const records = new FormData();
    records.append('tableId', String(store.table.id));
    records.append('file', new File([bomb], 'bomb.xlsx'));
    // Another tenant's calls go on while the bomb is inflated: the sheet is read in a worker thread, not on the
    // thread that answers calls (it used to hold every call for the second the inflating took).
    const other = await signedIn(baseUrl, 'tenantadmin');
    let pending = true;
    let answered = 0;
    const importing = fetch(`${baseUrl}/manage/v1/metaRecord/import`, {
      method: 'POST',
      headers: { UserToken: admin.token },
      body: records,
    }).finally(() => (pending = false));
    while (pending) {
      const info = await call(other.token, '/vue/userInfo');
      if (pending && info.result === 'ok') answered += 1;
    }
    expect(await (await importing).json()).toMatchObject(refusal);
    expect(answered).toBeGreaterThanOrEqual(5);

    await expect(startUserImport(admin.api, new File([bomb], 'bomb.xlsx'), 'Passw0rd2026')).rejects.toThrow(refusal.errmsg);

    // Over the records import's 10 MB (within the body limit): the schema names the file and its limit.
    const big = new FormData();
    big.append('tableId', String(store.table.id));
    big.append('file', new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.xlsx'));
    const tooBig = await fetch(`${baseUrl}/manage/v1/metaRecord/import`, {
      method: 'POST',
      headers: { UserToken: admin.token },
      body: big,
    });
    expect(await tooBig.json()).toMatchObject({ result: 'error', field: 'file', errmsg: '文件不能超过 10 MB' });
  });

  it('shows staff only the records of their departments', async () => {
    const admin = await signedIn(baseUrl, 'admin');
    const staff = await signedIn(baseUrl, 'staff');
    const member = await schemaOf(admin.token, 'member-mng/member-list');
    const all = await list(admin.token, member.table.id, { pageSize: 200 });
    const mine = await list(staff.token, member.table.id, { pageSize: 200 });
    expect(mine.count).toBeGreaterThan(0);
    expect(mine.count!).toBeLessThan(all.count!);
    expect(new Set(mine.values!.map((r) => r.labels.department))).toEqual(new Set(['华东大区']));
    const outside = all.values!.find((r) => r.labels.department === '华南大区')!;
    expect(await call(staff.token, '/v1/metaRecord/detail', { tableId: member.table.id, id: outside.id })).toMatchObject({
      type: 'departNoPermisson',
    });
  });

  it('imports a sheet all or nothing with every problem listed, exports the filtered list, and logs each write', async () => {
    const admin = await signedIn(baseUrl, 'admin');
    const brand = await schemaOf(admin.token, 'base-info/brand');
    const template = await call<{ columns: string[]; rows: unknown[] }>(admin.token, '/v1/metaRecord/export', {
      tableId: brand.table.id,
      template: true,
    });
    // required columns are marked, and one example row shows what each column takes
    expect(template.values!.columns).toEqual(['品牌名称（必填）', '业态', '标志', '联系人', '联系电话']);
    const example = template.values!.rows as Array<Array<string | number>>;
    expect(example).toEqual([['示例品牌名称', '餐饮', 'https://example.com/image.png', '示例联系人', '13800000000']]);
    const upload = async (rows: Array<Array<string | number>>, language?: string) => {
      const bytes = await writeXlsx({ fileName: 'x.xlsx', columns: template.values!.columns, rows });
      const form = new FormData();
      form.append('tableId', String(brand.table.id));
      form.append('file', new File([bytes], 'brands.xlsx'));
      const res = await fetch(`${baseUrl}/manage/v1/metaRecord/import`, {
        method: 'POST',
        headers: { UserToken: admin.token, ...(language ? { 'Accept-Language': language } : {}) },
        body: form,
      });
      return (await res.json()) as Envelope<{
        imported?: number;
        total?: number;
        problems?: Array<{ row: number; column: string; message: string }>;
      }>;
    };
    const t = tag();
    const before = (await list(admin.token, brand.table.id)).count!;
    const bad = await upload([
      [`导入品牌A${t}`, '餐饮', '', '张三', '13800138000'],
      [`导入品牌B${t}`, '不存在的业态', '', '', '123'],
      [`导入品牌A${t}`, '服饰', '', '', ''],
    ]);
    expect(bad).toMatchObject({ result: 'ok', values: { imported: 0, total: 3 } });
    expect(bad.values!.problems).toEqual([
      { row: 3, column: '业态', message: '业态须为：餐饮、服饰、零售、娱乐、生活服务' },
      { row: 3, column: '联系电话', message: '联系电话须为 11 位手机号' },
      { row: 4, column: '品牌名称', message: '与第 2 行重复' },
    ]);
    // to an English console, each problem in English; the columns and fields by the sheet's own headings
    const badRows = [
      [`导入品牌A${t}`, '餐饮', '', '张三', '13800138000'],
      [`导入品牌B${t}`, '不存在的业态', '', '', '123'],
      [`导入品牌A${t}`, '服饰', '', '', ''],
    ];
    expect((await upload(badRows, 'en')).values!.problems).toEqual([
      { row: 3, column: '业态', message: '业态 is one of: 餐饮, 服饰, 零售, 娱乐, 生活服务' },
      { row: 3, column: '联系电话', message: '联系电话 is an 11-digit phone number' },
      { row: 4, column: '品牌名称', message: 'The same as row 2' },
    ]);
    expect((await list(admin.token, brand.table.id)).count).toBe(before);
    // the example row left in the sheet is skipped, not imported
    const good = await upload([...example, [`导入品牌A${t}`, '餐饮', '', '张三', '13800138000'], [`导入品牌B${t}`, '零售', '', '', '']]);
    expect(good).toEqual({ result: 'ok', values: { imported: 2 } });
    const examples = await call<{ rows: unknown[][] }>(admin.token, '/v1/metaRecord/export', {
      tableId: brand.table.id,
      filters: { name: '示例品牌名称' },
    });
    expect(examples.values!.rows).toEqual([]);
    const sheet = await call<{ columns: string[]; rows: unknown[][] }>(admin.token, '/v1/metaRecord/export', {
      tableId: brand.table.id,
      filters: { name: t },
    });
    expect(sheet.values!.rows).toEqual(
      expect.arrayContaining([
        [`导入品牌A${t}`, '餐饮', '', '张三', '13800138000'],
        [`导入品牌B${t}`, '零售', '', '', ''],
      ]),
    );
    expect(sheet.values!.rows).toHaveLength(2);
    const log = await call<Array<{ operationName: string; operationCode: string }>>(admin.token, '/v1/userOperationLog/list', {
      pageNum: 1,
      pageSize: 10,
    });
    expect(log.values!.some((l) => l.operationCode === 'brand:import' && l.operationName === '导入品牌：2 条')).toBe(true);
    // the log's page filter finds a records write by its words (its texts are kept as rows are written: migration 048)
    const found = await call<Array<{ operationName: string; operationCode: string }>>(admin.token, '/v1/userOperationLog/list', {
      page: '导入品牌：2',
      pageSize: 50,
    });
    expect(found.values!.length).toBeGreaterThan(0);
    expect(found.values!.every((l) => l.operationCode === 'brand:import' && l.operationName === '导入品牌：2 条')).toBe(true);
  });
});

describe('landing page and statistics', () => {
  it('the dashboard counts from the database and links only to pages the user holds', async () => {
    const admin = await signedIn(baseUrl, 'admin');
    const before = (await call<import('@/api/table/statistics.ts').DashboardFigures>(admin.token, '/v1/dataStatistics/dashboard')).values!;
    expect(before.online).toBeGreaterThanOrEqual(1);
    expect(before.loginsToday).toBeGreaterThanOrEqual(1);
    expect(before.links.logs).toBe('/manage/logs');
    const members = before.areas.find((a) => a.component === 'member-mng/member-list')!;
    expect(members).toMatchObject({ label: '会员', area: '会员管理', path: '/member-mng/member-list' });
    // today's operations count outcomes, not clicks (issue 45): the console's click on 新增 that saved counts, as does one
    // refused; a click dismissed (已取消) and a click with no outcome yet do not, nor does the server's own write row
    const brand = await schemaOf(admin.token, 'base-info/brand');
    const click = async (name: string) =>
      (
        await call<{ id: number }>(admin.token, '/v1/userOperationLog/save', {
          operationTime: '2026-11-28 10:00:00',
          operationName: name,
          operationCode: 'brand:add',
          systemName: 'scrm',
          pageName: '品牌',
        })
      ).values!.id;
    const outcome = (id: number, o: string, refusal?: string) =>
      call(admin.token, '/v1/userOperationLog/outcome', { id, outcome: o, refusal });
    const saved = await click(`新增 看板${tag()}`);
    await call(admin.token, '/v1/metaRecord/save', { tableId: brand.table.id, values: { name: `看板品牌${tag()}` } });
    expect(await outcome(saved, 'success')).toMatchObject({ result: 'ok' });
    const refused = await click(`新增 拒绝${tag()}`);
    await outcome(refused, 'failure', '名称不能为空');
    await outcome(await click(`新增 取消${tag()}`), 'cancelled');
    await click(`新增 未完${tag()}`);
    const after = (await call<import('@/api/table/statistics.ts').DashboardFigures>(admin.token, '/v1/dataStatistics/dashboard')).values!;
    // (other suites share this server: at least ours, and exactly ours when no other suite finished an action meanwhile)
    expect(after.operationsToday).toBeGreaterThanOrEqual(before.operationsToday + 2);
    expect(after.recent.find((r) => r.name.startsWith('新增 看板'))).toMatchObject({ outcome: 'success', refusal: '' });
    expect(after.recent.find((r) => r.name.startsWith('新增 拒绝'))).toMatchObject({ outcome: 'failure', refusal: '名称不能为空' });
    expect(after.recent.some((r) => /^新增 (取消|未完)/.test(r.name))).toBe(false);
    expect(after.recent.some((r) => /^新增品牌：看板品牌/.test(r.name))).toBe(false);
    const count = (d: typeof before) => d.areas.find((a) => a.component === 'base-info/brand')!.count;
    expect(count(after)).toBeGreaterThanOrEqual(count(before) + 1);
    // a tenant's failed tasks are the platform's business; store staff see only their own pages
    expect(after.failedTasks).toBeNull();
    const staff = await signedIn(baseUrl, 'staff');
    const theirs = (await call<typeof before>(staff.token, '/v1/dataStatistics/dashboard')).values!;
    expect(theirs.links.logs).toBeNull();
    // the tenant's sign-ins are not staff's figures (issue 45); today's operations are their own
    expect(theirs).toMatchObject({ online: null, loginsToday: null, failedLoginsToday: null });
    expect(theirs.operationsToday).toBeLessThan(after.operationsToday);
    // staff hold no operation log: their recent list is their own work only, and never a menu click
    await call(staff.token, '/v1/userOperationLog/save', {
      operationTime: '2026-11-26 10:00:00',
      operationName: '系统管理',
      operationCode: 'side-menu:系统管理',
      systemName: 'scrm',
    });
    const coupon = await call<{ id: number }>(staff.token, '/v1/userOperationLog/save', {
      operationTime: '2026-11-26 10:00:01',
      operationName: '新增优惠券',
      operationCode: 'coupon:add',
      systemName: 'scrm',
    });
    await call(staff.token, '/v1/userOperationLog/outcome', { id: coupon.values!.id, outcome: 'success' });
    const staffName = (await call<{ nickname: string }>(staff.token, '/vue/userInfo')).values!.nickname;
    const own = (await call<typeof before>(staff.token, '/v1/dataStatistics/dashboard')).values!;
    expect(own.recent.every((r) => r.user === staffName)).toBe(true);
    expect(own.recent.some((r) => r.name === '系统管理')).toBe(false);
    expect(own.recent.some((r) => r.name === '新增优惠券')).toBe(true);
    expect(theirs.areas.map((a) => a.component).sort()).toEqual(
      ['coupon-manage/coupon', 'coupon-manage/write-off', 'member-mng/member-list', 'member-up/level'].sort(),
    );
  });

  it('statistics: trends per day of the range, write-offs by store, top coupons; a bad range is refused by field', async () => {
    const admin = await signedIn(baseUrl, 'admin');
    const day = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 10);
    const stats = await call<import('@/api/table/statistics.ts').MallStatistics>(admin.token, '/v1/dataStatistics/mallStatistics', {
      from: day(29),
      to: day(1),
    });
    const v = stats.values!;
    expect(v.trend).toHaveLength(29);
    expect(v.trend[0].day).toBe(day(29));
    expect(v.totals.writeOffs).toBe(v.trend.reduce((n, d) => n + d.writeOffs, 0));
    expect(v.totals.writeOffs).toBeGreaterThan(50);
    expect(v.totals.logins).toBeGreaterThan(0);
    expect(v.byStore.reduce((n, s) => n + s.writeOffs, 0)).toBeLessThanOrEqual(v.totals.writeOffs);
    expect(v.byStore[0].writeOffs).toBeGreaterThanOrEqual(v.byStore.at(-1)!.writeOffs);
    expect(v.topCoupons.length).toBeGreaterThan(0);
    expect(await call(admin.token, '/v1/dataStatistics/mallStatistics', { from: day(1), to: day(3) })).toMatchObject({ field: 'to' });
    expect(await call(admin.token, '/v1/dataStatistics/mallStatistics', { from: '2024-01-01', to: '2026-01-01' })).toMatchObject({
      field: 'to',
    });
    expect(await call(admin.token, '/v1/dataStatistics/mallStatistics', { from: 'x', to: day(1) })).toMatchObject({ field: 'from' });
    const staff = await signedIn(baseUrl, 'staff');
    expect(await call(staff.token, '/v1/dataStatistics/mallStatistics', { from: day(2), to: day(1) })).toMatchObject({ result: 403 });
  });

  it('/design/ and /mall/ say plainly that those systems are not deployed here', async () => {
    for (const [path, name] of [
      ['/design/', '海报设计系统未部署'],
      ['/mall/index.html', '商城系统未部署'],
    ]) {
      const res = await fetch(`${baseUrl}${path}`);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain(name);
    }
  });
});

describe('departments and staff on their real tables', () => {
  it('a department is added, renamed, refused deletion while it holds accounts or records, and deleted when empty', async () => {
    const admin = await signedIn(baseUrl, 'admin');
    type Row = { id: number; departName: string; users: number; records: number };
    const rows = (await call<Row[]>(admin.token, '/v1/depart/list')).values!;
    const east = rows.find((d) => d.departName === '华东大区')!;
    expect(east.users).toBeGreaterThan(0);
    expect(east.records).toBeGreaterThan(0);
    expect((await call(admin.token, '/v1/depart/del', { id: east.id })).errmsg).toBe(
      '部门下还有账号或业务记录，不能删除；请先把它们移到其他部门',
    );
    expect(await call(admin.token, '/v1/depart/save', { departName: '华东大区' })).toMatchObject({
      field: 'departName',
      errmsg: '已有同名的部门',
    });
    // The schema the form uses: the name's own message, unknown keys named.
    expect(await call(admin.token, '/v1/depart/save', { departName: ' ' })).toMatchObject({
      field: 'departName',
      errmsg: '部门名称不能为空',
    });
    expect(await call(admin.token, '/v1/depart/save', { departName: 'x', tenantId: 2 })).toMatchObject({ field: 'tenantId' });
    const name = `西北大区${tag()}`;
    const made = await call<{ id: number }>(admin.token, '/v1/depart/save', { departName: name });
    expect(made.result).toBe('ok');
    expect(await call(admin.token, '/v1/depart/save', { id: made.values!.id, departName: `${name}改` })).toMatchObject({ result: 'ok' });
    // Changes go by the depart buttons, which only super administrators' roles hold as shipped.
    const ta = await signedIn(baseUrl, 'tenantadmin');
    const denied = { result: 403, errmsg: '您没有当前操作的权限' };
    expect(await call(ta.token, '/v1/depart/del', { id: made.values!.id })).toMatchObject(denied);
    expect(await call(ta.token, '/v1/depart/save', { departName: `${name}二` })).toMatchObject(denied);
    // tenant 2 cannot touch tenant 1's
    const admin2 = await signedIn(baseUrl, 'admin2');
    expect(await call(admin2.token, '/v1/depart/del', { id: made.values!.id })).toMatchObject({ errmsg: '部门不存在' });
    expect(await call(admin.token, '/v1/depart/del', { id: made.values!.id })).toEqual({ result: 'ok' });
  });

  it('staff are listed with their accounts, found by keyword, and deleted within the tenant', async () => {
    const admin = await signedIn(baseUrl, 'admin');
    const code = `E${tag()}`;
    expect(
      (await call(admin.token, '/v1/staff/save', { staffName: '测试员工', staffCode: code, phone: '13700001111', storeId: 101 })).result,
    ).toBe('ok');
    const found = await call<Array<{ id: number; staffCode: string; userName: string | null }>>(admin.token, '/v1/staff/list', {
      keyword: code,
    });
    expect(found.count).toBe(1);
    const bound = await call<Array<{ staffName: string; userName: string | null }>>(admin.token, '/v1/staff/list', { keyword: 'S0101' });
    expect(bound.values![0]).toMatchObject({ staffName: '王小二', userName: 'staff' });
    const admin2 = await signedIn(baseUrl, 'admin2');
    expect(await call(admin2.token, '/v1/staff/del', { id: found.values![0].id })).toMatchObject({ errmsg: '员工不存在' });
    expect(await call(admin.token, '/v1/staff/del', { id: found.values![0].id })).toEqual({ result: 'ok' });
  });
});
