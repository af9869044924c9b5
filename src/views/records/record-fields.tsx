import { Combobox, Field, Input, Option, Select, Switch, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useRef, useState } from 'react';
import { optionName, type DepartRef, type MetaFieldRow } from '../../api/contract.ts';
import { ImageUpload } from '../../kit/form/image-upload.tsx';
import { localDay } from '../../lib/days.ts';
import { ZonedDateTimeInput } from '../../kit/form/zoned-datetime-input.tsx';
import { recordCalls } from '../../api/calls/record-calls.ts';
import { useCalls } from '../../shell/session/api-context.ts';
import { useDebouncedValue } from '../../kit/form/use-debounced-value.ts';
import { useLanguage, useT } from '../../i18n/use-t.ts';

const useStyles = makeStyles({
  range: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, '& > input, & > span': { minWidth: 0 } },
});

/**
 * A searchable select over the referenced table's records (their titles), for a reference field in the form and in
 * the filters. The chosen record's title is asked for once, so an edit shows a name, not an id.
 */
export function RecordPicker({
  tableId,
  field,
  value,
  onChange,
  label,
  onBlur,
}: {
  tableId: number;
  field: MetaFieldRow;
  value: number | null;
  onChange: (id: number | null) => void;
  label: string;
  onBlur?: () => void;
}) {
  const t = useT();
  const calls = useCalls(recordCalls);
  const [typed, setTyped] = useState('');
  const [options, setOptions] = useState<Array<{ id: number; label: string }>>([]);
  const [chosen, setChosen] = useState<{ id: number; label: string } | null>(null);
  const keyword = useDebouncedValue(typed, 250);
  const seq = useRef(0);
  useEffect(() => {
    if (value === null) return setChosen(null);
    if (chosen?.id === value) return;
    calls.options(tableId, field.name, { ids: [value] }).then(
      (found) => setChosen(found[0] ?? { id: value, label: `#${value}` }),
      () => setChosen({ id: value, label: `#${value}` }),
    );
  }, [value, tableId, field.name]);
  useEffect(() => {
    const mine = ++seq.current;
    calls.options(tableId, field.name, { keyword }).then(
      (found) => mine === seq.current && setOptions(found),
      () => undefined,
    );
  }, [keyword, tableId, field.name, calls]);
  const shown = chosen && !options.some((o) => o.id === chosen.id) ? [chosen, ...options] : options;
  return (
    <Combobox
      aria-label={label}
      placeholder={t('typeToSearch')}
      freeform
      clearable
      value={typed || (chosen?.label ?? '')}
      selectedOptions={value === null ? [] : [String(value)]}
      onInput={(e) => setTyped((e.target as HTMLInputElement).value)}
      onOptionSelect={(_, d) => {
        setTyped('');
        const id = d.optionValue ? Number(d.optionValue) : null;
        setChosen(id === null ? null : (shown.find((o) => o.id === id) ?? null));
        onChange(id);
      }}
      onBlur={() => {
        setTyped('');
        onBlur?.();
      }}
    >
      {shown.map((o) => (
        <Option key={o.id} value={String(o.id)} text={o.label}>
          {o.label}
        </Option>
      ))}
      {shown.length === 0 && (
        <Option value="" text="" disabled>
          {t('none')}
        </Option>
      )}
    </Combobox>
  );
}

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
        <Select value={text} onChange={(_, d) => onChange(d.value)} onBlur={onBlur}>
          <option value="">{t('pleaseChoose')}</option>
          {field.options.map((o) => (
            <option key={o.value} value={o.value}>
              {optionName(o, language === 'en')}
            </option>
          ))}
        </Select>
      );
    case 'boolean':
      return <Switch checked={value === true} onChange={(_, d) => onChange(d.checked)} label={value === true ? t('yes') : t('no')} />;
    case 'department':
      return (
        <Select value={text} onChange={(_, d) => onChange(d.value ? Number(d.value) : null)} onBlur={onBlur}>
          <option value="">{t('pleaseChoose')}</option>
          {departs.map((d) => (
            <option key={d.id} value={d.id}>
              {d.departName}
            </option>
          ))}
        </Select>
      );
    case 'reference':
      return (
        <RecordPicker
          tableId={tableId}
          field={field}
          label={field.label}
          value={typeof value === 'number' ? value : null}
          onChange={onChange}
          onBlur={onBlur}
        />
      );
    case 'date':
      return <Input type="date" value={text} onChange={(_, d) => onChange(d.value)} onBlur={onBlur} />;
    case 'datetime':
      return <ZonedDateTimeInput value={value} onChange={onChange} onBlur={onBlur} />;
    case 'number':
    case 'money':
      return (
        <Input
          inputMode="decimal"
          value={text}
          contentAfter={field.type === 'money' ? '元' : undefined}
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

/** A filter control for a searchable field; its value is the list query's string (ranges as `from~to`). */
export function FilterInput({
  field,
  tableId,
  value,
  onChange,
  departs,
}: {
  field: MetaFieldRow;
  tableId: number;
  value: string;
  onChange: (v: string) => void;
  departs: readonly DepartRef[];
}) {
  const s = useStyles();
  const t = useT();
  const [language] = useLanguage();
  const all = t('labelValue', { label: field.label, value: t('all') });
  switch (field.type) {
    case 'enum':
    case 'boolean':
    case 'department': {
      const options =
        field.type === 'enum'
          ? field.options.map((o) => [o.value, optionName(o, language === 'en')])
          : field.type === 'boolean'
            ? [
                ['true', t('yes')],
                ['false', t('no')],
              ]
            : departs.map((d) => [String(d.id), d.departName]);
      return (
        <Select aria-label={field.label} value={value} onChange={(_, d) => onChange(d.value)}>
          <option value="">{all}</option>
          {options.map(([v, l]) => (
            <option key={v} value={v}>
              {l}
            </option>
          ))}
        </Select>
      );
    }
    case 'reference':
      return (
        <RecordPicker
          tableId={tableId}
          field={field}
          label={field.label}
          value={value ? Number(value) : null}
          onChange={(id) => onChange(id === null ? '' : String(id))}
        />
      );
    case 'number':
    case 'money':
    case 'date':
    case 'datetime': {
      const [from = '', to = ''] = value.split('~');
      const isDate = field.type === 'date' || field.type === 'datetime';
      // A time range is chosen by days: from the start of the first to the start of the day after the last.
      const show = (v: string) => (field.type === 'datetime' && v ? localDay(new Date(v)) : v);
      const keep = (v: string, end: boolean) =>
        field.type === 'datetime' && v ? new Date(new Date(`${v}T00:00`).getTime() + (end ? 86_400_000 : 0)).toISOString() : v;
      const set = (f: string, e: string) => onChange(f || e ? `${f}~${e}` : '');
      const toShown = field.type === 'datetime' && to ? localDay(new Date(new Date(to).getTime() - 86_400_000)) : to;
      return (
        <span className={s.range} role="group" aria-label={field.label}>
          <Input
            type={isDate ? 'date' : 'text'}
            aria-label={t('rangeFrom', { label: field.label })}
            placeholder={isDate ? undefined : t('rangeFrom', { label: field.label })}
            value={show(from)}
            onChange={(_, d) => set(keep(d.value, false), to)}
          />
          <span aria-hidden>~</span>
          <Input
            type={isDate ? 'date' : 'text'}
            aria-label={t('rangeTo', { label: field.label })}
            placeholder={isDate ? undefined : t('rangeTo', { label: field.label })}
            value={toShown}
            onChange={(_, d) => set(from, keep(d.value, true))}
          />
        </span>
      );
    }
    default:
      return <Input aria-label={field.label} placeholder={field.label} value={value} onChange={(_, d) => onChange(d.value)} />;
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
