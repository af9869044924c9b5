import { ChoiceSelect } from '../../kit/form/choice-select.tsx';
import { Input, makeStyles, tokens } from '@fluentui/react-components';
import { optionName, type DepartRef, type MetaFieldRow } from '../../api/contract.ts';
import { localDay } from '../../lib/days.ts';
import { useLanguage, useT } from '../../i18n/use-t.ts';
import { RecordPicker } from './record-picker.tsx';

const useStyles = makeStyles({
  range: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, '& > input, & > span': { minWidth: 0 } },
});

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
          ? field.options.map((o) => ({ value: o.value, label: optionName(o, language === 'en') }))
          : field.type === 'boolean'
            ? [
                { value: 'true', label: t('yes') },
                { value: 'false', label: t('no') },
              ]
            : departs.map((d) => ({ value: String(d.id), label: d.departName }));
      return <ChoiceSelect aria-label={field.label} value={value} empty={all} options={options} onChange={onChange} />;
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
