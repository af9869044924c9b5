import { describe, expect, it } from 'vitest';
import { dayCallout, dayLabel, dayOf, splitToday, thinDays } from '@/features/statistics/chart-axis.ts';

const days = (n: number) => Array.from({ length: n }, (_, i) => `2026-10-${String(i + 1).padStart(2, '0')}`);

describe("the trend chart's axis", () => {
  it('labels at most one day per 72 px, evenly, always the last day', () => {
    expect(thinDays(days(5), 800)).toEqual(days(5));
    const thirty = thinDays(days(30), 720);
    expect(thirty.length).toBeLessThanOrEqual(10);
    expect(thirty.at(-1)).toBe('2026-10-30');
    const gaps = thirty.slice(1).map((d, i) => Number(d.slice(-2)) - Number(thirty[i].slice(-2)));
    expect(new Set(gaps).size).toBe(1);
    // a narrow chart (a phone) still gets two labels
    expect(thinDays(days(30), 100).length).toBe(2);
  });

  it("draws today's segment apart while it fills; not when today is outside the range", () => {
    const trend = days(3).map((day, i) => ({ day, n: i }));
    expect(splitToday(trend, '2026-10-03')).toEqual({ complete: trend.slice(0, 2), partial: trend.slice(1) });
    expect(splitToday(trend, '2026-10-09')).toEqual({ complete: trend, partial: [] });
    expect(splitToday(trend.slice(0, 1), '2026-10-01')).toEqual({ complete: trend.slice(0, 1), partial: [] });
  });

  it('names a day the same in every browser zone, in either language', () => {
    expect(dayOf('2026-11-03').toISOString()).toBe('2026-11-03T00:00:00.000Z');
    expect(dayLabel(dayOf('2026-11-03'), false)).toBe('11月3日');
    expect(dayLabel(dayOf('2026-12-31'), true)).toBe('Dec 31');
    // the tooltip names the tenant's day in the console's language, never a time and a zone
    expect(dayCallout('2026-11-10', false)).toBe('2026年11月10日');
    expect(dayCallout('2026-11-10', true)).toBe('Nov 10, 2026');
  });
});
