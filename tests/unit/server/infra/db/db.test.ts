import { describe, expect, it } from 'vitest';
import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { lockDataDir, SharedDataDir } from '@server/infra/db/db.ts';

// server/infra/db/db.ts lockDataDir: the data folder becomes its owner's only, but a shared folder such as /tmp is
// refused rather than closed to everyone else (a DATA_DIR of /tmp made /tmp mode 700).
describe('lockDataDir', () => {
  it('makes a folder of its own its owner’s only, and refuses a shared one without touching it', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'scrm-datadir-'));
    try {
      const own = path.join(root, 'own');
      const unlock = lockDataDir(own);
      expect(statSync(own).mode & 0o7777).toBe(0o700);
      unlock();

      const shared = path.join(root, 'shared');
      lockDataDir(shared)();
      chmodSync(shared, 0o1777);
      expect(() => lockDataDir(shared)).toThrow(SharedDataDir);
      expect(() => lockDataDir(shared)).toThrow(/共享目录.*scrm-data/);
      expect(statSync(shared).mode & 0o7777).toBe(0o1777);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
