/**
 * Times: the server answers instants (ISO 8601 with a zone); the console shows them in the tenant's time zone
 * (tenant parameter timeZone), whatever the viewer's own zone, and says which zone when the two differ. Formatting
 * is Intl's (free, and on the login route); day arithmetic in a zone is date-fns' (src/lib/days.ts, pages only).
 */

export { isTimeZone } from '@/api/contract/settings.ts';

/** The zones a picker offers: the runtime's list when it has one, and always the current value. */
export function offeredTimeZones(current: string): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  const known = intl.supportedValuesOf?.('timeZone') ?? [
    'Asia/Shanghai',
    'Asia/Hong_Kong',
    'Asia/Tokyo',
    'Asia/Singapore',
    'Europe/London',
    'UTC',
  ];
  return known.includes(current) ? known : [current, ...known];
}

/** The viewer's own zone. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(zone: string, seconds: boolean) {
  const key = `${zone}|${seconds}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      ...(seconds ? { second: '2-digit' } : {}),
      hourCycle: 'h23',
    });
    formatters.set(key, f);
  }
  return f;
}

/** An instant with an explicit zone (Z or ±hh:mm): what the server answers. */
export const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * `yyyy-MM-dd HH:mm:ss` (or `yyyy-MM-dd` with `date`) of an instant in `zone`. A value that is not an instant
 * (empty, or already formatted by another backend) is returned as it is; a Date is taken as the instant it is.
 */
export function formatInstant(
  value: string | Date | null | undefined,
  zone: string,
  part: 'datetime' | 'date' | 'minutes' = 'datetime',
): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : INSTANT.test(value) ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) return String(value);
  const parts = Object.fromEntries(
    formatterFor(zone, part === 'datetime')
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  const day = `${parts.year}-${parts.month}-${parts.day}`;
  if (part === 'date') return day;
  return `${day} ${parts.hour}:${parts.minute}${part === 'datetime' ? `:${parts.second}` : ''}`;
}

/** The zone to name next to times, or null when it is the viewer's own. */
export const zoneToName = (zone: string, viewer = browserTimeZone()) => (zone === viewer ? null : zone);
