// Opt-in browser benchmark (not part of CI): a first visit on a phone network, old build against
// new in the same run (issue 54). Each build's dist/ is served compressed (gzip, as static hosts
// do: serve-gzip.mjs) and opened in fresh profiles on Chromium's slow 4G (1.6 Mbps down,
// 750 kbps up, 150 ms round trip), as a 1280x800 desktop and as a 360x640 phone with a 4x slower
// CPU. For each run: milliseconds from navigation to the board drawn, to the first tile slid by
// a tap (a tap is tried every 50 ms on a tile that can move, on whichever board is on screen,
// until the move count says 1), to the app drawn (its wasm come and run), and the bytes that
// came over the network before the board and before the slide.
//
//   node tests/e2e/bench/first-load.mjs OLD_DIST NEW_DIST [--runs N] [--brotli]
//
// `--brotli`: served with Brotli where the browser accepts it (hosts that precompress do), else
// gzip.
//
// Prints a JSON line per run and a table of medians.
import { chromium } from 'playwright-core';
import { serve } from './serve-gzip.mjs';

const args = process.argv.slice(2);
const at = args.indexOf('--runs');
const runs = at >= 0 ? Number(args.splice(at, 2)[1]) : 5;
const brotli = args.includes('--brotli');
if (brotli) args.splice(args.indexOf('--brotli'), 1);
const dirs = args;
if (dirs.length === 0) {
  console.error('usage: first-load.mjs DIST [DIST...] [--runs N]');
  process.exit(2);
}
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8) * 0.9, uploadThroughput: (750e3 / 8) * 0.9 };
const PROFILES = {
  desktop: { context: { viewport: { width: 1280, height: 800 } }, cpu: 1 },
  phone: { context: { viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true }, cpu: 4 },
};

// In the page: when a board is first drawn, when the first move is counted, and a tap every
// 50 ms on a tile that can slide (the app's, not the prerendered copy's).
const PROBE = () => {
  const t = (window.__firstLoad = {});
  const tick = () => {
    const board = document.querySelector('.board');
    if (!t.board && board && board.getBoundingClientRect().width > 0 && getComputedStyle(board).visibility !== 'hidden'
      && board.offsetParent !== null) t.board = performance.now();
    const count = document.querySelector('#move-count');
    if (!t.slid && count && Number(count.dataset.moves) >= 1) t.slid = performance.now();
    if (!t.app && document.querySelector('#app')?.childElementCount) t.app = performance.now();
    if (!t.slid || !t.app) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  // Whichever board is on screen: the first screen's (its tiles slide before the wasm where the
  // build has web/first-taps.js) or the app's.
  const tap = setInterval(() => {
    if (t.slid) { clearInterval(tap); return; }
    const tile = [...document.querySelectorAll('.tile.movable')].find((e) => e.offsetParent !== null);
    tile?.click();
  }, 50);
};

const median = (xs) => {
  const s = xs.filter((x) => x != null).sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : null;
};

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const table = [];
for (const dir of dirs) {
  const server = await serve(dir, 0, brotli);
  const base = `http://127.0.0.1:${server.address().port}/`;
  for (const [profile, { context: options, cpu }] of Object.entries(PROFILES)) {
    const rows = [];
    for (let run = 0; run < runs; run += 1) {
      const context = await browser.newContext(options);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
      await page.addInitScript(PROBE);
      await page.goto(base, { waitUntil: 'commit' });
      await page.waitForFunction(() => window.__firstLoad?.slid && window.__firstLoad?.app, null, { timeout: 60_000, polling: 100 });
      const row = await page.evaluate(() => {
        const t = window.__firstLoad;
        const entries = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')];
        const before = (ms) => entries.filter((e) => e.responseEnd <= ms).reduce((n, e) => n + (e.transferSize || 0), 0);
        return { board_ms: Math.round(t.board), slide_ms: Math.round(t.slid), app_ms: Math.round(t.app), bytes_before_board: before(t.board), bytes_before_slide: before(t.slid) };
      });
      rows.push(row);
      console.log(JSON.stringify({ build: dir, profile, run, ...row }));
      await context.close();
    }
    table.push({
      build: `${dir}${brotli ? ' (br)' : ''}`, profile, runs,
      board_ms: median(rows.map((r) => r.board_ms)),
      slide_ms: median(rows.map((r) => r.slide_ms)),
      app_ms: median(rows.map((r) => r.app_ms)),
      bytes_before_board: median(rows.map((r) => r.bytes_before_board)),
      bytes_before_slide: median(rows.map((r) => r.bytes_before_slide)),
    });
  }
  server.close();
}
console.log('\n| build | profile | runs | board drawn (ms, median) | first slide (ms) | app drawn (ms) | bytes before the board | bytes before the slide |');
console.log('|---|---|---|---|---|---|---|---|');
for (const r of table) {
  console.log(`| ${r.build} | ${r.profile} | ${r.runs} | ${r.board_ms} | ${r.slide_ms} | ${r.app_ms} | ${r.bytes_before_board} | ${r.bytes_before_slide} |`);
}
await browser.close();
