import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';

const chunkModules = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, '../../apps/web/dist/.vite/chunk-modules.json'), 'utf8'),
) as Record<string, string[]>;

const OTHER_APPS = /(^|\/)src\/apps\/(taberna|social|ai-lab|hyper3d)\/|node_modules\/(three|@react-three)\//;

test("the landing page's JavaScript holds no other app's code", async ({ page }) => {
  const loaded: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.endsWith('.js')) loaded.push(url.pathname.replace(/^\//, ''));
  });
  await page.goto('/');
  await expect(page.getByTestId('project-card')).toHaveCount(4);
  await page.waitForLoadState('networkidle');

  expect(loaded.length).toBeGreaterThan(1);
  const foreign = loaded.flatMap((file) => {
    const modules = chunkModules[file];
    expect(modules, `${file} is in the build report`).toBeDefined();
    return (modules ?? []).filter((id) => OTHER_APPS.test(id)).map((id) => `${file}: ${id}`);
  });
  expect(foreign).toEqual([]);
  expect(loaded.some((file) => chunkModules[file]!.some((id) => id.includes('src/apps/apps-manager/')))).toBe(true);
});
