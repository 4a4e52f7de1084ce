import { defineConfig } from 'vitest/config';

/** Workspace packages resolve to their TypeScript sources through the `source` export condition. */
const conditions = ['source', 'node', 'import', 'default'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ['source'] } },
  test: {
    include: ['{contracts,platform,command-api,query-api,workers,web}/src/**/*.spec.{ts,tsx}', 'web/server/**/*.spec.ts', 'scripts/**/*.spec.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
