import { format } from 'date-fns';
import { useMemo } from 'react';
import { WATERMARK, watermarkTile } from '../lib/watermark.ts';

/**
 * SPEC 2 optional watermark: the nickname and today's date (yyyy-MM-dd) across the screen, rotated -22 degrees,
 * 100 x 100 apart, above everything (z-index 99999) but never in the way of a click.
 */
export function Watermark({ nickname, now = new Date() }: { nickname: string; now?: Date }) {
  const text = `${nickname} ${format(now, 'yyyy-MM-dd')}`;
  const tile = useMemo(() => watermarkTile(text), [text]);
  return (
    <div
      aria-hidden
      data-testid="watermark"
      data-text={text}
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: WATERMARK.zIndex,
        pointerEvents: 'none',
        backgroundImage: tile.url,
        backgroundRepeat: 'repeat',
        backgroundSize: `${tile.width}px ${tile.height}px`,
      }}
    />
  );
}
