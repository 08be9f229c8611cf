// Where the first screen's parts are, before and after Solve (a look while laying out).
import { chromium } from 'playwright-core';
const BASE = (process.env.BASE_URL || 'http://127.0.0.1:8080').replace(/\/$/, '');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const [name, viewport, device] of [['desktop', { width: 1280, height: 800 }, {}], ['phone', { width: 360, height: 640 }, { hasTouch: true, isMobile: true }]]) {
  const page = await (await browser.newContext({ viewport, ...device })).newPage();
  await page.goto(`${BASE}/${process.argv[2] || '?size=5'}`);
  await page.getByRole('grid').waitFor();
  const boxes = async () => page.evaluate(() => Object.fromEntries(['.top', '.top h1', '#how-to-open', '#theme', '.toolbar', '#size', '#scramble', '#solve', '#cancel', '#more', '#stage', '[role=grid]', '.play .playback', '#solving-line', '.tabs'].map((s) => {
    const e = document.querySelector(s); if (!e) return [s, null]; const r = e.getBoundingClientRect(); return [s, `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`];
  })));
  console.log(name, 'first', await boxes(), 'scrollY', await page.evaluate(() => scrollY));
  await page.locator('#solve').click();
  await page.waitForTimeout(1500);
  console.log(name, 'solving', await boxes(), 'scrollY', await page.evaluate(() => scrollY));
}
await browser.close();
