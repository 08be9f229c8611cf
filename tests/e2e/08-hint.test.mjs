import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, board, shot, bfsDistance, SNAIL_3, STANDARD_3 } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

async function optimalCount(page) {
  await page.waitForFunction(() => /^\d+$/.test(document.querySelector('#optimal-count')?.dataset.count || ''), null, { timeout: 30_000 });
  return Number(await page.locator('#optimal-count').getAttribute('data-count'));
}

test('following hints from a scrambled 3x3 reaches the goal in exactly the optimal number of moves', async () => {
  const page = await open(browser);
  await page.getByRole('button', { name: 'Scramble', exact: true }).click();
  const start = await board(page);
  const optimum = bfsDistance(start, STANDARD_3, 3);
  assert.ok(optimum > 0);
  assert.equal(await optimalCount(page), optimum);
  let moves = 0;
  while (JSON.stringify(await board(page)) !== JSON.stringify(STANDARD_3)) {
    assert.ok(moves < optimum, `more than ${optimum} hinted moves`);
    await page.locator('#hint').click();
    const hinted = page.locator('[role=grid] .tile.hinted');
    assert.equal(await hinted.count(), 1, 'one tile is highlighted');
    if (moves === 0) await shot(page, '08-hint-highlighted');
    await hinted.click();
    moves += 1;
    assert.equal(await page.locator('.tile.hinted').count(), 0, 'the highlight goes with the move');
    assert.equal(await optimalCount(page), optimum - moves);
  }
  assert.equal(moves, optimum);
  await page.locator('#solved').waitFor();
  assert.equal(await page.locator('#move-count').textContent(), `Moves: ${optimum}`);
  assert.ok(await page.locator('#hint').isDisabled(), 'no hint at the goal');
  await shot(page, '08-hint-solved');
  assert.deepEqual(page.problems, []);
});

test('the live optimal count follows hand moves (±1 against the oracle)', async () => {
  const page = await open(browser, '?board=6,1,7,3,0,4,5,8,2&goal=snail');
  assert.equal(await optimalCount(page), 24);
  for (let i = 0; i < 4; i++) {
    const before = await board(page);
    const blank = before.indexOf(0);
    const neighbour = blank % 3 < 2 ? blank + 1 : blank - 1;
    await page.locator(`[role=grid] button[data-cell="${neighbour}"]`).click();
    const after = await board(page);
    const truth = bfsDistance(after, SNAIL_3, 3);
    const shown = await optimalCount(page);
    assert.equal(shown, truth, `count after a move to ${after}`);
    assert.equal(Math.abs(shown - bfsDistance(before, SNAIL_3, 3)), 1);
  }
  await shot(page, '08-hint-live-count');
  assert.deepEqual(page.problems, []);
});

test('on 4x4 the live count comes from a second worker, shows … meanwhile and follows the board', async () => {
  // Six moves from the standard 4x4 goal.
  const start = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0];
  const goal = start.slice();
  const moveBlank = (cells, d) => {
    const b = cells.indexOf(0);
    const t = b + d;
    const c = cells.slice();
    c[b] = c[t];
    c[t] = 0;
    return c;
  };
  let cells = goal;
  for (const d of [-1, -1, -4, -4, -1, 4]) cells = moveBlank(cells, d);
  const page = await open(browser, `?size=4x4&board=${cells.join(',')}`);
  assert.equal(await page.locator('#optimal-count').getAttribute('data-count'), 'off');
  // The solver's worker starts with the page, but Playwright may report it a moment after the
  // grid shows: wait for it, so the count below sees only the live count's worker.
  for (let i = 0; i < 100 && page.workersSeen.length === 0; i++) await page.waitForTimeout(50);
  assert.equal(page.workersSeen.length, 1, 'the solver worker runs');
  const workersBefore = page.workersSeen.length;
  await page.locator('#count-toggle').check();
  const truth = bfsDistance(cells, goal, 4);
  assert.equal(await optimalCount(page), truth);
  assert.equal(page.workersSeen.length, workersBefore + 1, 'a second worker counts');
  // A hand move: the count follows.
  const blank = cells.indexOf(0);
  const neighbour = blank % 4 < 3 ? blank + 1 : blank - 1;
  await page.locator(`[role=grid] button[data-cell="${neighbour}"]`).click();
  const moved = await board(page);
  assert.equal(await optimalCount(page), bfsDistance(moved, goal, 4));
  // The hint on 4x4 comes from the same answer.
  await page.locator('#hint').click();
  await page.locator('.tile.hinted').click();
  assert.equal(await optimalCount(page), bfsDistance(moved, goal, 4) - 1);
  await shot(page, '08-hint-4x4-live');
  assert.deepEqual(page.problems, []);
});
