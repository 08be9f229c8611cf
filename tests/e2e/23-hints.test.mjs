// Issue 37, points 5 and 6: Hint on every size (the best move where a shortest answer is
// known, else a good move of the best answer known or of a short solve in the counting
// worker, else the reason in words beside the button), and honest wins (a game won with hints
// says so and is not the best; a board a move from the goal is no record; Undo right after
// the win takes the winning move back).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, board, shot, bfsDistance, STANDARD_3 } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const DESKTOP = { width: 1280, height: 800 };
const note = (page) => page.locator('#hint-note').textContent();

/** Presses Hint and waits for its answer: the highlighted cell (or null) and the note. */
async function hint(page) {
  await page.locator('#hint').click();
  await page.waitForFunction(() => {
    const hinted = document.querySelector('[role=grid] .tile.hinted');
    const advice = document.querySelector('#hint')?.dataset.advice;
    return hinted || advice === 'none';
  }, null, { timeout: 15_000 });
  const hinted = page.locator('[role=grid] .tile.hinted');
  const cell = (await hinted.count()) === 1 ? Number(await hinted.getAttribute('data-cell')) : null;
  return { cell, note: await note(page) };
}

/** Whether `cell` is next to the blank of `cells` on a board `width` wide (its tile can slide). */
function movable(cells, width, cell) {
  const blank = cells.indexOf(0);
  const [br, bc, r, c] = [Math.floor(blank / width), blank % width, Math.floor(cell / width), cell % width];
  return Math.abs(br - r) + Math.abs(bc - c) === 1;
}

test('Hint answers on 3x3, 4x4, 5x5, 6x6 and 8x8: a movable tile, best or good, and says which', async () => {
  for (const n of [3, 4, 5, 6, 8]) {
    const page = await open(browser, n === 3 ? '' : `?size=${n}x${n}`, DESKTOP);
    const cells = await board(page);
    assert.equal(cells.length, n * n);
    const started = Date.now();
    const answer = await hint(page);
    assert.notEqual(answer.cell, null, `${n}x${n}: a tile is highlighted (note: ${answer.note})`);
    assert.ok(movable(cells, n, answer.cell), `${n}x${n}: the hinted tile ${answer.cell} can slide`);
    const tile = cells[answer.cell];
    if (n === 3) {
      assert.match(answer.note, new RegExp(`^Slide ${tile}: the best move \\(\\d+ moves? left\\)\\.$`));
    } else {
      // 4x4 without "Count exactly" and the big boards: a short solve in the coach's worker.
      assert.match(answer.note, new RegExp(`^Slide ${tile}: a good move, from an answer of \\d+ moves \\(not proven shortest\\)\\.$`));
    }
    if (n === 3 || n === 5 || n === 8) await shot(page, `23-hint-${n}x${n}`);
    if (n === 8) {
      // Following it: the next hint comes from the same answer at once, one move shorter.
      const left = Number(answer.note.match(/answer of (\d+)/)[1]);
      await page.locator('[role=grid] .tile.hinted').click();
      assert.equal(await page.locator('.tile.hinted').count(), 0);
      assert.equal(await note(page), '', 'the note goes with the move');
      const next = await hint(page);
      assert.ok(movable(await board(page), n, next.cell));
      assert.match(next.note, new RegExp(`from an answer of ${left - 1} moves`));
    }
    console.log(`${n}x${n}: hint in ${Date.now() - started} ms: ${answer.note}`);
    assert.deepEqual(page.problems, []);
    await page.context().close();
  }
});

test('no hint on a solved or unsolvable board: the reason is written beside the button', async () => {
  const solved = await open(browser, `?board=${STANDARD_3.join(',')}`, DESKTOP);
  assert.ok(await solved.locator('#hint').isDisabled());
  assert.equal(await note(solved), 'Solved: no move left to hint.');
  assert.ok(await solved.locator('#hint-note').isVisible());
  const stuck = await open(browser, '?board=2,1,3,4,5,6,7,8,0', DESKTOP);
  assert.ok(await stuck.locator('#hint').isDisabled());
  assert.equal(await note(stuck), 'No hint: this board cannot reach the goal (press Fix).');
  await shot(stuck, '23-hint-unsolvable');
  assert.deepEqual([...solved.problems, ...stuck.problems], []);
  await solved.context().close();
  await stuck.context().close();
});

test('a 3x3 won by following hints says so and is not the best; Undo takes the win back', async () => {
  // Twelve moves of the blank from the goal (a walk around the board).
  const start = [4, 1, 2, 8, 3, 6, 5, 7, 0];
  const shortest = bfsDistance(start, STANDARD_3, 3);
  assert.ok(shortest >= 10, `a board that would count: ${shortest}`);
  const page = await open(browser, `?board=${start.join(',')}`, DESKTOP);
  let hints = 0;
  while (JSON.stringify(await board(page)) !== JSON.stringify(STANDARD_3)) {
    assert.ok(hints < shortest, 'hints lead the shortest way');
    const { cell } = await hint(page);
    hints += 1;
    await page.locator(`[role=grid] button[data-cell="${cell}"]`).click();
  }
  await page.locator('#solved').waitFor();
  await page.waitForFunction(() => document.querySelector('#hand-result')?.dataset.shortest);
  const result = page.locator('#hand-result');
  assert.match(await result.textContent(), new RegExp(
    `^Solved in ${shortest} moves and \\d:\\d\\d with ${hints} hints — the shortest is ${shortest}: you found it\\. Not counted for your best: hints helped$`));
  assert.equal(await result.getAttribute('data-record'), 'false');
  assert.equal(await page.locator('#best').count(), 0, 'a hinted game is not the best');
  assert.equal(await page.evaluate(() => localStorage.getItem('sliding-puzzle-best-v1')), null);
  await shot(page, '23-won-with-hints');

  // Undo right after the win: the winning move goes back, the game goes on.
  assert.ok(await page.locator('#undo').isEnabled(), 'Undo after the win');
  await page.locator('#undo').click();
  assert.notDeepEqual(await board(page), STANDARD_3);
  assert.equal(await page.locator('#move-count').textContent(), `Moves: ${shortest - 1}`);
  assert.equal(await page.locator('#hand-result').count(), 0);
  assert.equal(await page.locator('#timer').getAttribute('data-state'), 'running');
  await page.locator('#redo').click();
  assert.deepEqual(await board(page), STANDARD_3);
  await page.locator('#solved').waitFor();
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('a board one move from the goal is won but is no record', async () => {
  const page = await open(browser, '?board=1,2,3,4,5,6,7,0,8', DESKTOP);
  await page.locator('[role=grid] button[data-cell="8"]').click();
  await page.locator('#solved').waitFor();
  await page.waitForFunction(() => document.querySelector('#hand-result')?.dataset.shortest);
  assert.equal(await page.locator('#hand-result').textContent(),
    'Solved in 1 move and 0:00 — the shortest is 1: you found it. Not counted for your best: the board was 1 move from the goal (a best needs 10 or more)');
  assert.equal(await page.locator('#best').count(), 0);
  assert.ok(await page.locator('#undo').isEnabled());
  await shot(page, '23-won-short');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});
