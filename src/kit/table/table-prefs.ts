import { readStored } from '@/api/storage.ts';

/** How tightly a table's rows sit: Fluent's table sizes. */
export type Density = 'extra-small' | 'small' | 'medium';
export const DENSITIES: readonly Density[] = ['extra-small', 'small', 'medium'];

/** What a user chose for one table: the columns' order, the hidden ones, their widths, and the density. */
export interface TablePrefs {
  order: string[];
  hidden: string[];
  /** pixels by column key, as the user dragged them */
  widths: Record<string, number>;
  density: Density;
}

export const DEFAULT_PREFS: TablePrefs = { order: [], hidden: [], widths: {}, density: 'small' };

/** A column is at least this wide and at most that, however it is dragged. */
export const WIDTH_LIMITS = { min: 60, max: 800 } as const;
export const clampWidth = (w: number) => Math.round(Math.min(WIDTH_LIMITS.max, Math.max(WIDTH_LIMITS.min, w)));

/** A column that is never hidden nor moved: the row actions stay at the right edge. */
export const isFixedColumn = (key: string) => key === 'actions';

/** The actions column is titled by the kit (操作, Actions) unless its page names it otherwise. */
export const titled = <C extends { key: string; title: string }>(columns: readonly C[], actions: string): C[] =>
  columns.map((c) => (c.title || !isFixedColumn(c.key) ? c : { ...c, title: actions }));

/**
 * The columns as the user arranged them: in their chosen order (columns they have not placed keep their declared
 * place after those they have), without the hidden ones; the actions column always shows, last. Keys a page no
 * longer declares are ignored.
 */
export function arrangeColumns<C extends { key: string; width?: number }>(
  columns: readonly C[],
  prefs: Pick<TablePrefs, 'order' | 'hidden'> & { widths?: TablePrefs['widths'] },
): C[] {
  const widths = prefs.widths ?? {};
  const byKey = new Map(columns.map((c) => [c.key, Object.hasOwn(widths, c.key) ? { ...c, width: clampWidth(widths[c.key]) } : c]));
  const placed = prefs.order.filter((k) => byKey.has(k) && !isFixedColumn(k));
  const rest = columns.filter((c) => !placed.includes(c.key) && !isFixedColumn(c.key)).map((c) => c.key);
  const fixed = columns.filter((c) => isFixedColumn(c.key));
  return [...[...placed, ...rest].map((k) => byKey.get(k)!).filter((c) => !prefs.hidden.includes(c.key)), ...fixed];
}

/** The order shown in the column settings: every movable column, arranged, hidden ones included. */
export const settingsOrder = (columns: ReadonlyArray<{ key: string }>, prefs: Pick<TablePrefs, 'order'>) =>
  arrangeColumns(columns, { order: prefs.order, hidden: [] }).filter((c) => !isFixedColumn(c.key));

/** Moves a key one place up (-1) or down (+1) within `order`. */
export function moved(order: readonly string[], key: string, by: -1 | 1): string[] {
  const next = [...order];
  const i = next.indexOf(key);
  const j = i + by;
  if (i < 0 || j < 0 || j >= next.length) return next;
  [next[i], next[j]] = [next[j], next[i]];
  return next;
}

/** A stored choice read back; anything malformed reads as the defaults. */
export function parsePrefs(raw: string | null): TablePrefs {
  try {
    const v = JSON.parse(raw ?? '') as Partial<TablePrefs>;
    const strings = (x: unknown) => (Array.isArray(x) ? x.filter((s): s is string => typeof s === 'string') : []);
    const widths = typeof v.widths === 'object' && v.widths !== null ? v.widths : {};
    return {
      order: strings(v.order),
      hidden: strings(v.hidden),
      widths: Object.fromEntries(Object.entries(widths).filter((e): e is [string, number] => Number.isFinite(e[1]))),
      density: DENSITIES.includes(v.density as Density) ? (v.density as Density) : DEFAULT_PREFS.density,
    };
  } catch {
    return DEFAULT_PREFS;
  }
}

/** Where one user's choice for one table is kept in this browser. */
export const prefsKey = (userId: number | string, table: string) => `tablePrefs:${userId}:${table}`;

/** The choice before any was made: the columns a page hides at first (`Column.hiddenAtFirst`) hidden. */
export const defaultPrefs = (columns: ReadonlyArray<{ key: string; hiddenAtFirst?: boolean }>): TablePrefs => ({
  ...DEFAULT_PREFS,
  hidden: columns.filter((c) => c.hiddenAtFirst).map((c) => c.key),
});

/** The stored choice for a table, else its defaults. */
export const readPrefs = (key: string, columns: ReadonlyArray<{ key: string; hiddenAtFirst?: boolean }> = []) => {
  const stored = readStored(key);
  return stored === null ? defaultPrefs(columns) : parsePrefs(stored);
};

export function writePrefs(key: string, prefs: TablePrefs): void {
  try {
    localStorage.setItem(key, JSON.stringify(prefs));
  } catch {
    /* storage blocked: the choice lasts for this page */
  }
}
