import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, board, shot, SNAIL_3 } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const count = async (page, sel) => Number((await page.locator(sel).textContent()).replaceAll(',', ''));

/** Manhattan share of each cell, independent of the app. */
function manhattanByCell(cells, goal, width) {
  return cells.map((t, c) => {
    if (t === 0) return 0;
    const g = goal.indexOf(t);
    return Math.abs((c % width) - (g % width)) + Math.abs(Math.floor(c / width) - Math.floor(g / width));
  });
}

test('BFS per-depth chart: one bar per depth, on the log scale, summing to the nodes expanded', async () => {
  const page = await open(browser, '?board=6,1,7,3,0,4,5,8,2&goal=snail&method=bfs');
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await page.locator('#length').waitFor({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  const bars = await page.$$eval('#depth-chart rect.depth-bar', (rs) => rs.map((r) => ({
    depth: Number(r.dataset.depth), count: Number(r.dataset.count), height: Number(r.getAttribute('height')),
  })));
  // BFS expands every board at depth 0..23 before it meets the goal at depth 24.
  assert.ok(bars.length >= 24 && bars.length <= 25, `bars: ${bars.length}`);
  assert.deepEqual(bars.map((b) => b.depth), bars.map((_, i) => i));
  assert.equal(bars[0].count, 1);
  const total = bars.reduce((s, b) => s + b.count, 0);
  assert.equal(total, await count(page, '#expanded'));
  // Blind search grows: the deepest full layer is far taller than the first.
  assert.ok(bars[20].count > 100 * bars[2].count);
  assert.ok(bars[20].height > bars[2].height);
  await page.locator('#search-chart').scrollIntoViewIfNeeded();
  await shot(page, '07-charts-bfs-depth');
  assert.deepEqual(page.problems, []);
});

test('IDA* chart lists its iterations; the heuristic overlay shows Manhattan shares, conflicts and h vs true distance', async () => {
  const page = await open(browser, '?board=6,1,7,3,0,4,5,8,2&goal=snail&method=idastar&heuristic=manhattan');
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await page.locator('#length').waitFor({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Restart', exact: true }).click();
  const iterations = page.locator('#iterations');
  await iterations.waitFor();
  assert.ok(Number(await iterations.getAttribute('data-count')) >= 2);
  assert.match(await iterations.textContent(), /f bounds: \d+ → \d+/);
  assert.ok(await page.locator('#depth-chart rect.depth-bar').count() >= 24);

  const start = await board(page);
  await page.locator('#overlay-toggle').check();
  const badges = await page.$$eval('[role=grid] .tile', (tiles) => tiles
    .filter((t) => t.querySelector('.badge-h'))
    .map((t) => ({ cell: Number(t.dataset.cell), h: Number(t.querySelector('.badge-h').dataset.h) })));
  assert.equal(badges.length, 8, 'a badge on each tile');
  const expected = manhattanByCell(start, SNAIL_3, 3);
  for (const b of badges) assert.equal(b.h, expected[b.cell], `cell ${b.cell}`);
  const manhattan = expected.reduce((a, b) => a + b, 0);
  const h = Number(await page.locator('#h-total').getAttribute('data-h'));
  const pairs = await page.locator('.conflict-line').count();
  assert.ok(h >= manhattan, 'linear conflict adds to Manhattan');
  assert.equal((h - manhattan) % 2, 0, 'each conflict costs two moves');
  assert.equal(pairs > 0, h > manhattan);
  assert.equal(await page.locator('#true-distance').getAttribute('data-distance'), '24');
  assert.ok(h <= 24, 'admissible');
  await shot(page, '07-charts-overlay');
  await page.locator('#overlay-toggle').uncheck();
  assert.equal(await page.locator('.badge-h').count(), 0);

  // A board with linear conflicts: 3 sits left of 1 and 2 in their goal row.
  const conflicted = await open(browser, '?board=3,1,2,4,5,6,7,8,0');
  await conflicted.locator('#overlay-toggle').check();
  const lines = await conflicted.locator('.conflict-line').count();
  assert.equal(lines, 2, 'the pairs 3-1 and 3-2');
  assert.ok(await conflicted.locator('.tile.conflict').count() >= 3);
  const cells = await board(conflicted);
  const m = manhattanByCell(cells, [1, 2, 3, 4, 5, 6, 7, 8, 0], 3).reduce((a, b) => a + b, 0);
  const hc = Number(await conflicted.locator('#h-total').getAttribute('data-h'));
  assert.ok(hc > m, `h ${hc} adds conflicts to Manhattan ${m}`);
  // The exact table is built in the coach's worker: wait for its answer.
  await conflicted.waitForFunction(() => /^\d+$/.test(document.querySelector('#true-distance')?.dataset.distance || ''));
  const truth = Number(await conflicted.locator('#true-distance').getAttribute('data-distance'));
  assert.ok(hc <= truth, `admissible: ${hc} <= ${truth}`);
  await shot(conflicted, '07-charts-overlay-conflicts');
  await conflicted.locator('#overlay-toggle').uncheck();
  assert.equal(await page.locator('.badge-h').count(), 0);
  assert.deepEqual(page.problems, []);
});
