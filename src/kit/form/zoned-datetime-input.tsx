import { Input } from '@fluentui/react-components';
import { fromZonedInput, toZonedInput } from '../../lib/days.ts';
import { useTimeZone } from '../../shell/time-zone.ts';

/**
 * A date and time typed in the tenant's zone, the zone every time in the console is shown in: with the browser in
 * UTC and the tenant in Asia/Shanghai, 10:00 typed is 10:00 Shanghai, stored as 02:00Z and listed as 10:00.
 * `value` and `onChange` speak ISO instants ('' for none).
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
  const zone = useTimeZone();
  return (
    <Input
      type="datetime-local"
      value={toZonedInput(value, zone)}
      onChange={(_, d) => onChange(fromZonedInput(d.value, zone))}
      onBlur={onBlur}
      disabled={disabled}
    />
  );
}
