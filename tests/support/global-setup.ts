import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { startServer } from './start-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** the PostgreSQL database behind baseUrl (the postgres project only; '' on PGlite) */
    databaseUrl: string;
  }
}

/** One real server for the whole run (PGlite start-up is seconds, so never one per test). */
export default async function setup(project: TestProject) {
  if (!existsSync('dist/index.html')) execFileSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  const server = await startServer();
  project.provide('baseUrl', server.url);
  project.provide('databaseUrl', '');
  return () => server.stop();
}
