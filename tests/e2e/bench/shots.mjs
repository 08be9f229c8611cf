// Screenshots of the first screen for a look (not a test): desktop 1280x800 and a 360x640
// phone, light and dark, fresh profile. BASE_URL=... node tests/e2e/bench/shots.mjs OUTDIR [query]
import { chromium } from 'playwright-core';
const [out = '/tmp/shots', query = ''] = process.argv.slice(2);
const BASE = (process.env.BASE_URL || 'http://127.0.0.1:8080').replace(/\/$/, '');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const [name, viewport, device] of [['desktop', { width: 1280, height: 800 }, {}], ['phone', { width: 360, height: 640 }, { hasTouch: true, isMobile: true }]]) {
  for (const scheme of ['light', 'dark']) {
    const context = await browser.newContext({ viewport, colorScheme: scheme, ...device });
    const page = await context.newPage();
    await page.goto(`${BASE}/${query}`);
    await page.getByRole('grid').waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${out}/${name}-${scheme}.png` });
    await page.screenshot({ path: `${out}/${name}-${scheme}-full.png`, fullPage: true });
    await page.locator('#solve').click();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `${out}/${name}-${scheme}-playing.png` });
    await context.close();
  }
}
await browser.close();
