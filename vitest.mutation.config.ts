import { defineConfig } from 'vitest/config';

/**
 * The tests StrykerJS runs for each mutant (npm run mutation, stryker.config.mjs): the machine tests and the unit
 * tests of pure modules, in one Node project, without the integration suite (its server runs in another process,
 * where a mutant is not active) and without the component tests (.tsx). With `related`, a mutant of a machine runs only the tests that import that machine, so a static
 * mutant (machine definitions are module-level objects) costs that machine's tests, not the whole suite.
 */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  // Stryker's sandbox links node_modules from the project, outside the sandbox's root: let Vite serve from there
  // (sheetjs-browser.ts imports a file of sheetjs-style with ?url).
  server: { fs: { strict: false } },
  test: {
    // modules-load imports every mutated module inside a test (a module that throws while loading is then killed)
    include: ['tests/machines/**/*.test.ts', 'tests/unit/**/*.test.ts', 'tests/repo/modules-load.test.ts'],
    // The app-level tests (they render the shell or replay every machine) take seconds per mutant and are not
    // what should kill a mutant of a machine or a pure module: that module's own tests should.
    exclude: [
      'tests/unit/src/journal/journal.test.ts',
      'tests/unit/src/i18n/messages.test.ts',
      'tests/unit/src/app/session-logic.test.ts',
      'tests/unit/src/app/failure-policy.race.test.ts',
    ],
    environment: 'node',
    setupFiles: ['tests/support/jsdom-layout.ts', 'tests/support/texts.ts'],
    testTimeout: 30_000,
  },
});
