import { ResourceList } from '@/kit/list/resource-list.tsx';
import { Badge } from '@fluentui/react-components';
import { useState } from 'react';
import { apiKeyApi, type ApiKeyCall, type ApiKeyRow } from '@/api/table/operations.ts';
import { useBound } from '@/shell/session/api-context.ts';
import { useFormatInstant } from '@/shell/time-zone.ts';
import { useListPage } from '@/kit/page/use-list-page.tsx';
import { type Column } from '@/kit/table/data-table.tsx';
import { ResourcePage } from '@/kit/page/resource-page.tsx';
import { actionsColumn } from '@/kit/list/row-actions.tsx';
import { SubList } from '@/kit/list/sub-list.tsx';
import { useListState, useAllRows, useRowsOf } from '@/kit/list/use-list.ts';
import { useT } from '@/i18n/use-t.ts';
import type { ViewProps } from '../view-props.ts';
import { KeyForm } from './key-form.tsx';
import { Mono } from '@/kit/table/mono.tsx';
import { API_KEY_FIELDS } from '@/api/schema/open/api-key.ts';
import { declaredColumns, useCellText } from '@/kit/form/declared-fields.tsx';

/**
 * 开放平台 › API 密钥: keys for partners. A key is shown once; it calls only the interfaces it was given, as the user
 * who made it; revoking it bites at its next call. The chosen key's calls are listed below (?key=).
 */
export default function ApiKeyView({ route }: ViewProps) {
  const t = useT();
  const calls = useBound(apiKeyApi);
  const formatInstant = useFormatInstant();
  const cell = useCellText();
  const [list, setList] = useListState(route.path, ['key']);
  const data = useAllRows(() => calls.list({}).then((a) => a.values), [calls]);
  const page = useListPage({ data });
  const chosen = data.rows?.find((r) => String(r.id) === list.filters.key) ?? null;
  const logs = useRowsOf(chosen, (key) => calls.logs({ id: key.id }).then((a) => a.values), [calls, data.rows]);
  const [adding, setAdding] = useState(false);
  const state = (r: ApiKeyRow) =>
    r.revokedAt ? (
      <Badge appearance="tint" color="danger">
        {t('apiKeyRevoked')}
      </Badge>
    ) : r.expiresAt && Date.parse(r.expiresAt) <= Date.now() ? (
      <Badge appearance="tint" color="warning">
        {t('expired')}
      </Badge>
    ) : (
      <Badge appearance="tint" color="success">
        {t('active')}
      </Badge>
    );
  const columns: Column<ApiKeyRow>[] = [
    ...declaredColumns<ApiKeyRow>(
      API_KEY_FIELDS,
      cell,
      {
        scopes: { render: (r) => r.scopes.length },
        expiresAt: { render: (r) => (r.expiresAt ? formatInstant(r.expiresAt, 'minutes') : t('never')) },
      },
      {
        name: [{ key: 'prefix', title: t('apiKeyPrefix'), width: 150, render: (r) => <Mono>{`sk_${r.prefix}_…`}</Mono> }],
        scopes: [{ key: 'state', title: t('status'), width: 90, render: state }],
      },
    ),
    { key: 'used', title: t('apiKeyLastUsed'), width: 140, render: (r) => (r.lastUsedAt ? formatInstant(r.lastUsedAt, 'minutes') : '--') },
    { key: 'calls', title: t('apiKeyCalls24h'), width: 90, render: (r) => r.calls24h },
    actionsColumn({
      name: (r) => r.name,
      actions: (r) => [
        { code: 'api-key:logs', label: t('apiKeyCallLog'), read: true, run: () => setList({ filters: { key: String(r.id) } }) },
        {
          code: 'api-key:revoke',
          label: t('revokeApiKey'),
          hidden: Boolean(r.revokedAt),
          run: () => page.confirm(t('confirmRevokeApiKey', { name: r.name }), () => calls.revoke({ id: r.id })),
        },
      ],
    }),
  ];
  const logColumns: Column<ApiKeyCall>[] = [
    { key: 'time', title: t('occurredAt'), width: 160, render: (r) => formatInstant(r.createdAt) },
    { key: 'call', title: t('interfacePath'), width: 260, render: (r) => <Mono>{`${r.method} ${r.path}`}</Mono> },
    { key: 'outcome', title: t('taskOutcome'), width: 100, render: (r) => r.outcome },
    { key: 'ip', title: t('ipAddress'), width: 130, render: (r) => <Mono>{r.ip || '--'}</Mono> },
  ];
  return (
    <ResourcePage
      route={route}
      hint={t('apiKeyHint')}
      buttons={[{ code: 'api-key:add', label: t('addApiKey'), run: () => setAdding(true) }]}
    >
      <ResourceList {...page.table} columns={columns} empty={{ reason: t('emptyApiKeys') }} />
      {chosen && (
        <SubList title={t('apiKeyCallsOf', { name: chosen.name })} columns={logColumns} data={logs} empty={{ reason: t('emptyRuns') }} />
      )}
      {adding && (
        <KeyForm
          onClose={() => setAdding(false)}
          onCreated={() => {
            setAdding(false);
            data.reload();
          }}
        />
      )}
      {page.dialogs}
    </ResourcePage>
  );
}
