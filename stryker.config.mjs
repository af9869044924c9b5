// @ts-check
import { fileURLToPath } from 'node:url';
/**
 * Mutation testing: the options every group shares; `npm run mutation` (mutation/run.ts) runs Stryker
 * once per group with that group's files, its committed incremental result file and its report, then prints each
 * folder's and file's score and fails under the thresholds (mutation/scores.ts). Incremental: only mutants of
 * changed code or changed tests run again.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: true },
  mutate: [
    'machines/**/*.ts',
    '!machines/index.ts',
    'src/menu/**/*.ts',
    'src/lib/**/*.ts',
    'server/access/permissions.ts',
    'server/access/access.ts',
  ],
  coverageAnalysis: 'perTest',
  // Machine definitions are module-level objects: most of their mutants are static. Run them (related tests only).
  ignoreStatic: false,
  incremental: true,
  reporters: ['html', 'json', 'progress'],
  thresholds: { high: 90, low: 80, break: null },
  concurrency: 2,
  timeoutMS: 20_000,
  tempDirName: '.stryker-tmp',
  // What is left alone and why (SQL text, compile-time types, equivalent shortcuts): mutation/ignorers.mjs.
  plugins: ['@stryker-mutator/*', fileURLToPath(new URL('./mutation/ignorers.mjs', import.meta.url))],
  ignorers: ['compile-time-types', 'sql-text', 'equivalent-shortcuts'],
  ignorePatterns: ['dist', 'storybook-static', 'reports', 'data', '.tmp', 'coverage', 'mutation'],
  cleanTempDir: 'always',
};
