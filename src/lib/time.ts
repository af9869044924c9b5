/**
 * Times: the server answers instants (ISO 8601 with a zone); the console shows them in the tenant's time zone
 * (tenant parameter timeZone), whatever the viewer's own zone, and says which zone when the two differ.
 */

/** An IANA time zone this browser knows. */
export function isTimeZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || !zone) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
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
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

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

/** The offset of `zone` from UTC at an instant, in minutes (Asia/Shanghai: 480). */
function offsetMinutes(instant: number, zone: string): number {
  const p = Object.fromEntries(
    formatterFor(zone, true)
      .formatToParts(new Date(instant))
      .map((x) => [x.type, x.value]),
  );
  const asUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60000);
}

/**
 * The instant a calendar day (`yyyy-MM-dd`) starts in `zone` (ISO 8601, UTC): date filters mean the tenant's days,
 * whatever the viewer's zone. Days that start in a DST gap start at the first instant that exists.
 * @example startOfDay('2026-11-23', 'Asia/Shanghai') // '2026-11-22T16:00:00.000Z'
 */
export function startOfDay(day: string, zone: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m ? wallToInstant(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])), zone) : null;
}

/**
 * The instant a wall-clock time in `zone` names (given as if it were UTC, in ms). A time in a DST gap does not
 * exist: it moves forward by the gap (02:30 on a spring-forward night is 03:30), as browsers and Temporal do, so a
 * day starting in a gap starts at the first instant that exists.
 */
function wallToInstant(wall: number, zone: string): string {
  const guess = wall - offsetMinutes(wall, zone) * 60000;
  const instant = wall - offsetMinutes(guess, zone) * 60000;
  // In a gap the two offsets around it give two candidates, neither showing `wall`: the later one is forward.
  const inGap = instant + offsetMinutes(instant, zone) * 60000 !== wall;
  return new Date(inGap ? Math.max(guess, instant) : instant).toISOString();
}

/**
 * An instant as a datetime-local input shows it in `zone` (the tenant's: the times the console shows), and back:
 * a time typed in the wizard means the tenant's wall clock, whatever the browser's zone.
 * @example toZonedInput('2026-12-20T02:00:00.000Z', 'Asia/Shanghai') // '2026-12-20T10:00'
 */
export const toZonedInput = (iso: unknown, zone: string) =>
  typeof iso === 'string' && iso && INSTANT.test(iso) ? formatInstant(iso, zone, 'minutes').replace(' ', 'T') : '';
/** @example fromZonedInput('2026-12-20T10:00', 'Asia/Shanghai') // '2026-12-20T02:00:00.000Z' */
export function fromZonedInput(local: string, zone: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  return m ? wallToInstant(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5]), zone) : '';
}

/** The day after `yyyy-MM-dd` (an inclusive "to" date becomes an exclusive bound). */
export function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

// A date input's default speaks the browser's own zone.
const pad = (n: number) => String(n).padStart(2, '0');
/** A moment as the browser's local day (yyyy-MM-dd). */
export const localDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
