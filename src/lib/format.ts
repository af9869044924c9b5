/**
 * SPEC 9's number, time and key utilities: pure functions, each with property tests (tests/unit/format.test.ts).
 * What a library already does well is used instead (docs/architecture.md: Intl for thousand separators and dates,
 * @noble/hashes for streamed SHA-256); the rest is small enough to own.
 */

/** Timestamps shorter than 13 digits are seconds (SPEC 9): as milliseconds. */
export function toMillis(timestamp: number | string): number {
  const n = typeof timestamp === 'string' ? Number(timestamp) : timestamp;
  if (!Number.isFinite(n)) return NaN;
  return String(Math.trunc(Math.abs(n))).length < 13 ? n * 1000 : n;
}

/** K for thousands, M for millions (SPEC 9): 1234 -> 1.2K, 2500000 -> 2.5M; at most one decimal, none trailing. */
export function abbreviate(n: number): string {
  const sign = n < 0 ? '-' : '';
  const a = Math.abs(n);
  const one = (x: number) => String(Math.round(x * 10) / 10);
  if (a >= 1_000_000) return `${sign}${one(a / 1_000_000)}M`;
  if (a >= 1_000) {
    const k = Math.round((a / 1_000) * 10) / 10;
    return k >= 1000 ? `${sign}1M` : `${sign}${k}K`;
  }
  return `${sign}${one(a)}`;
}

/** A duration in hours, minutes and seconds (SPEC 9), Chinese by default: 3725 -> 1小时2分5秒; 0 -> 0秒. */
export function formatDuration(totalSeconds: number, units: { h: string; m: string; s: string } = { h: '小时', m: '分', s: '秒' }): string {
  const t = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(t / 3600);
  const m = Math.floor((t % 3600) / 60);
  const s = t % 60;
  const parts = [h ? `${h}${units.h}` : '', m ? `${m}${units.m}` : '', s || (!h && !m) ? `${s}${units.s}` : ''];
  return parts.join('');
}

const thousands = new Intl.NumberFormat('en-US', { maximumFractionDigits: 20 });
/** Thousand separators (SPEC 9): 1234567.891 -> 1,234,567.891. */
export const withThousands = (n: number): string => thousands.format(n);

/** Decimal digits of a finite number as written (1.25 -> 2, 1e-7 -> 7). */
function decimals(n: number): number {
  const [mantissa, exp] = String(n).toLowerCase().split('e');
  const frac = mantissa.split('.')[1]?.length ?? 0;
  return Math.max(0, frac - Number(exp ?? 0));
}
/** The number as an integer and a power of ten: 1.25 -> [125, 2]. */
const scaled = (n: number): [number, number] => {
  const d = decimals(n);
  return [Math.round(n * 10 ** d), d];
};

/** Multiplication without binary rounding errors (SPEC 9): multiply(0.1, 0.2) === 0.02, not 0.020000000000000004. */
export function multiply(a: number, b: number): number {
  const [ia, da] = scaled(a);
  const [ib, db] = scaled(b);
  return (ia * ib) / 10 ** (da + db);
}

/** Division without binary rounding errors (SPEC 9): divide(0.3, 0.1) === 3. */
export function divide(a: number, b: number): number {
  const [ia, da] = scaled(a);
  const [ib, db] = scaled(b);
  return multiply(ia / ib, 10 ** (db - da));
}

const pad = (n: number) => String(n).padStart(2, '0');
/**
 * A date with Chinese units or a separator of one's choice (SPEC 9): `formatDateParts(d)` -> 2026年11月23日,
 * `formatDateParts(d, '/')` -> 2026/11/23, `{ time: true }` adds the time (13时05分09秒 or 13:05:09). Local time.
 */
export function formatDateParts(date: Date | number | string, separator?: string, options: { time?: boolean } = {}): string {
  const d = new Date(typeof date === 'number' || typeof date === 'string' ? toMillisOrIso(date) : date);
  if (Number.isNaN(d.getTime())) return '';
  const [y, mo, day, h, mi, s] = [
    d.getFullYear(),
    pad(d.getMonth() + 1),
    pad(d.getDate()),
    pad(d.getHours()),
    pad(d.getMinutes()),
    pad(d.getSeconds()),
  ];
  if (separator === undefined) return `${y}年${mo}月${day}日${options.time ? ` ${h}时${mi}分${s}秒` : ''}`;
  return `${y}${separator}${mo}${separator}${day}${options.time ? ` ${h}:${mi}:${s}` : ''}`;
}
const toMillisOrIso = (v: number | string) => (typeof v === 'string' && !/^\d+$/.test(v) ? v : toMillis(v));

const camel = (s: string) => s.replace(/[_-]+([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const snake = (s: string) =>
  s
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
type Json = unknown;
const mapKeys = (value: Json, fn: (k: string) => string): Json => {
  if (Array.isArray(value)) return value.map((v) => mapKeys(v, fn));
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [fn(k), mapKeys(v, fn)]));
  return value;
};
/** Keys of plain objects, at any depth, to camelCase (user_name -> userName) (SPEC 9). */
export const camelKeys = <T = Json>(value: Json): T => mapKeys(value, camel) as T;
/** Keys of plain objects, at any depth, to snake_case (userName -> user_name) (SPEC 9). */
export const snakeKeys = <T = Json>(value: Json): T => mapKeys(value, snake) as T;

/** Object and array fields as JSON text (SPEC 9: a form posting nested data as strings); other fields as they are. */
export function stringifyObjectFields<T extends Record<string, unknown>>(record: T): Record<keyof T, unknown> {
  return Object.fromEntries(
    Object.entries(record).map(([k, v]) => [k, v !== null && typeof v === 'object' ? JSON.stringify(v) : v]),
  ) as Record<keyof T, unknown>;
}

/** SPEC 9 random strings: letters and digits (default 16), or digits only (default 13), from the CSPRNG. */
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
function randomFrom(alphabet: string, n: number): string {
  // Rejection sampling: every character equally likely.
  const limit = 256 - (256 % alphabet.length);
  let out = '';
  while (out.length < n) {
    for (const b of crypto.getRandomValues(new Uint8Array(n * 2))) {
      if (b < limit && out.length < n) out += alphabet[b % alphabet.length];
    }
  }
  return out;
}
export const randomString = (n = 16): string => randomFrom(ALPHANUMERIC, n);
export const randomDigits = (n = 13): string => randomFrom('0123456789', n);

/** A function that runs `delay` ms after its last call (SPEC 9: 500 ms by default); `cancel` drops a pending run. */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, delay = 500): ((...args: A) => void) & { cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = (...args: A) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), delay);
  };
  return Object.assign(run, { cancel: () => clearTimeout(timer) });
}

/** Initials: the first character of a Chinese name, else the first letters of the first two words. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  const first = [...words[0]][0];
  if (/[\u3400-\u9fff\uf900-\ufaff\u{20000}-\u{2ffff}]/u.test(first)) return first;
  return words
    .slice(0, 2)
    .map((w) => [...w][0].toUpperCase())
    .join('');
}
