import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Lint zones (house style): code flows shared -> components/lib -> features -> routes. The zones are checked on
// the resolved file, so `../other-feature/x` is caught as surely as `@/features/other-feature/x`.
const src = 'pwa/src';
const features = readdirSync(new URL(`./${src}/features`, import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
// Everything of the app except the router itself (the file routes, their generated tree and main.tsx).
const router = new Set(['routes', 'routeTree.gen.ts', 'main.tsx']);
const belowRouter = readdirSync(new URL(`./${src}`, import.meta.url))
  .filter((name) => !router.has(name))
  .map((name) => `./${src}/${name}`);
const zones = [
  ...features.map((name) => ({
    target: `./${src}/features/${name}`,
    from: `./${src}/features`,
    except: [`./${name}`],
    message: 'A feature must not import another feature: move the shared piece to components/ or lib/.',
  })),
  {
    target: [`./${src}/components`, `./${src}/lib`],
    from: `./${src}/features`,
    message: 'Shared code (components/, lib/) must not depend on a feature.',
  },
  { target: belowRouter, from: `./${src}/routes`, message: 'Only the router imports routes.' },
  { target: './pwa', from: './sync-server', message: 'The app talks to the server over HTTP only.' },
  { target: './sync-server', from: './pwa', message: 'The server does not import the app.' },
  { target: './shared', from: ['./pwa', './sync-server'], message: 'shared/ is imported by both sides and imports neither.' },
];

// The typed client's functions and the readers that take its addresses (issue 44).
const PATH_READERS = '/^(useApi|useFirstScreenFirst|getPage|getAt|prefetchPage|takePrefetched|prefetchedNow)$/';
const TYPED_READERS = '/^(call|apiPath|useApi|getPage|getAt|prefetchPage|takePrefetched|prefetchedNow|useFirstScreenFirst)$/';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dev-dist/**', '**/node_modules/**', 'data/**', 'coverage/**', 'pwa/e2e/artifacts/**',
    // Compiled by `lingui compile` from the .po catalogues: generated, never edited.
    'pwa/src/locales/*/*.ts', 'shared/src/locales/*/*.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    plugins: { 'import-x': importX },
    settings: {
      // Without these, import-x skips .ts files when it follows imports, and no-cycle sees nothing.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['pwa/tsconfig.json', 'tsconfig.json'],
          alwaysTryTypes: true,
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { zones }] },
  },
  {
    files: ['pwa/src/**/*.{ts,tsx}', 'sync-server/src/**/*.ts', 'shared/src/**/*.ts'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // The typed client's route types (`params: {}` is a route without parameters; `{} extends X` asks whether X needs
    // anything): the generated table (`npm run api-types`) and the client core that reads it.
    files: ['pwa/src/lib/api-routes.gen.ts', 'pwa/src/lib/api-client.ts'],
    rules: { '@typescript-eslint/no-empty-object-type': 'off' },
  },
  {
    // The app calls its API through the typed client (issue 44): only lib/api-client.ts calls fetch (the service
    // worker replays requests itself; the picture upload and the replication stream use XHR and EventSource), and the
    // addresses the readers take are made by apiPath, whose type carries the answer's: no string paths, and no type
    // argument that would claim an answer the route table does not give. Tests may stub and cast as they need.
    files: ['pwa/src/**/*.{ts,tsx}'],
    ignores: ['pwa/src/**/*.test.{ts,tsx}', 'pwa/src/testing/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='fetch'], CallExpression[callee.property.name='fetch']",
          message: 'Call the API through lib/api-client.ts (call, or useApi/getPage with apiPath), not fetch.',
        },
        {
          selector: `CallExpression[callee.name=${TYPED_READERS}] > TSTypeParameterInstantiation`,
          message: "No type argument here: the answer's type comes from the route table (call's key, apiPath's address).",
        },
        {
          selector: [
            `CallExpression[callee.name=${PATH_READERS}] > :matches(Literal[raw=/^['"]/], TemplateLiteral).arguments:first-child`,
            `CallExpression[callee.name='useLocalFirst'] > :matches(Literal[raw=/^['"]/], TemplateLiteral).arguments:nth-child(2)`,
          ].join(', '),
          message: "An address for the readers is made by apiPath('GET /path/{param}', { params, query }), not written as a string.",
        },
      ],
    },
  },
  {
    files: ['pwa/src/lib/api-client.ts', 'pwa/src/sw.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
