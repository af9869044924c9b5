import { Badge } from '@fluentui/react-components';
import type { TenantRow } from '@/api/table/platform.ts';
import { useFormatInstant } from '@/shell/time-zone.ts';
import type { Column } from '@/kit/table/data-table.tsx';
import { actionsColumn } from '@/kit/list/row-actions.tsx';
import { TENANT_FIELDS } from '@/api/schema/system/tenant.ts';
import { declaredColumns, useCellText } from '@/kit/form/declared-fields.tsx';
import { useT } from '@/i18n/use-t.ts';

export interface TenantColumnsOptions {
  edit: (row: TenantRow) => void;
  /** to the tenant pages page with this tenant chosen; null where the menu has no such page */
  showPages: ((row: TenantRow) => void) | null;
  showSettings: (row: TenantRow) => void;
}

/** The tenants: name, code, contact, state (disabled, expired or enabled), expiry, users, actions. */
export function useTenantColumns({ edit, showPages, showSettings }: TenantColumnsOptions): Column<TenantRow>[] {
  const t = useT();
  const formatInstant = useFormatInstant();
  const cell = useCellText();
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
  return [
    { key: 'id', title: 'ID', width: 60, render: (r) => r.id },
    ...declaredColumns<TenantRow>(TENANT_FIELDS, cell, {
      name: { render: (r) => (r.platform ? t('nameWithNote', { name: r.name, note: t('platformTenant') }) : r.name) },
      // the contact's name and phone in one cell
      contactName: { render: (r) => [r.contactName, r.contactPhone].filter(Boolean).join(' ') || '--' },
      status: { render: state },
      expiresAt: { render: (r) => (r.expiresAt ? formatInstant(r.expiresAt, 'minutes') : t('never')) },
    }),
    actionsColumn({
      name: (r) => r.name,
      actions: (r) => [
        { code: 'tenant:edit', label: t('edit'), run: () => edit(r) },
        { code: 'tenant:pages', label: t('tenantPagesAction'), read: true, hidden: !showPages, run: () => showPages?.(r) },
        { code: 'tenant:parameters', label: t('parametersAction'), run: () => showSettings(r) },
      ],
    }),
  ];
}
