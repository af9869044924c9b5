import {
  Badge,
  Button,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  Field,
  Input,
  OverlayDrawer,
  Select,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { Dismiss24Regular } from '@fluentui/react-icons';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { TenantInput, TenantRow } from '../../api/contract.ts';
import { fieldProblems } from '../../api/schema/kit.ts';
import { tenantAdd, tenantEdit } from '../../api/schema/tenant.ts';
import { platformCalls } from '../../api/platform-calls.ts';
import { useApi } from '../../shell/api-context.ts';
import { navigate } from '../../shell/hash-location.ts';
import { usePageActions } from '../../shell/page-actions.tsx';
import { useRestoreFocus } from '../../shell/restore-focus.ts';
import { SessionContext } from '../../shell/session-context.ts';
import { useFormatInstant } from '../../shell/time-zone.ts';
import { useNotify } from '../../shell/toast.tsx';
import { DataTable, type Column } from '../../kit/data-table.tsx';
import { FilterBar } from '../../kit/filter-bar.tsx';
import { FormDrawer } from '../../kit/form-drawer.tsx';
import { ShownOnceDialog } from '../../kit/shown-once-dialog.tsx';
import { PageHeader } from '../../kit/page-header.tsx';
import { Pagination } from '../../kit/pagination.tsx';
import { useForm } from '../../kit/use-form.ts';
import { useListData, useListState } from '../../kit/use-list.ts';
import { useT } from '../../i18n/use-t.ts';
import type { ViewProps } from '../view-props.ts';
import { SettingsPanel } from './settings-panel.tsx';

const FILTERS = ['keyword', 'status'] as const;

const useStyles = makeStyles({
  page: { backgroundColor: tokens.colorNeutralBackground1, padding: tokens.spacingHorizontalXL, borderRadius: tokens.borderRadiusLarge },
  cellActions: { display: 'flex', gap: tokens.spacingHorizontalXS },
});

/** datetime-local <-> instant: the input speaks the browser's local time; the server keeps instants. */
const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : null);

interface Values extends Record<string, unknown> {
  name: string;
  code: string;
  contactName: string;
  contactPhone: string;
  status: string;
  expiresAt: string;
  adminUserName: string;
}
const EMPTY: Values = { name: '', code: '', contactName: '', contactPhone: '', status: '1', expiresAt: '', adminUserName: '' };
const inputOf = (v: Values, id?: number): TenantInput => ({
  ...(id === undefined ? { adminUserName: v.adminUserName.trim() } : { id }),
  name: v.name.trim(),
  code: v.code.trim(),
  contactName: v.contactName.trim(),
  contactPhone: v.contactPhone.trim(),
  status: v.status === '0' ? 0 : 1,
  expiresAt: fromLocalInput(v.expiresAt),
});

function TenantForm({ tenant, onClose, onSaved }: { tenant: TenantRow | null; onClose: () => void; onSaved: (created: boolean) => void }) {
  const t = useT();
  const api = useApi();
  const calls = useMemo(() => platformCalls(api), [api]);
  const isNew = tenant === null;
  const validate = useMemo(() => (v: Values) => fieldProblems(isNew ? tenantAdd : tenantEdit, inputOf(v, isNew ? undefined : 0)), [isNew]);
  const form = useForm<Values>(
    tenant
      ? {
          ...EMPTY,
          name: tenant.name,
          code: tenant.code,
          contactName: tenant.contactName,
          contactPhone: tenant.contactPhone,
          status: String(tenant.status),
          expiresAt: toLocalInput(tenant.expiresAt),
        }
      : EMPTY,
    validate,
  );
  // The new admin's password is shown once, inside the drawer (a dialog opening as the drawer closes could be left
  // aria-hidden by it); noting it closes both.
  const [created, setCreated] = useState<Created | null>(null);
  const save = () =>
    form.submit(async (v) => {
      const r = await calls.saveTenant(inputOf(v, tenant?.id));
      if (r.initialPassword) setCreated({ name: v.name.trim(), adminUserName: r.adminUserName ?? '', initialPassword: r.initialPassword });
      else onSaved(false);
    });
  const text = (field: keyof Values & string, label: string, extra: { required?: boolean; hint?: string; type?: 'text' | 'tel' } = {}) => (
    <Field label={label} required={extra.required} hint={form.error(field) ? undefined : extra.hint} {...form.field(field)}>
      <Input
        name={field}
        type={extra.type ?? 'text'}
        value={String(form.values[field])}
        onChange={(_, d) => form.set(field, d.value)}
        onBlur={() => form.blur(field)}
      />
    </Field>
  );
  return (
    <FormDrawer
      open
      title={isNew ? t('addTenant') : t('editTenant')}
      dirty={form.dirty}
      saving={form.saving}
      onSubmit={save}
      onClose={onClose}
    >
      {text('name', t('tenantName'), { required: true })}
      {text('code', t('tenantCode'), { required: true, hint: t('tenantCodeHint') })}
      {text('contactName', t('contactName'))}
      {text('contactPhone', t('contactPhone'), { type: 'tel' })}
      <Field label={t('status')} {...form.field('status')}>
        <Select value={form.values.status} onChange={(_, d) => form.set('status', d.value)} disabled={tenant?.platform}>
          <option value="1">{t('enabled')}</option>
          <option value="0">{t('disabled')}</option>
        </Select>
      </Field>
      <Field label={t('expiresAt')} hint={form.error('expiresAt') ? undefined : t('expiresAtHint')} {...form.field('expiresAt')}>
        <Input
          type="datetime-local"
          value={form.values.expiresAt}
          onChange={(_, d) => form.set('expiresAt', d.value)}
          disabled={tenant?.platform}
        />
      </Field>
      {isNew && text('adminUserName', t('tenantAdminAccount'), { required: true, hint: t('tenantAdminHint') })}
      <ShownOnceDialog
        items={
          created && [
            { label: t('account'), value: created.adminUserName },
            { label: t('initialPassword'), value: created.initialPassword, testId: 'initial-password' },
          ]
        }
        title={t('tenantCreated')}
        intro={t('initialPasswordOnce', { name: created?.name ?? '' })}
        onDone={() => onSaved(true)}
      />
    </FormDrawer>
  );
}

interface Created {
  name: string;
  adminUserName: string;
  initialPassword: string;
}

/** A tenant's parameters in a drawer (the operator edits any tenant's). */
function SettingsDrawer({ tenant, onClose }: { tenant: TenantRow; onClose: () => void }) {
  const t = useT();
  const nickname = SessionContext.useSelector((st) => st.context.userInfo?.nickname ?? '');
  useRestoreFocus(true);
  return (
    <OverlayDrawer
      open
      position="end"
      size="large"
      onOpenChange={(_, d) => !d.open && onClose()}
      aria-label={t('settingsOf', { name: tenant.name })}
    >
      <DrawerHeader>
        <DrawerHeaderTitle action={<Button appearance="subtle" aria-label={t('close')} icon={<Dismiss24Regular />} onClick={onClose} />}>
          {t('settingsOf', { name: tenant.name })}
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody>
        <SettingsPanel tenantId={tenant.id} nickname={nickname} />
      </DrawerBody>
    </OverlayDrawer>
  );
}

/**
 * 租户管理 › 租户列表 (the platform operator's): tenants with their state, add (with the first admin, whose initial
 * password is shown once), edit, and each tenant's pages and parameters.
 */
export default function TenantListView({ route }: ViewProps) {
  const s = useStyles();
  const t = useT();
  const api = useApi();
  const calls = useMemo(() => platformCalls(api), [api]);
  const notify = useNotify();
  const formatInstant = useFormatInstant();
  const [list, setList] = useListState(route.path, FILTERS);
  const f = list.filters;
  const [draft, setDraft] = useState(f);
  useEffect(() => setDraft(list.filters), [list.filters]);
  const [editing, setEditing] = useState<TenantRow | 'new' | null>(null);
  const [settingsOf, setSettingsOf] = useState<TenantRow | null>(null);

  const data = useListData(
    () =>
      calls.tenants({
        pageNum: list.page,
        pageSize: list.size,
        keyword: f.keyword || undefined,
        status: f.status === '' ? undefined : (Number(f.status) as 0 | 1),
      }),
    [calls, list.page, list.size, f.keyword, f.status],
  );
  // The tenant pages page wherever the menu put it (an operator may move it); none: the action is not offered.
  const pagesPath = SessionContext.useSelector(
    (st) =>
      (st.context.routes as { routes: Array<{ component: string; path: string }> } | null)?.routes.find(
        (r) => r.component === 'manage/tenant-pages',
      )?.path ?? null,
  );
  const openAdd = useCallback(() => setEditing('new'), []);
  usePageActions([{ code: 'tenant:add', label: t('addTenant'), run: openAdd }]);

  const state = (r: TenantRow) => {
    const expired = r.expiresAt !== null && Date.parse(r.expiresAt) <= Date.now();
    if (r.status === 0)
      return (
        <Badge appearance="tint" color="danger">
          {t('disabled')}
        </Badge>
      );
    if (expired)
      return (
        <Badge appearance="tint" color="warning">
          {t('expired')}
        </Badge>
      );
    return (
      <Badge appearance="tint" color="success">
        {t('enabled')}
      </Badge>
    );
  };
  const columns: Column<TenantRow>[] = [
    { key: 'id', title: 'ID', width: 60, render: (r) => r.id },
    {
      key: 'name',
      title: t('tenantName'),
      width: 170,
      render: (r) => (r.platform ? t('nameWithNote', { name: r.name, note: t('platformTenant') }) : r.name),
      ellipsis: (r) => r.name,
    },
    { key: 'code', title: t('tenantCode'), width: 110, render: (r) => r.code, ellipsis: (r) => r.code },
    {
      key: 'contact',
      title: t('contactName'),
      width: 150,
      render: (r) => [r.contactName, r.contactPhone].filter(Boolean).join(' ') || '--',
      ellipsis: (r) => [r.contactName, r.contactPhone].filter(Boolean).join(' '),
    },
    { key: 'status', title: t('status'), width: 80, render: state },
    {
      key: 'expiresAt',
      title: t('expiresAt'),
      width: 150,
      render: (r) => (r.expiresAt ? formatInstant(r.expiresAt, 'minutes') : t('never')),
    },
    { key: 'userCount', title: t('userCountTitle'), width: 70, render: (r) => r.userCount },
    {
      key: 'actions',
      title: t('actions'),
      width: 180,
      render: (r) => (
        <div className={s.cellActions}>
          <Button size="small" appearance="subtle" aria-label={`${t('edit')} ${r.name}`} onClick={() => setEditing(r)}>
            {t('edit')}
          </Button>
          {pagesPath && (
            <Button
              size="small"
              appearance="subtle"
              aria-label={`${t('tenantPagesAction')} ${r.name}`}
              onClick={() => navigate(`${pagesPath}?tenant=${r.id}`)}
            >
              {t('tenantPagesAction')}
            </Button>
          )}
          <Button size="small" appearance="subtle" aria-label={`${t('parametersAction')} ${r.name}`} onClick={() => setSettingsOf(r)}>
            {t('parametersAction')}
          </Button>
        </div>
      ),
    },
  ];
  const filtered = Object.values(f).some(Boolean);

  return (
    <section className={s.page} aria-label={route.title}>
      <PageHeader
        route={route}
        actions={
          <Button appearance="primary" onClick={openAdd}>
            {t('addTenant')}
          </Button>
        }
      />
      <FilterBar
        onSearch={() => setList({ filters: { ...draft, keyword: draft.keyword.trim() } })}
        onReset={() => setList({ filters: { keyword: '', status: '' } })}
      >
        <Input
          aria-label={t('keywordTenants')}
          placeholder={t('keywordTenants')}
          value={draft.keyword}
          onChange={(_, d) => setDraft({ ...draft, keyword: d.value })}
        />
        <Select aria-label={t('status')} value={draft.status} onChange={(_, d) => setDraft({ ...draft, status: d.value })}>
          <option value="">{t('labelValue', { label: t('status'), value: t('all') })}</option>
          <option value="1">{t('active')}</option>
          <option value="0">{t('inactive')}</option>
        </Select>
      </FilterBar>
      <DataTable
        label={route.title}
        columns={columns}
        data={data}
        rowKey={(r) => r.id}
        empty={{
          reason: filtered ? t('emptyFiltered') : t('emptyTenants'),
          action: (
            <Button size="small" onClick={filtered ? () => setList({ filters: { keyword: '', status: '' } }) : openAdd}>
              {filtered ? t('reset') : t('addTenant')}
            </Button>
          ),
        }}
      />
      <Pagination count={data.count} page={list.page} size={list.size} onChange={(c) => setList(c)} />

      {editing && (
        <TenantForm
          tenant={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(created) => {
            setEditing(null);
            // a new tenant's dialog was its message
            if (!created) notify(t('operationDone'), 'success');
            data.reload();
          }}
        />
      )}
      {settingsOf && <SettingsDrawer tenant={settingsOf} onClose={() => setSettingsOf(null)} />}
    </section>
  );
}
