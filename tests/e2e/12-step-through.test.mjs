// The step-through view: BFS and A* stepped side by side on the same board, their counts
// against the core's (checked natively in web/src/stepper/tests.rs and with `npuzzle trace`),
// the CSV export, a click on the tree, a screenshot, and the narrow layout.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch, open, shot, record, ARTIFACTS } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const BOARD = '?board=6,1,7,3,0,4,5,8,2&goal=snail&view=step';

async function counts(pane) {
  const read = async (key) => Number(await pane.locator(`[data-count="${key}"]`).textContent());
  return { expanded: await read('expanded'), open: await read('open'), closed: await read('closed') };
}

test('BFS and A* side by side: 20 steps, the counts the core gives, CSV, the tree', async () => {
  const page = await open(browser, BOARD, { width: 1400, height: 1000 });
  // Showing the view opens the panel: no second click.
  await page.locator('#stepper-body').waitFor();
  await page.locator('select[data-column="0"]').selectOption({ label: 'BFS' });
  await page.locator('select[data-column="1"]').selectOption({ label: 'A* · Manhattan' });
  const bfs = page.locator('.pane[data-method="bfs"]');
  const astar = page.locator('.pane[data-method="astar-manhattan"]');
  // Both traces arrive (BFS stops at the stated limit, A* reaches the goal).
  await bfs.getByText('The trace stops at the limit of 5,000 expansions').waitFor({ timeout: 20000 });
  await astar.getByText('Finds the goal after 664 expansions').waitFor({ timeout: 20000 });
  // Step 0: the start alone in OPEN, nothing closed.
  assert.deepEqual(await counts(bfs), { expanded: 0, open: 1, closed: 0 });
  assert.deepEqual(await counts(astar), { expanded: 0, open: 1, closed: 0 });

  const step = page.getByRole('button', { name: 'Step', exact: true });
  for (let i = 0; i < 10; i++) await step.click();
  await page.getByRole('button', { name: 'Step 10', exact: true }).click();
  await page.locator('#trace-step-count', { hasText: 'Step 20' }).waitFor();
  const b = await counts(bfs);
  const a = await counts(astar);
  // CLOSED is the expanded count in both graph searches; OPEN is what the core holds before
  // its 21st expansion (npuzzle trace: 21st BFS row OPEN 14, A* 15, both after the pop).
  assert.deepEqual(b, { expanded: 20, open: 15, closed: 20 });
  assert.deepEqual(a, { expanded: 20, open: 16, closed: 20 });
  // A* walks almost straight: its 20 nodes reach deeper than BFS's.
  const depth = async (pane) => Number((await pane.locator('.current .gh').textContent()).match(/g = (\d+)/)[1]);
  assert.ok(await depth(astar) > await depth(bfs), 'A* is deeper than BFS after 20 steps');
  // OPEN lists g, h and f = g + h, smallest f first for A*.
  const fs = (await astar.locator('.open-list td.f').allTextContents()).map(Number);
  assert.ok(fs.length >= 5);
  assert.deepEqual([...fs].sort((x, y) => x - y), fs);
  // The tree: BFS 20 expanded nodes drawn, and the 20 + 1 of A* too.
  assert.equal(await bfs.locator('svg.tree .node.expanded').count(), 20);
  assert.equal(await astar.locator('svg.tree .node.expanded').count(), 20);
  assert.equal(await astar.locator('svg.tree .node.open').count(), 16);

  // Zoom (button, wheel) and pan (drag) change the viewBox only.
  const svg = astar.locator('svg.tree');
  const box = async () => (await svg.getAttribute('viewBox')).split(' ').map(Number);
  const before = await box();
  await astar.getByRole('button', { name: 'zoom in' }).click();
  const zoomed = await box();
  assert.ok(Math.abs(zoomed[2] - before[2] / 1.5) < 0.5, `${before} -> ${zoomed}`);
  const r = await svg.boundingBox();
  await page.mouse.move(r.x + r.width / 2, r.y + r.height / 2);
  await page.mouse.wheel(0, 200);
  assert.ok((await box())[2] > zoomed[2], 'the wheel zooms out');
  const unpanned = await box();
  await page.mouse.down();
  await page.mouse.move(r.x + r.width / 2 + 60, r.y + r.height / 2 + 20, { steps: 4 });
  await page.mouse.up();
  assert.ok((await box())[0] < unpanned[0], 'dragging right shows what is left');
  await astar.getByRole('button', { name: 'Whole tree' }).click();
  await astar.getByRole('button', { name: 'Follow' }).click();

  // A click on a node shows its board.
  // (The node being expanded: framed in the middle while the view follows it.)
  await astar.locator('svg.tree .node.current').click();
  const picked = await astar.locator('.picked-node .mini').getAttribute('data-board');
  assert.equal(picked, await astar.locator('.current .mini').first().getAttribute('data-board'));
  assert.match(await astar.locator('.picked-node').textContent(), /expanded at step 20/);
  await shot(page, '12-step-through-20');
  for (const [pane, name] of [[bfs, 'bfs'], [astar, 'astar']]) {
    await pane.locator('.tree-view').screenshot({ path: join(ARTIFACTS, `12-tree-${name}-20.png`) });
  }

  // The CSV of A*: the header, one row per event, 664 expansions, ending at the goal.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    astar.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  assert.equal(download.suggestedFilename(), 'trace-astar-manhattan.csv');
  const lines = readFileSync(await download.path(), 'utf8').trim().split('\n');
  assert.equal(lines[0], 'step,action,board,g,h,f,fate,open,closed');
  const rows = lines.slice(1).map((l) => l.split(','));
  assert.ok(rows.every((r) => r.length === 9));
  assert.equal(rows.filter((r) => r[1] === 'expand').length, 664);
  const row21 = rows.filter((r) => r[1] === 'expand')[20];
  assert.equal(Number(row21[7]) + 1, a.open, 'the page\'s OPEN is the CSV\'s at the next pop, plus the popped node');
  assert.deepEqual(rows.at(-1).slice(1, 4), ['goal', '1 2 3 8 0 4 7 6 5', '24']);

  // To the end: A* shows its 24-move path in the tree; BFS waits at its limit. The jump
  // replays 5,000 BFS expansions (13,500 tree nodes) on the page: timed, with long tasks.
  await page.evaluate(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.longTasks.push(e.duration);
    }).observe({ type: 'longtask' });
  });
  const t0 = Date.now();
  await page.getByRole('button', { name: 'To the end' }).click();
  await astar.getByText('Goal reached: 24 moves').waitFor();
  await bfs.locator('[data-count="expanded"]', { hasText: '5000' }).waitFor();
  const jumpMs = Date.now() - t0;
  // One more step at the end of a 5,000-step trace (incremental: only the new events).
  await page.getByRole('button', { name: 'Back to start' }).click();
  await page.getByRole('button', { name: 'To the end' }).click();
  const longest = Math.max(0, ...(await page.evaluate(() => window.longTasks)));
  record('step_through_jump_to_5000_ms', jumpMs);
  record('step_through_longest_task_ms', Math.round(longest));
  assert.ok(longest < 3000, `the page froze for ${longest} ms`);
  assert.equal(await astar.locator('svg.tree .node.path').count(), 25);
  assert.equal((await counts(bfs)).expanded, 5000);
  assert.ok(await bfs.locator('svg.tree .node').count() <= 440, 'a bounded window of the tree is drawn');
  await shot(page, '12-step-through-end');
  await astar.getByRole('button', { name: 'Whole tree' }).click();
  await astar.locator('.tree-view').screenshot({ path: join(ARTIFACTS, '12-tree-astar-end.png') });
  await page.getByRole('button', { name: 'Projector view' }).click();
  await page.locator('#stepper').screenshot({ path: join(ARTIFACTS, '12-step-through-projector.png') });
  await page.getByRole('button', { name: 'Leave projector view' }).click();
  // Back to the start.
  await page.getByRole('button', { name: 'Back to start' }).click();
  assert.deepEqual(await counts(astar), { expanded: 0, open: 1, closed: 0 });
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('run plays the steps on its own and pauses; the view fits a 360 px screen', async () => {
  const page = await open(browser, BOARD, { width: 360, height: 800 });
  // Showing the view opens the panel: no second click.
  await page.locator('#stepper-body').waitFor();
  const astar = page.locator('.pane[data-method="astar-manhattan"]');
  // A 360 px screen shows one method at a time: the switch picks A*, and hides the other.
  const panes = page.locator('.pane-slot:visible');
  await page.locator('.pane-switch button', { hasText: /^A\* / }).click();
  assert.equal(await panes.count(), 1, 'one method at a time');
  await astar.getByText('Finds the goal').waitFor({ timeout: 20000 });
  await page.locator('select.speed, .speed select').selectOption({ label: '100 steps/s' });
  await page.getByRole('button', { name: 'Run' }).click();
  await page.waitForFunction(() => Number(document.querySelector('#trace-step-count').textContent.replace('Step ', '')) >= 30);
  await page.getByRole('button', { name: 'Pause' }).click();
  const stopped = await page.locator('#trace-step-count').textContent();
  await page.waitForTimeout(300);
  assert.equal(await page.locator('#trace-step-count').textContent(), stopped);
  // A depth-first method keeps a path, not an OPEN list.
  await page.locator('select[data-column="0"]').selectOption({ label: 'IDA* · lin. conflict' });
  const ida = page.locator('.pane[data-method="idastar-linear-conflict"]');
  await page.locator('.pane-switch button').first().click();
  await ida.getByText('Finds the goal').waitFor({ timeout: 20000 });
  await page.getByRole('button', { name: 'Step 10', exact: true }).click();
  assert.equal(await ida.locator('[data-count="open"]').textContent(), '—');
  assert.equal(await ida.locator('[data-count="expanded"]').textContent(), '10');
  assert.match(await ida.locator('.open-list caption').textContent(), /^Path \(\d+\)/);
  // A move on the board keeps the traces (a class's view stays put) and offers the new board.
  const before = await ida.locator('.current .mini').first().getAttribute('data-board');
  await page.keyboard.press('ArrowUp');
  await page.getByText('The board on screen has changed').waitFor();
  assert.equal(await ida.locator('.current .mini').first().getAttribute('data-board'), before);
  await page.getByRole('button', { name: 'Trace the board on screen' }).click();
  await page.locator('#trace-step-count', { hasText: 'Step 0' }).waitFor();
  assert.equal(await page.getByText('The board on screen has changed').count(), 0);
  // Nothing wider than the screen.
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(wide <= 362, `page is ${wide} px wide`);
  await page.locator('#stepper').screenshot({ path: join(ARTIFACTS, '12-step-through-360.png') });
  assert.deepEqual(page.problems, []);
  await page.close();
});
