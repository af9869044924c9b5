import { ChoiceSelect } from '@/kit/form/controls/choice-select.tsx';
import { Input, makeStyles, tokens } from '@fluentui/react-components';
import { localLabel } from '@/api/contract/language.ts';
import { type MetaFieldRow } from '@/api/contract/records.ts';
import { type DepartRef } from '@/api/contract/session.ts';
import { nextDay, startOfDay, unreadText } from '@/lib/days.ts';
import { formatInstant } from '@/lib/time.ts';
import { DayPicker } from '@/kit/form/controls/day-picker.tsx';
import { DayRangePresets } from '@/kit/list/filter-bar.tsx';
import { useTimeZone } from '@/shell/time-zone.ts';
import { useLanguage, useT } from '@/i18n/use-t.ts';
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
  const zone = useTimeZone();
  const all = t('labelValue', { label: field.label, value: t('all') });
  switch (field.type) {
    case 'enum':
    case 'boolean':
    case 'department': {
      const options =
        field.type === 'enum'
          ? field.options.map((o) => ({ value: o.value, label: localLabel(o, language === 'en') }))
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
          value={value ? Number(value) : null}
          onChange={(id) => onChange(id === null ? '' : String(id))}
        />
      );
    case 'date':
    case 'datetime': {
      const [from = '', to = ''] = value.split('~');
      const set = (f: string, e: string) => onChange(f || e ? `${f}~${e}` : '');
      // A time range is chosen by the tenant's days: from the start of the first to the start of the day after the last.
      const timed = field.type === 'datetime';
      // A day's unread text (lib/days.ts) passes through as it is: the filter bar does not search with it.
      const shown = (v: string, end: boolean) =>
        timed && v && unreadText(v) === null ? formatInstant(new Date(Date.parse(v) - (end ? 1 : 0)).toISOString(), zone, 'date') : v;
      const kept = (day: string, end: boolean) =>
        timed && day && unreadText(day) === null ? (startOfDay(end ? nextDay(day) : day, zone) ?? '') : day;
      return (
        <span className={s.range} role="group" aria-label={field.label}>
          <DayPicker
            aria-label={t('rangeFrom', { label: field.label })}
            value={shown(from, false)}
            onChange={(d) => set(kept(d, false), to)}
          />
          <span aria-hidden>~</span>
          <DayPicker aria-label={t('rangeTo', { label: field.label })} value={shown(to, true)} onChange={(d) => set(from, kept(d, true))} />
          <DayRangePresets onPick={(r) => set(kept(r.from, false), kept(r.to, true))} />
        </span>
      );
    }
    case 'number':
    case 'money': {
      const [from = '', to = ''] = value.split('~');
      const set = (f: string, e: string) => onChange(f || e ? `${f}~${e}` : '');
      return (
        <span className={s.range} role="group" aria-label={field.label}>
          <Input
            aria-label={t('rangeFrom', { label: field.label })}
            placeholder={t('rangeFrom', { label: field.label })}
            value={from}
            onChange={(_, d) => set(d.value, to)}
          />
          <span aria-hidden>~</span>
          <Input
            aria-label={t('rangeTo', { label: field.label })}
            placeholder={t('rangeTo', { label: field.label })}
            value={to}
            onChange={(_, d) => set(from, d.value)}
          />
        </span>
      );
    }
    default:
      // the server takes 200 characters a filter (recordList): the box takes no more, so nothing typed is dropped
      return (
        <Input aria-label={field.label} placeholder={field.label} value={value} maxLength={200} onChange={(_, d) => onChange(d.value)} />
      );
  }
}
