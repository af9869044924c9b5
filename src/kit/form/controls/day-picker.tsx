import { makeStyles, tokens, useFieldContext_unstable } from '@fluentui/react-components';
import { DatePicker, type CalendarStrings, type DatePickerProps } from '@fluentui/react-datepicker-compat';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLanguage, useT, type T } from '@/i18n/use-t.ts';
import { dayAsDate, localDay, parseDay, todayIn, unread, unreadText } from '@/lib/days.ts';
import { useTimeZone } from '@/shell/time-zone.ts';

const useStyles = makeStyles({
  wrap: { display: 'inline-flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  picker: { width: '150px' },
  problem: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200, maxWidth: '240px' },
});

export interface DayPickerProps {
  /** the day, `yyyy-MM-dd`, or '' for none */
  value: string;
  /** a day picked or typed (`yyyy-MM-dd`), '' when the text was cleared, or the text marked unread (lib/days.ts) */
  onChange: (day: string) => void;
  onBlur?: () => void;
  'aria-label'?: string;
  /** the first and last days that may be chosen (`yyyy-MM-dd`) */
  min?: string;
  max?: string;
  disabled?: boolean;
  className?: string;
}

/**
 * A day, picked from Fluent's calendar or typed (2026-11-27, 2026/11/27, 20261127), in the console's language, weeks
 * from Monday, 今天 (marked, and where the calendar opens) being the tenant's today. Text that names no day is
 * reported as unread text (lib/days.ts `unread`), which every rule refuses: a form cannot save it nor a filter bar
 * apply it, and what was typed is quoted with what is wrong (by the Field's rule inside a form, else here).
 * A click puts the caret in the text, so typing works however the field was reached; the calendar opens from its
 * button, ↓ or Enter (which first takes the typed day).
 * @example <DayPicker aria-label={t('fromDate')} value={from} onChange={setFrom} max={today} />
 */
export function DayPicker({ value, onChange, onBlur, min, max, disabled, className, ...rest }: DayPickerProps) {
  const s = useStyles();
  const t = useT();
  const [language] = useLanguage();
  const zone = useTimeZone();
  const typed = useRef('');
  /** a key typed in the box since its text was reported unread */
  const keyedSince = useRef(false);
  const [invalid, setInvalid] = useState<string | null>(null);
  // Inside a form's Field, the Field says the rule's message; a second one here would say the same twice.
  const fieldSays = useFieldContext_unstable()?.validationState === 'error';
  // A value set from outside (重置, a form's reset, a preset) that is a day or none ends what was said about a text.
  useEffect(() => {
    if (unreadText(value) === null) setInvalid(null);
  }, [value]);
  const parseDateFromString = useCallback((text: string) => {
    typed.current = text;
    const day = parseDay(text);
    return day ? dayAsDate(day) : null;
  }, []);
  const locale = language === 'en' ? 'en' : 'zh-CN';
  // t is a new function each render; its texts change only with the language.
  const strings = useMemo(() => calendarStrings(locale, t), [locale]);
  const formatter = useMemo(() => dateFormatting(locale), [locale]);
  const today = dayAsDate(todayIn(zone)) ?? undefined;
  // Fluent re-shows the value whenever `value` or `formatDate` is a new object: kept stable, typing is not undone.
  // Unread text is no day: Fluent empties its box (it puts back its last day on a bad text, which then could not be
  // typed again to take it), and the message quotes what was typed.
  const date = useMemo(() => dayAsDate(value), [value]);
  const props: DatePickerProps = {
    ...rest,
    className: className ?? s.picker,
    value: date,
    allowTextInput: true,
    disabled,
    placeholder: t('dayPlaceholder'),
    firstDayOfWeek: 1,
    strings,
    dateTimeFormatter: formatter,
    today,
    initialPickerDate: date ?? today,
    // Both, as Fluent reads them: a click opens the calendar unless disableAutoFocus is given (and focus leaves the box).
    openOnClick: false,
    disableAutoFocus: true,
    minDate: min ? (dayAsDate(min) ?? undefined) : undefined,
    maxDate: max ? (dayAsDate(max) ?? undefined) : undefined,
    formatDate,
    parseDateFromString,
    onSelectDate: (d) => {
      // The box Fluent emptied after a bad text, entered and left untouched, is not the user clearing it: the text
      // stays unread and said (a refused 查询 puts focus here; leaving it dropped the message and its text).
      if (!d && unreadText(value) !== null && !keyedSince.current) return;
      setInvalid(null);
      onChange(d ? localDay(d) : '');
    },
    onValidationResult: ({ error }) => {
      if (error === 'invalid-input' || error === 'out-of-bounds') {
        setInvalid(t('dayInvalid', { text: typed.current }));
        keyedSince.current = false;
        onChange(unread(typed.current));
      } else if (!(unreadText(value) !== null && !keyedSince.current)) setInvalid(null);
    },
    onKeyDown: (e: React.KeyboardEvent) => {
      if (e.key.length === 1 || e.key === 'Backspace' || e.key === 'Delete') keyedSince.current = true;
    },
    popupSurface: { 'aria-label': t('calendarDialog') },
    onBlur,
    'aria-invalid': invalid ? true : undefined,
  };
  // One shape whatever is said, so the picker is never mounted again in the middle of typing.
  return (
    <span className={s.wrap}>
      <DatePicker {...props} />
      {invalid && !fieldSays && (
        <span role="alert" className={s.problem}>
          {invalid}
        </span>
      )}
    </span>
  );
}

const formatDate = (d?: Date) => (d ? localDay(d) : '');

/** The calendar's names from the browser's own data (Intl), its buttons' words from the console's texts. */
function calendarStrings(locale: string, t: T): CalendarStrings {
  const months = (month: 'long' | 'short') =>
    Array.from({ length: 12 }, (_, i) => new Intl.DateTimeFormat(locale, { month }).format(new Date(2026, i, 1)));
  // 2026-11-01 is a Sunday: the calendar counts its days from Sunday whatever day the week starts on.
  const days = (weekday: 'long' | 'narrow') =>
    Array.from({ length: 7 }, (_, i) => new Intl.DateTimeFormat(locale, { weekday }).format(new Date(2026, 10, 1 + i)));
  return {
    months: months('long'),
    shortMonths: months('short'),
    days: days('long'),
    shortDays: days('narrow'),
    goToToday: t('rangeToday'),
    prevMonthAriaLabel: t('calendarPrevMonth'),
    nextMonthAriaLabel: t('calendarNextMonth'),
    prevYearAriaLabel: t('calendarPrevYear'),
    nextYearAriaLabel: t('calendarNextYear'),
    prevYearRangeAriaLabel: t('calendarPrevYears'),
    nextYearRangeAriaLabel: t('calendarNextYears'),
    closeButtonAriaLabel: t('close'),
    selectedDateFormatString: t('calendarSelected'),
    todayDateFormatString: t('calendarToday'),
    monthPickerHeaderAriaLabel: t('calendarChangeYear'),
    yearPickerHeaderAriaLabel: t('calendarChangeMonth'),
    weekNumberFormatString: t('calendarWeek'),
    dayMarkedAriaLabel: t('calendarMarked'),
  };
}

/** The calendar's headings as the language writes them: 2026年11月 / November 2026. */
function dateFormatting(locale: string): NonNullable<DatePickerProps['dateTimeFormatter']> {
  const f = (o: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, o);
  const day = f({ day: 'numeric' });
  const month = f({ month: 'long' });
  const year = f({ year: 'numeric' });
  const full = f({ dateStyle: 'long' });
  const monthYear = f({ year: 'numeric', month: 'long' });
  return {
    formatDay: (d) => day.format(d).replace(/\D/g, ''),
    formatMonth: (d) => month.format(d),
    formatYear: (d) => year.format(d).replace(/\D/g, ''),
    formatMonthDayYear: (d) => full.format(d),
    formatMonthYear: (d) => monthYear.format(d),
  };
}
