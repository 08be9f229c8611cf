// Issue 54, the first screen before the code arrives: index.html itself holds the page's first
// screen (header, Size, Scramble, Solve, the board, How to play), drawn at build time by the
// app's own components; with the wasm held back it is on screen, and when the wasm comes the app
// takes its place with the very same board, which then slides at a tap. The first screen's
// tiles slide too, before the wasm (web/first-taps.js), and the app goes on from those taps
// (and makes a Solve pressed there).
// A link's page and a How to play dismissed before are not shown from the build's screen.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, shot, board, BASE_URL, bfsDistance, STANDARD_3 } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** A fresh page whose wasm files are held until `release()` is called. */
async function heldBack(query = '', device = { viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true }, init) {
  const context = await browser.newContext(device);
  const page = await context.newPage();
  page.problems = [];
  page.on('pageerror', (e) => page.problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') page.problems.push(`console: ${m.text()}`); });
  if (init) await page.addInitScript(init);
  let release;
  const gate = new Promise((r) => { release = r; });
  await page.route('**/*.wasm', async (route) => { await gate; await route.continue(); });
  await page.goto(`${BASE_URL}/${query}`);
  return { page, release };
}

test('the HTML holds the first screen: header, toolbar, a scrambled board and How to play', async () => {
  const html = await (await fetch(`${BASE_URL}/`)).text();
  const screen = html.match(/<div id="prerendered" aria-hidden="true" data-seed="(\d+)">([\s\S]*?)<\/div>\s*<!-- Its tiles slide/);
  assert.ok(screen, 'index.html has the prerendered first screen');
  for (const part of ['<header class="top"', 'id="size"', 'id="scramble"', 'id="solve"', 'role="grid"', 'id="how-to-play"']) {
    assert.ok(screen[2].includes(part), `the first screen has ${part}`);
  }
  const cells = screen[2].match(/role="grid"[^>]*data-board="([\d ]+)"|data-board="([\d ]+)"[^>]*role="grid"/);
  assert.ok(cells, 'the board names its cells');
  const board = (cells[1] ?? cells[2]).split(' ').map(Number);
  assert.deepEqual([...board].sort((a, b) => a - b), [0, 1, 2, 3, 4, 5, 6, 7, 8], 'a 3x3 board');
  assert.notDeepEqual(board, [1, 2, 3, 4, 5, 6, 7, 8, 0], 'scrambled');
});

test('phone: the board shows before the wasm, and the app takes its place with the same board', async () => {
  const { page, release } = await heldBack();
  const before = page.locator('#prerendered [role=grid]');
  await before.waitFor({ state: 'visible' });
  const box = await before.boundingBox();
  assert.ok(box.width > 200 && box.y < 300, `the board is on the first screen: ${JSON.stringify(box)}`);
  assert.ok(await page.locator('#prerendered #solve').isVisible());
  assert.equal(await page.locator('#loading').isVisible(), false, 'no loading text over a board');
  const cells = await before.getAttribute('data-board');
  await shot(page, '29-first-screen-before-wasm', { fullPage: false });
  release();
  const grid = page.getByRole('grid');
  await grid.waitFor();
  assert.equal(await grid.getAttribute('data-board'), cells, 'the same board');
  assert.equal(await page.locator('#prerendered, #loading').count(), 0, 'the copy and the loading text are gone');
  assert.equal(await page.locator('#solve').count(), 1, 'one Solve');
  const after = await grid.boundingBox();
  assert.ok(Math.abs(after.y - box.y) <= 2 && Math.abs(after.width - box.width) <= 2, `the board stays put: ${JSON.stringify(box)} then ${JSON.stringify(after)}`);
  // The tiles slide at once: tap a tile beside the blank.
  const tiles = cells.split(' ').map(Number);
  const blank = tiles.indexOf(0);
  const next = blank % 3 > 0 ? blank - 1 : blank + 1;
  await page.locator('#app .tile').nth(next).tap();
  await page.waitForFunction(() => Number(document.querySelector('#move-count')?.dataset.moves) === 1, null, { timeout: 5_000 });
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('phone: the first screen\'s tiles slide at a tap before the wasm, and the app goes on from there', async () => {
  const { page, release } = await heldBack();
  const grid = page.locator('#prerendered [role=grid]');
  await grid.waitFor({ state: 'visible' });
  // What each cell shows, as the app's board marks it.
  const cells = (scope) => page.locator(`${scope} [role=grid] button[data-cell]`).evaluateAll((buttons) => buttons.map((b) => ({
    tile: b.dataset.tile ?? null, text: b.textContent,
    blank: b.classList.contains('blank'), home: b.classList.contains('home'), movable: b.classList.contains('movable'),
  })));
  const start = await board(page, grid);
  const blank = start.indexOf(0);
  // First tap: the far end of the blank's row (two tiles slide when the blank is at an end).
  const far = Math.floor(blank / 3) * 3 + (blank % 3 === 0 ? 2 : 0);
  await page.locator(`#prerendered [data-cell="${far}"]`).tap();
  const afterOne = await board(page, grid);
  assert.notDeepEqual(afterOne, start, 'the tap slid tiles on the first screen');
  assert.equal(afterOne[far], 0, 'the tapped cell is the blank now');
  assert.deepEqual([...afterOne].sort(), [...start].sort(), 'the same tiles');
  const oneShown = await cells('#prerendered');
  // Second tap: a tile in the blank's column.
  const up = far >= 3 ? far - 3 : far + 3;
  await page.locator(`#prerendered [data-cell="${up}"]`).tap();
  const afterTwo = await board(page, grid);
  assert.equal(afterTwo[up], 0);
  // A move a tile, as the app counts them: the first tap slid one or two, the second one.
  const moves = String(Math.abs(far - blank) + 1);
  assert.equal(await page.locator('#prerendered #move-count').getAttribute('data-moves'), moves);
  assert.match(await page.locator('#prerendered #move-count').textContent(), new RegExp(`Moves: ${moves}\\b`));
  const shown = await cells('#prerendered');
  assert.equal(await page.locator('#prerendered #invitation').isVisible(), false, 'the invitation goes after a move');
  // The first board's bound drawn at build time is not shown for this one.
  assert.doesNotMatch(await page.locator('#prerendered #optimal-count').textContent(), /\d/);
  await shot(page, '29-first-screen-tapped-before-wasm', { fullPage: false });
  release();
  const app = page.getByRole('grid');
  await app.waitFor();
  assert.equal(await page.locator('#prerendered').count(), 0);
  assert.deepEqual(await board(page, app), afterTwo, 'the app plays the same taps');
  assert.deepEqual(await cells('#app'), shown, 'each cell as the app shows it: tile, text, blank, home, movable');
  assert.equal(await page.locator('#move-count').getAttribute('data-moves'), moves, 'the app counts the same moves');
  await page.locator('#undo').tap();
  await page.waitForFunction((left) => document.querySelector('#move-count')?.dataset.moves === left, String(moves - 1));
  assert.deepEqual(await board(page, app), afterOne, 'Undo takes back the second tap');
  assert.deepEqual(await cells('#app'), oneShown);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('desktop: Got it and Solve pressed on the first screen are kept; the app solves the board the taps left', async () => {
  const { page, release } = await heldBack('', { viewport: { width: 1280, height: 800 } });
  const grid = page.locator('#prerendered [role=grid]');
  await grid.waitFor({ state: 'visible' });
  // Got it on How to play hides it there, and the app does not show it again.
  await page.locator('#prerendered #how-to-close').click();
  assert.equal(await page.locator('#prerendered #how-to-play').isVisible(), false);
  await page.locator('#prerendered .tile.movable').first().click();
  const tapped = await board(page, grid);
  const solve = page.locator('#prerendered #solve');
  await solve.click();
  assert.match(await solve.getAttribute('class'), /\bpressed\b/, 'the press shows');
  assert.equal(await solve.getAttribute('aria-busy'), 'true');
  await page.locator('#prerendered .tile.movable').first().click();
  assert.deepEqual(await board(page, grid), tapped, 'no taps after the press');
  await shot(page, '29-first-screen-solve-pressed', { fullPage: false });
  release();
  const length = page.locator('#result #length');
  await length.waitFor({ timeout: 30_000 });
  assert.equal(Number(await length.getAttribute('data-length')), bfsDistance(tapped, STANDARD_3, 3),
    'the answer is the shortest from the board the tap left');
  assert.equal(await page.locator('#prerendered').count(), 0);
  assert.equal(await page.locator('#how-to-play').count(), 0, 'How to play stays dismissed');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('a link\'s page says it is loading instead; How to play dismissed before stays away', async () => {
  const linked = await heldBack('?size=4');
  await linked.page.locator('#loading').waitFor({ state: 'visible' });
  assert.equal(await linked.page.locator('#prerendered').isVisible(), false, 'not the build\'s 3x3 for a 4x4 link');
  linked.release();
  await linked.page.getByRole('grid').waitFor();
  assert.equal((await linked.page.getByRole('grid').getAttribute('data-board')).split(' ').length, 16);
  await linked.page.context().close();

  const seen = await heldBack('', { viewport: { width: 1280, height: 800 } }, () => localStorage.setItem('how-to-play-seen', '1'));
  await seen.page.locator('#prerendered [role=grid]').waitFor({ state: 'visible' });
  assert.equal(await seen.page.locator('#prerendered #how-to-play').isVisible(), false);
  seen.release();
  await seen.page.getByRole('grid').waitFor();
  assert.equal(await seen.page.locator('#how-to-play').count(), 0);
  assert.deepEqual(seen.page.problems, []);
  await seen.page.context().close();
});
