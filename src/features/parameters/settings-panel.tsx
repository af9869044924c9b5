import { Spinner, Tab, TabList } from '@fluentui/react-components';
import { useEffect, useRef, useState } from 'react';
import type { SettingsKey } from '@/api/contract/settings.ts';
import { ApiFailure } from '@/api/errors.ts';
import { tenantApi, type TenantSettings } from '@/api/table/platform.ts';
import { useBound } from '@/shell/session/api-context.ts';
import { useNotify } from '@/shell/toast.tsx';
import { useLocalize, useT } from '@/i18n/use-t.ts';
import { AdvancedSettings } from './advanced-settings.tsx';
import { CommonSettings } from './common-settings.tsx';

export interface SettingsPanelProps {
  /** another tenant's (the platform operator's tenant list); omitted: the caller's own */
  tenantId?: number;
  /** the nickname the watermark preview shows */
  nickname: string;
}

type Texts = Partial<Record<SettingsKey, string>>;

/**
 * A tenant's parameters (settings keys): the keys the console reads as a form under 常用, and every key as JSON under
 * 高级. Saving tells the tenant's open sessions at once.
 */
export function SettingsPanel({ tenantId, nickname }: SettingsPanelProps) {
  const t = useT();
  const localize = useLocalize();
  const calls = useBound(tenantApi);
  const notify = useNotify();
  const [data, setData] = useState<TenantSettings | null>(null);
  const [tab, setTab] = useState<'common' | 'advanced'>('common');
  const [saving, setSaving] = useState(false);
  const [drafts, setDrafts] = useState<Texts>({});
  const [jsonErrors, setJsonErrors] = useState<Texts>({});
  const [tick, setTick] = useState(0);
  // The JSON texts as last loaded, and as they are now: a reload (after a save on the other tab) keeps a text the
  // user has edited since, with its message, instead of replacing what they are writing.
  const loaded = useRef<Texts>({});
  const current = useRef(drafts);
  current.current = drafts;

  useEffect(() => {
    let live = true;
    calls.settings(tenantId === undefined ? {} : { tenantId }).then(
      ({ values: d }) => {
        if (!live) return;
        const fresh: Texts = Object.fromEntries(d.settings.map((x) => [x.type, JSON.stringify(x.params, null, 2)]));
        const edited = (Object.keys(current.current) as SettingsKey[]).filter((k) => current.current[k] !== loaded.current[k]);
        loaded.current = fresh;
        setData(d);
        setDrafts({ ...fresh, ...Object.fromEntries(edited.map((k) => [k, current.current[k]])) });
        setJsonErrors((e) => Object.fromEntries(edited.map((k) => [k, e[k]])));
      },
      () => live && setData({ tenantId: tenantId ?? 0, settings: [] }),
    );
    return () => {
      live = false;
    };
  }, [calls, tenantId, tick]);

  if (!data) return <Spinner label={t('loading')} />;
  const overall = data.settings.find((x) => x.type === 'scrm_overall_params')?.params ?? {};
  const setError = (type: SettingsKey, message: string | undefined) => setJsonErrors((e) => ({ ...e, [type]: message }));

  const save = async (type: SettingsKey, params: Record<string, unknown>, text?: string) => {
    setSaving(true);
    try {
      await calls.saveSettings({ type, params, ...(tenantId === undefined ? {} : { tenantId }) }, { fieldErrors: true });
      // Saved: no longer an edit, so the reload shows the stored text.
      if (text !== undefined) loaded.current = { ...loaded.current, [type]: text };
      notify(t('operationDone'), 'success');
      setTick((x) => x + 1);
    } catch (err) {
      if (text !== undefined && err instanceof ApiFailure && err.failure.field) setError(type, localize(err.failure.message));
    } finally {
      setSaving(false);
    }
  };

  const saveJson = (type: SettingsKey) => {
    const text = drafts[type] ?? '{}';
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (err) {
      setError(type, t('invalidJson', { reason: err instanceof Error ? err.message : '' }));
      return;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return setError(type, t('jsonMustBeObject'));
    void save(type, parsed as Record<string, unknown>, text);
  };

  return (
    <div>
      <TabList selectedValue={tab} onTabSelect={(_, d) => setTab(d.value === 'advanced' ? 'advanced' : 'common')}>
        <Tab value="common">{t('commonSettings')}</Tab>
        <Tab value="advanced">{t('advancedSettings')}</Tab>
      </TabList>
      {tab === 'common' ? (
        <CommonSettings
          key={JSON.stringify(overall)}
          overall={overall}
          nickname={nickname}
          saving={saving}
          onSave={(params) => void save('scrm_overall_params', params)}
        />
      ) : (
        <AdvancedSettings
          drafts={drafts}
          errors={jsonErrors}
          saving={saving}
          onEdit={(type, text) => setDrafts((x) => ({ ...x, [type]: text }))}
          onError={setError}
          onSave={saveJson}
        />
      )}
    </div>
  );
}
