import { addDays, format, parseISO, subDays } from 'date-fns';
import { TZDate } from '@date-fns/tz';
import { INSTANT, formatInstant } from './time.ts';

/*
 * Days and wall-clock times in a zone, with date-fns and @date-fns/tz: the tenant's today, date-range presets, a
 * typed time read in the tenant's zone. Only pages load this: @date-fns/tz builds its TZDate class's methods when
 * loaded, a side effect no tree-shaking drops (8 KiB gzip), so it stays off the login route.
 */

const DAY = 'yyyy-MM-dd';

/**
 * The instant a calendar day (`yyyy-MM-dd`) starts in `zone` (ISO 8601, UTC): date filters mean the tenant's days,
 * whatever the viewer's zone. Days that start in a DST gap start at the first instant that exists.
 * @example startOfDay('2026-11-23', 'Asia/Shanghai') // '2026-11-22T16:00:00.000Z'
 */
export function startOfDay(day: string, zone: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m ? wallToInstant(+m[1], +m[2], +m[3], 0, 0, zone) : null;
}

/**
 * The instant a wall-clock time in `zone` names. A time in a DST gap does not exist: it moves forward by the gap
 * (02:30 on a spring-forward night is 03:30), as browsers, TZDate and Temporal do.
 */
const wallToInstant = (year: number, month: number, day: number, hour: number, minute: number, zone: string) =>
  new Date(+new TZDate(year, month - 1, day, hour, minute, zone)).toISOString();

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
  return m ? wallToInstant(+m[1], +m[2], +m[3], +m[4], +m[5], zone) : '';
}

/** A field's text that named no day or time, marked so that every rule refuses it (src/api/rules/unread.ts). */
export { unread, unreadText } from '@/api/rules/unread.ts';

/** The day after `yyyy-MM-dd` (an inclusive "to" date becomes an exclusive bound). */
export const nextDay = (day: string): string => format(addDays(parseISO(day), 1), DAY);

/** A moment as the browser's local day (yyyy-MM-dd): a date input's default speaks the browser's own zone. */
export const localDay = (d: Date) => format(d, DAY);

/**
 * A typed day as `yyyy-MM-dd`, or null when it names no day of the calendar. Users type what they are used to:
 * dashes, slashes, dots or eight digits, with or without leading zeros.
 * @example parseDay('2026/3/5') // '2026-03-05'
 * @example parseDay('2026-02-30') // null
 */
export function parseDay(text: string): string | null {
  const m = /^\s*(\d{4})(?:[-/.年](\d{1,2})[-/.月](\d{1,2})日?|(\d{2})(\d{2}))\s*$/.exec(text);
  if (!m) return null;
  const [year, month, day] = [+m[1], +(m[2] ?? m[4]), +(m[3] ?? m[5])];
  const d = new Date(year, month - 1, day);
  return d.getFullYear() === year && d.getMonth() === month - 1 && d.getDate() === day ? localDay(d) : null;
}

/**
 * A typed time of day as `HH:mm`, or null: 9:30, 09:30, 0930 and the full-width colon all mean half past nine.
 * @example parseTime('9:05') // '09:05'
 */
export function parseTime(text: string): string | null {
  const m = /^\s*(\d{1,2})[:：]?(\d{2})\s*$/.exec(text);
  if (!m || +m[1] > 23 || +m[2] > 59) return null;
  return `${m[1].padStart(2, '0')}:${m[2]}`;
}

/** A `yyyy-MM-dd` day as the browser's local midnight (a calendar's cell), or null for anything else. */
export function dayAsDate(day: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const d = new Date(+m[1], +m[2] - 1, +m[3]);
  return localDay(d) === day ? d : null;
}

/** Today in `zone` (yyyy-MM-dd): the tenant's today, whatever the viewer's zone. */
export const todayIn = (zone: string, now: Date = new Date()) => format(new TZDate(now, zone), DAY);

/** Date-range presets of the filters: today, and the last 7, 30 and 90 days, each ending today in `zone`. */
export type DayRangePreset = 'today' | 'last7' | 'last30' | 'last90';
export const DAY_RANGE_PRESETS: readonly DayRangePreset[] = ['today', 'last7', 'last30', 'last90'];
export function dayRange(preset: DayRangePreset, zone: string, now: Date = new Date()): { from: string; to: string } {
  const today = new TZDate(now, zone);
  const days = { today: 1, last7: 7, last30: 30, last90: 90 }[preset];
  return { from: format(subDays(today, days - 1), DAY), to: format(today, DAY) };
}
