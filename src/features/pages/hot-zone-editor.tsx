import { useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import type { PageRect } from '@/api/rules/page-rules.ts';
import { useT } from '@/i18n/use-t.ts';
import { drawnZone, movedZone, zoneKey, type Zone } from './hot-zone-geometry.ts';
import { useStyles } from './styles.ts';

type Gesture =
  | { kind: 'draw'; from: { x: number; y: number }; to: { x: number; y: number } }
  | { kind: 'move'; index: number; dx: number; dy: number; x: number; y: number };

/**
 * The component's face at the panel's width, its hot zones on it: drag on an empty spot to draw a zone, drag a zone
 * to move it; a focused zone moves with the arrow keys (Shift: 10%), resizes with Alt+arrows and goes with Delete.
 * One change per gesture or key, so one undo step each.
 */
export function HotZoneEditor({
  rect,
  face,
  onChange,
}: {
  rect: PageRect;
  /** what the component shows (its picture), under the zones */
  face: ReactNode;
  onChange: (zones: PageRect['hotZone']) => void;
}) {
  const s = useStyles();
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const zoneRefs = useRef<Array<HTMLDivElement | null>>([]);
  const [gesture, setGesture] = useState<Gesture | null>(null);
  const at = (e: PointerEvent) => {
    const r = box.current!.getBoundingClientRect();
    return { x: (e.clientX - r.left) / r.width, y: (e.clientY - r.top) / r.height };
  };
  const capture = (e: PointerEvent) => {
    try {
      (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
    } catch {
      // a synthetic event has no live pointer; the box's own pointer events still follow it
    }
  };
  const set = (i: number, z: Zone) => onChange(rect.hotZone.map((x, j) => (j === i ? { ...x, ...z } : x)));
  const focusZone = (i: number) => requestAnimationFrame(() => zoneRefs.current[i]?.focus());

  const down = (e: PointerEvent) => {
    if (e.button !== 0) return;
    capture(e);
    const p = at(e);
    setGesture({ kind: 'draw', from: p, to: p });
  };
  const move = (e: PointerEvent) => {
    if (!gesture) return;
    const p = at(e);
    setGesture(gesture.kind === 'draw' ? { ...gesture, to: p } : { ...gesture, dx: p.x - gesture.x, dy: p.y - gesture.y });
  };
  const up = () => {
    if (!gesture) return;
    if (gesture.kind === 'draw') {
      const z = drawnZone(gesture.from, gesture.to);
      if (z) {
        onChange([...rect.hotZone, { ...z, link: '/' }]);
        focusZone(rect.hotZone.length);
      }
    } else if (gesture.dx || gesture.dy) {
      set(gesture.index, movedZone(rect.hotZone[gesture.index], gesture.dx, gesture.dy));
    }
    setGesture(null);
  };
  const key = (e: KeyboardEvent, i: number) => {
    if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      e.stopPropagation();
      onChange(rect.hotZone.filter((_, j) => j !== i));
      box.current?.focus();
      return;
    }
    const next = zoneKey(rect.hotZone[i], e);
    if (!next) return;
    e.preventDefault();
    e.stopPropagation();
    set(i, next);
  };

  const shown = (z: Zone, i: number) => (gesture?.kind === 'move' && gesture.index === i ? movedZone(z, gesture.dx, gesture.dy) : z);
  const drawing = gesture?.kind === 'draw' ? drawnZone(gesture.from, gesture.to) : null;
  const pct = (z: Zone) => ({ left: `${z.x * 100}%`, top: `${z.y * 100}%`, width: `${z.w * 100}%`, height: `${z.h * 100}%` });
  return (
    <div
      ref={box}
      className={s.zoneBoard}
      role="group"
      tabIndex={-1}
      aria-label={t('hotZoneBoard')}
      style={{ aspectRatio: `${Math.max(1, rect.width)} / ${Math.max(1, rect.height)}` }}
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
    >
      {face}
      {rect.hotZone.map((z, i) => (
        <div
          key={i}
          ref={(el) => {
            zoneRefs.current[i] = el;
          }}
          role="button"
          tabIndex={0}
          aria-label={t('hotZoneOnBoard', {
            n: i + 1,
            x: Math.round(z.x * 100),
            y: Math.round(z.y * 100),
            w: Math.round(z.w * 100),
            h: Math.round(z.h * 100),
          })}
          className={s.boardZone}
          style={pct(shown(z, i))}
          onKeyDown={(e) => key(e, i)}
          onPointerDown={(e) => {
            e.stopPropagation();
            if (e.button !== 0) return;
            capture(e);
            const p = at(e);
            setGesture({ kind: 'move', index: i, dx: 0, dy: 0, x: p.x, y: p.y });
          }}
          onPointerMove={move}
          onPointerUp={(e) => {
            e.stopPropagation();
            up();
          }}
        >
          {i + 1}
        </div>
      ))}
      {drawing && <div className={s.boardZone} style={pct(drawing)} aria-hidden />}
    </div>
  );
}
