import { FieldContextProvider, Input, makeStyles, tokens, useFieldContext_unstable } from '@fluentui/react-components';
import { useId, useState } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { fromZonedInput, parseTime, toZonedInput, todayIn } from '../../lib/days.ts';
import { useTimeZone } from '../../shell/time-zone.ts';
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
  const local = toZonedInput(value, zone);
  const [day = '', time = ''] = local ? local.split('T') : [];
  // What is typed in the time box, until it names a time; a new value from outside shows its own time.
  const [typed, setTyped] = useState<{ text: string; shownFor: string } | null>(null);
  const text = typed && typed.shownFor === local ? typed.text : time;
  const [invalid, setInvalid] = useState<string | null>(null);
  const readTime = () => {
    if (text === time) return setInvalid(null);
    if (!text.trim()) return setInvalid(day ? t('timeInvalid') : null);
    const hhmm = parseTime(text);
    if (!hhmm) return setInvalid(t('timeInvalid'));
    setInvalid(null);
    setTyped(null);
    onChange(fromZonedInput(`${day || todayIn(zone)}T${hhmm}`, zone));
  };
  return (
    <span className={s.row}>
      <DayPicker
        value={day}
        disabled={disabled}
        onBlur={onBlur}
        onChange={(d) => onChange(d ? fromZonedInput(`${d}T${parseTime(text) ?? (time || '00:00')}`, zone) : '')}
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
          onChange={(_, d) => setTyped({ text: d.value, shownFor: local })}
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
      {invalid && (
        <span role="alert" className={s.problem}>
          {invalid}
        </span>
      )}
    </span>
  );
}
