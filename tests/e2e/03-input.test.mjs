import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, board, shot, moreOptions } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('a malformed board shows the core error inline and keeps the board', async () => {
  const page = await open(browser, '?board=1,2,3,4,0,5,7,8,6');
  const before = await board(page);
  await moreOptions(page);
  await page.getByRole('button', { name: 'Edit board' }).click();
  await page.locator('#board-text').fill('1 2 3 / 4 x 5 / 7 8 6');
  const error = page.locator('#board-error');
  await error.waitFor();
  assert.equal(await error.textContent(), '`x` is not a tile number: tiles are whole numbers, 0 for the blank');
  await page.getByRole('button', { name: 'Use this board' }).click();
  assert.ok(await error.isVisible());
  await page.locator('#board-text').fill('1 2 3 4 5 6 7 8');
  assert.match(await error.textContent(), /8 numbers do not make a square board/);
  await page.locator('#board-text').fill('1 2 3 / 4 4 5 / 7 8 6');
  assert.match(await error.textContent(), /^tile 4 appears more than once/);
  assert.deepEqual(await board(page), before);
  await shot(page, '03-input-malformed');
  // A good board replaces it and closes the editor.
  await page.locator('#board-text').fill('8 1 3\n4 0 2\n7 6 5');
  assert.equal(await error.count(), 0);
  await page.getByRole('button', { name: 'Use this board' }).click();
  assert.deepEqual(await board(page), [8, 1, 3, 4, 0, 2, 7, 6, 5]);
  assert.equal(await page.locator('#board-text').count(), 0);
  assert.deepEqual(page.problems, []);
});

test('an unsolvable board disables Solve and explains why, with a one-click fix', async () => {
  const page = await open(browser, '?board=1,2,3,4,5,6,8,7,0');
  const solve = page.getByRole('button', { name: 'Solve', exact: true });
  assert.ok(await solve.isDisabled());
  const verdict = page.locator('#solvability');
  const text = await verdict.textContent();
  assert.match(text, /Unsolvable/);
  assert.match(text, /1 inversion\?.*\(odd\)/);
  assert.match(text, /goal 0 \(even\)/);
  await shot(page, '03-input-unsolvable');
  await page.getByRole('button', { name: 'Fix: swap two tiles' }).click();
  assert.ok(await solve.isEnabled());
  assert.match(await verdict.textContent(), /^Solvable/);

  // On an even width the blank's row is part of the explanation.
  await page.goto(page.url().split('?')[0] + '?size=4x4&board=2,1,3,4,5,6,7,8,9,10,11,12,13,14,15,0');
  await page.getByRole('grid').waitFor();
  assert.ok(await solve.isDisabled());
  assert.match(await verdict.textContent(), /even width the blank's row counts too/);
  await shot(page, '03-input-unsolvable-4x4');
});

test('a custom goal typed wrong shows the core message', async () => {
  const page = await open(browser);
  await moreOptions(page);
  await page.selectOption('#goal', 'custom');
  await page.locator('#goal-text').fill('1 2 3 0');
  assert.equal(await page.locator('#goal-error').textContent(), 'a 3x3 board has 9 cells, but 4 numbers were given');
  await page.locator('#goal-text').fill('8 7 6 5 4 3 2 1 0');
  assert.equal(await page.locator('#goal-error').count(), 0);
  await page.waitForFunction(() => location.search.includes('goal=8,7,6,5,4,3,2,1,0'));
});
