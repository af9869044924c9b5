import { Button, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import type { EnumOption, MetaFieldType } from '@/api/contract/records.ts';
import { useT } from '@/i18n/use-t.ts';
import { ChoiceSelect } from '@/kit/form/controls/choice-select.tsx';

const useStyles = makeStyles({
  box: { border: 'none', padding: 0, margin: 0 },
  option: { display: 'grid', gridTemplateColumns: '1fr 1fr 1fr auto', gap: tokens.spacingHorizontalS, alignItems: 'end' },
  add: { marginTop: tokens.spacingVerticalS },
  error: { color: tokens.colorPaletteRedForeground1, margin: `${tokens.spacingVerticalXS} 0 0` },
});

/** An enum field's options: value, label and English label each, added and removed in place. */
export function OptionsEditor({
  options,
  onChange,
  error,
}: {
  options: EnumOption[];
  onChange: (next: EnumOption[]) => void;
  error: string | undefined;
}) {
  const s = useStyles();
  const t = useT();
  const setOption = (i: number, patch: Partial<EnumOption>) => onChange(options.map((o, k) => (k === i ? { ...o, ...patch } : o)));
  return (
    <fieldset className={s.box}>
      <legend>{t('enumOptions')}</legend>
      {options.map((o, i) => (
        <div key={i} className={s.option}>
          <Field label={t('optionValue', { n: i + 1 })}>
            <Input value={o.value} onChange={(_, d) => setOption(i, { value: d.value })} />
          </Field>
          <Field label={t('optionLabel', { n: i + 1 })}>
            <Input value={o.label} onChange={(_, d) => setOption(i, { label: d.value })} />
          </Field>
          <Field label={t('optionLabelEn', { n: i + 1 })}>
            <Input value={o.labelEn ?? ''} maxLength={64} onChange={(_, d) => setOption(i, { labelEn: d.value })} />
          </Field>
          <Button aria-label={t('removeOption', { n: i + 1 })} onClick={() => onChange(options.filter((_, k) => k !== i))}>
            {t('remove')}
          </Button>
        </div>
      ))}
      <Button size="small" className={s.add} onClick={() => onChange([...options, { value: '', label: '' }])}>
        {t('addOption')}
      </Button>
      {error && (
        <p role="alert" className={s.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The default value as typed in the form -> as stored (a number for numbers, a boolean for booleans). */
export function typedDefault(type: MetaFieldType, raw: string): unknown {
  if (raw === '') return null;
  if (type === 'number' || type === 'money') return Number.isFinite(Number(raw)) ? Number(raw) : raw;
  if (type === 'boolean') return raw === 'true';
  return raw;
}

/** A field's default value, entered as its type reads: yes or no, one of the options, a number, a date or text. */
export function DefaultValueInput({
  type,
  options,
  value,
  onChange,
  onBlur,
}: {
  type: MetaFieldType;
  options: EnumOption[];
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  const t = useT();
  if (type === 'boolean' || type === 'enum') {
    const choices =
      type === 'boolean'
        ? [
            { value: 'true', label: t('yes') },
            { value: 'false', label: t('no') },
          ]
        : options.filter((o) => o.value).map((o) => ({ value: o.value, label: o.label || o.value }));
    return <ChoiceSelect value={value} empty={t('noDefault')} options={choices} onChange={onChange} />;
  }
  return (
    <Input
      type={type === 'number' || type === 'money' ? 'number' : type === 'date' ? 'date' : 'text'}
      value={value}
      onChange={(_, d) => onChange(d.value)}
      onBlur={onBlur}
    />
  );
}
