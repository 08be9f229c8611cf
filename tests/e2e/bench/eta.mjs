// Opt-in browser benchmark (not part of CI): how right the build line's "about N s left" is.
// In a fresh profile with the shipped tables' download refused (as offline), so the tables are
// built in the tab, it reads the estimate every 250 ms until the build ends, and compares each
// with the time that was in fact left.
//
//   node tests/e2e/bench/eta.mjs [--runs 1]
//
// Builds: the 4x4 pattern databases (7-7-1, for an 80-move position, blank-first goal) and
// the big-board tables of a 6x6 (the standard goal's 5x5 core). BASE_URL: the served release
// build (default http://127.0.0.1:8080). Prints one JSON line per build: its duration and the
// estimate over the truth at 10, 25, 50 and 75 % of the build, and the extremes past 5 %.
import { launch, BASE_URL } from '../helpers.mjs';

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1] || 1);
const cases = [
  { name: '4x4 7-7-1', query: '?size=4x4&board=15,10,8,12,11,14,9,13,2,6,5,1,3,7,4,0&goal=blank-first', minEntries: 100_000_000 },
  { name: '6x6 big-board core', query: '?size=6x6', minEntries: 10_000_000, scramble: true },
];

async function measure(browser, c) {
  const context = await browser.newContext();
  await context.route('**/tables/**', (route) => route.abort('internetdisconnected'));
  const page = await context.newPage();
  await page.goto(`${BASE_URL}/${c.query}`);
  await page.getByRole('grid').waitFor();
  if (await page.locator('#budget').count()) await page.selectOption('#budget', '2000');
  if (c.scramble) await page.getByRole('button', { name: 'Scramble', exact: true }).click();
  await page.locator('#solve').click();
  const samples = [];
  let began = null;
  for (;;) {
    const seen = await page.evaluate(() => {
      const status = document.querySelector('#pdb-status');
      return {
        source: status?.getAttribute('data-source'),
        left: status?.getAttribute('data-seconds-left'),
        text: status?.textContent || '',
        value: Number(document.querySelector('#pdb-progress')?.value || 0),
      };
    });
    const total = Number((/of ([\d,]+) entries/.exec(seen.text) || ['', '0'])[1].replace(/,/g, ''));
    const now = Date.now();
    if (seen.source === 'building' && total >= c.minEntries) {
      if (began === null) began = now;
      if (seen.left != null) samples.push({ at: now, left: Number(seen.left), percent: seen.value });
    } else if (began !== null && seen.source !== 'building') {
      const end = now;
      await context.close();
      const ratios = samples.map((s) => ({ percent: s.percent, ratio: s.left / ((end - s.at) / 1000) }));
      const at = (p) => ratios.find((r) => r.percent >= p)?.ratio ?? null;
      const late = ratios.filter((r) => r.percent >= 5 && (end - samples[ratios.indexOf(r)].at) > 2000);
      return {
        build: c.name,
        seconds: (end - began) / 1000,
        estimate_over_truth: { at10: at(10), at25: at(25), at50: at(50), at75: at(75) },
        min_past_5pct: Math.min(...late.map((r) => r.ratio)),
        max_past_5pct: Math.max(...late.map((r) => r.ratio)),
      };
    }
    await page.waitForTimeout(250);
  }
}

const browser = await launch();
for (let i = 0; i < runs; i++) {
  for (const c of cases) console.log(JSON.stringify(await measure(browser, c)));
}
await browser.close();
