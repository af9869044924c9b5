import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { reachedFiles } from '@tests/support/imports.ts';

describe('the login route', () => {
  it('carries no style engine of its own: its modules style with CSS modules, not makeStyles (8 KiB of gzip script)', () => {
    // what main.tsx imports statically: a lazy import() is a chunk of its own, loaded later
    const files = reachedFiles('src/app/main.tsx');
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
