import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, board, shot, record, bfsDistance, SNAIL_3 } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const DEFAULT_METHODS = ['BFS', 'greedy · lin. conflict', 'A* · misplaced', 'A* · Manhattan', 'A* · lin. conflict', 'IDA* · lin. conflict'];

/** The race table as data, one object per row. */
async function raceRows(page) {
  return page.$$eval('#race-table tbody tr', (rows) => rows.map((tr) => ({
    method: tr.dataset.method,
    outcome: tr.dataset.outcome,
    length: tr.dataset.length === '' ? null : Number(tr.dataset.length),
    optimal: tr.dataset.optimal === 'true',
    cells: [...tr.querySelectorAll('td')].map((td) => td.textContent.trim()),
  })));
}

async function waitForRaceEnd(page, timeout = 120_000) {
  await page.waitForFunction(() => {
    const rows = [...document.querySelectorAll('#race-table tbody tr')];
    return rows.length > 0 && rows.every((r) => r.dataset.outcome !== 'pending') && !document.querySelector('#race-progress');
  }, null, { timeout });
}

test('a race on the seed instance: a row and a bar per method, optimal methods agree with the BFS oracle', async () => {
  const page = await open(browser, '?board=6,1,7,3,0,4,5,8,2&goal=snail&view=race');
  const start = await board(page);
  const optimum = bfsDistance(start, SNAIL_3, 3);
  assert.equal(optimum, 24);
  await page.locator('#race-start').click();
  await waitForRaceEnd(page);
  const rows = await raceRows(page);
  assert.deepEqual(rows.map((r) => r.method), DEFAULT_METHODS);
  for (const row of rows) assert.equal(row.outcome, 'solved', `${row.method} solved within the budget`);
  const optimal = rows.filter((r) => r.optimal);
  assert.deepEqual(optimal.map((r) => r.method), DEFAULT_METHODS.filter((m) => !m.startsWith('greedy')));
  for (const row of optimal) assert.equal(row.length, optimum, `${row.method} length`);
  const greedy = rows.find((r) => r.method.startsWith('greedy'));
  assert.ok(greedy.length >= optimum);
  // One bar per method, widths ordered like the expansions they draw (log scale).
  const bars = await page.$$eval('#race-chart rect.bar', (rs) => rs.map((r) => ({
    method: r.dataset.method, expanded: Number(r.dataset.expanded), width: Number(r.getAttribute('width')),
  })));
  assert.equal(bars.length, DEFAULT_METHODS.length);
  assert.deepEqual(bars.map((b) => b.method), DEFAULT_METHODS);
  const bfs = bars[0];
  const astarLc = bars[4];
  assert.ok(bfs.expanded > 10 * astarLc.expanded, `BFS ${bfs.expanded} vs A* LC ${astarLc.expanded}`);
  assert.ok(bfs.width > astarLc.width);
  record('race_617304582_snail', Object.fromEntries(rows.map((r) => [r.method, {
    length: r.length, optimal: r.optimal, expanded: r.cells[2], generated: r.cells[3], peak: r.cells[4], time: r.cells[5],
  }])));
  await shot(page, '06-race-done');

  // Play the greedy row back: the board follows its moves to the goal.
  await page.getByRole('button', { name: `play ${greedy.method}` }).click();
  await page.locator('#step-count').waitFor();
  assert.equal(await page.locator('#step-count').getAttribute('data-total'), String(greedy.length));
  await page.locator('#timeline').fill(String(greedy.length));
  assert.deepEqual(await board(page), SNAIL_3);
  await page.getByRole('button', { name: 'Restart' }).click();
  assert.deepEqual(await board(page), start);
  assert.match(await page.locator('#result').textContent(), /greedy/);
  await shot(page, '06-race-playback');

  const phone = await open(browser, '?board=6,1,7,3,0,4,5,8,2&goal=snail&view=race', { width: 390, height: 844 });
  await phone.locator('#race-start').click();
  await waitForRaceEnd(phone);
  await phone.locator('#race').scrollIntoViewIfNeeded();
  await shot(phone, '06-race-phone');
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `no sideways scrolling on a phone (${overflow}px)`);
  assert.deepEqual(page.problems, []);
  assert.deepEqual(phone.problems, []);
});

test('budget hits show as such, and Cancel stops a race by terminating the worker', async () => {
  // Korf's first 15-puzzle instance: blind BFS hits the budget.
  const page = await open(browser, '?size=4x4&board=14,13,15,7,11,12,9,5,6,0,2,1,4,8,10,3&goal=blank-first&view=race');
  for (let i = 0; i < 50 && page.workersSeen.length === 0; i++) await page.waitForTimeout(50);
  // BFS, greedy and, on 4x4 only, the pattern databases: BFS stops at the budget, greedy
  // solves (not shortest), the databases solve to the published optimum (57).
  for (const m of ['A* · misplaced', 'A* · Manhattan', 'A* · lin. conflict', 'IDA* · lin. conflict']) {
    await page.locator(`.picks input[data-method="${m}"]`).uncheck();
  }
  assert.ok(await page.locator('.picks input[data-method="IDA* · pattern DB"]').isChecked(), 'on by default on 4x4');
  await page.locator('#race-start').click();
  await waitForRaceEnd(page);
  const rows = await raceRows(page);
  assert.deepEqual(rows.map((r) => r.method), ['BFS', 'greedy · lin. conflict', 'IDA* · pattern DB']);
  assert.equal(rows[0].outcome, 'budget-exhausted');
  assert.match(rows[0].cells[1], /budget hit/);
  assert.equal(rows[0].cells[2], '1,000,000');
  assert.equal(rows[1].outcome, 'solved');
  assert.equal(rows[2].outcome, 'solved');
  assert.equal(rows[2].length, 57);
  assert.ok(rows[2].optimal, 'the pattern-database row is guaranteed shortest');
  assert.ok(rows[1].length >= 57, 'greedy is never shorter than the optimum');
  assert.match(await page.locator('#race-chart').textContent(), /budget hit/);
  assert.equal(await page.locator('#race-chart rect.bar.budget').count(), 1);
  await shot(page, '06-race-budget');
  await page.locator('.picks input[data-method="IDA* · pattern DB"]').uncheck();

  // Now all methods again, and cancel while BFS runs.
  await page.locator('.picks input[data-method="A* · lin. conflict"]').check();
  const before = page.workersSeen.length;
  const solving = page.workersSeen[0];
  await page.locator('#race-start').click();
  await page.waitForFunction(() => /Expanded [\d,]+ nodes/.test(document.querySelector('#race-table tr.current')?.textContent || ''));
  assert.ok(await page.locator('#solve').isDisabled(), 'Solve waits while the race runs');
  assert.ok(await page.locator('#race-start').isDisabled(), 'one race at a time');
  assert.match(await page.locator('#race-progress').textContent(), /Racing: 0 of 3 done, now BFS/);
  await shot(page, '06-race-running');
  await page.locator('#race-cancel').click();
  assert.equal(await page.locator('#race-progress').count(), 0);
  assert.match(await page.locator('#notice').textContent(), /Race cancelled: 3 methods did not run to the end/);
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline && !solving.closed) await page.waitForTimeout(50);
  assert.ok(solving.closed, 'the busy worker was terminated');
  assert.ok(page.workersSeen.length > before, 'a fresh worker replaced it');
  await page.waitForTimeout(1000);
  const after = await raceRows(page);
  assert.deepEqual(after.map((r) => r.outcome), ['pending', 'pending', 'pending']);
  assert.match(await page.locator('#race-table').textContent(), /cancelled/);
  assert.ok(await page.locator('#solve').isEnabled());
  await shot(page, '06-race-cancelled');
  assert.deepEqual(page.problems, []);
});
