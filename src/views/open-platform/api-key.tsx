import { Badge, Button, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { apiKeyCalls, type ApiKeyCall, type ApiKeyRow, type ApiKeyScope } from '../../api/api-key-calls.ts';
import { fieldProblems } from '../../api/schema/kit.ts';
import { apiKeySave } from '../../api/schema/api-key.ts';
import { useApi } from '../../shell/api-context.ts';
import { ConfirmDialog } from '../../shell/list-controls.tsx';
import { usePageActions } from '../../shell/page-actions.tsx';
import { useFormatInstant } from '../../shell/time-zone.ts';
import { useNotify } from '../../shell/toast.tsx';
import { CheckboxGroup } from '../../kit/checkbox-group.tsx';
import { DataTable, type Column } from '../../kit/data-table.tsx';
import { FormDrawer } from '../../kit/form-drawer.tsx';
import { ShownOnceDialog } from '../../kit/shown-once-dialog.tsx';
import { PageHeader } from '../../kit/page-header.tsx';
import { useForm } from '../../kit/use-form.ts';
import { useListState } from '../../kit/use-list.ts';
import { useT } from '../../i18n/use-t.ts';
import type { ViewProps } from '../view-props.ts';

const useStyles = makeStyles({
  page: { backgroundColor: tokens.colorNeutralBackground1, padding: tokens.spacingHorizontalXL, borderRadius: tokens.borderRadiusLarge },
  cellActions: { display: 'flex', gap: tokens.spacingHorizontalXS },
  mono: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
  muted: { color: tokens.colorNeutralForeground3 },
  section: { marginTop: tokens.spacingVerticalXXL },
  sectionTitle: { margin: `0 0 ${tokens.spacingVerticalM}`, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  scopes: { maxHeight: '50vh', overflowY: 'auto' },
});

interface Values extends Record<string, unknown> {
  name: string;
  scopes: number[];
  expiresAt: string;
}
/** The body a save sends: the expiry typed in this browser's zone, as an instant. */
const bodyOf = (v: Values) => {
  const expires = v.expiresAt ? Date.parse(v.expiresAt) : Number.NaN;
  return { name: v.name, scopes: v.scopes, expiresAt: Number.isNaN(expires) ? v.expiresAt : new Date(expires).toISOString() };
};
const problems = (v: Values) => fieldProblems(apiKeySave, bodyOf(v));

function KeyForm({ scopes, onClose, onCreated }: { scopes: ApiKeyScope[]; onClose: () => void; onCreated: () => void }) {
  const s = useStyles();
  const t = useT();
  const api = useApi();
  const calls = useMemo(() => apiKeyCalls(api), [api]);
  const form = useForm<Values>({ name: '', scopes: [], expiresAt: '' }, problems);
  // Shown once, inside the drawer (a dialog opening as the drawer closes could be left aria-hidden by it).
  const [made, setMade] = useState<string | null>(null);
  const save = () =>
    form.submit(async (v) => {
      const made = await calls.create(bodyOf(v));
      setMade(made.key);
    });
  return (
    <FormDrawer open title={t('addApiKey')} dirty={form.dirty} saving={form.saving} onSubmit={save} onClose={onClose}>
      <Field label={t('apiKeyName')} required {...form.field('name')}>
        <Input value={form.values.name} onChange={(_, d) => form.set('name', d.value)} onBlur={() => form.blur('name')} />
      </Field>
      <Field label={t('expiresAt')} hint={form.error('expiresAt') ? undefined : t('apiKeyExpiryHint')} {...form.field('expiresAt')}>
        <Input type="datetime-local" value={form.values.expiresAt} onChange={(_, d) => form.set('expiresAt', d.value)} />
      </Field>
      <div className={s.scopes}>
        <CheckboxGroup
          label={t('apiKeyScopes')}
          options={scopes.map((x) => ({ value: x.id, label: `${x.method} ${x.path}${x.name ? ` · ${x.name}` : ''}` }))}
          value={form.values.scopes}
          onChange={(next) => form.set('scopes', next)}
          error={form.error('scopes')}
        />
      </div>
      <ShownOnceDialog
        items={made === null ? null : [{ label: t('apiKeyName'), value: made, testId: 'new-api-key' }]}
        title={t('apiKeyCreated')}
        intro={t('apiKeyShownOnce')}
        onDone={onCreated}
      />
    </FormDrawer>
  );
}

/**
 * 开放平台 › API 密钥: keys for partners. A key is shown once; it calls only the interfaces it was given, as the user
 * who made it; revoking it bites at its next call. The chosen key's calls are listed below (?key=).
 */
export default function ApiKeyView({ route }: ViewProps) {
  const s = useStyles();
  const t = useT();
  const api = useApi();
  const calls = useMemo(() => apiKeyCalls(api), [api]);
  const notify = useNotify();
  const formatInstant = useFormatInstant();
  const [list, setList] = useListState(route.path, ['key']);
  const [rows, setRows] = useState<ApiKeyRow[] | null>(null);
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const [tick, setTick] = useState(0);
  const [adding, setAdding] = useState(false);
  const [revoking, setRevoking] = useState<ApiKeyRow | null>(null);
  const [logs, setLogs] = useState<ApiKeyCall[] | null>(null);
  useEffect(() => {
    calls.list().then(setRows, () => setRows([]));
    calls.scopes().then(setScopes, () => setScopes([]));
  }, [calls, tick]);
  const chosen = rows?.find((r) => String(r.id) === list.filters.key) ?? null;
  useEffect(() => {
    if (!chosen) return setLogs(null);
    calls.logs(chosen.id).then(setLogs, () => setLogs([]));
  }, [calls, chosen?.id, tick]);
  const openAdd = useCallback(() => setAdding(true), []);
  usePageActions([{ code: 'api-key:add', label: t('addApiKey'), run: openAdd }]);
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
    { key: 'name', title: t('apiKeyName'), width: 140, render: (r) => r.name, ellipsis: (r) => r.name },
    { key: 'prefix', title: t('apiKeyPrefix'), width: 150, render: (r) => <span className={s.mono}>{`sk_${r.prefix}_…`}</span> },
    { key: 'scopes', title: t('apiKeyScopes'), width: 80, render: (r) => r.scopes.length },
    { key: 'state', title: t('status'), width: 90, render: state },
    {
      key: 'expires',
      title: t('expiresAt'),
      width: 140,
      render: (r) => (r.expiresAt ? formatInstant(r.expiresAt, 'minutes') : t('never')),
    },
    { key: 'used', title: t('apiKeyLastUsed'), width: 140, render: (r) => (r.lastUsedAt ? formatInstant(r.lastUsedAt, 'minutes') : '--') },
    { key: 'calls', title: t('apiKeyCalls24h'), width: 90, render: (r) => r.calls24h },
    {
      key: 'actions',
      title: t('actions'),
      width: 150,
      render: (r) => (
        <div className={s.cellActions}>
          <Button
            size="small"
            appearance="subtle"
            aria-label={`${t('apiKeyCallLog')} ${r.name}`}
            onClick={() => setList({ filters: { key: String(r.id) } })}
          >
            {t('apiKeyCallLog')}
          </Button>
          {!r.revokedAt && (
            <Button size="small" appearance="subtle" aria-label={`${t('revokeApiKey')} ${r.name}`} onClick={() => setRevoking(r)}>
              {t('revokeApiKey')}
            </Button>
          )}
        </div>
      ),
    },
  ];
  const logColumns: Column<ApiKeyCall>[] = [
    { key: 'time', title: t('occurredAt'), width: 160, render: (r) => formatInstant(r.createdAt) },
    { key: 'call', title: t('interfacePath'), width: 260, render: (r) => <span className={s.mono}>{`${r.method} ${r.path}`}</span> },
    { key: 'outcome', title: t('taskOutcome'), width: 100, render: (r) => r.outcome },
    { key: 'ip', title: t('ipAddress'), width: 130, render: (r) => <span className={s.mono}>{r.ip || '--'}</span> },
  ];
  return (
    <section className={s.page} aria-label={route.title}>
      <PageHeader
        route={route}
        actions={
          <Button appearance="primary" onClick={openAdd}>
            {t('addApiKey')}
          </Button>
        }
      />
      <p className={s.muted}>{t('apiKeyHint')}</p>
      <DataTable label={route.title} columns={columns} rows={rows} rowKey={(r) => r.id} empty={{ reason: t('emptyApiKeys') }} />
      {chosen && (
        <section className={s.section} aria-label={t('apiKeyCallsOf', { name: chosen.name })}>
          <h2 className={s.sectionTitle}>{t('apiKeyCallsOf', { name: chosen.name })}</h2>
          <DataTable
            label={t('apiKeyCallsOf', { name: chosen.name })}
            columns={logColumns}
            rows={logs}
            rowKey={(r) => r.id}
            empty={{ reason: t('emptyRuns') }}
          />
        </section>
      )}
      {adding && (
        <KeyForm
          scopes={scopes}
          onClose={() => setAdding(false)}
          onCreated={() => {
            setAdding(false);
            setTick((x) => x + 1);
          }}
        />
      )}
      <ConfirmDialog
        open={revoking !== null}
        message={t('confirmRevokeApiKey', { name: revoking?.name ?? '' })}
        onConfirm={() => {
          const r = revoking!;
          setRevoking(null);
          void calls.revoke(r.id).then(
            () => {
              notify(t('operationDone'), 'success');
              setTick((x) => x + 1);
            },
            () => {},
          );
        }}
        onCancel={() => setRevoking(null)}
      />
    </section>
  );
}
