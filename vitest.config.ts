import { defineConfig } from 'vitest/config';
import { findPostgresBin } from './tests/support/postgres.ts';
import { LongestFirst } from './tests/support/sequencer.ts';

// The API suite also runs on PostgreSQL when its binaries are here; .ci/run installs them and sets
// SCRM_REQUIRE_POSTGRES=1 so that CI can never skip it silently.
const postgres = process.env.SCRM_REQUIRE_POSTGRES === '1' || findPostgresBin() !== undefined;
if (!postgres) console.warn('PostgreSQL not found: the API suite runs on PGlite only (install postgresql or set PG_BIN)');

/**
 * A worker keeps its modules from one file to the next (each file still runs afresh): the API files spent a third of
 * their CPU importing the same server and client modules again (issue 43, measured on a fresh clone: integration API
 * 193 -> 139 CPU-s, unit 58 -> 45). Nothing a file leaves behind is shared on purpose: servers, browsers and spies end
 * in its own hooks.
 */
const isolate = false;
/** @/ and @machines/ as tsconfig.json's paths say: an inline project does not inherit the root's resolve. */
const resolve = { tsconfigPaths: true };

export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one worker: every file in turn. The browser and API files mostly wait on the
    // server and Chromium (other processes), so three files at a time keep both cores working (issue 27: 652 s of
    // files in turn -> 344 s).
    maxWorkers: 3,
    // the longest files first across the projects, by a fresh clone's timings (tests/support/sequencer.ts)
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        resolve,
        test: {
          name: 'unit',
          isolate,
          include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/machines/**/*.test.ts', 'tests/repo/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/support/jsdom-layout.ts', 'tests/support/texts.ts'],
          // Above Testing Library's 10 s ceiling for a condition (jsdom-layout.ts): a busy machine is slow, not red.
          testTimeout: 30_000,
          // A few server tests make a PGlite database in their hooks: 4 s on a quiet machine, past 10 s on a busy one.
          hookTimeout: 60_000,
        },
      },
      {
        resolve,
        test: {
          name: 'integration',
          isolate,
          include: ['tests/api/**/*.test.ts', 'tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // expect.poll waits as long as a locator would on a busy machine (its default, 1 s, is a one-shot read there)
          expect: { poll: { timeout: 10_000 } },
        },
      },
      ...(postgres
        ? [
            {
              resolve,
              test: {
                name: 'postgres',
                isolate,
                include: ['tests/api/**/*.test.ts'],
                environment: 'node',
                globalSetup: ['tests/support/postgres-setup.ts'],
                testTimeout: 60_000,
                hookTimeout: 120_000,
              },
            },
          ]
        : []),
    ],
  },
});
