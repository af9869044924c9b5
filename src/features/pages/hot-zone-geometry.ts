/** A hot zone inside its component, as fractions of the component's width and height (0 to 1). */
export interface Zone {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The smallest zone a drag makes (2% each way): a click draws nothing. */
export const MIN_ZONE = 0.02;

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const round = (v: number) => Math.round(v * 1000) / 1000;

/** The zone a drag from one point to another draws, inside the component; null when it is too small to mean one. */
export function drawnZone(from: { x: number; y: number }, to: { x: number; y: number }): Zone | null {
  const x1 = clamp(Math.min(from.x, to.x), 0, 1);
  const y1 = clamp(Math.min(from.y, to.y), 0, 1);
  const x2 = clamp(Math.max(from.x, to.x), 0, 1);
  const y2 = clamp(Math.max(from.y, to.y), 0, 1);
  if (x2 - x1 < MIN_ZONE || y2 - y1 < MIN_ZONE) return null;
  return { x: round(x1), y: round(y1), w: round(x2 - x1), h: round(y2 - y1) };
}

/** The zone moved by (dx, dy), kept whole inside the component. */
export function movedZone(z: Zone, dx: number, dy: number): Zone {
  return { ...z, x: round(clamp(z.x + dx, 0, 1 - z.w)), y: round(clamp(z.y + dy, 0, 1 - z.h)) };
}

/** The zone resized by (dw, dh) from its top-left corner, at least MIN_ZONE and inside the component. */
export function resizedZone(z: Zone, dw: number, dh: number): Zone {
  return { ...z, w: round(clamp(z.w + dw, MIN_ZONE, 1 - z.x)), h: round(clamp(z.h + dh, MIN_ZONE, 1 - z.y)) };
}

/**
 * What a key does to a focused zone: arrows move it by 1% (10% with Shift); with Alt they resize it instead.
 * Null for any other key.
 */
export function zoneKey(z: Zone, e: { key: string; shiftKey: boolean; altKey: boolean }): Zone | null {
  const by = arrowStep(e.key, e.shiftKey ? 0.1 : 0.01);
  if (!by) return null;
  return e.altKey ? resizedZone(z, by[0], by[1]) : movedZone(z, by[0], by[1]);
}

/** How far an arrow key moves by `step` on the x and y axes (y grows downwards); null for any other key. */
export function arrowStep(key: string, step: number): [dx: number, dy: number] | null {
  if (key === 'ArrowLeft') return [-step, 0];
  if (key === 'ArrowRight') return [step, 0];
  if (key === 'ArrowUp') return [0, -step];
  if (key === 'ArrowDown') return [0, step];
  return null;
}
