import { ChoiceSelect } from '@/kit/form/controls/choice-select.tsx';
import { DayPicker } from '@/kit/form/controls/day-picker.tsx';
import { Field, Input, Switch } from '@fluentui/react-components';
import { localLabel } from '@/api/contract/language.ts';
import { type MetaFieldRow } from '@/api/contract/records.ts';
import { type DepartRef } from '@/api/contract/session.ts';
import { ImageUpload } from '@/kit/form/controls/image-upload.tsx';
import { ZonedDateTimeInput } from '@/kit/form/controls/zoned-datetime-input.tsx';
import { useLanguage, useT } from '@/i18n/use-t.ts';
import { RecordPicker } from './record-picker.tsx';

/** The control a field's type calls for, in the record form. */
export function FieldInput({
  field,
  tableId,
  value,
  onChange,
  onBlur,
  departs,
}: {
  field: MetaFieldRow;
  tableId: number;
  value: unknown;
  onChange: (v: unknown) => void;
  onBlur: () => void;
  departs: readonly DepartRef[];
}) {
  const t = useT();
  const [language] = useLanguage();
  const text = value === null || value === undefined ? '' : String(value);
  switch (field.type) {
    case 'enum':
      return (
        <ChoiceSelect
          value={text}
          empty={t('pleaseChoose')}
          options={field.options.map((o) => ({ value: o.value, label: localLabel(o, language === 'en') }))}
          onChange={onChange}
          onBlur={onBlur}
        />
      );
    case 'boolean':
      return <Switch checked={value === true} onChange={(_, d) => onChange(d.checked)} label={value === true ? t('yes') : t('no')} />;
    case 'department':
      return (
        <ChoiceSelect
          value={text}
          empty={t('pleaseChoose')}
          options={departs.map((d) => ({ value: String(d.id), label: d.departName }))}
          onChange={(v) => onChange(v ? Number(v) : null)}
          onBlur={onBlur}
        />
      );
    case 'reference':
      return (
        <RecordPicker
          tableId={tableId}
          field={field}
          value={typeof value === 'number' ? value : null}
          onChange={onChange}
          onBlur={onBlur}
        />
      );
    case 'date':
      return <DayPicker value={text} onChange={onChange} onBlur={onBlur} />;
    case 'datetime':
      return <ZonedDateTimeInput value={value} onChange={onChange} onBlur={onBlur} />;
    case 'number':
    case 'money':
      return (
        <Input
          inputMode="decimal"
          value={text}
          contentAfter={field.type === 'money' ? t('moneyUnit') : undefined}
          onChange={(_, d) => onChange(d.value)}
          onBlur={onBlur}
        />
      );
    case 'image':
      return <ImageUpload label={field.label} value={text} onChange={(url) => onChange(url)} onBlur={onBlur} preview />;
    case 'phone':
      return <Input inputMode="tel" maxLength={11} value={text} onChange={(_, d) => onChange(d.value)} onBlur={onBlur} />;
    case 'text':
      return <Input value={text} maxLength={500} onChange={(_, d) => onChange(d.value)} onBlur={onBlur} />;
  }
}

/** A field wrapped for the form: its label, required mark, and the message under it. */
export function FormField({
  field,
  validation,
  children,
}: {
  field: MetaFieldRow;
  validation: { validationState?: 'error'; validationMessage?: string };
  children: React.ReactElement;
}) {
  return (
    <Field label={field.label} required={field.required} {...validation}>
      {children}
    </Field>
  );
}
