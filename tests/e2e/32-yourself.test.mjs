// Issue 57, solve it yourself: Show me how plays the method on a 4x4 phase by phase, each
// phase's label and marks on screen and its tiles home at its pause, as
// `npuzzle solve -a method --explain --json` gives them; Your turn on the first phase, played
// by the test, moves on when its tiles are home; a game of 30 moves by hand is reviewed (its
// distances are `npuzzle review --json`'s), its chart drawn, and a click on a point puts the
// board there and plays the shortest answer from there to the goal. A link holding a game
// that cannot be played says why in one line. At 1280x800 (light) and 360x640 (dark, touch).
// The Solve menu lists the taught method (a link naming it shows it chosen).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { NPUZZLE, launch, open, shot, board, howToSolve, SCREENS } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });


/** A 4x4 whose method answer has seven phases, each with moves (70 moves in all). */
const LESSON = [1, 6, 11, 3, 8, 4, 12, 13, 15, 2, 0, 7, 9, 5, 14, 10];
const GOAL_4 = [...Array(15).keys()].map((i) => i + 1).concat([0]);
const STEP = { U: -4, D: 4, L: -1, R: 1 };

/** The board after the blank's moves `letters`. */
function boardAfter(cells, letters) {
  const at = [...cells];
  for (const letter of letters) {
    const z = at.indexOf(0);
    [at[z], at[z + STEP[letter]]] = [at[z + STEP[letter]], at[z]];
  }
  return at;
}

function method(cells) {
  const out = execFileSync(NPUZZLE, ['solve', cells.join(' '), '-a', 'method', '--explain', '--json'], { encoding: 'utf8' });
  return JSON.parse(out).phases;
}

/** Moves the blank one step by clicking the tile it swaps with. */
async function moveBlank(page, letter) {
  const cells = await board(page);
  const target = cells.indexOf(0) + STEP[letter];
  await page.locator(`[role=grid] [data-cell="${target}"]`).click();
  await page.waitForFunction(([t]) => document.querySelector(`[role=grid] [data-cell="${t}"]`).classList.contains('blank'), [target]);
}

/** The fastest playback speed. */
async function fastest(page) {
  const value = await page.locator('#speed option').evaluateAll((options) => Math.min(...options.map((o) => Number(o.value))));
  await page.selectOption('#speed', String(value));
}

for (const [screen, { viewport, device }] of Object.entries(SCREENS)) {
  test(`${screen}: Show me how plays every phase with its label and marks; Your turn moves on when its tiles are home`, async () => {
    const phases = method(LESSON);
    const page = await open(browser, `?size=4x4&board=${LESSON.join(',')}`, viewport, device);
    await page.locator('#show-me-how').click();
    const line = page.locator('#lesson-phase');
    await line.waitFor();
    await fastest(page);
    for (let i = 0; i < phases.length; i += 1) {
      await page.waitForFunction((i) => {
        const line = document.querySelector('#lesson-phase');
        return line && line.dataset.phase === String(i) && line.dataset.done === 'true';
      }, i, { timeout: 20_000 });
      assert.equal(await line.textContent(), `Step ${i + 1} of ${phases.length}: ${phases[i].name} ✓ home`);
      // Its tiles are ringed and home; their goal cells framed.
      const marked = await page.locator('.tile.target').evaluateAll((tiles) => tiles.map((t) => Number(t.dataset.tile)).sort((a, b) => a - b));
      assert.deepEqual(marked, [...phases[i].tiles].sort((a, b) => a - b));
      assert.equal(await page.locator('.cell.target-cell').count(), phases[i].cells.length);
      const cells = await board(page);
      phases[i].tiles.forEach((t, k) => assert.equal(cells[phases[i].cells[k]], t, `tile ${t} home after phase ${i + 1}`));
      if (i === 2) await shot(page, `32-show-me-how-${screen}`, { fullPage: false });
      if (i + 1 < phases.length) await page.locator('#lesson-next').click();
    }
    assert.deepEqual(await board(page), GOAL_4);
    // Back: the last phase again from its start.
    await page.locator('#lesson-back').click();
    await page.waitForFunction(() => document.querySelector('#lesson-phase').dataset.done === 'false');

    // Your turn near the start: the test plays the rest of the first phase by hand.
    await page.locator('#lesson-bar .lesson-close').click();
    await page.goto(page.url().replace(/board=[^&]*/, `board=${LESSON.join(',')}`));
    await page.locator('#show-me-how').click();
    await line.waitFor();
    await page.selectOption('#speed', '700');
    await page.locator('#lesson-turn').click();
    await page.waitForFunction(() => document.querySelector('#lesson-phase')?.dataset.turn === 'true');
    // The method's first moves played before the turn began: the turn starts where the board is.
    const start = await board(page);
    const first = phases[0].moves;
    const played = [...Array(first.length).keys()].find((k) => boardAfter(LESSON, first.slice(0, k)).join() === start.join());
    assert.notEqual(played, undefined, 'the board is on the method\'s first phase');
    assert.equal(await line.getAttribute('data-phase'), '0');
    await page.locator('#lesson-hint').click();
    await page.locator('.tile.hinted').waitFor();
    const hinted = Number(await page.locator('.tile.hinted').getAttribute('data-cell'));
    assert.equal(hinted, start.indexOf(0) + STEP[first[played]], 'the hint is the method\'s next move');
    for (const letter of first.slice(played)) await moveBlank(page, letter);
    await page.waitForFunction(() => document.querySelector('#lesson-phase').dataset.phase !== '0');
    assert.match(await line.textContent(), /^Your turn, step 2 of 7: Row 1: tiles 3 and 4, the corner trick \(Row 1: tiles 1 and 2 home\.\)$/);
    await shot(page, `32-your-turn-${screen}`, { fullPage: false });
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });

  test(`${screen}: a game of 30 moves is reviewed as the CLI reviews it; a point sets the board and the shortest plays`, async () => {
    const start = [5, 1, 2, 3, 0, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12];
    const page = await open(browser, `?size=4x4&board=${start.join(',')}`, viewport, device);
    // 30 moves: wander away and back, then solve (the method's way).
    const game = 'RRUDLLDURLRLRLDU' + 'RLRLRLRLRLRLRL';
    for (const letter of game) await moveBlank(page, letter);
    const review = page.locator('#review-game');
    assert.match(await review.textContent(), /\(30 moves\)/);
    const clicked = Date.now();
    await review.click();
    await page.locator('#review').waitFor({ timeout: 120_000 });
    const seconds = (Date.now() - clicked) / 1000;
    const cli = JSON.parse(execFileSync(NPUZZLE, ['review', start.join(' '), '--size', '4x4', '--moves', game, '--json'], { encoding: 'utf8' }));
    const distances = await page.locator('#review-chart .review-point').evaluateAll((points) => points.map((p) => Number(p.dataset.distance)));
    assert.deepEqual(distances, cli.distances.map((d) => d.moves));
    assert.equal(await page.locator('#review').getAttribute('data-farther'), String(cli.farther));
    assert.equal(await page.locator('#review-chart .review-point.farther').count(), cli.farther);
    assert.match(await page.locator('#review-summary').textContent(), new RegExp(`^30 moves: ${cli.farther} took you farther`));
    console.log(`review of 30 moves on 4x4: ${seconds.toFixed(1)} s from the click (tables included)`);
    await page.locator('#review').scrollIntoViewIfNeeded();
    await shot(page, `32-review-${screen}`, { fullPage: false });
    // A point: the board after move 3, and the shortest from there plays to the goal.
    const link = await page.locator('#review-link').getAttribute('href');
    await page.evaluate(() => {
      window.boardsSeen = [];
      const grid = document.querySelector('[role=grid]');
      new MutationObserver(() => window.boardsSeen.push(grid.dataset.board)).observe(grid, { attributes: true, attributeFilter: ['data-board'] });
    });
    await page.locator('#review-chart .review-point[data-move="3"]').click({ force: true });
    const at = boardAfter(start, game.slice(0, 3));
    await page.waitForFunction((cells) => document.querySelector('[role=grid]').dataset.board !== cells, start.join(' '));
    await page.waitForFunction((goal) => document.querySelector('[role=grid]').dataset.board === goal, GOAL_4.join(' '), { timeout: 30_000 });
    assert.equal(await page.locator('#step-count').getAttribute('data-total'), String(cli.distances[3].moves), 'the shortest from move 3 played');
    const seen = await page.evaluate(() => window.boardsSeen);
    assert.equal(seen[0], at.join(' '), 'the board went to the position after move 3 first');
    assert.deepEqual(page.problems, []);
    // The review's link opens the review.
    await page.goto(new URL(link, page.url()).href);
    await page.locator('#review').waitFor({ timeout: 60_000 });
    assert.equal(await page.locator('#review').getAttribute('data-moves'), '30');
    await page.context().close();
  });
}

test('a link holding a game that cannot be played says why in one line, and the rest of the link is used', async () => {
  const page = await open(browser, '?size=3x3&board=1,2,3,4,5,6,7,0,8&game=3x3%3ARRR');
  const status = page.locator('#review-status');
  await status.waitFor();
  assert.match(await status.textContent(), /^The link's game: the game cannot be played: /);
  assert.deepEqual(await board(page), [1, 2, 3, 4, 5, 6, 7, 0, 8]);
  await page.goto(page.url().split('?')[0] + '?size=3x3&board=1,2,3,4,5,6,7,0,8&game=4x4%3AR');
  await status.waitFor();
  assert.match(await status.textContent(), /for a 4x4 board, and the link's board is a 3x3/);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('the Solve menu has the taught method: a link naming it shows it chosen, and Solve plays its answer', async () => {
  const page = await open(browser, `?size=4x4&board=${LESSON.join(',')}&method=method`);
  await howToSolve(page);
  const menu = page.locator('#algorithm');
  assert.equal(await menu.inputValue(), 'method', 'the menu shows the method Solve runs');
  assert.match(await menu.locator('option:checked').textContent(), /^Long, one a person can follow/);
  await page.locator('#solve').click();
  const length = page.locator('#result #length');
  await length.waitFor();
  const cli = JSON.parse(execFileSync(NPUZZLE, ['solve', LESSON.join(' '), '-a', 'method', '--json'], { encoding: 'utf8' }));
  assert.equal(Number(await length.getAttribute('data-length')), cli.length, 'the method\'s answer, as the CLI gives it');
  // Chosen from the menu, it goes into the link.
  await menu.selectOption('anytime');
  await menu.selectOption('method');
  assert.match(page.url(), /[?&]method=method\b/);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});
