import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { APP_FIRST_VIEWS, BUDGETS, bundleSizes, kb } from '../../scripts/bundle-sizes.mjs';

const chunkModules = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, '../../apps/web/dist/.vite/chunk-modules.json'), 'utf8'),
) as Record<string, string[]>;

// The back office's grid and charts (@mui/x-*) load only in its own chunks.
// An app's routes.ts (its paths and lazy page imports, no code of its pages) is in the entry chunk:
// the router needs every route before the first navigation; so is its api/paths.ts (the API paths a
// route asks for early, plain strings), and its api/query-keys.ts when a route is server rendered (the
// React Query keys its server-rendered answers are kept under, plain arrays).
const OTHER_APPS =
  /(^|\/)src\/apps\/(taberna|social|ai-lab|hyper3d|backoffice)\/(?!routes\.ts$|api\/paths\.ts$|api\/query-keys\.ts$)|node_modules\/(three|@react-three|@mui\/x-[a-z-]+)\//;

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

test('index.html preloads the root shell beside the entry, and no app chunk; and the first paint’s fonts', () => {
  const html = fs.readFileSync(path.join(import.meta.dirname, '../../apps/web/dist/index.html'), 'utf8');
  const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]* href="\/([^"]+)"/g)].map((match) => match[1]!);
  const modules = preloaded.flatMap((file) => chunkModules[file] ?? []);
  expect(modules).toContain('src/app/root-layout.tsx');
  expect(modules).toContain('src/app/providers.tsx');
  expect(modules.filter((id) => /(^|\/)src\/apps\/[^/]+\/(?!routes\.ts$|api\/paths\.ts$|api\/query-keys\.ts$)/.test(id))).toEqual(
    [],
  );
  const fonts = [...html.matchAll(/<link rel="preload" as="font"[^>]* href="\/assets\/([^"]+)"/g)].map((match) => match[1]!);
  expect(fonts.map((file) => /^roboto-latin-\d+-normal/.exec(file)?.[0]).sort()).toEqual([
    'roboto-latin-400-normal',
    'roboto-latin-500-normal',
  ]);
});

const THREE = /node_modules\/(three|@react-three)\//;
const OTHER_APP_PAGES = [
  '/',
  '/apps_manager/search?query=lab',
  '/taberna',
  '/taberna/cart',
  '/social/home',
  '/social/login',
  '/ai-lab',
  '/nope',
];

test("no other app's page loads three.js; Hyper 3D loads each 3D loader only when its file type is opened", async ({ page }) => {
  const loaded = new Set<string>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.endsWith('.js')) loaded.add(url.pathname.replace(/^\//, ''));
  });
  const modulesOf = (files: Iterable<string>) => [...files].flatMap((file) => chunkModules[file] ?? []);

  for (const route of OTHER_APP_PAGES) {
    await page.goto(route);
    await page.waitForLoadState('networkidle');
  }
  expect(modulesOf(loaded).filter((id) => THREE.test(id))).toEqual([]);

  loaded.clear();
  await page.goto('/hyper3d');
  await expect(page.getByTestId('figures-canvas')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  expect(modulesOf(loaded).some((id) => id.includes('node_modules/three/build/'))).toBe(true);
  expect(modulesOf(loaded).filter((id) => /examples\/jsm\/loaders\//.test(id))).toEqual([]);

  await page.getByRole('link', { name: 'Local Model' }).first().click();
  await expect(page.getByTestId('model-name')).toHaveText('sample-robot.glb', { timeout: 30_000 });
  const loaders = () =>
    modulesOf(loaded)
      .filter((id) => /examples\/jsm\/loaders\//.test(id))
      .map((id) => id.replace(/.*\//, ''));
  expect(loaders()).toEqual(['GLTFLoader.js']);
  await page
    .getByTestId('model-file-input')
    .setInputFiles(path.join(import.meta.dirname, '..', 'fixtures', 'hyper3d', 'octahedron.stl'));
  await expect(page.getByTestId('model-name')).toHaveText('octahedron.stl');
  expect(loaders().sort()).toEqual(['GLTFLoader.js', 'STLLoader.js']);
});

// Regression budgets (issue 12.5): gzip sizes from the build manifest, measured as `npm run bench`
// measures them. BUDGETS (scripts/bundle-sizes.mjs) are the measured sizes plus about 5%, not the
// issue's targets, which the bench reports as MET / NOT MET. Per app: the whole first visit (landing
// JS + CSS + the app's first view, the lazily loaded root shell included).
test('the bundle stays within its size budgets (gzip)', () => {
  const sizes = bundleSizes();
  const over: string[] = [];
  const check = (what: string, size: number, budget: number | undefined) => {
    expect(budget, `${what} has a budget`).toBeDefined();
    if (size > budget!) over.push(`${what}: ${kb(size)} > budget ${kb(budget!)}`);
  };
  check('landing page JS before any app chunk', sizes.landing.js, BUDGETS.landingJs);
  check('landing page CSS', sizes.landing.css, BUDGETS.landingCss);
  const landing = sizes.landing.js + sizes.landing.css;
  for (const app of Object.keys(APP_FIRST_VIEWS)) {
    check(`${app}: first visit (landing + first view)`, landing + sizes.apps[app]!.total, BUDGETS.firstVisit[app]);
    const files = sizes.apps[app]!.files.length;
    // Each file is a request: a phone on a slow network waits a round trip per six of them.
    if (files > BUDGETS.firstViewFiles) over.push(`${app}: first view in ${files} files > budget ${BUDGETS.firstViewFiles}`);
  }
  expect(over, 'over budget: shrink them, or raise BUDGETS in scripts/bundle-sizes.mjs with a reason').toEqual([]);
});
