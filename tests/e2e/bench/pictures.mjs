// Opt-in browser benchmark (not part of CI): the longest task on the page's thread while each
// picture of the hostile corpus (tests/fixtures/hostile/corpus.mjs) is chosen, old build
// against new in the same run (issue 55). Each build's dist/ is served on loopback; each file
// is chosen in a fresh profile at 1280x800 (no clicks: the picture's own cost). A page that has
// not said "drawn" or "refused" within `--limit` seconds (8) and does not answer a script is
// counted frozen (a page that answers but has not finished: "no answer"), and its browser is
// closed.
//
//   node tests/e2e/bench/pictures.mjs OLD_DIST NEW_DIST [--limit 8] [--only NAME,NAME]
//
// Prints a JSON line per file and build, then a Markdown table.
import { chromium } from 'playwright-core';
import { serve } from './serve-gzip.mjs';
import { corpus } from '../../fixtures/hostile/corpus.mjs';
import { bytesIntoPage } from '../helpers.mjs';

const args = process.argv.slice(2);
const take = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args.splice(at, 2)[1] : fallback;
};
const limit = Number(take('--limit', '8')) * 1000;
const only = take('--only', '').split(',').filter(Boolean);
const dirs = args;
if (dirs.length === 0) {
  console.error('usage: pictures.mjs DIST [DIST...] [--limit SECONDS] [--only NAME,...]');
  process.exit(2);
}

const launch = () => chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
/** `promise`, or `fallback` after `ms`. */
const within = (promise, ms, fallback) => Promise.race([promise, new Promise((r) => setTimeout(() => r(fallback), ms))]);

/** Chooses `item` in the page: the bytes brought in small pieces first (see 30-pictures). */
async function choose(page, item) {
  await bytesIntoPage(page, item.bytes);
  await page.evaluate(async ([name, mime]) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(window.__parts, name, { type: mime }));
    window.__parts = [];
    await new Promise((r) => setTimeout(r, 100));
    window.__tasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__tasks.push(e.duration);
    }).observe({ type: 'longtask' });
    const input = document.querySelector('#picture-file');
    input.files = transfer.files;
    window.__t0 = performance.now();
    // Dispatched after this script returns, so that a picture that blocks the page does not
    // block this call too.
    setTimeout(() => input.dispatchEvent(new Event('change', { bubbles: true })), 0);
  }, [item.name, item.mime]);
}

/** What the page did with the file, in its own time; `null` while it works; `undefined` when
 * the page did not answer within a second. */
const state = (page, name) => within(page.evaluate((name) => {
  const url = document.querySelector('[role=grid]').style.getPropertyValue('--picture');
  const error = document.querySelector('#picture-error')?.textContent ?? '';
  const result = url ? 'drawn' : error.startsWith(name) ? 'refused' : null;
  return { result, ms: Math.round(performance.now() - window.__t0), longest: Math.round(Math.max(0, ...window.__tasks)) };
}, name), 1000, undefined);

const servers = await Promise.all(dirs.map((dir) => serve(dir)));
let browser = await launch();
const rows = new Map();
for (const item of corpus().filter((c) => only.length === 0 || only.includes(c.name))) {
  for (const [i, server] of servers.entries()) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${server.address().port}/?board=1,2,3,4,0,5,7,8,6`);
    await page.getByRole('grid').waitFor();
    await choose(page, item);
    const start = Date.now();
    let seen = null;
    while (Date.now() - start < limit) {
      seen = await state(page, item.name);
      if (seen?.result) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    if (seen?.result) {
      // A long task is reported once it has ended: a moment to let the last one in.
      await new Promise((r) => setTimeout(r, 300));
      seen = (await state(page, item.name)) ?? seen;
    }
    const row = seen?.result
      ? { result: seen.result, ms: seen.ms, longest: seen.longest }
      : { result: seen === undefined ? 'frozen' : 'no answer', ms: Date.now() - start, longest: null };
    console.log(JSON.stringify({ build: dirs[i], file: item.name, ...row }));
    if (!rows.has(item.name)) rows.set(item.name, []);
    rows.get(item.name)[i] = row;
    const closed = await within(context.close().then(() => true), 5000, false);
    if (!closed || !row.result || row.result === 'frozen') {
      await within(browser.close(), 5000, null);
      browser = await launch();
    }
  }
}
await browser.close();
for (const server of servers) server.close();

const cell = (r) => (r.longest == null ? `**${r.result}** (no answer in ${Math.round(r.ms / 1000)} s)` : `${r.result} in ${r.ms} ms; longest task ${r.longest} ms`);
console.log(`\n| file | ${dirs.map((d) => d.split('/').filter(Boolean).pop()).join(' | ')} |`);
console.log(`|---|${dirs.map(() => '---').join('|')}|`);
for (const [name, byBuild] of rows) console.log(`| ${name} | ${byBuild.map(cell).join(' | ')} |`);
