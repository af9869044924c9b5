import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';

const LOCK = 'dist.building';

/**
 * The built console (dist/) that the run's servers serve, made once when missing (`vitest` run without `npm test`'s
 * checks, which build first). Both projects' setups ask for it side by side: the first builds under a lock folder,
 * the other waits for it, so no server serves half-written files. NODE_ENV is vitest's `test` in this process; a
 * build under it is React's development build, whose StrictMode mounts everything twice (a journal that did not
 * replay, a focus that did not return): the build is made as `npm start` makes it.
 */
export async function ensureBuilt(): Promise<void> {
  for (;;) {
    if (!existsSync(LOCK) && existsSync('dist/index.html')) return;
    try {
      mkdirSync(LOCK);
    } catch {
      // another setup builds; a lock older than ten minutes is a killed run's
      if (Date.now() - (statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > 600_000)
        rmSync(LOCK, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 250));
      continue;
    }
    try {
      if (!existsSync('dist/index.html'))
        execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
    } finally {
      rmSync(LOCK, { recursive: true, force: true });
    }
  }
}
