import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
page.on('console', (m) => { if (m.type() !== 'log') console.log('console', m.type(), m.text().slice(0, 300)); });
page.on('pageerror', (e) => console.log('pageerror', e.message));
await page.goto('http://localhost:8165/hyper3d/local-model');
await page.waitForSelector('[data-testid=model-name]');
await page.waitForTimeout(1500);
console.log(await page.getByTestId('viewer-panel').innerText());
await page.screenshot({ path: '/tmp/lm1.png' });
const F = 'e2e/fixtures/hyper3d/';
for (const files of [['crate.gltf','crate.bin','crate-texture.png'], ['pyramid.obj','pyramid.mtl','stone.png'], ['octahedron.stl'], ['corrupt.glb'], ['quad.ply']]) {
  await page.getByTestId('model-file-input').setInputFiles(files.map((f) => F + f));
  await page.waitForTimeout(1500);
  console.log('---', files[0], JSON.stringify(await page.getByTestId('model-canvas').evaluate((e) => ({ ...e.dataset }))));
  console.log(await page.getByTestId('viewer-panel').innerText());
  await page.screenshot({ path: `/tmp/lm-${files[0]}.png` });
}
await browser.close();
