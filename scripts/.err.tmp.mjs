import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu'] });
const page = await browser.newPage();
page.on('console', async (m) => console.log(m.type(), m.text().slice(0, 500)));
page.on('pageerror', (e) => console.log('pageerror', e.stack));
await page.goto(process.argv[2]);
await page.waitForTimeout(4000);
console.log(await page.locator('main, body').first().innerText());
await browser.close();
