import { Button, Field, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { SETTINGS_KEYS, type SettingsKey } from '@/api/contract/settings.ts';
import { useT } from '@/i18n/use-t.ts';

const useStyles = makeStyles({
  json: { fontFamily: tokens.fontFamilyMonospace, minHeight: '160px' },
  keyTitle: {
    margin: `${tokens.spacingVerticalL} 0 ${tokens.spacingVerticalXS}`,
    fontSize: tokens.fontSizeBase300,
    fontFamily: tokens.fontFamilyMonospace,
  },
  hint: { color: tokens.colorNeutralForeground3, margin: 0 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', marginTop: tokens.spacingVerticalS },
});

type Texts = Partial<Record<SettingsKey, string>>;

/** 高级: every settings key as JSON text, each saved on its own; a text that does not parse says why on leaving it. */
export function AdvancedSettings({
  drafts,
  errors,
  saving,
  onEdit,
  onError,
  onSave,
}: {
  drafts: Texts;
  errors: Texts;
  saving: boolean;
  onEdit: (type: SettingsKey, text: string) => void;
  onError: (type: SettingsKey, message: string | undefined) => void;
  onSave: (type: SettingsKey) => void;
}) {
  const s = useStyles();
  const t = useT();
  return (
    <div>
      <p className={s.hint}>{t('advancedHint')}</p>
      {SETTINGS_KEYS.map((type) => (
        <section key={type}>
          <h2 className={s.keyTitle}>{type}</h2>
          <Field label={t('jsonOf', { key: type })} validationState={errors[type] ? 'error' : undefined} validationMessage={errors[type]}>
            <Textarea
              className={s.json}
              resize="vertical"
              value={drafts[type] ?? '{}'}
              onChange={(_, d) => {
                onEdit(type, d.value);
                onError(type, undefined);
              }}
              onBlur={() => {
                try {
                  JSON.parse(drafts[type] ?? '{}');
                } catch (err) {
                  onError(type, t('invalidJson', { reason: err instanceof Error ? err.message : '' }));
                }
              }}
            />
          </Field>
          <div className={s.actions}>
            <Button appearance="primary" disabled={saving} onClick={() => onSave(type)}>
              {t('saveKey', { key: type })}
            </Button>
          </div>
        </section>
      ))}
    </div>
  );
}
