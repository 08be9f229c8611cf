import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, board, shot, record } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

// Korf's first 15-puzzle instance: 57 moves from the goal, far beyond blind search.
const KORF_1 = '14,13,15,7,11,12,9,5,6,0,2,1,4,8,10,3';

test('blind BFS on a hard 4x4 leaves the page responsive, and Cancel stops the worker', async () => {
  const page = await open(browser, `?size=4x4&board=${KORF_1}&goal=blank-first&method=bfs`);
  const workers = page.workersSeen;
  // The page starts its worker on load.
  await page.waitForFunction(() => true);
  for (let i = 0; i < 50 && workers.length === 0; i++) await page.waitForTimeout(50);
  assert.equal(workers.length, 1, 'one worker is started with the page');
  const solve = page.getByRole('button', { name: 'Solve', exact: true });
  await solve.click();
  const progress = page.locator('#progress');
  await page.waitForFunction(() => /Expanded [\d,]+ nodes/.test(document.querySelector('#progress')?.textContent || ''));
  assert.equal(await solve.count(), 0, 'Cancel stands in Solve\'s place while solving');

  // The page still answers a click during the search: a tile next to the blank slides, and
  // the solve of the board before stops (issue 16: its answer would be for another board).
  const before = await board(page);
  const blank = before.indexOf(0);
  // Timed inside the page: from the click event to the board's change in the DOM.
  await page.evaluate(() => {
    window.__click = {};
    const grid = document.querySelector('[role=grid]');
    // On window in the capture phase: before Yew's own delegated listener handles the click.
    window.addEventListener('click', (e) => {
      if (grid.contains(e.target)) window.__click.at = performance.now();
    }, { capture: true });
    new MutationObserver(() => {
      if (window.__click.at && !window.__click.changed) window.__click.changed = performance.now();
    }).observe(grid, { attributes: true, attributeFilter: ['data-board'] });
  });
  await page.locator(`[role=grid] button[data-cell="${blank + 1}"]`).click();
  const after = await board(page);
  await page.waitForFunction(() => window.__click.changed);
  const clickMs = await page.evaluate(() => window.__click.changed - window.__click.at);
  assert.notDeepEqual(after, before, 'the board changed during the search');
  assert.ok(clickMs < 1500, `click answered in ${clickMs} ms`);
  record('tile_click_to_board_change_during_bfs_ms', Math.round(clickMs * 10) / 10);
  assert.match(await page.locator('#notice').textContent(), /board changed: the solve for the board before was stopped/);
  assert.ok(await solve.isEnabled(), 'Solve is free at once');
  const stopped = workers[0];
  for (let i = 0; i < 100 && !(stopped.closed && workers.length === 2); i++) await page.waitForTimeout(50);
  assert.ok(stopped.closed, 'the worker solving the board before was terminated');
  assert.equal(workers.length, 2, 'a fresh worker was started');

  // Solve the board on screen, and Cancel it while it searches.
  await solve.click();
  await page.waitForFunction(() => /Expanded [\d,]+ nodes/.test(document.querySelector('#progress')?.textContent || ''));
  const expanded = async () => Number((await progress.textContent()).match(/Expanded ([\d,]+)/)[1].replaceAll(',', ''));
  const first = await expanded();
  // ...the search is going on, on another thread.
  await page.waitForFunction((n) => {
    const m = (document.querySelector('#progress')?.textContent || '').match(/Expanded ([\d,]+)/);
    return m && Number(m[1].replaceAll(',', '')) > n;
  }, first);
  await shot(page, '05-cancel-running');

  const solving = workers[1];
  assert.equal(solving.closed, false, 'the solving worker is alive before Cancel');
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  assert.equal(await progress.count(), 0, 'the progress line is gone');
  assert.match(await page.locator('#notice').textContent(), /Cancelled: the solver was stopped after expanding [\d,]+ nodes/);
  assert.ok(await solve.isEnabled(), 'Solve is enabled again');
  // The busy worker was terminated (its close event fired), and a fresh one replaced it.
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline && !(solving.closed && workers.length === 3)) await page.waitForTimeout(50);
  assert.ok(solving.closed, `the solving worker was terminated (${JSON.stringify(workers)})`);
  assert.equal(workers.length, 3, `a fresh worker was started (${JSON.stringify(workers)})`);
  assert.equal(workers[2].closed, false);
  // Nothing from the cancelled search arrives later.
  await page.waitForTimeout(1500);
  assert.equal(await page.locator('#result').count(), 0, 'no result after Cancel');
  assert.equal(await progress.count(), 0);
  await shot(page, '05-cancel-stopped');

  // The fresh worker solves the next request.
  await page.goto(page.url().split('?')[0] + '?board=1,2,3,4,0,5,7,8,6');
  await page.getByRole('grid').waitFor();
  await solve.click();
  await page.locator('#length').waitFor();
  assert.equal(await page.locator('#length').textContent(), '2 moves');
  assert.deepEqual(page.problems, []);
});

test('a blind method that runs out of budget says why and suggests A* or IDA*', async () => {
  const page = await open(browser, `?size=4x4&board=${KORF_1}&goal=blank-first&method=iddfs&depth=80`);
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  const reason = page.locator('#stop-reason');
  await reason.waitFor({ timeout: 120_000 });
  assert.match(await reason.textContent(), /Stopped after 2,000,000 nodes, the limit for blind methods/);
  assert.match(await reason.textContent(), /Try A\* or IDA\*/);
  await shot(page, '05-cancel-budget');
});
