// Screenshots of portal pages, for looking at what was built:
//   node scripts/screenshot.mjs http://localhost:8000 out-dir /path1 /path2 ...
// Takes each path at desktop and phone width, in light and dark theme. With SCREENSHOT_LOGIN=email:password
// it logs in to the social network first (one sign-in for the portal: the other apps see it too).
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/support/chromium.mjs';

const [base, outDir, ...paths] = process.argv.slice(2);
if (!base || !outDir || paths.length === 0) {
  console.error('usage: node scripts/screenshot.mjs <base-url> <out-dir> <path> [...]');
  process.exit(2);
}
fs.mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true });
const sizes = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } };
for (const [sizeName, viewport] of Object.entries(sizes)) {
  for (const theme of ['light', 'dark']) {
    const context = await browser.newContext({ viewport });
    await context.addInitScript((mode) => localStorage.setItem('theme', mode), theme);
    const page = await context.newPage();
    if (process.env.SCREENSHOT_LOGIN) {
      const [email, password] = process.env.SCREENSHOT_LOGIN.split(':');
      await page.goto(`${base}/social/login`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByTestId('login-submit').click();
      await page.waitForURL(/\/social\/home/);
    }
    for (const p of paths) {
      await page.goto(base + p, { waitUntil: 'networkidle' });
      await page.waitForTimeout(300);
      const name = `${p.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${sizeName}-${theme}.png`;
      await page.screenshot({ path: path.join(outDir, name), fullPage: true });
      console.log(name);
    }
    await context.close();
  }
}
await browser.close();
