import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends the run with one plain line, `N passed, N failed, N skipped`, for CI to read. A file that
 * cannot load, or a suite whose `beforeAll`/`afterAll` throws, counts as one failure of its own:
 * its tests are only reported as skipped.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const module of testModules) {
      if (module.errors().length > 0) counts.failed += 1;
      for (const suite of module.children.allSuites()) if (suite.errors().length > 0) counts.failed += 1;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed += 1;
        else if (state === 'failed') counts.failed += 1;
        else counts.skipped += 1;
      }
    }
    const failed = counts.failed + unhandledErrors.length;
    process.stdout.write(`\n${counts.passed} passed, ${failed} failed, ${counts.skipped} skipped\n`);
  }
}
