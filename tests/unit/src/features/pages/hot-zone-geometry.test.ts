import { describe, expect, it } from 'vitest';
import { MIN_ZONE, drawnZone, movedZone, resizedZone, zoneKey } from '@/features/pages/hot-zone-geometry.ts';

describe('hot zones drawn, moved and resized on a component', () => {
  it('a drag draws the zone between its ends, either way round, clipped to the component; a click draws none', () => {
    expect(drawnZone({ x: 0.1, y: 0.2 }, { x: 0.5, y: 0.6 })).toEqual({ x: 0.1, y: 0.2, w: 0.4, h: 0.4 });
    expect(drawnZone({ x: 0.5, y: 0.6 }, { x: 0.1, y: 0.2 })).toEqual({ x: 0.1, y: 0.2, w: 0.4, h: 0.4 });
    expect(drawnZone({ x: -0.3, y: 0.5 }, { x: 1.4, y: 1.2 })).toEqual({ x: 0, y: 0.5, w: 1, h: 0.5 });
    expect(drawnZone({ x: 0.3, y: 0.3 }, { x: 0.3 + MIN_ZONE / 2, y: 0.6 })).toBeNull();
    expect(drawnZone({ x: 0.3, y: 0.3 }, { x: 0.6, y: 0.3 + MIN_ZONE / 2 })).toBeNull();
    expect(drawnZone({ x: 0.3, y: 0.3 }, { x: 0.3 + MIN_ZONE, y: 0.3 + MIN_ZONE })).toEqual({ x: 0.3, y: 0.3, w: MIN_ZONE, h: MIN_ZONE });
  });

  it('a move keeps the whole zone inside; a resize keeps it at least the smallest zone and inside', () => {
    const z = { x: 0.2, y: 0.3, w: 0.4, h: 0.5 };
    expect(movedZone(z, 0.1, -0.1)).toEqual({ x: 0.3, y: 0.2, w: 0.4, h: 0.5 });
    expect(movedZone(z, 0.9, 0.9)).toEqual({ x: 0.6, y: 0.5, w: 0.4, h: 0.5 });
    expect(movedZone(z, -0.9, -0.9)).toEqual({ x: 0, y: 0, w: 0.4, h: 0.5 });
    expect(resizedZone(z, 0.1, -0.1)).toEqual({ x: 0.2, y: 0.3, w: 0.5, h: 0.4 });
    expect(resizedZone(z, 0.9, 0.9)).toEqual({ x: 0.2, y: 0.3, w: 0.8, h: 0.7 });
    expect(resizedZone(z, -0.9, -0.9)).toEqual({ x: 0.2, y: 0.3, w: MIN_ZONE, h: MIN_ZONE });
  });

  it('arrows move a focused zone by 1% (Shift: 10%), Alt+arrows resize it; other keys do nothing', () => {
    const z = { x: 0.2, y: 0.3, w: 0.4, h: 0.5 };
    const press = (key: string, mods: { shiftKey?: boolean; altKey?: boolean } = {}) =>
      zoneKey(z, { key, shiftKey: false, altKey: false, ...mods });
    expect(press('ArrowRight')).toEqual({ ...z, x: 0.21 });
    expect(press('ArrowLeft', { shiftKey: true })).toEqual({ ...z, x: 0.1 });
    expect(press('ArrowDown')).toEqual({ ...z, y: 0.31 });
    expect(press('ArrowUp', { shiftKey: true })).toEqual({ ...z, y: 0.2 });
    expect(press('ArrowRight', { altKey: true })).toEqual({ ...z, w: 0.41 });
    expect(press('ArrowUp', { altKey: true, shiftKey: true })).toEqual({ ...z, h: 0.4 });
    expect(press('Enter')).toBeNull();
    expect(press('a')).toBeNull();
  });
});
