import { FieldContextProvider, Input, makeStyles, tokens, useFieldContext_unstable } from '@fluentui/react-components';
import { useId, useRef, useState } from 'react';
import { useT } from '@/i18n/use-t.ts';
import { dayAsDate, fromZonedInput, parseTime, toZonedInput, todayIn, unread, unreadText } from '@/lib/days.ts';
import { useTimeZone } from '@/shell/time-zone.ts';
import { DayPicker } from './day-picker.tsx';

const useStyles = makeStyles({
  row: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  time: { width: '88px' },
  problem: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200, flexBasis: '100%' },
  hidden: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clipPath: 'inset(50%)' },
});

/**
 * A date and time typed in the tenant's zone, the zone every time in the console is shown in: with the browser in
 * UTC and the tenant in Asia/Shanghai, 10:00 typed is 10:00 Shanghai, stored as 02:00Z and listed as 10:00.
 * The day comes from the day picker, the time is typed (09:30); a time without a day means today.
 * `value` and `onChange` speak ISO instants ('' for none). Inside a Field, the day takes the field's label and the
 * time is named after it (到期时间 时间).
 *
 * A time or day that names none is reported as unread text (`2026-11-28 25:99`, lib/days.ts `unread`), which every
 * rule refuses, so 保存 and 下一步 stop on this field; the boxes keep what was typed. A day picked before any time
 * shows 00:00, selected when the time box is entered, so typing replaces it (it gave 00:014:300).
 */
export function ZonedDateTimeInput({
  value,
  onChange,
  onBlur,
  disabled,
}: {
  value: unknown;
  onChange: (iso: string) => void;
  onBlur?: () => void;
  disabled?: boolean;
}) {
  const s = useStyles();
  const t = useT();
  const zone = useTimeZone();
  const field = useFieldContext_unstable();
  const timeLabel = useId();
  const held = unreadText(value);
  const local = held === null ? toZonedInput(value, zone) : '';
  // Unread text keeps the day's text and the time's: `2026-11-28 25:99`, ` 25:99` (no day), `2026-13-01 10:00`.
  const [dayText, heldTime] = held === null ? (local ? local.split('T') : ['', '']) : splitHeld(held);
  const day = dayAsDate(dayText!) ? dayText! : '';
  const time = heldTime ?? '';
  // What is typed in the time box, until it names a time; a new value from outside shows its own time.
  const [typed, setTyped] = useState<{ text: string; shownFor: string } | null>(null);
  const text = typed && typed.shownFor === String(value) ? typed.text : time;
  // The time is what is wrong when unread text has a good day or none (a bad day is said by the day picker).
  const invalid = held !== null && (day !== '' || !dayText) ? t('timeInvalid') : null;
  // Inside a form's Field, the Field says the rule's message; a second one here would say the same twice.
  const fieldSays = field?.validationState === 'error';
  const report = (dayPart: string, timePart: string) => {
    setTyped(null);
    const hhmm = timePart.trim() ? parseTime(timePart) : dayPart ? null : '';
    if (hhmm === '') return onChange('');
    if (hhmm && (!dayPart || dayAsDate(dayPart))) return onChange(fromZonedInput(`${dayPart || todayIn(zone)}T${hhmm}`, zone));
    onChange(unread(`${dayPart} ${timePart}`));
  };
  const readTime = () => {
    if (text === time) return;
    report(dayText!, text);
  };
  // Entered by mouse, the click that focused the box would put the caret back where it landed: kept selected.
  const justFocused = useRef(false);
  return (
    <span className={s.row}>
      <DayPicker
        // a day's unread text goes back to the picker as unread, so it goes on saying what is wrong with it
        value={day || (dayText ? unread(dayText) : '')}
        disabled={disabled}
        onBlur={onBlur}
        // A day picked before any time is at 00:00, shown and selected when the time box is entered.
        onChange={(d) => (d ? report(unreadText(d) ?? d, text.trim() ? text : '00:00') : (setTyped(null), onChange('')))}
      />
      {/* The time is a control of its own: the field's id and label belong to the day. */}
      <FieldContextProvider value={undefined}>
        <span id={timeLabel} className={s.hidden}>
          {t('timeOfDay')}
        </span>
        <Input
          className={s.time}
          inputMode="numeric"
          placeholder={t('timePlaceholder')}
          aria-labelledby={field?.labelId ? `${field.labelId} ${timeLabel}` : timeLabel}
          aria-invalid={invalid ? true : undefined}
          disabled={disabled}
          value={text}
          onChange={(_, d) => setTyped({ text: d.value, shownFor: String(value) })}
          onFocus={(e) => {
            e.currentTarget.select();
            justFocused.current = true;
          }}
          onMouseUp={(e) => {
            if (justFocused.current) e.preventDefault();
            justFocused.current = false;
          }}
          onBlur={() => {
            readTime();
            onBlur?.();
          }}
          onKeyDown={(e) => {
            // Enter takes the typed time first; a second Enter then submits the form with it.
            if (e.key === 'Enter' && text !== time) {
              e.preventDefault();
              readTime();
            }
          }}
        />
      </FieldContextProvider>
      {invalid && !fieldSays && (
        <span role="alert" className={s.problem}>
          {invalid}
        </span>
      )}
    </span>
  );
}

/** The day's text and the time's of unread text, split at the first space. */
function splitHeld(held: string): [string, string] {
  const at = held.indexOf(' ');
  return at < 0 ? ['', held] : [held.slice(0, at), held.slice(at + 1)];
}
