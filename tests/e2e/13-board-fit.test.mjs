// Issue 11, point 1: the board fits any size and screen. Every cell of a 16x16 on a 1200x900
// window and of a 10x10 on a 360x640 phone is inside the window and the grid, no two cells
// overlap, and each tile's number fits inside its tile.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, board, shot, tile } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** Boxes of the grid, its cells, their tiles and the tiles' numbers, read in the page. */
async function measure(page) {
  return page.evaluate(() => {
    const box = (e) => { const r = e.getBoundingClientRect(); return { left: r.left, top: r.top, right: r.right, bottom: r.bottom }; };
    const grid = document.querySelector('[role=grid]');
    const cells = [...grid.querySelectorAll('[role=gridcell]')].map((cell) => {
      const button = cell.querySelector('button');
      const num = button.querySelector('.num');
      return { cell: box(cell), tile: box(button), num: num && box(num), text: num?.textContent ?? '' };
    });
    return { grid: box(grid), cells, width: window.innerWidth, height: window.innerHeight, scrollX: window.scrollX, scrollY: window.scrollY };
  });
}

const EPS = 0.5;
const inside = (a, b) => a.left >= b.left - EPS && a.right <= b.right + EPS && a.top >= b.top - EPS && a.bottom <= b.bottom + EPS;
const overlap = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > EPS
  && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > EPS;

async function checkFit(page, width, height, label) {
  const m = await measure(page);
  assert.equal(m.cells.length, width * height, `${label}: every cell is drawn`);
  const screen = { left: 0, top: 0, right: m.width, bottom: m.height };
  assert.ok(inside(m.grid, screen), `${label}: the grid ${JSON.stringify(m.grid)} is inside the ${m.width}x${m.height} window`);
  const cellWidth = (m.grid.right - m.grid.left) / width;
  for (const [i, c] of m.cells.entries()) {
    assert.ok(inside(c.cell, m.grid), `${label}: cell ${i} inside the grid`);
    assert.ok(inside(c.tile, c.cell), `${label}: tile of cell ${i} inside its cell`);
    assert.ok(Math.abs((c.cell.right - c.cell.left) - cellWidth) < 1, `${label}: cell ${i} has the common width`);
    assert.ok(Math.abs((c.cell.bottom - c.cell.top) - cellWidth) < 1, `${label}: cell ${i} is square`);
    if (c.num) assert.ok(inside(c.num, c.tile), `${label}: number ${c.text} fits in its tile (${JSON.stringify(c.num)} in ${JSON.stringify(c.tile)})`);
  }
  for (let i = 0; i < m.cells.length; i++) {
    for (let j = i + 1; j < m.cells.length; j++) {
      assert.ok(!overlap(m.cells[i].tile, m.cells[j].tile), `${label}: tiles of cells ${i} and ${j} overlap`);
    }
  }
  return { cellWidth, m };
}

test('16x16 on a 1200x900 window: all 256 cells, the blank among them, fit without overlap', async () => {
  const page = await open(browser, '?size=16x16', { width: 1200, height: 900 });
  const { cellWidth } = await checkFit(page, 16, 16, '16x16');
  assert.ok(cellWidth > 20, `cells are big enough to read (${cellWidth}px)`);
  // The blank is one of the drawn cells and sits inside the grid.
  const cells = await board(page);
  assert.equal(cells.length, 256);
  await tile(page, 0).waitFor({ state: 'attached' });
  // The generic button's min-height (2.5rem = 40px) does not apply to tiles.
  const minHeight = await tile(page, 255).evaluate((e) => getComputedStyle(e).minHeight);
  assert.ok(minHeight === '0px' || minHeight === 'auto', `tile min-height ${minHeight}`);
  await shot(page, '13-board-fit-16x16-desktop');
  assert.deepEqual(page.problems, []);
});

test('10x10 on a 360x640 phone: all 100 cells fit, no horizontal scrolling', async () => {
  const page = await open(browser, '?size=10x10', { width: 360, height: 640 });
  await checkFit(page, 10, 10, '10x10');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no horizontal scrolling (${overflow}px)`);
  await shot(page, '13-board-fit-10x10-phone');
  assert.deepEqual(page.problems, []);
});

test('small boards keep big numbers; a 16x16 on the phone and a tall 4x16 still fit', async () => {
  const page = await open(browser, '?board=8,1,3,4,0,2,7,6,5', { width: 1200, height: 900 });
  const { cellWidth } = await checkFit(page, 3, 3, '3x3');
  const fontSize = parseFloat(await tile(page, 8).evaluate((e) => getComputedStyle(e).fontSize));
  assert.ok(fontSize >= 28, `a 3x3 tile number is large (${fontSize}px in a ${cellWidth}px cell)`);
  const phone = await open(browser, '?size=16x16', { width: 360, height: 640 });
  await checkFit(phone, 16, 16, '16x16 phone');
  await shot(phone, '13-board-fit-16x16-phone');
  // A tall rectangle is limited by the window's height, not its width.
  const tall = await open(browser, '?size=4x16', { width: 1200, height: 900 });
  await checkFit(tall, 4, 16, '4x16 desktop');
  await shot(tall, '13-board-fit-4x16-desktop');
  assert.deepEqual(tall.problems, []);
  assert.deepEqual(page.problems, []);
  assert.deepEqual(phone.problems, []);
});
