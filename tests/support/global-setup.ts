import type { TestProject } from 'vitest/node';
import { prepareTemplate, startServer } from './start-server.ts';
import { launchChromiumServer } from './chromium.ts';
import { ensureBuilt } from './build.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** the PostgreSQL database behind baseUrl (the postgres project only; '' on PGlite) */
    databaseUrl: string;
    /** a seeded demo data folder that a file's own server starts from (ServerOptions.template; PGlite only) */
    templateDir: string;
    /** a seeded demo database of the cluster behind databaseUrl that own databases copy (postgres project only) */
    pgTemplate: string;
    /** the run's Chromium, which the browser files connect to (tests/support/chromium.ts); '' where there is none */
    chromiumEndpoint: string;
  }
}

/**
 * One real server for the whole run (PGlite start-up is seconds, so never one per test), and the seeded data folder
 * it was made from, for the files that need a server with other settings (useBrowser's serverEnv).
 */
export default async function setup(project: TestProject) {
  await ensureBuilt();
  // One Chromium for the run (the npm package's is unpacked once here, before the browser files start side by side).
  const [template, chromium] = await Promise.all([prepareTemplate(), launchChromiumServer()]);
  const server = await startServer({}, { template: template.dir });
  project.provide('baseUrl', server.url);
  project.provide('databaseUrl', '');
  project.provide('templateDir', template.dir);
  project.provide('pgTemplate', '');
  project.provide('chromiumEndpoint', chromium.wsEndpoint());
  return async () => {
    await chromium.close();
    await server.stop();
    template.remove();
  };
}
