import { describe, expect, it } from 'vitest';

describe('theme choice', () => {
  it('the stored choice wins; without one, the system preference decides; junk is ignored', async () => {
    const { readTheme } = await import('@/shell/theme.ts');
    expect([
      readTheme('dark', false),
      readTheme('light', true),
      readTheme(null, true),
      readTheme(null, false),
      readTheme('blue', true),
    ]).toEqual(['dark', 'light', 'dark', 'light', 'dark']);
  });
});
