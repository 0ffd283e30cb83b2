// @ts-check
// Stryker for `npm run test:mutation` (scripts/test-mutation.mjs), one module at a time:
// MUTATION_MODULE names it (scripts/mutation/modules.mjs). See docs/testing.md.
import process from 'node:process';
import { moduleNamed } from './scripts/mutation/modules.mjs';

const name = process.env.MUTATION_MODULE ?? '';
const module = moduleNamed(name);
if (!module) throw new Error(`MUTATION_MODULE=${name}: not a module of scripts/mutation/modules.mjs`);
// Read by vitest.mutation.config.ts in Stryker's test runner processes.
process.env.MUTATION_TEST_FILES = module.tests.join(',');

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  // The vitest runner, telling Stryker where each test starts (scripts/mutation/vitest-located-runner.mjs).
  testRunner: 'vitest-located',
  plugins: ['@stryker-mutator/vitest-runner', './scripts/mutation/vitest-located-runner.mjs'],
  // The module's own test files only, through a narrowed copy of vitest.config.ts. (Stryker's own
  // `testFiles` option would do the same, but with it Stryker 9.6 activates static mutants too late:
  // stryker-js#6144.)
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  mutate: module.mutate,
  coverageAnalysis: 'perTest',
  // This machine has two cores; MUTATION_CONCURRENCY=1 when it is shared.
  concurrency: Number(process.env.MUTATION_CONCURRENCY ?? 2),
  reporters: ['clear-text', 'progress', 'html', 'json'],
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  htmlReporter: { fileName: `reports/mutation/${name}.html` },
  jsonReporter: { fileName: `reports/mutation/${name}.json` },
  // The committed baseline of `--incremental` runs (CI mutates only what changed since it).
  incrementalFile: `scripts/mutation/incremental/${name}.json`,
  thresholds: { high: 90, low: 85, break: null },
  // API test files start a portal on a fresh database; the first run (no mutant) may be slow on a busy machine.
  dryRunTimeoutMinutes: 20,
  timeoutMS: 20_000,
  ignorePatterns: [
    'apps/web/dist',
    'apps/server/dist',
    'packages/contracts/dist',
    'e2e',
    'docs',
    'deploy',
    '.cluster',
    'data',
    'reports',
    'apps/web/public',
  ],
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
