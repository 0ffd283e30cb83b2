import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './support/chromium.mjs';
import { SERVERS } from './support/servers';

/**
 * On CI the machine is a shared 2-core box that runs both portals, their databases and Chromium at
 * once: steps take two to three times as long as on a quiet laptop, so waits there are longer. A
 * test that fails gets one more try there, traced; one that passes on it is listed as flaky and
 * fails the run all the same (docs/testing.md says how to find and fix one). A committed
 * `test.only` fails CI (`forbidOnly`).
 */
const ci = Boolean(process.env.CI);

export default defineConfig({
  testDir: 'specs',
  // The dark-theme axe sweep of every page (about ten minutes on this machine) is a lane of its own,
  // `npm run test:a11y`, kept out of `npm test` for CI's time budget (docs/testing.md).
  testIgnore: process.env.A11Y_SWEEP ? [] : ['**/axe-sweep.spec.ts'],
  outputDir: '.tmp/results',
  fullyParallel: true,
  workers: 2,
  retries: ci ? 1 : 0,
  forbidOnly: ci,
  // A test that passes only on its retry still fails the run, named in the list as flaky, so it is
  // fixed from the retry's trace (issue 31.3; docs/testing.md) rather than passing silently.
  failOnFlakyTests: ci,
  timeout: ci ? 120_000 : 60_000,
  expect: { timeout: ci ? 20_000 : 10_000 },
  // The list, then the page snapshot of each failed test (on CI the log is all that is kept).
  reporter: [['list'], ['./support/page-snapshot-reporter.ts']],
  use: {
    baseURL: SERVERS.main.url,
    headless: true,
    launchOptions: chromiumLaunchOptions,
    // Recorded on a failed test's retry only: recording every test (its DOM snapshots and screencast)
    // took about a third of the suite's time (docs/testing.md). Locally, `--trace on` or `--retries 1`.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // As a person who asked their system for less motion: the portal then ends transitions and
    // animations at once (theme.ts), so no test waits on one and the two cores draw fewer frames.
    // landing.spec.ts checks both preferences.
    reducedMotion: 'reduce',
  },
  // The test portals (servers.ts), started side by side and stopped after the run.
  globalSetup: './support/global-setup.ts',
});
