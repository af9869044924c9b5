import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import { readdirSync } from 'node:fs';

// Imports flow one way: features -> kit -> shell -> menu, api, lib -> machines; app wires everything (docs/architecture.md).
const noRawHtml = { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'No raw HTML (DECISIONS.md).' };

// A browser or component test never reads changing UI state once (issue 27): it waits for it. A value settled by
// construction (an API answer, a report the helper already waited for) passes with a disable comment saying why.
const oneShot = 'Wait for UI state instead of reading it once: expect.poll(() => …), a waiting locator or findBy/waitFor.';
const noOneShotReads = [
  { selector: "CallExpression[callee.name='expect'] > AwaitExpression", message: oneShot },
  { selector: "CallExpression[callee.name='expect'] CallExpression[callee.property.name='url']", message: oneShot },
  { selector: "CallExpression[callee.name='expect'] > CallExpression[callee.name='hashOf']", message: oneShot },
];

// A feature reaches another only through that one's public entry (issue 44 part 3; tests/repo/import-graph.test.ts
// checks the same): a server feature (server/features/<name>/) through its queries.ts, never its routes; a page's
// feature (src/features/<name>/) through its index.ts. The files at the folder's top (the registry, the page frame's
// props and names, the system pages) serve every feature. Zones are made from the folder, so a new feature is covered.
function featureZones(root, entry, message) {
  const entries = readdirSync(new URL(root, import.meta.url), { withFileTypes: true });
  const features = entries.filter((d) => d.isDirectory()).map((d) => d.name);
  const shared = entries.filter((d) => d.isFile()).map((d) => `./${d.name}`);
  return features.map((name) => ({
    target: `${root}/${name}`,
    from: root,
    except: [`./${name}`, ...shared, ...features.filter((other) => other !== name).map((other) => `./${other}/${entry}`)],
    message,
  }));
}
const serverFeatureZones = featureZones('./server/features', 'queries.ts', 'Another feature is reached through its queries file only.');
const clientFeatureZones = featureZones(
  './src/features',
  'index.ts',
  'Another feature is reached through its index.ts only (src/features/<name>/index.ts: what it shares).',
);

// Another area is reached by its alias (tsconfig.json's paths), never by a climb: @/ is src/, @machines/ is machines/.
const noClimbs = [
  { regex: '^(\\.\\./){3,}', message: 'Three or more ../ climbs: import through @/ (src/) or @machines/.' },
  { regex: '^(\\.\\./)+(src|machines)/', message: 'Reach src/ through @/ and machines/ through @machines/.' },
];

const zones = [
  {
    target: './machines',
    from: ['./src', './server'],
    // the menu editor's rules are its save's schema (src/api/schema/system/menu.ts)
    except: ['./api/contract', './api/table', './api/rules/page-rules.ts', './api/rules/campaign-rules.ts', './api/schema/system/menu.ts'],
    message: "machines/ are pure: xstate, contract and call-table types and the contract's pure rules (page and campaign rules) only",
  },
  {
    target: './src/lib',
    from: ['./src/app', './src/shell', './src/features', './src/menu', './server'],
    message: 'lib/ is pure and leaf-level',
  },
  { target: './src/menu', from: ['./src/app', './src/shell', './src/features', './server'], message: 'menu/ is pure' },
  {
    target: './src/api',
    from: ['./src/app', './src/shell', './src/features', './src/menu', './server'],
    message: 'api/ sits below the UI',
  },
  {
    target: './src/shell',
    from: ['./src/app', './src/features', './src/kit', './src/journal/panel', './server'],
    message: 'shell/ must not reach up to app/, kit/ or features/',
  },
  {
    target: './src/kit',
    from: ['./src/app', './src/features', './server'],
    message: 'kit/ (the page kit) must not reach up to app/ or features/',
  },
  { target: './src/features', from: ['./src/app', './server'], message: 'features/ must not reach up to app/' },
  ...clientFeatureZones,
  {
    target: './src/journal/*.ts',
    from: ['./src/app', './src/shell', './src/features', './src/kit', './src/menu', './server'],
    message: 'journal/ (the event journal) sits below the UI: the shell, the kit and the pages use it',
  },
  {
    target: './src/journal/panel',
    from: ['./src/app', './src/features', './src/kit', './server'],
    message: "journal/panel/ (the journal's screens) sits beside the shell: the app hands it to the layout",
  },
  {
    target: './server',
    from: ['./src/app', './src/shell', './src/features', './src/menu', './src/lib', './machines'],
    message: 'server/ imports only contract types from src/api',
  },
];

export default tseslint.config(
  { ignores: ['dist', 'storybook-static', 'node_modules', 'data', '.tmp', 'reports', '.stryker-tmp*'] },
  ...tseslint.configs.recommended,
  {
    plugins: { import: importPlugin },
    settings: {
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // tsconfig.json's paths (@/, @machines/): the layering zones and no-cycle follow aliased imports too
      'import/resolver': { typescript: { project: './tsconfig.json' }, node: { extensions: ['.ts', '.tsx', '.js'] } },
      'import/ignore': ['node_modules'],
    },
    rules: {
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'import/no-restricted-paths': ['error', { zones }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', noRawHtml],
      'no-restricted-imports': ['error', { patterns: noClimbs }],
    },
  },
  {
    files: ['tests/e2e/**/*.ts', 'tests/unit/**/*.tsx'],
    rules: { 'no-restricted-syntax': ['error', noRawHtml, ...noOneShotReads] },
  },
  {
    // Every actor reports to the journal (issue 16): components create them with the journal's hooks, which add
    // the app's inspection observer; the Providers of createActorContext are given it as an option.
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    ignores: ['src/journal/actor-hooks.ts', 'src/journal/replay.ts', 'src/journal/walk.ts', 'src/**/*.stories.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@xstate/react',
              importNames: ['useMachine', 'useActor', 'useActorRef'],
              message: 'Use useAppMachine / useAppActor / useAppActorRef (src/journal/actor-hooks.ts): they report to the journal.',
            },
            { name: 'xstate', importNames: ['createActor'], message: 'Actors are created by the hooks of src/journal/actor-hooks.ts.' },
          ],
          patterns: noClimbs,
        },
      ],
    },
  },
  {
    // The server shares only the contract, the call table (src/api/table), the resource schemas (src/api/schema), the
    // value rules the browser checks first (record and image rules), and the English of the messages users read.
    files: ['server/**/*.ts'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './server',
              from: './src',
              except: [
                './api/contract',
                './api/table',
                './api/rules',
                './api/schema',
                './i18n/server-messages-en.ts',
                './i18n/rule-messages-en.ts',
                './i18n/campaign-words-en.ts',
              ],
            },
            ...serverFeatureZones,
          ],
        },
      ],
    },
  },
);
