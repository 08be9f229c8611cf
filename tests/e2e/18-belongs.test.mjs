// Issue 16: every answer shown belongs to the board on screen. A size change or a hand move
// during a solve stops it at once (its worker terminated, Solve free at once), and nothing
// computed for the board before is shown, charted or exported; a broken picture file is
// refused with a message and the old tiles stay.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, board, shot } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

// Korf's first 15-puzzle: far beyond blind search, so a BFS on it runs until stopped.
const KORF_1 = '14,13,15,7,11,12,9,5,6,0,2,1,4,8,10,3';

/** The page's workers still alive, once the page has started its own. */
const alive = (page) => page.workersSeen.filter((w) => !w.closed).length;

/** Waits (at most 5 s) until `n` workers are alive, and says how many there were. */
async function settle(page, n) {
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline && alive(page) !== n) await page.waitForTimeout(50);
  return alive(page);
}

/** Waits until the solver worker has started with the page, and returns how many run. */
async function idleWorkers(page) {
  for (let i = 0; i < 100 && page.workersSeen.length === 0; i++) await page.waitForTimeout(50);
  await page.waitForTimeout(300);
  return alive(page);
}

/** Nothing of another board is on the page: no result, chart or export of moves. */
async function nothingShown(page, why) {
  assert.equal(await page.locator('#result').count(), 0, `${why}: no result`);
  assert.equal(await page.locator('#search-chart').count(), 0, `${why}: no depth chart`);
  assert.ok(await page.locator('#export-moves').isDisabled(), `${why}: nothing to export`);
}

const solve = (page) => page.getByRole('button', { name: 'Solve', exact: true });

test('a size change during a BFS solve stops it: Solve free at once, no old answer, no worker left', async () => {
  const page = await open(browser, `?size=4x4&board=${KORF_1}&goal=blank-first&method=bfs`);
  const idle = await idleWorkers(page);
  await solve(page).click();
  await page.waitForFunction(() => /Expanded [\d,]+ nodes/.test(document.querySelector('#progress')?.textContent || ''));
  const busy = page.workersSeen.filter((w) => !w.closed);
  await page.locator('#size').selectOption('3x3');
  assert.match(await page.locator('#notice').textContent(), /size changed: the solve for the board before was stopped/);
  assert.ok(await solve(page).isEnabled(), 'Solve works on the 3x3 at once');
  assert.equal(await page.locator('#progress').count(), 0, 'no progress line of the old solve');
  // The new size is a new scrambled game, whose exact count ("Moves from here") starts the
  // coach's worker: one more than before, none for the old board.
  assert.equal(await settle(page, idle + 1), idle + 1, 'the busy worker was terminated, a fresh one waits');
  assert.ok(busy.some((w) => w.closed), 'the worker that was solving the 4x4 is gone');
  await page.waitForTimeout(1000);
  await nothingShown(page, 'after the size change');
  // The fresh worker solves the 3x3 on screen.
  await page.getByRole('button', { name: 'Scramble', exact: true }).click();
  await solve(page).click();
  await page.locator('#length').waitFor();
  assert.match(await page.locator('#result-for').textContent(), /board|For the board on screen/);
  await shot(page, '18-size-change-during-bfs');
  assert.deepEqual(page.problems, []);
});

test('a hand move right after Solve: the solve stops and its answer never shows', async () => {
  const page = await open(browser, '?board=8,6,7,2,5,4,3,0,1&method=bfs');
  const idle = await idleWorkers(page);
  const before = page.workersSeen.filter((w) => !w.closed);
  // Solve, then the tile above the blank (the blank is in cell 7), in one go: the hand move
  // lands before any answer can (a worker's reply is a later task) and before the page
  // renders the solve, so the page is idle at both renders though the request was sent.
  await page.evaluate(() => {
    const solveButton = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Solve');
    solveButton.click();
    document.querySelector('[role=grid] button[data-cell="4"]').click();
  });
  const moved = await board(page);
  assert.deepEqual(moved, [8, 6, 7, 2, 0, 4, 3, 5, 1], 'the hand move was made');
  await page.waitForTimeout(1500);
  await nothingShown(page, 'after the hand move');
  assert.ok(await solve(page).isEnabled(), 'Solve is free');
  assert.deepEqual(await board(page), moved, 'the board stays as the hand left it');
  assert.equal(await settle(page, idle), idle, 'no worker left running for the old board');
  assert.ok(before.some((w) => w.closed), 'the worker sent the old board was terminated');
  await shot(page, '18-hand-move-after-solve');
  assert.deepEqual(page.problems, []);
});

test('a size change during an 8x8 anytime solve with its first answer shown', async () => {
  const page = await open(browser, '?size=8x8');
  const idle = await idleWorkers(page);
  await page.getByRole('button', { name: 'Scramble', exact: true }).click();
  await solve(page).click();
  await page.locator('.answers-play .answer').first().waitFor({ timeout: 20_000 });
  await page.locator('#size').selectOption('3x3');
  assert.match(await page.locator('#notice').textContent(), /size changed: the solve for the board before was stopped/);
  assert.ok(await solve(page).isEnabled(), 'Solve works on the 3x3 at once');
  assert.equal(await page.locator('#cancel').count(), 0, 'nothing left to cancel');
  assert.equal(await page.locator('.answers-play .answer').count(), 0, 'no 8x8 answer offered');
  // The new size is a new scrambled game, whose exact count ("Moves from here") starts the
  // coach's worker: one more than before, none for the old board.
  assert.equal(await settle(page, idle + 1), idle + 1, 'the 8x8 worker was terminated');
  await page.waitForTimeout(1000);
  await nothingShown(page, 'after leaving the 8x8');
  await shot(page, '18-size-change-during-anytime');
  assert.deepEqual(page.problems, []);
});

test('a picture file that does not decode is refused and the old tiles stay', async () => {
  const page = await open(browser, '?board=8,1,3,4,0,2,7,6,5');
  const junk = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256));
  await page.locator('#picture-file').setInputFiles({ name: 'holiday.png', mimeType: 'image/png', buffer: junk });
  const error = page.locator('#picture-error');
  await error.waitFor();
  assert.match(await error.textContent(), /holiday\.png could not be read as an image/);
  assert.equal(await page.locator('.board.picture').count(), 0, 'the tiles keep their numbers');
  const image = await page.locator('[role=grid] .tile:not(.blank)').first().evaluate((e) => getComputedStyle(e).backgroundImage);
  assert.doesNotMatch(image, /url\(/, 'no picture on the tiles');
  await shot(page, '18-broken-picture');
  assert.deepEqual(page.problems, []);
});
