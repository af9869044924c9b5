import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatInstant, isTimeZone, offeredTimeZones, zoneToName } from '@/lib/time.ts';
import {
  DAY_RANGE_PRESETS,
  dayAsDate,
  dayRange,
  fromZonedInput,
  localDay,
  nextDay,
  parseDay,
  parseTime,
  startOfDay,
  toZonedInput,
  todayIn,
  unread,
  unreadText,
} from '@/lib/days.ts';
import { publicTenantQuery } from '@/shell/public/public-tenant.ts';

describe('times in the tenant’s zone', () => {
  it('formats an instant in the zone asked for, not the viewer’s', () => {
    const instant = '2026-11-22T16:30:05.000Z';
    expect(formatInstant(instant, 'Asia/Shanghai')).toBe('2026-11-23 00:30:05');
    expect(formatInstant(instant, 'America/New_York')).toBe('2026-11-22 11:30:05');
    expect(formatInstant(instant, 'UTC', 'date')).toBe('2026-11-22');
    expect(formatInstant(instant, 'Asia/Shanghai', 'minutes')).toBe('2026-11-23 00:30');
    expect(formatInstant('2026-11-22T16:30:05+08:00', 'UTC')).toBe('2026-11-22 08:30:05');
    expect(formatInstant(new Date(instant), 'Asia/Tokyo')).toBe('2026-11-23 01:30:05');
  });

  it('keeps a value that is not an instant as it came (a backend that formats its own), and empty as empty', () => {
    expect(formatInstant('2026-11-22 10:00:00', 'UTC')).toBe('2026-11-22 10:00:00');
    expect(formatInstant('', 'UTC')).toBe('');
    expect(formatInstant(null, 'UTC')).toBe('');
    expect(formatInstant('2026-13-45T99:99:99Z', 'UTC')).toBe('2026-13-45T99:99:99Z');
  });

  it('round-trips every instant since 1992 through Shanghai (UTC+8, no DST since 1991) to the same wall time', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1992-01-01Z'), max: new Date('2090-01-01Z'), noInvalidDate: true }), (d) => {
        const shifted = new Date(d.getTime() + 8 * 3600_000).toISOString();
        expect(formatInstant(d.toISOString(), 'Asia/Shanghai')).toBe(`${shifted.slice(0, 10)} ${shifted.slice(11, 19)}`);
      }),
    );
  });

  it('knows zones, and names one only when it is not the viewer’s', () => {
    expect([isTimeZone('Asia/Shanghai'), isTimeZone('Mars/Olympus'), isTimeZone(''), isTimeZone(8)]).toEqual([true, false, false, false]);
    expect(zoneToName('Asia/Shanghai', 'Asia/Shanghai')).toBeNull();
    expect(zoneToName('Asia/Shanghai', 'Europe/Berlin')).toBe('Asia/Shanghai');
  });
});

describe('the zones a picker offers', () => {
  it('are the runtime’s zones, with the current one first when the runtime does not know it', () => {
    const zones = offeredTimeZones('Asia/Shanghai');
    expect(zones).toContain('Asia/Shanghai');
    expect(zones).toContain('Europe/London');
    expect(zones.length).toBeGreaterThan(50);
    expect(offeredTimeZones('Mars/Olympus')[0]).toBe('Mars/Olympus');
    expect(offeredTimeZones('Asia/Shanghai').includes('Mars/Olympus')).toBe(false);
  });

  it('fall back to a short list where the runtime has none', () => {
    const intl = Intl as { supportedValuesOf?: unknown };
    const real = intl.supportedValuesOf;
    intl.supportedValuesOf = undefined;
    try {
      expect(offeredTimeZones('UTC')).toEqual(['Asia/Shanghai', 'Asia/Hong_Kong', 'Asia/Tokyo', 'Asia/Singapore', 'Europe/London', 'UTC']);
      expect(offeredTimeZones('America/New_York')).toEqual([
        'America/New_York',
        'Asia/Shanghai',
        'Asia/Hong_Kong',
        'Asia/Tokyo',
        'Asia/Singapore',
        'Europe/London',
        'UTC',
      ]);
    } finally {
      intl.supportedValuesOf = real;
    }
  });
});

describe('the public pages’ tenant', () => {
  it('comes from the link’s code, else the tenant last signed in, else the default', () => {
    expect(publicTenantQuery('tenant=yunfan', '1')).toEqual({ code: 'yunfan' });
    expect(publicTenantQuery('', '2')).toEqual({ id: 2 });
    expect(publicTenantQuery('tenant=', 'x')).toEqual({});
    expect(publicTenantQuery('', null)).toEqual({});
  });
});

describe('a tenant day as instants (log date filters)', () => {
  it('starts each day at the zone’s midnight, across DST, whatever the viewer’s zone', async () => {
    const days: Array<[day: string, zone: string, midnight: string]> = [
      ['2026-11-23', 'Asia/Shanghai', '2026-11-22T16:00:00.000Z'],
      ['2026-11-23', 'UTC', '2026-11-23T00:00:00.000Z'],
      ['2026-07-01', 'Europe/Berlin', '2026-06-30T22:00:00.000Z'],
      ['2026-01-01', 'Europe/Berlin', '2025-12-31T23:00:00.000Z'],
      // the day DST starts in New York begins before the jump
      ['2026-03-08', 'America/New_York', '2026-03-08T05:00:00.000Z'],
      // A day whose midnight falls in the DST gap (Chile springs from 24:00 to 01:00) starts at the first instant that exists.
      ['2026-09-06', 'America/Santiago', '2026-09-06T04:00:00.000Z'],
    ];
    for (const [day, zone, midnight] of days) expect(startOfDay(day, zone), `${day} in ${zone}`).toBe(midnight);
    expect(startOfDay('not a day', 'UTC')).toBeNull();
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
  });
});

describe('a typed day (the day picker)', () => {
  it('reads dashes, slashes, dots, 年月日 and eight digits, with or without zeros, and nothing that is no day', () => {
    for (const text of ['2026-03-05', '2026/3/5', '2026.03.5', '20260305', ' 2026-3-05 ', '2026年3月5日'])
      expect(parseDay(text), text).toBe('2026-03-05');
    expect(parseDay('2028/2/29')).toBe('2028-02-29');
    expect(parseDay('2026-12-31')).toBe('2026-12-31');
    for (const text of [
      '2026-02-30',
      '2026-13-01',
      '2026-00-10',
      '2026-01-00',
      '2026-1-32',
      '2027/2/29',
      '26-03-05',
      '2026-03',
      '2026030',
      '202603051',
      'x2026-03-05',
      '2026-03-05x',
      '',
    ])
      expect(parseDay(text), text).toBeNull();
  });

  it('reads a typed time of day, and nothing past 23:59', () => {
    for (const [text, time] of [
      ['9:05', '09:05'],
      ['09:05', '09:05'],
      ['0905', '09:05'],
      ['23：59', '23:59'],
      [' 0:00 ', '00:00'],
    ])
      expect(parseTime(text!), text).toBe(time);
    for (const text of ['24:00', '12:60', '9:5', '123:00', '12-30', 'noon', '']) expect(parseTime(text), text).toBeNull();
  });

  it('marks a field’s text that named no day or time, so no rule takes it for one (issue 45)', () => {
    expect(unread('25:99')).toBe('?25:99');
    expect(unreadText(unread('2026-12-01 25:99'))).toBe('2026-12-01 25:99');
    expect(unreadText(unread(''))).toBe('');
    for (const value of ['2026-12-01', '2026-12-01T01:30:00.000Z', '', null, undefined, 7])
      expect(unreadText(value), String(value)).toBeNull();
    for (const text of ['25:99', '2026-12-01 10:00', '2026-12-01T10:00']) {
      expect(toZonedInput(unread(text), 'Asia/Shanghai')).toBe('');
      expect(dayAsDate(unread(text))).toBeNull();
    }
  });

  it('turns a day into the local midnight a calendar shows, and only a real day', () => {
    const d = dayAsDate('2026-03-05')!;
    expect([d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes()]).toEqual([2026, 2, 5, 0, 0]);
    expect(localDay(dayAsDate('2028-02-29')!)).toBe('2028-02-29');
    for (const text of ['2026-02-30', '2026-3-5', '', ' 2026-03-05', '2026-03-05T00:00']) expect(dayAsDate(text), text).toBeNull();
  });
});

describe('the browser’s own zone (date and datetime-local inputs)', () => {
  it('reads and writes inputs in the viewer’s zone, and says which zone that is', async () => {
    const { browserTimeZone } = await import('@/lib/time.ts');
    // whatever zone this process runs in: its wall clock is the instant shifted by the zone's offset then
    const wall = (iso: string) => {
      const d = new Date(iso);
      return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString();
    };
    expect(isTimeZone(browserTimeZone())).toBe(true);
    expect(formatInstant('2026-01-05T16:30:00Z', browserTimeZone(), 'minutes')).toBe(
      wall('2026-01-05T16:30:00Z').slice(0, 16).replace('T', ' '),
    );
    for (const iso of ['2026-01-05T16:30:00.000Z', '2026-10-09T01:02:03.000Z', '2026-07-31T23:59:00.000Z']) {
      expect(localDay(new Date(iso))).toBe(wall(iso).slice(0, 10));
    }
  });
});

describe('datetime inputs in the tenant’s zone', () => {
  it('reads a typed wall time in the tenant’s zone, whatever the browser’s, and shows an instant back the same way', async () => {
    const typed: Array<[wall: string, zone: string, instant: string]> = [
      // The campaign of the report: typed 10:00 and 22:00 in Shanghai are 02:00Z and 14:00Z, and read back as typed.
      ['2026-12-20T10:00', 'Asia/Shanghai', '2026-12-20T02:00:00.000Z'],
      ['2027-01-05T22:00', 'Asia/Shanghai', '2027-01-05T14:00:00.000Z'],
      // West of UTC, across midnight and a year's end.
      ['2026-12-31T23:30', 'America/New_York', '2027-01-01T04:30:00.000Z'],
      // Summer time: the offset of that day, not of today's.
      ['2026-07-01T12:00', 'America/New_York', '2026-07-01T16:00:00.000Z'],
      ['2026-07-01T12:00', 'Europe/Berlin', '2026-07-01T10:00:00.000Z'],
    ];
    for (const [wall, zone, instant] of typed) {
      expect(fromZonedInput(wall, zone), `${wall} in ${zone}`).toBe(instant);
      expect(toZonedInput(instant, zone), `${instant} in ${zone}`).toBe(wall);
    }
    expect(toZonedInput('2027-01-05T14:00:00Z', 'Asia/Shanghai')).toBe('2027-01-05T22:00');
    // A time that does not exist (the spring-forward gap) moves forward by the gap: 02:30 is 03:30 EDT.
    expect(fromZonedInput('2026-03-08T02:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
    // Nothing typed, or not a datetime-local value; not an instant.
    expect([fromZonedInput('', 'UTC'), fromZonedInput('2026-12-20', 'UTC'), fromZonedInput('2026-12-20T10:00:00', 'UTC')]).toEqual([
      '',
      '',
      '',
    ]);
    expect([
      toZonedInput('', 'UTC'),
      toZonedInput(undefined, 'UTC'),
      toZonedInput(5, 'UTC'),
      toZonedInput('2026-12-20T10:00', 'UTC'),
    ]).toEqual(['', '', '', '']);
  });

  it('round-trips every minute-aligned instant in any zone (away from DST overlaps)', async () => {
    for (const zone of ['UTC', 'Asia/Shanghai', 'Asia/Kolkata', 'America/Los_Angeles', 'Australia/Adelaide', 'Pacific/Chatham']) {
      for (const iso of ['2026-01-15T03:07:00.000Z', '2026-06-30T23:59:00.000Z', '2027-02-28T12:00:00.000Z']) {
        expect(fromZonedInput(toZonedInput(iso, zone), zone), `${zone} ${iso}`).toBe(iso);
      }
    }
  });

  it('takes instants with or without seconds, fractions, and a zone with or without its colon', () => {
    expect(formatInstant('2026-11-22T16:30Z', 'UTC')).toBe('2026-11-22 16:30:00');
    expect(formatInstant('2026-11-22T16:30:05.123+0800', 'UTC')).toBe('2026-11-22 08:30:05');
    expect(formatInstant('2026-11-22T16:30:05-05:00', 'UTC', 'minutes')).toBe('2026-11-22 21:30');
    expect(formatInstant('2026-11-22T16:30:05', 'UTC')).toBe('2026-11-22T16:30:05'); // no zone: not an instant
    expect(formatInstant(new Date(Number.NaN), 'UTC')).toBe('Invalid Date');
    // one formatter per zone and precision: asking in turn never mixes them up
    for (const [zone, part, want] of [
      ['Asia/Shanghai', 'minutes', '2026-11-23 00:30'],
      ['Asia/Shanghai', 'datetime', '2026-11-23 00:30:05'],
      ['Europe/London', 'minutes', '2026-11-22 16:30'],
      ['Europe/London', 'date', '2026-11-22'],
    ] as const) {
      expect(formatInstant('2026-11-22T16:30:05Z', zone, part)).toBe(want);
    }
  });
});

describe('the tenant’s today and date-range presets', () => {
  it('counts days in the tenant’s zone: just after midnight in Shanghai is still yesterday in New York', async () => {
    const now = new Date('2026-11-22T16:30:00Z'); // 00:30 on the 23rd in Shanghai
    expect(todayIn('Asia/Shanghai', now)).toBe('2026-11-23');
    expect(todayIn('America/New_York', now)).toBe('2026-11-22');
    expect(DAY_RANGE_PRESETS.map((p) => dayRange(p, 'Asia/Shanghai', now))).toEqual([
      { from: '2026-11-23', to: '2026-11-23' },
      { from: '2026-11-17', to: '2026-11-23' },
      { from: '2026-10-25', to: '2026-11-23' },
      { from: '2026-08-26', to: '2026-11-23' },
    ]);
    // across a year's end and a DST change, still whole calendar days
    expect(dayRange('last7', 'Europe/Berlin', new Date('2027-01-02T12:00:00Z'))).toEqual({ from: '2026-12-27', to: '2027-01-02' });
    expect(dayRange('last7', 'America/New_York', new Date('2026-03-10T12:00:00Z'))).toEqual({ from: '2026-03-04', to: '2026-03-10' });
  });
});
