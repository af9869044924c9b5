/** What the trend chart needs beyond the figures: readable axes and today's day told apart. Pure. */

/** A day (yyyy-MM-dd) as the chart's x: midnight UTC, so the axis (in UTC) names the same day in every browser zone. */
export const dayOf = (day: string): Date => new Date(`${day}T00:00:00Z`);

/**
 * The days that get a label: at most one per `labelWidth` pixels, evenly spaced, the last day always among them (the
 * axis otherwise crowds 10月31日11月01日 together).
 */
export function thinDays(days: readonly string[], width: number, labelWidth = 72): string[] {
  const room = Math.max(2, Math.floor(width / labelWidth));
  if (days.length <= room) return [...days];
  const step = Math.ceil(days.length / room);
  const last = days.length - 1;
  return days.filter((_, i) => (last - i) % step === 0);
}

/**
 * The trend split where today starts: the complete days, and the segment from yesterday to today, which is still
 * filling (drawn dashed, so a low today does not read as a collapse). No split when today is not the range's last day.
 */
export function splitToday<D extends { day: string }>(trend: readonly D[], today: string): { complete: D[]; partial: D[] } {
  const last = trend.at(-1);
  if (!last || last.day !== today || trend.length < 2) return { complete: [...trend], partial: [] };
  return { complete: trend.slice(0, -1), partial: trend.slice(-2) };
}

/** A day's short label: 11月3日, or Nov 3. */
export function dayLabel(date: Date, english: boolean): string {
  const month = date.getUTCMonth() + 1;
  const day = date.getUTCDate();
  if (!english) return `${month}月${day}日`;
  return `${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][month - 1]} ${day}`;
}

/**
 * A day as a chart's tooltip names it, in the console's language: 2026年11月10日, or Nov 10, 2026. The chart's own
 * (the browser's locale, a time and "UTC") said 11/10/2026, 12:00:00 AM UTC of a tenant's day (issue 45).
 */
export function dayCallout(day: string, english: boolean): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return english ? `${dayLabel(dayOf(day), true)}, ${y}` : `${y}年${m}月${d}日`;
}
