// The watched solve, start to finish (issue 45), as a first visitor meets it on a 1280x800
// desktop in light and a 360x640 phone in dark: a new size or goal is a new game; a long
// answer ends in about half a minute; Cancel stops the moves; the shortest 4x4 answer found
// after playback began plays in one click; a record cannot be laundered through a reload; one
// id per element on every view. (Hostile pictures: 30-pictures.test.mjs.)
// The timings of old against new are measured by tests/e2e/bench/playback.mjs.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, board, shot, record, moreOptions, openView, VIEWS } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const SCREENS = {
  desktop: { viewport: { width: 1280, height: 800 }, device: { colorScheme: 'light' } },
  phone: { viewport: { width: 360, height: 640 }, device: { hasTouch: true, isMobile: true, colorScheme: 'dark' } },
};

function goalOf(width, height = width) {
  return [...Array(width * height - 1).keys()].map((k) => k + 1).concat(0).join(' ');
}

/** Whether the element is wholly inside the window. */
async function inView(page, selector) {
  return page.locator(selector).first().evaluate((e) => {
    const r = e.getBoundingClientRect();
    return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth && r.height > 0;
  });
}

/** The ids used by more than one element on the page. */
async function duplicateIds(page) {
  return page.evaluate(() => {
    const seen = new Map();
    for (const e of document.querySelectorAll('[id]')) seen.set(e.id, (seen.get(e.id) || 0) + 1);
    return [...seen].filter(([, n]) => n > 1).map(([id]) => id);
  });
}

/** The board is a new game: not the goal, solvable, no moves, no "Solved!". */
async function assertNewGame(page, why) {
  const grid = page.getByRole('grid');
  const cells = (await grid.getAttribute('data-board')).split(' ');
  assert.ok(cells.length > 0);
  assert.equal(await page.locator('#solved').count(), 0, `${why}: no "Solved!"`);
  assert.match(await page.locator('#solvability').textContent(), /^Solvable/, `${why}: solvable`);
  assert.equal(await page.locator('#move-count').textContent(), 'Moves: 0', `${why}: no moves`);
}

for (const [name, { viewport, device }] of Object.entries(SCREENS)) {
  test(`${name}: a new size or goal is a new game; one id per element and a look at every view`, async () => {
    const page = await open(browser, '', viewport, device);
    for (const size of ['5x5', '8x8', '4x4']) {
      await page.selectOption('#size', size);
      const n = Number(size[0]);
      await page.waitForFunction((cells) => document.querySelector('[role=grid]').dataset.board.split(' ').length === cells, n * n);
      assert.notEqual((await board(page)).join(' '), goalOf(n), `${size}: scrambled`);
      await assertNewGame(page, size);
    }
    await moreOptions(page);
    await page.selectOption('#goal', 'snail');
    await assertNewGame(page, 'snail');
    await shot(page, `25-${name}-new-game`, { fullPage: false });
    for (const view of Object.keys(VIEWS)) {
      await openView(page, view);
      assert.deepEqual(await duplicateIds(page), [], `${view}: no id twice`);
      await shot(page, `25-${name}-view-${view}`, { fullPage: false });
    }
    await openView(page, 'play');
    await page.locator('#solve').click();
    await page.locator('#length').waitFor({ timeout: 30_000 });
    await openView(page, 'step');
    assert.deepEqual(await duplicateIds(page), [], 'after a solve, Step through open: no id twice');
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });
}

test('desktop: an 8x8 plays to the goal within 45 s at the default speed', async () => {
  const { viewport, device } = SCREENS.desktop;
  const page = await open(browser, '?size=8x8', viewport, device);
  const t0 = Date.now();
  await page.locator('#solve').click();
  await page.waitForFunction((goal) => document.querySelector('[role=grid]').dataset.board === goal,
    goalOf(8), { timeout: 60_000, polling: 100 });
  const ms = Date.now() - t0;
  record('watched_8x8_to_goal_ms', ms);
  assert.ok(ms <= 45_000, `8x8 at the goal ${ms} ms after Solve`);
  await shot(page, '25-8x8-at-goal', { fullPage: false });
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

for (const [name, { viewport, device }] of Object.entries(SCREENS)) {
  test(`${name}: Cancel during a 7x7 stops the moves at once, its message in view; Play lets it go on`, async () => {
    const page = await open(browser, '?size=7x7', viewport, device);
    await page.locator('#solve').click();
    await page.locator('#solving-line', { hasText: /Playing move \d+ of \d+/ }).waitFor({ timeout: 15_000 });
    await page.waitForTimeout(1000);
    await page.locator('#cancel').click();
    await page.waitForTimeout(500);
    const stopped = await board(page);
    const step = await page.locator('#step-count').getAttribute('data-step');
    await page.waitForTimeout(1500);
    assert.deepEqual(await board(page), stopped, 'the board stays still after Cancel');
    assert.equal(await page.locator('#step-count').getAttribute('data-step'), step);
    const notice = page.locator('#notice');
    assert.match(await notice.textContent(), /Stopped: kept .* The board stays at move \d+ of \d+: press Play to let it play on/);
    assert.ok(await inView(page, '#notice'), 'the message is in view');
    assert.ok(await inView(page, '#solve'), 'Solve is back in view');
    await shot(page, `25-${name}-cancelled`, { fullPage: false });
    await page.locator('#play').click();
    await page.waitForFunction((s) => document.querySelector('#step-count').dataset.step !== s, step);
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });
}

test('an 80-move 4x4 whose shortest answer came after playback began: one click plays the 80 to the goal', async (t) => {
  const { viewport, device } = SCREENS.desktop;
  // The quickest of the 17 positions that need 80 moves (blank-first goal).
  const cells = [15, 11, 9, 12, 14, 10, 13, 8, 6, 7, 5, 1, 3, 2, 4, 0];
  const page = await open(browser, `?size=4x4&board=${cells.join(',')}&goal=blank-first`, viewport, device);
  // The strong tables come 2 s late (a slow line): the shortest answer then comes after the
  // playback began, which on a fast machine with a quick download it may not.
  await page.context().route('**/tables/pdb-4x4-standard.bin.gz', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await route.continue();
  });
  await page.locator('#solve').click();
  // Playback starts on a first answer; the search proves 80 later.
  await page.locator('#playing-length').waitFor({ timeout: 20_000 });
  const offer = page.locator('#play-shortest');
  // Where the shortest answer still came before the playback began, it plays itself and
  // nothing is offered: the case this test is about did not happen, so it is skipped.
  const came = await Promise.race([
    offer.waitFor({ timeout: 150_000 }).then(() => 'offer'),
    page.waitForFunction(() => document.querySelector('#length')?.dataset.length === '80'
      && document.querySelector('#playing-length')?.dataset.length === '80'
      && !document.querySelector('#play-shortest'), null, { timeout: 150_000 }).then(() => 'played'),
  ]);
  if (came === 'played') {
    t.skip('the shortest answer came before the playback began');
    await page.context().close();
    return;
  }
  assert.equal(await offer.textContent(), 'Play the 80-move answer from the start');
  await page.selectOption('#speed', '50');
  await page.evaluate(() => {
    const grid = document.querySelector('[role=grid]');
    new MutationObserver(() => { window.__changes += 1; }).observe(grid, { attributes: true, attributeFilter: ['data-board'] });
  });
  // The count starts at the click, in the same turn of the page: the answer playing before
  // it goes on ticking until then (on a loaded machine, several ticks between two commands).
  await page.evaluate(() => {
    window.__changes = 0;
    document.querySelector('#play-shortest').click();
  });
  assert.equal(await page.locator('#step-count').getAttribute('data-total'), '80');
  await page.waitForFunction((goal) => document.querySelector('[role=grid]').dataset.board === goal,
    [0, ...[...Array(15).keys()].map((k) => k + 1)].join(' '), { timeout: 30_000 });
  // Back to the start with the first move shown at once, then one change a move.
  assert.equal(await page.evaluate(() => window.__changes), 80);
  assert.equal(await page.locator('#length').getAttribute('data-length'), '80', 'the Result names the answer that plays');
  assert.equal(await page.locator('#play-shortest').count(), 0, 'nothing shorter to offer');
  await page.locator('#restart').click();
  assert.equal(await page.locator('#step-count').getAttribute('data-total'), '80', 'Restart restarts it');
  await shot(page, '25-80-moves-played', { fullPage: false });
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('a record cannot be laundered: the solver\'s board, reloaded, is no record', async () => {
  const { viewport, device } = SCREENS.desktop;
  const page = await open(browser, '?size=3x3&board=8,6,7,2,5,4,3,0,1', viewport, device);
  await page.locator('#solve').click();
  await page.locator('#length').waitFor({ timeout: 20_000 });
  const total = Number(await page.locator('#step-count').getAttribute('data-total'));
  // Stop the playback 12 moves before the end, where the playback left the board.
  await page.locator('#timeline').evaluate((input, step) => {
    input.value = String(step);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, total - 12);
  await page.waitForFunction((s) => document.querySelector('#step-count').dataset.step === String(s), total - 12);
  const letters = await page.$$eval('ol.moves button', (bs) => bs.map((b) => b.dataset.letter));
  const rest = letters.slice(total - 12);
  await page.waitForFunction(() => location.search.includes('from=solver'));
  await page.reload();
  await page.getByRole('grid').waitFor();
  // Play the last 12 moves by hand.
  const width = 3;
  for (const letter of rest) {
    const cells = await board(page);
    const blank = cells.indexOf(0);
    const target = blank + { U: -width, D: width, L: -1, R: 1 }[letter];
    await page.locator(`[role=grid] button[data-cell="${target}"]`).click();
  }
  await page.locator('#solved').waitFor();
  const result = page.locator('#hand-result');
  assert.equal(await result.getAttribute('data-record'), 'false');
  assert.match(await result.textContent(), /Not counted for your best: the solver played the start/);
  assert.equal(await page.locator('#best').count(), 0);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('a warm visit is warm: after a reload the first 4x4 solve moves at once; a double click on Solve does not cancel', async () => {
  const { viewport, device } = SCREENS.desktop;
  // 4x4 boards a 40-move walk from the goal (npuzzle generate --walk 40, seeds 3 and 4): the
  // search takes milliseconds once the tables are in hand, so the first move measures whether
  // they are.
  const first = '?size=4x4&board=1,3,2,4,5,6,12,0,14,15,8,10,9,13,7,11';
  const page = await open(browser, first, viewport, device);
  await page.locator('#solve').click();
  await page.locator('#length').waitFor({ timeout: 120_000 });
  await page.locator('#pdb-source', { hasText: /saved in this browser for next time/ }).waitFor({ timeout: 60_000 });
  // A new visit in the same profile, another board.
  await page.goto(`${page.url().split('?')[0]}?size=4x4&board=9,1,6,4,7,0,5,8,13,3,2,12,11,10,14,15`);
  await page.getByRole('grid').waitFor();
  await page.waitForTimeout(3000);
  await page.evaluate(() => {
    const grid = document.querySelector('[role=grid]');
    const before = grid.dataset.board;
    window.addEventListener('click', (e) => {
      if (e.target.closest('#solve') && !window.__click) window.__click = performance.now();
    }, { capture: true });
    new MutationObserver(() => {
      if (!window.__moved && grid.dataset.board !== before) window.__moved = performance.now();
    }).observe(grid, { attributes: true, attributeFilter: ['data-board'] });
  });
  // A double click: the second click lands where Cancel takes Solve's place, and must not cancel.
  await page.locator('#solve').dblclick();
  await page.waitForFunction(() => window.__moved, null, { timeout: 10_000 });
  const ms = await page.evaluate(() => window.__moved - window.__click);
  record('warm_reload_first_4x4_move_ms', Math.round(ms));
  assert.ok(ms < 400, `first move ${Math.round(ms)} ms after Solve on a warm reload`);
  assert.equal(await page.locator('#notice', { hasText: /Cancelled|Stopped/ }).count(), 0, 'not cancelled');
  await page.locator('#length').waitFor({ timeout: 20_000 });
  assert.match(await page.locator('#pdb-source').textContent(), /loaded from cache|already in memory|in memory/);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});
