import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * `portal-source`: workspaces import @portal/contracts from its TypeScript source, no build needed.
 * Server code resolves packages as Node does: without the bundlers' `module` condition, which points
 * some packages (the AWS SDK) at files only a bundler can load.
 */
const nodeConditions = ['portal-source', ...defaultServerConditions.filter((condition) => condition !== 'module')];
const serverResolve = {
  resolve: { conditions: nodeConditions },
  ssr: { resolve: { conditions: nodeConditions, externalConditions: ['portal-source'] } },
};

export default defineConfig({
  test: {
    projects: [
      {
        ...serverResolve,
        test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      {
        ...serverResolve,
        test: { name: 'server-unit', root: 'apps/server', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      {
        ...serverResolve,
        test: {
          name: 'server-api',
          root: 'apps/server',
          include: ['test/**/*.api.test.ts'],
          environment: 'node',
          // One embedded PostgreSQL for the run, with a migrated template database.
          globalSetup: ['./test/support/global-database.ts'],
          // Generous: some tests start whole portals, which is slow when the machine is busy.
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Each file runs a whole portal; two at a time suits a 2-core machine. A group of its own,
          // after the fast unit projects.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      // The long security lane (`npm run test:security`): real server processes killed under load.
      // Only there, so that `npm test` neither runs nor lists it.
      ...(process.env.SECURITY_LONG === '1'
        ? [
            {
              ...serverResolve,
              test: {
                name: 'server-security',
                root: 'apps/server',
                include: ['test/**/*.security.test.ts'],
                environment: 'node',
                testTimeout: 30 * 60_000,
                hookTimeout: 300_000,
                maxWorkers: 1,
              },
            },
          ]
        : []),
      // Repository files checked without their tools: the container files (Dockerfile, compose.yaml).
      { test: { name: 'repo', root: '.', include: ['scripts/**/*.test.mjs'], environment: 'node' } },
      {
        resolve: { conditions: ['portal-source', ...defaultClientConditions] },
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test-setup.ts'],
        },
      },
    ],
  },
});
