// One lint for the whole monorepo: type-aware promise rules where a mistake loses an error or a
// write, and import zones that keep each workspace to its layer (architecture in README.md).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const TS = '**/*.{ts,tsx,mts,cts}';

// Workspaces come from package.json, so a new one (gateway, system-tests) joins the zones below;
// `domain` is listed ahead of its arrival so its zone holds from its first file.
const WORKSPACES = [...new Set([...JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).workspaces, 'domain'])];
/** Workspaces that hold a bounded context or a deployable; `contracts` and `platform` sit below them. */
const CONTEXT_WORKSPACES = WORKSPACES.filter((w) => w !== 'contracts' && w !== 'platform');
const FEATURES_DIR = path.join(ROOT, 'web/src/features');
const WEB_FEATURES = existsSync(FEATURES_DIR)
  ? readdirSync(FEATURES_DIR, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
  : [];

/** One zone per (target, from) pair, each with the message that says why. */
const zone = (target, froms, message) => froms.map((from) => ({ target, from, message }));
const ZONES = [
  ...zone('contracts', WORKSPACES.filter((w) => w !== 'contracts').concat('scripts'), 'contracts imports only zod and itself.'),
  ...zone('platform', CONTEXT_WORKSPACES.concat('scripts'), 'platform is shared infrastructure: it imports no bounded context.'),
  ...zone('domain', CONTEXT_WORKSPACES.filter((w) => w !== 'domain').concat('scripts'), 'domain is the write model: no HTTP service, worker or UI code.'),
  ...zone('workers', ['command-api', 'query-api', 'web'], 'workers take use cases from domain, never from an HTTP service.'),
  ...WEB_FEATURES.flatMap((feature) =>
    zone(
      `web/src/features/${feature}`,
      WEB_FEATURES.filter((other) => other !== feature).map((other) => `web/src/features/${other}`),
      'web features never import each other: move what they share to web/src/components or lib, or compose them in a page.',
    ),
  ),
  ...zone('web/src/features', ['web/src/app'], 'web features never import app/: a page under app/routes composes features, never the other way.'),
  ...['components', 'hooks', 'lib'].flatMap((shared) =>
    zone(`web/src/${shared}`, ['web/src/features', 'web/src/app'], `web/src/${shared} is shared by every feature: it imports no feature and no page.`),
  ),
  ...WORKSPACES.flatMap((w) => zone(w, ['scripts'], 'scripts/ is tooling: nothing outside it imports it.')),
  ...WORKSPACES.filter((w) => w !== 'system-tests')
    .concat('scripts')
    .flatMap((w) => zone(w, ['system-tests'], 'system-tests drives the workspaces from outside: nothing imports it.')),
];

const restrictedPaths = (zones) => ['error', { basePath: ROOT, zones }];

/** Packages that mean HTTP, a queue or a UI: none of them belongs in the write model. */
const NOT_IN_DOMAIN = ['express', 'helmet', 'express-rate-limit', 'http-proxy-middleware', 'node:http', 'node:https', 'bullmq', 'ioredis', 'react', 'react-dom', 'react-router-dom', 'notistack', 'qrcode.react'];
const NOT_IN_DOMAIN_SCOPES = ['@mui/*', '@emotion/*', '@tanstack/*', 'react/*', 'react-dom/*'];

export default defineConfig(
  {
    ignores: ['**/node_modules/', '**/dist/', '**/.turbo/', '.data/', 'test-results/', '**/*.d.ts', '**/*.d.mts'],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: [TS],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      // Every file is checked with its own workspace's tsconfig.json.
      parserOptions: { projectService: true, tsconfigRootDir: ROOT },
    },
    rules: {
      // Promise mistakes lose an error or a write without a trace: these pay for the type information.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      '@typescript-eslint/return-await': ['error', 'in-try-catch'],
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Ports and adapters implement async interfaces whose in-memory versions have nothing to await.
      '@typescript-eslint/require-await': 'off',
      'prefer-const': ['error', { destructuring: 'all' }],
    },
  },
  {
    // Tests read untyped JSON bodies and hand methods to expect() and stubs: the `any` and `this`
    // rules would flag every assertion without finding a bug.
    files: ['**/*.spec.{ts,tsx}', '**/testing/**', 'system-tests/**'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // The first page's modules load no contracts schema up front: full zod builds its schemas
    // before app/content-security-policy.ts turns its JIT off, and its eval probe breaks the policy.
    files: ['web/src/lib/**', 'web/src/app/*.{ts,tsx}'],
    ignores: ['**/*.spec.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@concierge/contracts/(?!shared/route$).+',
              allowTypeImports: true,
              message: 'the first page loads no contracts schema: import types only, or load the module with import() (see loadAuthRoutes).',
            },
          ],
        },
      ],
    },
  },
  {
    plugins: { 'import-x': importX },
    settings: {
      // Resolve workspace packages to their sources (the `source` condition) and `.js` to `.ts`,
      // as tsx and vitest do, so a zone sees `@concierge/command-api/...` as command-api/src/....
      'import-x/resolver-next': [
        createNodeResolver({
          conditionNames: ['source', 'types', 'import', 'node', 'default'],
          extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.json', '.node'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'], '.mjs': ['.mts', '.mjs'] },
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': restrictedPaths(ZONES),
      // Two modules that import each other load in an order that depends on who is imported first:
      // a value read at load time can be undefined. Type-only imports do not count (they vanish at
      // build time); packages in node_modules are not walked, which keeps the lint's time down.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['contracts/src/**'],
    ignores: ['**/*.spec.ts', '**/testing/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!zod(/|$)|\\.\\.?/)', message: 'contracts imports only zod and itself.' }] }],
    },
  },
  {
    files: ['contracts/src/**/*.spec.ts', 'contracts/src/**/testing/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!zod(/|$)|vitest$|fast-check$|\\.\\.?/)', message: 'contracts tests import only zod, vitest and fast-check.' }] }],
    },
  },
  {
    // Decision rules live in domain alone: a route, job or reactor calls a use case,
    // which loads, decides and appends; it never drives the pipeline or a decider itself.
    files: ['command-api/src/**', 'workers/src/**'],
    ignores: ['**/*.spec.ts', '**/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^@concierge/domain/shared/aggregate$', message: 'call a use case in domain: the command pipeline (defineAggregate, an aggregate\'s load and handle) runs inside it.' },
            { regex: '^@concierge/domain/.+/decide$', importNamePattern: '^decide|^evolve|Aggregate$', message: 'deciders are called by the use cases in domain, never by an adapter.' },
          ],
        },
      ],
    },
  },
  {
    files: ['domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: NOT_IN_DOMAIN.map((name) => ({ name, message: 'domain holds no HTTP, queue or UI code: take a port instead.' })),
          patterns: [{ group: NOT_IN_DOMAIN_SCOPES, message: 'domain holds no HTTP, queue or UI code.' }],
        },
      ],
    },
  },
);
