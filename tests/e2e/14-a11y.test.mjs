// Issue 11, point 5: the board as the ARIA grid pattern (rows of gridcells in position order),
// keyboard play (roving tabindex, arrows between cells, Enter slides), page shortcuts from
// checkboxes and buttons but not from fields, a polite live region for moves, playback and
// "Solved", reduced motion, and an axe-core audit of the page in several states.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { launch, open, board, shot, ARTIFACTS, STANDARD_3, moreOptions } from './helpers.mjs';

const require = createRequire(import.meta.url);
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** Accessible names of the grid's buttons in document order, from Playwright's ARIA snapshot. */
async function namesInOrder(page) {
  const snapshot = await page.getByRole('grid').ariaSnapshot();
  return [...snapshot.matchAll(/- button "([^"]+)"/g)].map((m) => m[1]);
}

const focusedCell = (page) => page.evaluate(() => document.activeElement?.dataset?.cell ?? null);
const announced = (page) => page.locator('#board-announce').evaluate((e) => e.textContent.trim());

test('the grid has rows of gridcells in position order, each naming its tile or the blank', async () => {
  const page = await open(browser, '?board=8,1,3,4,0,2,7,6,5&size=3x3');
  const rows = page.getByRole('grid').getByRole('row');
  assert.equal(await rows.count(), 3);
  for (let r = 0; r < 3; r++) assert.equal(await rows.nth(r).getByRole('gridcell').count(), 3, `row ${r}`);
  const names = await namesInOrder(page);
  assert.deepEqual(names, (await board(page)).map((t) => (t === 0 ? 'blank' : `tile ${t}`)));
  // After a move the document order still follows the positions.
  await page.getByRole('button', { name: 'tile 2', exact: true }).click();
  assert.deepEqual(await board(page), [8, 1, 3, 4, 2, 0, 7, 6, 5]);
  assert.deepEqual(await namesInOrder(page), ['tile 8', 'tile 1', 'tile 3', 'tile 4', 'tile 2', 'blank', 'tile 7', 'tile 6', 'tile 5']);
  // A 4x3 rectangle: 3 rows of 4.
  const rect = await open(browser, '?size=4x3');
  assert.equal(await rect.getByRole('row').count(), 3);
  assert.equal(await rect.getByRole('row').first().getByRole('gridcell').count(), 4);
  assert.deepEqual(page.problems, []);
});

test('keyboard only: Tab into the grid, arrows move between cells, Enter slides, the move is announced', async () => {
  const page = await open(browser, '?board=1,2,3,4,0,5,7,8,6');
  assert.equal(await page.locator('[role=grid] [tabindex="0"]').count(), 1, 'one cell in the tab order');
  // The grid comes right after the header's and the toolbar's few controls (How to play,
  // Theme, Size, Scramble, Solve, More options).
  let first = null;
  let presses = 0;
  while (first === null && presses < 7) {
    await page.keyboard.press('Tab');
    presses += 1;
    first = await focusedCell(page);
  }
  assert.ok(first !== null, `Tab lands in the grid (${presses} presses)`);
  // Arrows move the focus, not the tiles (the page's arrow shortcut stays out of the grid).
  await page.keyboard.press('Control+Home');
  assert.equal(await focusedCell(page), '0');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  assert.equal(await focusedCell(page), '4');
  await page.keyboard.press('End');
  assert.equal(await focusedCell(page), '5');
  await page.keyboard.press('ArrowRight'); // the edge: stays
  assert.equal(await focusedCell(page), '5');
  assert.deepEqual(await board(page), [1, 2, 3, 4, 0, 5, 7, 8, 6], 'no tile moved while navigating');
  assert.equal(await page.locator('[role=grid] [tabindex="0"]').getAttribute('data-cell'), '5', 'the roving tabindex follows');
  // Enter slides the focused tile 5 into the blank; the live region says so.
  await page.keyboard.press('Enter');
  assert.deepEqual(await board(page), [1, 2, 3, 4, 5, 0, 7, 8, 6]);
  assert.equal(await announced(page), 'tile 5 moved left');
  assert.equal(await focusedCell(page), '5', 'the focus stays on the cell');
  // Space on tile 6 below: up, and the board is solved.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press(' ');
  assert.deepEqual(await board(page), STANDARD_3);
  assert.equal(await announced(page), 'tile 6 moved up. Solved');
  // Letters still slide from inside the grid: 'd' slides tile 8 right, out of the goal.
  await page.keyboard.press('d');
  assert.deepEqual(await board(page), [1, 2, 3, 4, 5, 6, 7, 0, 8]);
  await shot(page, '14-a11y-keyboard');
  assert.deepEqual(page.problems, []);
});

test('page shortcuts work from a checkbox or a button, not from a text field or a select', async () => {
  const page = await open(browser, '?board=1,2,3,4,0,5,7,8,6');
  await page.locator('#overlay-toggle').focus();
  await page.keyboard.press('ArrowUp'); // tile 8 (below the blank) slides up
  assert.deepEqual(await board(page), [1, 2, 3, 4, 8, 5, 7, 0, 6], 'from a checkbox');
  await page.locator('#scramble').focus();
  await page.keyboard.press('ArrowDown'); // tile 8 back down
  assert.deepEqual(await board(page), [1, 2, 3, 4, 0, 5, 7, 8, 6], 'from a button');
  // A select keeps its keys ('s' picks "snail" in the goal menu, a new goal and so a new
  // game): no tile slides down.
  await moreOptions(page);
  await page.locator('#goal').focus();
  await page.keyboard.press('s');
  assert.equal(await page.locator('#goal').inputValue(), 'snail', 'the select took its key');
  assert.equal(await page.locator('#move-count').textContent(), 'Moves: 0', 'not from a select');
  const dealt = await board(page);
  await moreOptions(page);
  await page.locator('#edit').click();
  await page.locator('#board-text').focus();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('w');
  assert.deepEqual(await board(page), dealt, 'not from a text field');
  assert.deepEqual(page.problems, []);
});

test('keyboard only: scramble, solve and watch; playback is announced, throttled, and ends with Solved', async () => {
  const page = await open(browser);
  await page.locator('#scramble').focus();
  await page.keyboard.press('Enter');
  const start = await board(page);
  assert.notDeepEqual(start, STANDARD_3);
  // The announcements, as a screen reader would get them.
  await page.evaluate(() => {
    window.__said = [];
    const region = document.querySelector('#board-announce');
    new MutationObserver(() => window.__said.push(region.textContent.trim()))
      .observe(region, { childList: true, characterData: true, subtree: true });
  });
  await page.locator('#solve').focus();
  await page.keyboard.press('Enter');
  await page.locator('#length').waitFor({ timeout: 30_000 });
  const total = Number(await page.locator('#length').getAttribute('data-length'));
  await page.locator('#speed').focus();
  await page.keyboard.press('End'); // Very fast (a select keeps its keys: the board does not move)
  await page.waitForFunction(() => {
    const s = document.querySelector('#step-count');
    return s && s.dataset.step === s.dataset.total;
  }, null, { timeout: 60_000 });
  assert.deepEqual(await board(page), STANDARD_3);
  const said = await page.evaluate(() => window.__said);
  assert.equal(said.at(-1), `moved ${total} of ${total}. Solved`);
  assert.ok(said.every((s) => /^(moved \d+ of \d+(\. Solved)?|start, \d+ moves)$/.test(s)), said.join(' | '));
  if (total > 8) assert.ok(said.length < total, `throttled: ${said.length} announcements for ${total} moves`);
  await shot(page, '14-a11y-played');
  assert.deepEqual(page.problems, []);
});

test('reduced motion: tiles jump instead of sliding', async () => {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const { BASE_URL } = await import('./helpers.mjs');
  await page.goto(`${BASE_URL}/?board=1,2,3,4,0,5,7,8,6`);
  await page.getByRole('grid').waitFor();
  const duration = (p) => p.locator('[role=grid] .tile').first().evaluate((e) => getComputedStyle(e).transitionDuration);
  assert.equal(await duration(page), '0s');
  const normal = await open(browser, '?board=1,2,3,4,0,5,7,8,6');
  assert.notEqual(await duration(normal), '0s');
  // With motion, a moved tile starts from its old cell (a transform) and slides home: a
  // transition of its transform runs (caught by its event, not by reading the style after the
  // click, which a loaded machine can do after the slide has ended).
  await normal.evaluate(() => document.addEventListener('transitionrun', (e) => {
    if (e.propertyName === 'transform') window.__slid = e.target.dataset.cell ?? '?';
  }));
  await normal.getByRole('button', { name: 'tile 5', exact: true }).click();
  await normal.waitForFunction(() => window.__slid !== undefined, null, { timeout: 5000 })
    .catch(() => assert.fail('tile 5 did not slide from cell 5 to cell 4'));
  assert.equal(await normal.evaluate(() => window.__slid), '4', 'the tile that slid is the one now in cell 4');
  await normal.waitForFunction(() => getComputedStyle(document.querySelector('[data-cell="4"]')).transform === 'none');
  // Without motion the same move is drawn at once.
  await page.getByRole('button', { name: 'tile 5', exact: true }).click();
  assert.equal(await page.locator('[data-cell="4"]').evaluate((e) => getComputedStyle(e).transform), 'none');
  await context.close();
});

/** axe-core's violations on the page now, as { id, impact, count, where }. */
async function audit(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE });
  return page.evaluate(async () => (await window.axe.run()).violations.map((v) => ({
    id: v.id, impact: v.impact, count: v.nodes.length, where: v.nodes.slice(0, 4).map((n) => n.target.join(' ')),
  })));
}

test('axe-core finds no serious or critical violations: numbers, a 16x16, a phone, a played answer with the overlay', async () => {
  const report = {};
  const serious = [];
  const note = (label, violations) => {
    report[label] = violations;
    for (const v of violations) if (v.impact === 'serious' || v.impact === 'critical') serious.push(`${label}: ${v.id} (${v.impact}) at ${v.where.join(', ')}`);
  };
  const plain = await open(browser);
  note('3x3 first screen (scrambled)', await audit(plain));
  const big = await open(browser, '?size=16x16');
  note('16x16 desktop', await audit(big));
  const phone = await open(browser, '?size=10x10', { width: 360, height: 640 });
  note('10x10 phone', await audit(phone));
  const played = await open(browser, '?board=6,1,7,3,0,4,5,8,2&goal=snail');
  await played.locator('#overlay-toggle').check();
  await played.locator('#solve').click();
  await played.locator('#length').waitFor({ timeout: 30_000 });
  await played.locator('#pause').click();
  note('solved, paused, overlay on', await audit(played));
  writeFileSync(join(ARTIFACTS, 'a11y-axe.json'), JSON.stringify(report, null, 2) + '\n');
  assert.deepEqual(serious, []);
});
