import { describe, expect, it } from 'vitest';

/**
 * Every module mutation testing mutates loads (issue 17). A file whose import throws is not a failing test to
 * vitest, so a mutant that breaks a machine's definition at load time (an empty `initial`, a missing guard) would
 * count as surviving; importing here, inside a test, makes that break a failure. Also a plain smoke check.
 */
const modules = import.meta.glob([
  '../../machines/*.ts',
  '../../src/menu/*.ts',
  '../../src/lib/*.ts',
  '@server/access/access.ts',
  '@server/access/permissions.ts',
]);

describe('the mutated modules load', () => {
  for (const [path, load] of Object.entries(modules)) {
    if (path.endsWith('/pinyin.ts') || path.endsWith('/sheetjs-browser.ts') || path.endsWith('/save-sheet.ts')) continue; // browser-only or heavy; tested elsewhere
    it(path.replace('../../', ''), async () => {
      const mod = (await load()) as Record<string, unknown>;
      expect(Object.keys(mod).length).toBeGreaterThan(0);
    });
  }
});
