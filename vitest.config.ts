import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

const EXCLUDE = ['**/node_modules/**', '**/dist/**'];
const ALL = ['{contracts,platform,domain,command-api,query-api,workers,web,gateway,system-tests}/src/**/*.spec.{ts,tsx}', 'scripts/**/*.spec.ts'];
// Browser journeys each run the whole product and a Chromium: they go after the rest, two at a time.
// The demo journey is the exception: most of its five minutes are `npm run demo` building and walking
// its chain's history, so it starts with the first group, beside the files that wait on I/O.
const JOURNEYS = 'system-tests/src/browser/!(demo).e2e.spec.ts';

// Workspace packages resolve to their TypeScript sources through the `source` export condition.
export default defineConfig({
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: ['default', './scripts/summary-reporter.ts'],
    globalSetup: ['platform/src/testing/global-setup.ts'],
    // Vitest's default on this 2-core machine is one file at a time; most files wait on PostgreSQL,
    // Redis, child processes or a browser, so two run side by side.
    projects: [
      { extends: true, test: { name: 'suite', include: ALL, exclude: [...EXCLUDE, JOURNEYS], maxWorkers: 2, sequence: { groupOrder: 0 } } },
      { extends: true, test: { name: 'journeys', include: [JOURNEYS], exclude: EXCLUDE, maxWorkers: 2, sequence: { groupOrder: 1 } } },
    ],
  },
});
