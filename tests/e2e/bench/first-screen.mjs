// The first screen of one or more builds, side by side (issue 37): where Size, Scramble and
// Solve are in a fresh 1280x800 desktop and a 360x640 phone, whether each is in view without
// scrolling (above a phone's fixed tab bar), and after Solve on 5x5 whether the page scrolled
// and the board, Cancel and the playback bar are in view. `--boards N` fresh profiles a build
// and screen (default 3), each with its own random 5x5, so a figure is not one board's.
//   node tests/e2e/bench/first-screen.mjs http://127.0.0.1:PORT_OLD http://127.0.0.1:PORT_NEW [--boards N]
import { chromium } from 'playwright-core';

const args = process.argv.slice(2);
const at = args.indexOf('--boards');
const boards = at >= 0 ? Number(args.splice(at, 2)[1]) : 3;
const bases = args.map((b) => b.replace(/\/$/, ''));
const SCREENS = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true },
};
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });

/** The part's box and whether it is wholly in view (above a fixed tab bar). */
const where = (page, selectors) => page.evaluate((selectors) => {
  const bar = document.querySelector('.tabs');
  const floor = bar && getComputedStyle(bar).position === 'fixed' ? bar.getBoundingClientRect().top : innerHeight;
  const visible = (e) => e && e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const out = {};
  for (const [name, list] of Object.entries(selectors)) {
    const e = list.map((s) => [...document.querySelectorAll(s)].find(visible)).find(Boolean);
    if (!e) { out[name] = { y: null, inView: false }; continue; }
    const r = e.getBoundingClientRect();
    out[name] = { y: Math.round(r.bottom + scrollY), inView: r.top >= 0 && r.bottom <= Math.min(innerHeight, floor) + 1 };
  }
  return out;
}, selectors);

const rows = [];
for (const base of bases) {
  for (const [screen, options] of Object.entries(SCREENS)) {
    let first = 0; let playing = 0; let scrolled = 0; const worst = {};
    for (let run = 1; run <= boards; run += 1) {
      const context = await browser.newContext(options);
      const page = await context.newPage();
      await page.goto(`${base}/?size=5`);
      await page.getByRole('grid').waitFor();
      const parts = await where(page, { board: ['[role=grid]'], size: ['#size'], scramble: ['#scramble'], solve: ['#solve'] });
      if (Object.values(parts).every((p) => p.inView)) first += 1;
      for (const [k, v] of Object.entries(parts)) worst[k] = Math.max(worst[k] ?? 0, v.y ?? Infinity);
      await page.locator('#solve').first().click();
      await page.locator('.play .playback').waitFor({ timeout: 10_000 });
      await page.waitForTimeout(300);
      if (await page.evaluate(() => scrollY) > 0) scrolled += 1;
      const during = await where(page, { board: ['[role=grid]'], cancel: ['#cancel'], playback: ['.play .playback'] });
      if (Object.values(during).every((p) => p.inView)) playing += 1;
      await context.close();
    }
    rows.push({ build: base, screen, boards, firstScreenAllInView: `${first}/${boards}`, solvingAllInView: `${playing}/${boards}`, scrolledOnSolve: `${scrolled}/${boards}`, lowestBottom: worst });
  }
}
console.log(JSON.stringify(rows, null, 1));
await browser.close();
