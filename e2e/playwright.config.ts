import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { SERVERS } from './support/servers';

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'specs',
  outputDir: '.tmp/results',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: SERVERS.main.url,
    headless: true,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: Object.values(SERVERS).map((server) => ({
    command: `node ${path.join('support', 'start-server.mjs')}`,
    cwd: import.meta.dirname,
    url: `${server.url}/healthz`,
    env: server.env,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  })),
});
