import { Button, Field, Select, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useMemo, useState } from 'react';
import { PLATFORM_PAGES } from '@/api/contract/platform.ts';
import type { TenantRow } from '@/api/table/platform.ts';
import { menuApi, tenantApi, type CatalogueNode } from '@/api/table/platform.ts';
import { catalogueTree, changes, initialChecked, toSave } from '@/menu/permission-tree.ts';
import { useBound } from '@/shell/session/api-context.ts';
import { useNotify } from '@/shell/toast.tsx';
import { ResourcePage } from '@/kit/page/resource-page.tsx';
import { useListState } from '@/kit/list/use-list.ts';
import { useLanguage, useT } from '@/i18n/use-t.ts';
import type { ViewProps } from '../view-props.ts';
import { ChangesDialog, MenuCheckTree, catalogueInLanguage } from '../permissions/index.ts';

const useStyles = makeStyles({
  tenant: { maxWidth: '360px', marginBottom: tokens.spacingVerticalL },
  footer: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', marginTop: tokens.spacingVerticalM },
  pending: { color: tokens.colorNeutralForeground3 },
  empty: { color: tokens.colorNeutralForeground3, padding: tokens.spacingVerticalXXL, textAlign: 'center' },
});

/** Whether an entry is, or sits under, a platform page (only the platform's tenant may have it). */
const underPlatform = (n: CatalogueNode, ancestors: readonly { component: string }[]) =>
  PLATFORM_PAGES.includes(n.component) || ancestors.some((a) => PLATFORM_PAGES.includes(a.component));

/**
 * 租户管理 › 租户页面: which shared menu entries a tenant has. The tenant is in the address (?tenant=), so the tenant
 * list's 页面 action links here. Saving first says what changes; a removed page leaves the tenant's roles and sessions.
 */
export default function TenantPagesView({ route }: ViewProps) {
  const s = useStyles();
  const t = useT();
  const [language] = useLanguage();
  const home = t('homeEntry');
  const tenants$ = useBound(tenantApi);
  const menus$ = useBound(menuApi);
  const notify = useNotify();
  const [list, setList] = useListState(route.path, ['tenant']);
  const [tenants, setTenants] = useState<TenantRow[] | null>(null);
  const [catalogue, setCatalogue] = useState<CatalogueNode[] | null>(null);
  const [given, setGiven] = useState<Set<number> | null>(null);
  const [checked, setChecked] = useState<Set<number>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);
  const [tick, setTick] = useState(0);

  useEffect(() => {
    tenants$.list({ pageNum: 1, pageSize: 200 }).then(
      (r) => setTenants(r.values),
      () => setTenants([]),
    );
    menus$.catalogue({}).then(
      (r) => setCatalogue(r.values),
      () => setCatalogue([]),
    );
  }, [tenants$, menus$]);

  const tenant = tenants?.find((x) => String(x.id) === list.filters.tenant) ?? null;
  useEffect(() => {
    if (!tenant) return setGiven(null);
    let live = true;
    setGiven(null);
    tenants$.pages({ tenantId: tenant.id }).then(
      ({ values: ids }) => live && setGiven(new Set(ids)),
      () => live && setGiven(new Set()),
    );
    return () => {
      live = false;
    };
  }, [tenants$, tenant?.id, tick]);

  const nodes = useMemo(
    () =>
      catalogue && given && tenant
        ? catalogueTree(
            catalogueInLanguage(catalogue, language === 'en', home),
            given,
            (n, up) => tenant.platform || !underPlatform(n as CatalogueNode, up),
          )
        : null,
    [catalogue, given, tenant, language, home],
  );
  useEffect(() => setChecked(nodes ? initialChecked(nodes) : new Set()), [nodes]);
  const before = useMemo(() => (nodes ? toSave(nodes, initialChecked(nodes)) : []), [nodes]);
  const after = useMemo(() => (nodes ? toSave(nodes, checked) : []), [nodes, checked]);
  const diff = useMemo(() => (nodes ? changes(nodes, before, after) : { added: [], removed: [] }), [nodes, before, after]);
  const changed = diff.added.length + diff.removed.length > 0;

  const save = async () => {
    setConfirming(false);
    if (!tenant) return;
    setSaving(true);
    try {
      const { values: r } = await tenants$.setPages({ tenantId: tenant.id, menuIds: after });
      notify(t('permissionsSaved', { added: r.added.length, removed: r.removed.length }), 'success');
      setTick((x) => x + 1);
    } catch {
      /* shown by the shell */
    } finally {
      setSaving(false);
    }
  };

  return (
    <ResourcePage route={route}>
      <Field label={t('tenant')} className={s.tenant}>
        <Select value={list.filters.tenant ?? ''} onChange={(_, d) => setList({ filters: { tenant: d.value } })} disabled={!tenants}>
          <option value="">{t('chooseTenantPlaceholder')}</option>
          {(tenants ?? []).map((x) => (
            <option key={x.id} value={x.id}>
              {t('nameWithNote', { name: x.name, note: x.code })}
            </option>
          ))}
        </Select>
      </Field>
      {!tenant ? (
        <p className={s.empty}>{tenants ? t('chooseTenantFirst') : t('loading')}</p>
      ) : !nodes ? (
        <Spinner label={t('loading')} />
      ) : (
        <>
          <MenuCheckTree
            label={t('tenantPagesOf', { name: tenant.name })}
            nodes={nodes}
            checked={checked}
            onChange={setChecked}
            lockedReason={t('platformPageLocked')}
          />
          <div className={s.footer}>
            <Button appearance="primary" disabled={saving || !changed} onClick={() => setConfirming(true)}>
              {saving ? t('operating') : t('savePages')}
            </Button>
            <Button disabled={saving || !changed} onClick={() => setChecked(initialChecked(nodes))}>
              {t('reset')}
            </Button>
            <span className={s.pending} aria-live="polite">
              {changed ? t('confirmSavePages', { added: diff.added.length, removed: diff.removed.length }) : ''}
            </span>
          </div>
        </>
      )}
      <ChangesDialog
        open={confirming}
        summary={t('confirmSavePages', { added: diff.added.length, removed: diff.removed.length })}
        note={diff.removed.length > 0 ? t('removedPagesLeaveRoles') : undefined}
        diff={diff}
        saving={saving}
        onConfirm={() => void save()}
        onCancel={() => setConfirming(false)}
      />
    </ResourcePage>
  );
}
