// Watch it solve at once: a fresh profile on a desktop and a phone, 3x3 to 8x8, the first tile
// moves soon after Solve, every change of the drawn board is one legal slide, the played path
// ends at the goal (3x3-5x5 at the fastest speed), and a 6x6 answer gets shorter while it
// plays. The real timings are measured by tests/e2e/bench/watch.mjs; the limit here is generous.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, board, shot, record } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const DESKTOP = { viewport: { width: 1280, height: 800 }, device: {} };
const PHONE = { viewport: { width: 360, height: 640 }, device: { hasTouch: true, isMobile: true } };
/** Generous on a shared 2-core machine; the benchmark reports the real figure. */
const FIRST_MOVE_LIMIT_MS = 3000;

/** Records every change of the drawn board (in the page, from the click on Solve). */
async function watchBoard(page) {
  await page.evaluate(() => {
    const grid = document.querySelector('[role=grid]');
    window.__boards = [grid.dataset.board];
    window.__times = [];
    window.__lengths = [];
    window.addEventListener('click', (e) => {
      if (e.target.closest('#solve')) window.__click = performance.now();
    }, { capture: true });
    new MutationObserver(() => {
      const now = grid.dataset.board;
      if (now !== window.__boards[window.__boards.length - 1]) {
        window.__boards.push(now);
        window.__times.push(performance.now());
      }
      const length = document.querySelector('#playing-length')?.dataset.length;
      if (length && Number(length) !== window.__lengths[window.__lengths.length - 1]) {
        window.__lengths.push(Number(length));
      }
    }).observe(document.body, { subtree: true, attributes: true, childList: true });
  });
}

/** Each change of the board is one slide: the blank swaps with a tile beside it. */
function assertLegalSlides(boards, width) {
  for (let i = 1; i < boards.length; i++) {
    const a = boards[i - 1].split(' ').map(Number);
    const b = boards[i].split(' ').map(Number);
    const differ = a.map((v, k) => (v !== b[k] ? k : -1)).filter((k) => k >= 0);
    assert.equal(differ.length, 2, `change ${i} moves one tile: ${boards[i - 1]} -> ${boards[i]}`);
    const [p, q] = differ;
    assert.ok(a[p] === 0 || a[q] === 0, `change ${i} moves the blank`);
    assert.equal(a[p], b[q]);
    assert.equal(a[q], b[p]);
    const [rp, cp, rq, cq] = [Math.floor(p / width), p % width, Math.floor(q / width), q % width];
    assert.equal(Math.abs(rp - rq) + Math.abs(cp - cq), 1, `change ${i} is between neighbours`);
  }
}

function goalOf(size) {
  return [...Array(size * size - 1).keys()].map((k) => k + 1).concat(0).join(' ');
}

async function solveAndFirstMove(page, size, name) {
  await watchBoard(page);
  const start = (await board(page)).join(' ');
  assert.notEqual(start, goalOf(size), 'the first screen is scrambled');
  await page.locator('#solve').click();
  await page.waitForFunction(() => window.__times.length > 0, null, { timeout: 20_000 });
  const firstMs = await page.evaluate(() => window.__times[0] - window.__click);
  record(`watch_first_move_ms_${name}`, Math.round(firstMs));
  assert.ok(firstMs < FIRST_MOVE_LIMIT_MS, `${name}: first move ${firstMs.toFixed(0)} ms after Solve`);
  // The line under the board says that the rest is still being shortened (big boards).
  return start;
}

for (const [label, screen] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  test(`${label}: on 3x3 to 8x8 a tile moves soon after Solve, one legal slide at a time`, async () => {
    for (const size of [3, 4, 5, 6, 7, 8]) {
      const page = await open(browser, `?size=${size}`, screen.viewport, screen.device);
      await solveAndFirstMove(page, size, `${size}x${size}_${label}`);
      if (size === 6 && label === 'desktop') {
        // The answer playing gets shorter while it plays, and the line says so.
        await page.waitForFunction(() => window.__lengths.length >= 2, null, { timeout: 20_000 });
        const lengths = await page.evaluate(() => window.__lengths);
        assert.ok(lengths[lengths.length - 1] < lengths[0], `6x6 shortened while playing: ${lengths}`);
        assert.match(await page.locator('#solving-line').textContent(), /Playing move \d+ of \d+/);
        await shot(page, `21-watch-6x6-${label}`, { fullPage: false });
      }
      if (size <= 5 && label === 'desktop') {
        await page.selectOption('#speed', '50');
        await page.waitForFunction((goal) => document.querySelector('[role=grid]').dataset.board === goal,
          goalOf(size), { timeout: 60_000 });
      }
      const boards = await page.evaluate(() => window.__boards);
      assertLegalSlides(boards, size);
      if (size <= 5 && label === 'desktop') {
        assert.equal(boards[boards.length - 1], goalOf(size), `${size}x${size}: the played path ends at the goal`);
      }
      if (size === 5) await shot(page, `21-watch-5x5-${label}`, { fullPage: false });
      assert.deepEqual(page.problems, []);
      await page.context().close();
    }
  });
}
