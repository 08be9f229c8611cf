// Issue 20, points 2, 4 and 5: a first screen with something to do (a scrambled board, an
// invitation, a loading text before the wasm), playing by hand (undo and redo by button and
// keyboard, a move counter and a timer from the first move, the result in words with the
// shortest length, the best results kept in the browser), a counter that says what it counts
// during playback, and "Solved!" only once the last tile has stopped sliding.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, board, shot, tile, bfsDistance, BASE_URL, STANDARD_3, moreOptions } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const DESKTOP = { width: 1280, height: 800 };
const text = (page, selector) => page.locator(selector).textContent();
const moves = (page) => text(page, '#move-count');

/** A tile that can slide: one next to the blank, with the board after it slides. */
function neighbour(cells, width, avoid = null) {
  const blank = cells.indexOf(0);
  const height = cells.length / width;
  const [row, col] = [Math.floor(blank / width), blank % width];
  for (const [dr, dc] of [[-1, 0], [1, 0], [0, -1], [0, 1]]) {
    const [r, c] = [row + dr, col + dc];
    if (r < 0 || c < 0 || r >= height || c >= width) continue;
    const n = cells[r * width + c];
    if (n === avoid) continue;
    const after = cells.slice();
    after[blank] = n;
    after[r * width + c] = 0;
    return { n, after };
  }
  throw new Error('no neighbour');
}

/** A screenshot once every tile has stopped sliding. */
async function still(page, name) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await shot(page, name);
}

/** Records, when "Solved!" appears, how many tiles were still sliding. */
const watchSolved = (page) => page.evaluate(() => {
  window.__runningAtSolved = null;
  new MutationObserver((_, observer) => {
    if (document.querySelector('#solved')) {
      // The tiles' slides (other animations, such as a progress bar's, do not count).
      window.__runningAtSolved = document.getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.target?.closest?.('[role=grid]')).length;
      observer.disconnect();
    }
  }).observe(document.body, { childList: true, subtree: true });
});

test('the first screen is a scrambled board with an invitation; hand moves are counted, timed, undone and redone', async () => {
  // Before the wasm is ready, the page's own HTML says it is loading.
  const html = await (await fetch(`${BASE_URL}/`)).text();
  assert.match(html, /<p id="loading"[^>]*>Loading the puzzle…<\/p>/);
  const page = await open(browser, '', DESKTOP);
  assert.equal(await page.locator('#loading').count(), 0, 'the loading text goes when the app draws');
  const start = await board(page);
  assert.notDeepEqual(start, STANDARD_3);
  assert.ok(bfsDistance(start, STANDARD_3, 3) > 0, `a solvable scramble: ${start}`);
  assert.equal(await page.locator('#invitation').textContent(), 'Slide a tile or press Solve.');
  assert.ok(await page.locator('#invitation').isVisible());
  assert.equal(await moves(page), 'Moves: 0');
  // The invitation stands where the timer goes (nothing to time yet), so the status line keeps
  // its height and the board does not move with the first move (22-first-minute).
  assert.equal(await page.locator('#timer').count(), 0);
  assert.ok(await page.locator('#undo').isDisabled() && await page.locator('#redo').isDisabled());
  await shot(page, '19-first-screen-desktop');

  // Two hand moves: a click, then another click; the timer starts with the first.
  const first = neighbour(start, 3);
  await tile(page, first.n).click();
  assert.deepEqual(await board(page), first.after);
  assert.equal(await page.locator('#timer').getAttribute('data-state'), 'running');
  assert.equal(await page.locator('#invitation').count(), 0, 'the invitation goes with the first move');
  const second = neighbour(first.after, 3, first.n);
  await tile(page, second.n).click();
  assert.deepEqual(await board(page), second.after);
  assert.equal(await moves(page), 'Moves: 2');

  // Undo by button, then by Ctrl+Z; redo by Ctrl+Shift+Z and Ctrl+Y.
  await page.locator('#undo').click();
  assert.deepEqual(await board(page), first.after);
  assert.equal(await moves(page), 'Moves: 1');
  await page.keyboard.press('Control+z');
  assert.deepEqual(await board(page), start);
  assert.equal(await moves(page), 'Moves: 0');
  assert.ok(await page.locator('#undo').isDisabled());
  await page.keyboard.press('Control+Shift+z');
  assert.deepEqual(await board(page), first.after);
  await page.keyboard.press('Control+y');
  assert.deepEqual(await board(page), second.after);
  assert.equal(await moves(page), 'Moves: 2');
  assert.ok(await page.locator('#redo').isDisabled(), 'nothing left to redo');
  // In a text field, Ctrl+Z is the field's own.
  await moreOptions(page);
  await page.locator('#edit').click();
  await page.locator('#board-text').press('Control+z');
  assert.equal(await moves(page), 'Moves: 2');
  await moreOptions(page);
  await page.locator('#edit').click();
  // The timer runs on.
  await page.waitForFunction(() => document.querySelector('#timer').textContent !== 'Time 0:00', null, { timeout: 5_000 });
  assert.match(await text(page, '#timer'), /^Time 0:0[1-9]$/);
  await still(page, '19-undo-redo-desktop');
  assert.deepEqual(page.problems, []);
});

test('solved by hand from a link: the result in words with the shortest length, the best kept after a reload', async () => {
  // Twelve moves of the blank from the goal (a walk around the board), so that the game
  // counts for the best (a board under 10 moves from the goal does not: 23-hints).
  const start = [4, 1, 2, 8, 3, 6, 5, 7, 0];
  const shortest = bfsDistance(start, STANDARD_3, 3);
  const page = await open(browser, `?board=${start.join(',')}`, DESKTOP);
  assert.deepEqual(await board(page), start, 'a share link opens its own board');
  assert.equal(await page.locator('#best').count(), 0, 'no best yet in a fresh browser');
  const cell = (c) => page.locator(`[role=grid] button[data-cell="${c}"]`);
  // Up and back down (2 wasted moves), then the walk back but its last move; wait for the
  // clock to show a second, then home.
  await cell(5).click();
  await cell(8).click();
  for (const c of [5, 4, 3, 6, 7, 4, 3, 0, 1, 2, 5]) await cell(c).click();
  await page.waitForFunction(() => document.querySelector('#timer').textContent !== 'Time 0:00', null, { timeout: 5_000 });
  await watchSolved(page);
  await cell(8).click();
  await page.locator('#solved').waitFor();
  assert.equal(await page.evaluate(() => window.__runningAtSolved), 0, '"Solved!" waits for the last slide');
  const result = page.locator('#hand-result');
  await page.waitForFunction(() => document.querySelector('#hand-result')?.dataset.shortest);
  const [, time] = (await result.textContent()).match(/^Solved in 14 moves and (0:0[1-9]) — the shortest is (\d+)$/) || [];
  assert.ok(time, `the result: ${await result.textContent()}`);
  assert.equal(await result.textContent(), `Solved in 14 moves and ${time} — the shortest is ${shortest}`);
  assert.equal(await page.locator('#timer').getAttribute('data-state'), 'stopped');
  assert.equal(await text(page, '#timer'), `Time ${time}`);
  assert.ok(await page.locator('#undo').isEnabled(), 'the winning move can be taken back (23-hints)');
  assert.equal(await text(page, '#best'), `Your best on 3x3: 14 moves · ${time}`);
  await still(page, '19-solved-by-hand-desktop');

  // The best survives a reload; garbage in the storage is ignored, without an error.
  await page.reload();
  await page.getByRole('grid').waitFor();
  assert.equal(await text(page, '#best'), `Your best on 3x3: 14 moves · ${time}`);
  await page.evaluate(() => localStorage.setItem('sliding-puzzle-best-v1', '{"3x3": [garbage'));
  await page.reload();
  await page.getByRole('grid').waitFor();
  assert.equal(await page.locator('#best').count(), 0);
  assert.deepEqual(page.problems, []);
});

test('a 4x4 solved by hand gets its exact shortest from the worker; the counter during playback says it is the answer', async () => {
  // Three moves from the goal.
  const start = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0, 13, 14, 15];
  const page = await open(browser, `?size=4x4&board=${start.join(',')}`, DESKTOP);
  await tile(page, 9).click(); // up, and back down: 2 moves
  await tile(page, 9).click();
  await tile(page, 15).click(); // three tiles slide left: 3 moves
  await page.waitForFunction(() => document.querySelector('#hand-result')?.dataset.shortest === '3', null, { timeout: 30_000 });
  // Three moves from the goal: a game, but no record (23-hints); from a link, a record needs
  // half a 4x4's typical distance (19).
  assert.match(await text(page, '#hand-result'), /^Solved in 5 moves and 0:0\d — the shortest is 3\. Not counted for your best: the board was 3 moves from the goal \(a best needs 19 or more from a board of a link, a file or the editor\)$/);

  // An answer playing back: the counter shows the answer's move, "Solved!" after its last slide.
  const played = await open(browser, `?board=${[1, 2, 3, 4, 5, 6, 0, 7, 8].join(',')}`, DESKTOP);
  await watchSolved(played);
  await played.locator('#solve').click();
  await played.locator('#solved').waitFor({ timeout: 30_000 });
  assert.equal(await moves(played), 'Moves: 2 of 2 (the answer)');
  assert.equal(await played.evaluate(() => window.__runningAtSolved), 0, '"Solved!" waits for the last slide');
  assert.equal(await played.locator('#hand-result').count(), 0, 'the solver\'s moves are not a game by hand');
  assert.deepEqual([...page.problems, ...played.problems], []);
});

test('on a 360x640 phone with touch: the first screen, taps, undo, all in view', async () => {
  const context = await browser.newContext({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  page.problems = [];
  page.on('pageerror', (e) => page.problems.push(`pageerror: ${e.message}`));
  await page.goto(`${BASE_URL}/`);
  await page.getByRole('grid').waitFor();
  const start = await board(page);
  assert.notDeepEqual(start, STANDARD_3);
  await page.locator('#invitation').waitFor();
  await shot(page, '19-first-screen-phone');
  const first = neighbour(start, 3);
  await tile(page, first.n).tap();
  assert.deepEqual(await board(page), first.after);
  assert.equal(await moves(page), 'Moves: 1');
  await page.locator('#undo').tap();
  assert.deepEqual(await board(page), start);
  await page.locator('#redo').tap();
  assert.deepEqual(await board(page), first.after);
  // The counter, timer and buttons sit above the board, inside the screen, without side scroll.
  for (const id of ['#move-count', '#timer', '#undo', '#redo']) {
    const box = await page.locator(id).boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 360 && box.y + box.height <= 640, `${id} in view: ${JSON.stringify(box)}`);
  }
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no side scroll');
  await still(page, '19-undo-phone');
  await context.close();
  assert.deepEqual(page.problems, []);
});
