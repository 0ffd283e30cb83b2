import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const WEB_APPS = ['apps-manager', 'taberna', 'social', 'ai-lab', 'hyper3d', 'backoffice'];

/** House style 1 and 2: deployable units share only the contract, and apps never import one another. */
const boundaries = [
  { target: './packages/contracts', from: './apps', message: 'The contract depends on nothing else.' },
  { target: './apps/server', from: './apps/web', message: 'The server and the web app share only @portal/contracts.' },
  { target: './apps/web', from: './apps/server', message: 'The web app and the server share only @portal/contracts.' },
  { target: './apps/web/src/shared', from: './apps/web/src/apps', message: 'Shared code must not depend on an app.' },
  { target: './apps/web/src/shared', from: './apps/web/src/app', message: 'Shared code must not depend on the app shell.' },
  ...WEB_APPS.map((app) => ({
    target: `./apps/web/src/apps/${app}`,
    from: WEB_APPS.filter((other) => other !== app).map((other) => `./apps/web/src/apps/${other}`),
    message: 'Apps never import one another: move what they share to src/shared.',
  })),
];

/**
 * Issue 11: React Query keys are built only in each app's `api/query-keys.ts` (and the shell's
 * `shared/api/query-keys.ts`), so a query and the invalidations that must reach it cannot drift
 * apart. Elsewhere an array written as a `queryKey`, or as the key argument of a query client
 * method, is refused.
 */
const QUERY_KEY_MESSAGE = "Build React Query keys in the app's api/query-keys.ts, not as a literal array here.";
const KEY_FIRST_METHODS = 'getQueryData|setQueryData|getQueryState|getQueryDefaults|setQueryDefaults';
const literalQueryKeys = [
  { selector: "Property[key.name='queryKey'] > ArrayExpression.value", message: QUERY_KEY_MESSAGE },
  { selector: "Property[key.name='queryKey'] > TSAsExpression.value > ArrayExpression", message: QUERY_KEY_MESSAGE },
  {
    selector: `CallExpression[callee.property.name=/^(${KEY_FIRST_METHODS})$/][arguments.0.type='ArrayExpression']`,
    message: QUERY_KEY_MESSAGE,
  },
  {
    selector: `CallExpression[callee.property.name=/^(${KEY_FIRST_METHODS})$/][arguments.0.type='TSAsExpression'][arguments.0.expression.type='ArrayExpression']`,
    message: QUERY_KEY_MESSAGE,
  },
];

const SERVER = './apps/server/src';

/**
 * The server's domains, each after every domain it uses. A domain imports another only through that
 * domain's `index.ts`, and only one listed before it, so the domains can never import in a circle.
 * A new domain goes in this list (docs/architecture.md).
 */
export const SERVER_DOMAINS = [
  ['auth', []],
  ['notifications', []],
  ['taberna', []],
  ['ai-lab', []],
  ['hyper3d', []],
  ['social', ['auth', 'notifications']],
  ['apps-manager', ['social', 'taberna']],
  ['backoffice', ['social', 'taberna']],
];

SERVER_DOMAINS.forEach(([domain, uses], index) => {
  const earlier = SERVER_DOMAINS.slice(0, index).map(([name]) => name);
  const late = uses.filter((used) => !earlier.includes(used));
  if (late.length > 0) throw new Error(`eslint.config.js: ${domain} uses ${late.join(', ')}, listed after it in SERVER_DOMAINS`);
});

/** House style 11: the server's layers (db, core, domains, seed, app.ts) and its domains' public faces. */
const serverBoundaries = [
  { target: `${SERVER}/db`, from: SERVER, except: ['./db'], message: 'db/ imports nothing of ours.' },
  { target: `${SERVER}/db`, from: './packages/contracts', message: 'db/ imports nothing of ours.' },
  {
    target: `${SERVER}/core`,
    from: SERVER,
    except: ['./core', './db'],
    message: 'core/ imports only db/ and @portal/contracts: a domain offers core a port to implement instead.',
  },
  ...SERVER_DOMAINS.flatMap(([domain, uses]) => [
    {
      target: `${SERVER}/${domain}`,
      from: [`${SERVER}/seed`, `${SERVER}/app.ts`, `${SERVER}/main.ts`],
      message: 'Domains never import demo data (seed/) or the composition root (app.ts, main.ts).',
    },
    ...SERVER_DOMAINS.filter(([other]) => other !== domain).map(([other]) =>
      uses.includes(other)
        ? {
            target: `${SERVER}/${domain}`,
            from: `${SERVER}/${other}`,
            except: ['./index.ts'],
            message: `${domain} may use ${other} only through ${other}/index.ts, its public face.`,
          }
        : {
            target: `${SERVER}/${domain}`,
            from: `${SERVER}/${other}`,
            message: `${domain} may not import ${other}: SERVER_DOMAINS in eslint.config.js lists what each domain uses.`,
          },
    ),
  ]),
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      'data/**',
      '**/coverage/**',
      'test-results/**',
      'playwright-report/**',
      'e2e/.tmp/**',
      '.cluster/**',
      // A mutation run's copies of the project (`npm run test:mutation`).
      '.stryker-tmp/**',
      'reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': {
        typescript: {
          project: [
            'apps/server/tsconfig.json',
            'apps/web/tsconfig.json',
            'packages/contracts/tsconfig.json',
            'e2e/tsconfig.json',
          ],
          noWarnOnMultipleProjects: true,
        },
      },
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import/no-restricted-paths': [
        'error',
        // Zones are relative to this file, wherever ESLint runs from (the boundary test runs it too).
        { basePath: path.dirname(fileURLToPath(import.meta.url)), zones: [...boundaries, ...serverBoundaries] },
      ],
      'import/no-cycle': ['error', { maxDepth: 8, ignoreExternal: true }],
      'import/no-self-import': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // House style 11: services throw domain errors (core/domain-errors.ts) and know nothing of HTTP;
    // only routes (and core's hooks) word an answer themselves with ApiError.
    files: SERVER_DOMAINS.map(([domain]) => `apps/server/src/${domain}/**/*.ts`),
    ignores: ['**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)core/errors(\\.js)?$',
              message: 'Throw a domain error (core/domain-errors.ts); the route answers it in its error shape.',
            },
          ],
        },
      ],
    },
  },
  { files: ['apps/server/**', 'scripts/**', 'e2e/**', 'packages/**', '*.js'], languageOptions: { globals: globals.node } },
  { files: ['apps/web/**'], languageOptions: { globals: globals.browser } },
  { files: ['e2e/**', 'scripts/screenshot.mjs'], languageOptions: { globals: { ...globals.node, ...globals.browser } } },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/query-keys.ts'],
    rules: { 'no-restricted-syntax': ['error', ...literalQueryKeys] },
  },
  {
    files: ['scripts/**', 'e2e/**', '**/*.test.ts', '**/*.test.tsx', 'apps/server/src/test-support/**', 'apps/server/bench/**'],
    rules: { 'no-console': 'off' },
  },
);
