// @vitest-environment jsdom
import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { optionalRowId } from '@/api/schema/kit.ts';
import { choiceField, declareFields, formValues, textField } from '@/api/schema/resource.ts';
import { DeclaredFields, declaredColumns, declaredDetails, declaredFilters, kindText } from '@/kit/form/declared-fields.tsx';
import { recordKind } from '@/features/records/record-fields.tsx';
import { useSchemaForm } from '@/kit/form/use-form.ts';
import { WEBHOOK_FIELDS } from '@/api/schema/open/webhook.ts';
import { TENANT_FIELDS, tenantEdit } from '@/api/schema/system/tenant.ts';
import type { Webhook } from '@/api/table/operations.ts';
import { dictionaries } from '@/i18n/messages.ts';
import type { T } from '@/i18n/use-t.ts';

afterEach(cleanup);

const FIELDS = declareFields({
  staffName: textField({ label: 'staffName', required: 'staffName', max: [32, 'staffNameMax'], list: { width: 130, sortable: true } }),
  storeId: { kind: 'number', label: 'staffStore', rule: optionalRowId('staffStore'), answer: v.nullable(v.number()), list: { width: 90 } },
  status: choiceField({
    label: 'status',
    choices: [
      [1, 'enabled'],
      [0, 'disabled'],
    ],
    required: 'userStatusChange',
    list: { width: 80 },
    filter: true,
  }),
  vip: { kind: 'flag', label: 'yes', rule: v.boolean(), detail: false },
  signedAt: { kind: 'datetime', label: 'createdAt', list: { width: 160, hiddenAtFirst: true } },
  remark: { kind: 'text', label: 'userRemark', filter: true },
});
const t: T = (key) => dictionaries['zh-cn']![key] ?? key;
const cell = { t, formatInstant: (x: string) => `在${x}` };
const ROW = { id: 1, staffName: '王小二', storeId: null, status: 0, vip: true, signedAt: '2026-11-27T08:00:00Z' };

describe('a declaration rendered by the kit', () => {
  it('makes the list’s columns from the fields it lists, each cell by its kind, a page’s own column where it says', () => {
    const columns = declaredColumns<typeof ROW>(FIELDS, cell, { storeId: { render: (r) => r.storeId ?? '总部' } });
    expect(columns.map((c) => [c.key, c.title, c.width, Boolean(c.sortable), Boolean(c.hiddenAtFirst)])).toEqual([
      ['staffName', '员工姓名', 130, true, false],
      ['storeId', '门店编号', 90, false, false],
      ['status', '状态', 80, false, false],
      ['signedAt', '创建时间', 160, false, true],
    ]);
    expect(columns.map((c) => c.render(ROW))).toEqual(['王小二', '总部', '停用', '在2026-11-27T08:00:00Z']);
    expect(declaredColumns<object>(FIELDS, cell)[1]!.render({ storeId: null })).toBe('--');
  });

  it('says a value of each kind one way, for the declared fields and the data dictionary’s records alike', () => {
    expect(kindText('flag', true, cell)).toBe('是');
    expect(kindText('flag', false, cell)).toBe('否');
    expect(kindText('flag', null, cell)).toBe('--');
    expect(kindText('money', 12.5, cell)).toBe('12.50');
    expect(kindText('money', '12.5', cell)).toBe('12.5');
    expect(kindText('number', 0, cell)).toBe('0');
    expect(kindText('datetime', '2026-11-27T08:00:00Z', cell)).toBe('在2026-11-27T08:00:00Z');
    for (const none of [null, undefined, '']) expect(kindText('text', none, cell)).toBe('--');
    // a record field's type speaks through its kind: an amount with two decimals, a yes/no as 是/否
    expect([recordKind('money'), recordKind('boolean'), recordKind('reference'), recordKind('enum')]).toEqual([
      'money',
      'flag',
      'text',
      'choice',
    ]);
  });

  it('says a webhook’s events by their names, and writes its address in the machine face, cut with the whole of it on hover', () => {
    const columns = declaredColumns<Webhook>(WEBHOOK_FIELDS, cell);
    const hook = { id: 1, name: '订阅', url: 'https://example.com/hook', events: ['user.created', 'role.changed'] } as Webhook;
    expect(columns.map((c) => c.key)).toEqual(['name', 'url', 'events']);
    expect(columns[2]!.render(hook)).toBe('用户创建、角色权限变更');
    expect(columns[2]!.render({ ...hook, events: [] })).toBe('--');
    render(<FluentProvider theme={webLightTheme}>{columns[1]!.render(hook)}</FluentProvider>);
    expect(getComputedStyle(screen.getByText('https://example.com/hook')).fontFamily).toMatch(/mono|Consolas|Courier/i);
    expect(columns[1]!.ellipsis?.(hook)).toBe('https://example.com/hook');
  });

  it('shows a time to the minute where the list says so, with the tenant’s zone', () => {
    const fields = declareFields({ updatedAt: { kind: 'datetime', label: 'updatedAt', list: { width: 150, minutes: true } } });
    const minutes = { t, formatInstant: (x: string, part?: string) => `${part ?? 'whole'}:${x}` };
    const [column] = declaredColumns<{ updatedAt: string | null }>(fields, minutes);
    expect(column!.render({ updatedAt: '2026-11-27T08:00:00Z' })).toBe('minutes:2026-11-27T08:00:00Z');
    expect(column!.render({ updatedAt: null })).toBe('--');
    expect(declaredColumns<typeof ROW>(FIELDS, minutes)[3]!.render(ROW)).toBe('whole:2026-11-27T08:00:00Z');
  });

  it('puts a page’s own columns after the field it names', () => {
    const own = { key: 'extra', title: '附加', width: 60, render: () => '附' };
    const columns = declaredColumns<typeof ROW>(FIELDS, cell, {}, { storeId: [own] });
    expect(columns.map((c) => c.key)).toEqual(['staffName', 'storeId', 'extra', 'status', 'signedAt']);
  });

  it('lists 详情’s terms in declaration order, but a field kept out of it, and a page’s own value where it says', () => {
    expect(declaredDetails(FIELDS, cell, ROW, { storeId: () => '总部' })).toEqual([
      ['员工姓名', '王小二'],
      ['门店编号', '总部'],
      ['状态', '停用'],
      ['创建时间', '在2026-11-27T08:00:00Z'],
      ['备注', '--'],
    ]);
  });

  it('makes the list’s filters from the fields declared so: a choice among its choices, else the text typed', () => {
    expect(declaredFilters(FIELDS, t)).toEqual([
      {
        name: 'status',
        label: '状态',
        kind: 'select',
        options: [
          { value: '1', label: '启用' },
          { value: '0', label: '停用' },
        ],
      },
      { name: 'remark', label: '备注' },
    ]);
  });

  it('renders the form’s fields, each in its control, required as its rule says; a shown-only field is not in it', async () => {
    const schema = v.object({
      staffName: FIELDS.staffName.rule,
      storeId: FIELDS.storeId.rule,
      status: FIELDS.status.rule,
      vip: FIELDS.vip.rule,
    });
    function Form() {
      const form = useSchemaForm<Record<string, unknown>>(formValues(FIELDS, null), schema, (x) => x);
      return <DeclaredFields fields={FIELDS} form={form} t={t} hints={{ storeId: '不填写为总部' }} />;
    }
    render(
      <FluentProvider theme={webLightTheme}>
        <Form />
      </FluentProvider>,
    );
    const name = screen.getByRole('textbox', { name: /员工姓名/ });
    expect(name.hasAttribute('required') || name.getAttribute('aria-required') === 'true').toBe(true);
    expect(screen.getByRole('textbox', { name: /门店编号/ }).hasAttribute('required')).toBe(false);
    expect(screen.getByRole('textbox', { name: /门店编号/ }).getAttribute('inputmode')).toBe('decimal');
    expect(screen.getByText('不填写为总部')).toBeTruthy();
    const status = screen.getByRole('combobox', { name: /状态/ });
    expect([...status.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['请选择', '启用', '停用']);
    expect(screen.getByRole('switch')).toBeTruthy();
    expect(screen.queryByText('创建时间')).toBeNull();
    await userEvent.click(name);
    await userEvent.tab();
    await screen.findByText('员工姓名不能为空');
  });

  it('shows a field it may not change here disabled (the platform tenant’s status and expiry)', () => {
    function Form() {
      const form = useSchemaForm<Record<string, unknown>>(formValues(TENANT_FIELDS, null), tenantEdit, (x) => x);
      return <DeclaredFields fields={TENANT_FIELDS} form={form} t={t} only={['name', 'contactPhone', 'status']} disabled={['status']} />;
    }
    render(
      <FluentProvider theme={webLightTheme}>
        <Form />
      </FluentProvider>,
    );
    expect((screen.getByRole('combobox', { name: /状态/ }) as HTMLSelectElement).disabled).toBe(true);
    expect((screen.getByRole('textbox', { name: /企业名称/ }) as HTMLInputElement).disabled).toBe(false);
    expect(screen.getByRole('textbox', { name: /联系电话/ }).getAttribute('inputmode')).toBe('tel');
  });
});
