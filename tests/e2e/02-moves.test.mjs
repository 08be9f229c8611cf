import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, board, shot, tile } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('clicking tiles slides them into the blank as on a physical puzzle', async () => {
  const page = await open(browser, '?board=1,2,3,4,0,5,7,8,6');
  const moves = () => page.locator('#move-count').textContent();
  // Next to the blank: tile 5 slides left into it.
  await tile(page, 5).click();
  assert.deepEqual(await board(page), [1, 2, 3, 4, 5, 0, 7, 8, 6]);
  assert.equal(await moves(), 'Moves: 1');
  // Not in the blank's row or column: nothing happens.
  await tile(page, 1).click();
  await tile(page, 7).click();
  assert.deepEqual(await board(page), [1, 2, 3, 4, 5, 0, 7, 8, 6]);
  assert.equal(await moves(), 'Moves: 1');
  // Two cells away in the blank's row: tiles 4 and 5 slide together.
  await tile(page, 4).click();
  assert.deepEqual(await board(page), [1, 2, 3, 0, 4, 5, 7, 8, 6]);
  assert.equal(await moves(), 'Moves: 3');
  // In the blank's column: tile 1 slides down.
  await tile(page, 1).click();
  assert.deepEqual(await board(page), [0, 2, 3, 1, 4, 5, 7, 8, 6]);
  // The tile is drawn where the board says: in the grid's row 1, column 0 (cell 3).
  const where = await tile(page, 1).evaluate((e) => {
    const cell = e.closest('[role=gridcell]');
    const row = cell.closest('[role=row]');
    return [[...row.parentElement.querySelectorAll('[role=row]')].indexOf(row), [...row.children].indexOf(cell), e.dataset.cell];
  });
  assert.deepEqual(where, [1, 0, '3']);
  await shot(page, '02-moves-clicked');
  assert.deepEqual(page.problems, []);
});

test('arrow keys and WASD slide the tile that points at the blank', async () => {
  const page = await open(browser, '?board=1,2,3,4,0,5,7,8,6');
  await page.keyboard.press('ArrowUp'); // the tile below the blank (8) slides up
  assert.deepEqual(await board(page), [1, 2, 3, 4, 8, 5, 7, 0, 6]);
  await page.keyboard.press('a'); // the tile right of the blank (6) slides left
  assert.deepEqual(await board(page), [1, 2, 3, 4, 8, 5, 7, 6, 0]);
  await page.keyboard.press('ArrowUp'); // nothing below the blank: ignored
  assert.deepEqual(await board(page), [1, 2, 3, 4, 8, 5, 7, 6, 0]);
  assert.equal(await page.locator('#move-count').textContent(), 'Moves: 2');
});

test('finishing by hand shows the solved state', async () => {
  const page = await open(browser, '?board=1,2,3,4,5,6,7,0,8');
  assert.equal(await page.locator('#solved').count(), 0);
  await tile(page, 8).click();
  await page.locator('#solved').waitFor();
  assert.equal(await page.locator('#solved').textContent(), 'Solved!');
  await shot(page, '02-moves-solved');
});
