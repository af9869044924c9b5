import { Button, Field, Input, Select, Spinner, Switch, Tab, TabList, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { ReasonButton } from '../../../shell/session/permission-button.tsx';
import { useEffect, useRef, useState } from 'react';
import { LOG_RETENTION_DAYS, SETTINGS_KEYS, maskPhone, type SettingsKey } from '../../../api/contract.ts';
import { ApiFailure } from '../../../api/errors.ts';
import { platformCalls, type TenantSettings } from '../../../api/calls/platform-calls.ts';
import { useCalls } from '../../../shell/session/api-context.ts';
import { useNotify } from '../../../shell/toast.tsx';
import { Watermark } from '../../../shell/layout/watermark.tsx';
import { useLocalize, useT } from '../../../i18n/use-t.ts';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '640px', paddingTop: tokens.spacingVerticalL },
  preview: {
    position: 'relative',
    overflow: 'hidden',
    height: '120px',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
    // the preview's watermark stays inside the box
    transform: 'translateZ(0)',
  },
  previewText: {
    position: 'absolute',
    top: tokens.spacingVerticalS,
    left: tokens.spacingHorizontalS,
    color: tokens.colorNeutralForeground3,
  },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  json: { fontFamily: tokens.fontFamilyMonospace, minHeight: '160px' },
  keyTitle: {
    margin: `${tokens.spacingVerticalL} 0 ${tokens.spacingVerticalXS}`,
    fontSize: tokens.fontSizeBase300,
    fontFamily: tokens.fontFamilyMonospace,
  },
  hint: { color: tokens.colorNeutralForeground3, margin: 0 },
});

/** The zones offered: the runtime's list when it has one, and always the current value. */
function timeZones(current: string): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  const known = intl.supportedValuesOf?.('timeZone') ?? [
    'Asia/Shanghai',
    'Asia/Hong_Kong',
    'Asia/Tokyo',
    'Asia/Singapore',
    'Europe/London',
    'UTC',
  ];
  return known.includes(current) ? known : [current, ...known];
}

interface Common {
  enableWaterMark: boolean;
  timeZone: string;
  isPrivacy: boolean;
  /** as typed: checked before saving, sent as a number */
  logRetentionDays: string;
}

const commonOf = (p: Record<string, unknown>): Common => ({
  enableWaterMark: p.enableWaterMark === true,
  timeZone: typeof p.timeZone === 'string' && p.timeZone ? p.timeZone : 'Asia/Shanghai',
  isPrivacy: p.isPrivacy === true,
  logRetentionDays: String(typeof p.logRetentionDays === 'number' ? p.logRetentionDays : LOG_RETENTION_DAYS),
});

const retentionProblem = (v: string) => {
  const n = Number(v);
  return /^\d+$/.test(v) && n >= 7 && n <= 3650 ? null : '日志保留天数须为 7 到 3650 之间的整数';
};

export interface SettingsPanelProps {
  /** another tenant's (the platform operator's tenant list); omitted: the caller's own */
  tenantId?: number;
  /** the nickname the watermark preview shows */
  nickname: string;
}

/**
 * A tenant's parameters (settings keys): the keys the console reads as a form (watermark with a live preview,
 * time zone, privacy), and every key as JSON under 高级. Saving tells the tenant's open sessions at once.
 */
export function SettingsPanel({ tenantId, nickname }: SettingsPanelProps) {
  const s = useStyles();
  const t = useT();
  const localize = useLocalize();
  const calls = useCalls(platformCalls);
  const notify = useNotify();
  const [data, setData] = useState<TenantSettings | null>(null);
  const [tab, setTab] = useState<'common' | 'advanced'>('common');
  const [common, setCommon] = useState<Common | null>(null);
  const [saving, setSaving] = useState(false);
  const [drafts, setDrafts] = useState<Partial<Record<SettingsKey, string>>>({});
  const [jsonErrors, setJsonErrors] = useState<Partial<Record<SettingsKey, string>>>({});
  const [tick, setTick] = useState(0);
  // The JSON texts as last loaded, and as they are now: a reload (after a save on the other tab) keeps a text the
  // user has edited since, with its message, instead of replacing what they are writing.
  const loaded = useRef<Partial<Record<SettingsKey, string>>>({});
  const current = useRef(drafts);
  current.current = drafts;

  useEffect(() => {
    let live = true;
    calls.settings(tenantId).then(
      (d) => {
        if (!live) return;
        const fresh: Partial<Record<SettingsKey, string>> = Object.fromEntries(
          d.settings.map((x) => [x.type, JSON.stringify(x.params, null, 2)]),
        );
        const edited = (Object.keys(current.current) as SettingsKey[]).filter((k) => current.current[k] !== loaded.current[k]);
        loaded.current = fresh;
        setData(d);
        setCommon(commonOf(d.settings[0]?.params ?? {}));
        setDrafts({ ...fresh, ...Object.fromEntries(edited.map((k) => [k, current.current[k]])) });
        setJsonErrors((e) => Object.fromEntries(edited.map((k) => [k, e[k]])));
      },
      () => live && setData({ tenantId: tenantId ?? 0, settings: [] }),
    );
    return () => {
      live = false;
    };
  }, [calls, tenantId, tick]);

  if (!data || !common) return <Spinner label={t('loading')} />;
  const overall = data.settings.find((x) => x.type === 'scrm_overall_params')?.params ?? {};
  const saved = commonOf(overall);
  const dirty = JSON.stringify(saved) !== JSON.stringify(common);

  const retentionError = retentionProblem(common.logRetentionDays.trim());
  const saveCommon = async () => {
    if (retentionError) return;
    setSaving(true);
    try {
      // The form's keys over whatever else the JSON holds: nothing the form does not show is lost.
      await calls.saveSettings(
        'scrm_overall_params',
        { ...overall, ...common, logRetentionDays: Number(common.logRetentionDays.trim()) },
        tenantId,
      );
      notify(t('operationDone'), 'success');
      setTick((x) => x + 1);
    } catch {
      /* shown by the shell */
    } finally {
      setSaving(false);
    }
  };

  const saveJson = async (type: SettingsKey) => {
    const text = drafts[type] ?? '{}';
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (err) {
      setJsonErrors((e) => ({ ...e, [type]: t('invalidJson', { reason: err instanceof Error ? err.message : '' }) }));
      return;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      setJsonErrors((e) => ({ ...e, [type]: t('jsonMustBeObject') }));
      return;
    }
    setSaving(true);
    try {
      await calls.saveSettings(type, parsed as Record<string, unknown>, tenantId);
      // Saved: no longer an edit, so the reload shows the stored text.
      loaded.current = { ...loaded.current, [type]: text };
      notify(t('operationDone'), 'success');
      setTick((x) => x + 1);
    } catch (err) {
      if (err instanceof ApiFailure && err.failure.field) setJsonErrors((e) => ({ ...e, [type]: localize(err.failure.message) }));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div>
      <TabList selectedValue={tab} onTabSelect={(_, d) => setTab(d.value === 'advanced' ? 'advanced' : 'common')}>
        <Tab value="common">{t('commonSettings')}</Tab>
        <Tab value="advanced">{t('advancedSettings')}</Tab>
      </TabList>
      {tab === 'common' ? (
        <form
          className={s.form}
          onSubmit={(e) => {
            e.preventDefault();
            void saveCommon();
          }}
        >
          <Field label={t('watermark')} hint={t('watermarkHint')}>
            <Switch
              checked={common.enableWaterMark}
              label={common.enableWaterMark ? t('on') : t('off')}
              onChange={(_, d) => setCommon({ ...common, enableWaterMark: d.checked })}
            />
          </Field>
          <div className={s.preview} role="img" aria-label={t('watermarkPreview')}>
            <span className={s.previewText}>{t('watermarkPreview')}</span>
            {common.enableWaterMark && (
              <div style={{ position: 'absolute', inset: 0 }}>
                <Watermark nickname={nickname} timeZone={common.timeZone} preview />
              </div>
            )}
          </div>
          <Field label={t('timeZone')} hint={t('timeZoneHint')}>
            <Select value={common.timeZone} onChange={(_, d) => setCommon({ ...common, timeZone: d.value })}>
              {timeZones(common.timeZone).map((z) => (
                <option key={z} value={z}>
                  {z}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('privacy')} hint={t('privacyHint', { example: maskPhone('13800000001') })}>
            <Switch
              checked={common.isPrivacy}
              label={common.isPrivacy ? t('on') : t('off')}
              onChange={(_, d) => setCommon({ ...common, isPrivacy: d.checked })}
            />
          </Field>
          <Field
            label={t('logRetentionDays')}
            hint={retentionError ? undefined : t('logRetentionHint')}
            {...(retentionError ? { validationState: 'error' as const, validationMessage: localize(retentionError) } : {})}
          >
            <Input
              type="number"
              min={7}
              max={3650}
              value={common.logRetentionDays}
              onChange={(_, d) => setCommon({ ...common, logRetentionDays: d.value })}
            />
          </Field>
          <div className={s.actions}>
            <ReasonButton
              appearance="primary"
              type="submit"
              reason={(!dirty && t('nothingToSave')) || (retentionError && localize(retentionError))}
              disabled={saving}
            >
              {saving ? t('operating') : t('save')}
            </ReasonButton>
            <ReasonButton reason={!dirty && t('nothingToSave')} disabled={saving} onClick={() => setCommon(saved)}>
              {t('reset')}
            </ReasonButton>
          </div>
        </form>
      ) : (
        <div>
          <p className={s.hint}>{t('advancedHint')}</p>
          {SETTINGS_KEYS.map((type) => (
            <section key={type}>
              <h2 className={s.keyTitle}>{type}</h2>
              <Field
                label={t('jsonOf', { key: type })}
                validationState={jsonErrors[type] ? 'error' : undefined}
                validationMessage={jsonErrors[type]}
              >
                <Textarea
                  className={s.json}
                  resize="vertical"
                  value={drafts[type] ?? '{}'}
                  onChange={(_, d) => {
                    setDrafts((x) => ({ ...x, [type]: d.value }));
                    setJsonErrors((e) => ({ ...e, [type]: undefined }));
                  }}
                  onBlur={() => {
                    try {
                      JSON.parse(drafts[type] ?? '{}');
                    } catch (err) {
                      setJsonErrors((e) => ({ ...e, [type]: t('invalidJson', { reason: err instanceof Error ? err.message : '' }) }));
                    }
                  }}
                />
              </Field>
              <div className={s.actions} style={{ marginTop: tokens.spacingVerticalS }}>
                <Button appearance="primary" disabled={saving} onClick={() => void saveJson(type)}>
                  {t('saveKey', { key: type })}
                </Button>
              </div>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
