import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, board, shot, record, bfsDistance, SNAIL_3, STANDARD_3, howToSolve } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** Waits for the answer, speeds playback up and waits for its end. */
async function playToEnd(page) {
  await page.locator('#length').waitFor({ timeout: 30_000 });
  await page.selectOption('#speed', '50');
  await page.waitForFunction(() => {
    const s = document.querySelector('#step-count');
    return s && s.dataset.step === s.dataset.total;
  }, null, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Play', exact: true }).waitFor();
}

test('scramble a 3x3, solve with A*, play to the end: goal reached in the optimal number of moves', async () => {
  const page = await open(browser);
  await page.getByRole('button', { name: 'Scramble', exact: true }).click();
  const start = await board(page);
  assert.notDeepEqual(start, STANDARD_3);
  const optimum = bfsDistance(start, STANDARD_3, 3);
  assert.ok(optimum !== null, `scramble ${start} must be solvable`);
  await howToSolve(page);
  await page.selectOption('#algorithm', 'astar:linear-conflict');
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await playToEnd(page);
  const shown = Number(await page.locator('#length').getAttribute('data-length'));
  assert.equal(shown, optimum, `A* length for ${start}`);
  assert.equal(await page.locator('#length').textContent(), `${optimum} moves`);
  assert.equal(await page.locator('#optimal').getAttribute('data-optimal'), 'true');
  assert.deepEqual(await board(page), STANDARD_3);
  await page.locator('#solved').waitFor();
  assert.equal(await page.locator('ol.moves li').count(), optimum);
  await shot(page, '04-solve-played');

  // Step back, step forward, restart and scrub follow the solution.
  await page.getByRole('button', { name: 'Step back' }).click();
  assert.equal(await page.locator('#step-count').getAttribute('data-step'), String(optimum - 1));
  assert.notDeepEqual(await board(page), STANDARD_3);
  await page.getByRole('button', { name: 'Step', exact: true }).click();
  assert.deepEqual(await board(page), STANDARD_3);
  await page.getByRole('button', { name: 'Restart' }).click();
  assert.deepEqual(await board(page), start);
  await page.locator('#timeline').fill(String(optimum));
  assert.deepEqual(await board(page), STANDARD_3);
  assert.deepEqual(page.problems, []);
});

test('the seed instance 6 1 7 3 0 4 5 8 2 to the snail goal: 24 moves, click to first move timed', async () => {
  const page = await open(browser, '?board=6,1,7,3,0,4,5,8,2&goal=snail');
  assert.equal(bfsDistance([6, 1, 7, 3, 0, 4, 5, 8, 2], SNAIL_3, 3), 24);
  // Measured inside the page: from the click on Solve to the first change of the board.
  await page.evaluate(() => {
    window.__timing = {};
    // On window in the capture phase: before Yew's own delegated listener handles the click.
    window.addEventListener('click', (e) => {
      if (e.target.closest('#solve')) window.__timing.click = performance.now();
    }, { capture: true });
    const grid = document.querySelector('[role=grid]');
    new MutationObserver(() => {
      if (window.__timing.click && !window.__timing.move) window.__timing.move = performance.now();
    }).observe(grid, { attributes: true, attributeFilter: ['data-board'] });
  });
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await page.waitForFunction(() => window.__timing.move, null, { timeout: 30_000 });
  const ms = await page.evaluate(() => window.__timing.move - window.__timing.click);
  record('click_to_first_move_ms_617304582_snail', Math.round(ms * 10) / 10);
  console.log(`click to first animated move: ${ms.toFixed(1)} ms`);
  assert.ok(ms < 5000, `first move after ${ms} ms`);
  await shot(page, '04-solve-seed-playing');
  await playToEnd(page);
  assert.equal(await page.locator('#length').textContent(), '24 moves');
  assert.deepEqual(await board(page), SNAIL_3);
  await shot(page, '04-solve-seed-done');
});

test('a hand move during playback leaves playback cleanly', async () => {
  const page = await open(browser, '?board=6,1,7,3,0,4,5,8,2&goal=snail');
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  const before = await board(page);
  const blank = before.indexOf(0);
  const neighbour = blank % 3 > 0 ? blank - 1 : blank + 1;
  await page.locator(`[role=grid] button[data-cell="${neighbour}"]`).click();
  assert.notDeepEqual(await board(page), before);
  assert.equal(await page.locator('.playback').count(), 0);
  assert.match(await page.locator('#notice').textContent(), /Playback stopped because you moved a tile/);
  await shot(page, '04-solve-left-playback');
});

test('depth-limited DFS and greedy say they are not guaranteed shortest', async () => {
  const page = await open(browser, '?board=1,2,3,4,0,5,7,8,6');
  await howToSolve(page);
  await page.selectOption('#algorithm', 'greedy:linear-conflict');
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await page.locator('#optimal').waitFor();
  assert.equal(await page.locator('#optimal').getAttribute('data-optimal'), 'false');
  // A greedy answer longer than the shortest says so, and is not styled as a shortest one.
  await page.goto(page.url().split('?')[0] + '?board=6,1,7,3,0,4,5,8,2&goal=snail&method=greedy&heuristic=manhattan');
  await page.getByRole('grid').waitFor();
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await page.locator('#length').waitFor();
  const greedy = Number(await page.locator('#length').getAttribute('data-length'));
  assert.ok(greedy > 24, `greedy took ${greedy} moves`);
  assert.equal(await page.locator('#shorter-known').getAttribute('data-shortest'), '24');
  assert.match(await page.locator('#shorter-known').textContent(), new RegExp(`has 24 moves: this one has ${greedy - 24} more`));
  assert.equal(await page.locator('#optimal').getAttribute('class'), 'warn');
  await page.goto(page.url().split('?')[0] + '?board=6,1,7,3,0,4,5,8,2&goal=snail&method=dfs&depth=5');
  await page.getByRole('grid').waitFor();
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await page.locator('#stop-reason').waitFor();
  assert.match(await page.locator('#stop-reason').textContent(), /No solution within the depth limit of 5 moves/);
  await shot(page, '04-solve-dfs-not-found');
});
