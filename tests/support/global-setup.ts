import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { prepareTemplate, startServer } from './start-server.ts';
import { resolveChromium } from './chromium.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** the PostgreSQL database behind baseUrl (the postgres project only; '' on PGlite) */
    databaseUrl: string;
    /** a seeded demo data folder that a file's own server starts from (ServerOptions.template; PGlite only) */
    templateDir: string;
    /** a seeded demo database of the cluster behind databaseUrl that own databases copy (postgres project only) */
    pgTemplate: string;
  }
}

/**
 * One real server for the whole run (PGlite start-up is seconds, so never one per test), and the seeded data folder
 * it was made from, for the files that need a server with other settings (useBrowser's serverEnv).
 */
export default async function setup(project: TestProject) {
  if (!existsSync('dist/index.html')) execFileSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  // Unpacked once here (the npm package's Chromium), before the browser files start side by side.
  const [template] = await Promise.all([prepareTemplate(), resolveChromium()]);
  const server = await startServer({}, { template: template.dir });
  project.provide('baseUrl', server.url);
  project.provide('databaseUrl', '');
  project.provide('templateDir', template.dir);
  project.provide('pgTemplate', '');
  return async () => {
    await server.stop();
    template.remove();
  };
}
