import { Badge } from '@fluentui/react-components';
import type { TenantRow } from '@/api/table/platform.ts';
import { useFormatInstant } from '@/shell/time-zone.ts';
import type { Column } from '@/kit/table/data-table.tsx';
import { actionsColumn } from '@/kit/list/row-actions.tsx';
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
    {
      key: 'name',
      title: t('tenantName'),
      width: 170,
      render: (r) => (r.platform ? t('nameWithNote', { name: r.name, note: t('platformTenant') }) : r.name),
    },
    { key: 'code', title: t('tenantCode'), width: 110, render: (r) => r.code },
    {
      key: 'contact',
      title: t('contactName'),
      width: 150,
      render: (r) => [r.contactName, r.contactPhone].filter(Boolean).join(' ') || '--',
    },
    { key: 'status', title: t('status'), width: 80, render: state },
    {
      key: 'expiresAt',
      title: t('expiresAt'),
      width: 150,
      render: (r) => (r.expiresAt ? formatInstant(r.expiresAt, 'minutes') : t('never')),
    },
    { key: 'userCount', title: t('userCountTitle'), width: 70, render: (r) => r.userCount },
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
