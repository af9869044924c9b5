import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importTarget } from '@tests/support/imports.ts';

/**
 * The source files on the login route's first paint: what main.tsx imports statically, followed through static
 * imports and re-exports (a lazy import() is a chunk of its own, loaded later; a type import is erased).
 */
function loginRouteFiles(): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(/^(?:import|export)\s(?!type\b)[^;]*?from\s+'([^']+)'|^import\s+'([^']+)'/gm)) {
      const target = importTarget(file, m[1] ?? m[2]);
      if (target && existsSync(target) && /\.tsx?$/.test(target)) visit(target);
    }
  };
  visit('src/app/main.tsx');
  return [...seen];
}

describe('the login route', () => {
  it('carries no style engine of its own: its modules style with CSS modules, not makeStyles (8 KiB of gzip script)', () => {
    const files = loginRouteFiles();
    // the walk reaches the screens the login route paints
    expect(files).toEqual(
      expect.arrayContaining([
        'src/shell/public/login-form.tsx',
        'src/shell/layout/status-screens.tsx',
        'src/shell/layout/busy-ring.tsx',
        'src/shell/layout/loading.tsx',
      ]),
    );
    expect(files).not.toContain('src/shell/public/account-pages.tsx');
    const styled = files.filter((f) => /\bmake(?:Reset)?Styles\s*\(/.test(readFileSync(f, 'utf8')));
    expect(styled).toEqual([]);
  });
});
