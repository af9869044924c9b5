import { Field, Input, Select, Switch, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { LOG_RETENTION_DAYS } from '@/api/contract/settings.ts';
import { maskPhone } from '@/api/contract/users.ts';
import { fieldProblems } from '@/api/schema/kit.ts';
import { overallParams } from '@/api/schema/system/tenant.ts';
import { ReasonButton } from '@/shell/session/permission-button.tsx';
import { Watermark } from '@/shell/session/watermark.tsx';
import { useLocalize, useT } from '@/i18n/use-t.ts';
import { offeredTimeZones } from '@/lib/time.ts';

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
});

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

/** The parameters the form sends: its keys over whatever else the JSON holds, so nothing it does not show is lost. */
const paramsOf = (overall: Record<string, unknown>, c: Common) => {
  const days = c.logRetentionDays.trim();
  return { ...overall, ...c, logRetentionDays: /^\d+$/.test(days) ? Number(days) : NaN };
};

/**
 * 常用: the keys of scrm_overall_params the console reads, as a form (watermark with a live preview, time zone,
 * privacy, log retention), checked by the parameters' schema the server uses.
 */
export function CommonSettings({
  overall,
  nickname,
  saving,
  onSave,
}: {
  overall: Record<string, unknown>;
  nickname: string;
  saving: boolean;
  onSave: (params: Record<string, unknown>) => void;
}) {
  const s = useStyles();
  const t = useT();
  const localize = useLocalize();
  const saved = commonOf(overall);
  const [common, setCommon] = useState(saved);
  const dirty = JSON.stringify(saved) !== JSON.stringify(common);
  const params = paramsOf(overall, common);
  const problem = fieldProblems(overallParams, params).logRetentionDays;
  const retentionError = problem ? localize(problem) : undefined;

  return (
    <form
      className={s.form}
      onSubmit={(e) => {
        e.preventDefault();
        if (!retentionError) onSave(params);
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
          {offeredTimeZones(common.timeZone).map((z) => (
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
        {...(retentionError ? { validationState: 'error' as const, validationMessage: retentionError } : {})}
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
        <ReasonButton appearance="primary" type="submit" reason={(!dirty && t('nothingToSave')) || retentionError} disabled={saving}>
          {saving ? t('operating') : t('save')}
        </ReasonButton>
        <ReasonButton reason={!dirty && t('nothingToSave')} disabled={saving} onClick={() => setCommon(saved)}>
          {t('reset')}
        </ReasonButton>
      </div>
    </form>
  );
}
