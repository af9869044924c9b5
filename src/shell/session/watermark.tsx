import { formatInstant } from '@/lib/time.ts';
import { useMemo } from 'react';
import { WATERMARK, watermarkTile } from '@/lib/watermark.ts';
import { useTheme } from '../theme.ts';

/**
 * optional watermark: the nickname and today's date (yyyy-MM-dd) across the screen, rotated -22 degrees,
 * 100 x 100 apart, above everything (z-index 99999) but never in the way of a click.
 */
export function Watermark({
  nickname,
  now = new Date(),
  timeZone,
  preview = false,
}: {
  nickname: string;
  now?: Date;
  timeZone?: string;
  /** a settings page's preview (inside a transformed box, so `fixed` stays in it), not the session's own */
  preview?: boolean;
}) {
  // The date in the tenant's zone, as every other time in the console.
  const text = `${nickname} ${formatInstant(now, timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone, 'date')}`;
  const [theme] = useTheme();
  // Readable in both themes: dark text on light, light text on dark, at the same strength.
  const tile = useMemo(() => watermarkTile(text, theme === 'dark' ? WATERMARK.darkColor : WATERMARK.color), [text, theme]);
  return (
    <div
      aria-hidden
      data-testid={preview ? 'watermark-preview' : 'watermark'}
      data-text={text}
      data-theme={theme}
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
