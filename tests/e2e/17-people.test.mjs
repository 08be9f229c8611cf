// Issue 11, the page as people use it: any size (squares 2..8, any W x H), short messages that
// never widen the page, phones (the board in view after Solve, swipes), no silent refusals
// (reasons on disabled buttons, inline errors in number fields, a race stopped by a size
// change) and focus kept after Solve and Cancel.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { launch, open, openView, board, shot, record, BASE_URL, ARTIFACTS, moreOptions, howToSolve } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const PHONE = { width: 360, height: 640 };
const noSideScroll = (page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const focused = (page) => page.evaluate(() => document.activeElement?.id || document.activeElement?.tagName);

/** Types `value` into a number field and leaves it (its change event). */
async function enter(page, id, value) {
  const field = page.locator(`#${id}`);
  await field.fill(value);
  await field.blur();
}

test('size: squares 2..8 and any W x H from two number fields, with inline errors', async () => {
  const t0 = Date.now();
  const page = await open(browser, '');
  const options = await page.locator('#size option').evaluateAll((os) => os.map((o) => o.value));
  assert.deepEqual(options, ['2x2', '3x3', '4x4', '5x5', '6x6', '7x7', '8x8', 'custom']);
  await page.locator('#size').selectOption('2x2');
  // Counts are read once each render has landed (a loaded machine renders late).
  await page.getByRole('grid', { name: '2x2 puzzle board' }).waitFor();
  assert.equal(await page.getByRole('gridcell').count(), 4);
  await page.locator('#size').selectOption('custom');
  const error = page.locator('#size-w-error');
  for (const bad of ['1', '17', '2.5']) {
    // The page renders again between typing and leaving the field (as when a worker message
    // lands then: a back or forward does it at will); what was typed must survive it. It did
    // not: the field was put back to the value in use, and leaving it said nothing (CI, stop 50).
    const field = page.locator('#size-w');
    await field.fill(bad);
    await page.evaluate(() => {
      const url = new URL(window.location.href);
      url.searchParams.set('view', url.searchParams.get('view') === 'race' ? 'play' : 'race');
      window.history.pushState(null, '', url);
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50))));
    assert.equal(await field.inputValue(), bad, 'what was typed is still there');
    await field.blur();
    await error.waitFor({ timeout: 15000 }).catch(async (e) => {
      await shot(page, '17-size-no-error');
      const held = await page.evaluate(() => ({
        value: document.querySelector('#size-w')?.value,
        focused: document.activeElement?.id || document.activeElement?.tagName,
        size: document.querySelector('#size')?.value,
      }));
      throw new Error(`no error line after entering ${bad}: ${JSON.stringify(held)}; ${e.message}`);
    });
    // The field goes back to the width in use (it fails here if it never does).
    await page.waitForFunction(() => document.querySelector('#size-w').value === '2', null, {
      timeout: 5000,
    });
    assert.match(await error.textContent(), /2 to 16.*still using 2/, bad);
    assert.equal(await page.getByRole('gridcell').count(), 4);
  }
  await enter(page, 'size-w', '3');
  await enter(page, 'size-h', '5');
  await page.getByRole('grid', { name: '3x5 puzzle board' }).waitFor();
  assert.equal(await page.getByRole('gridcell').count(), 15);
  await error.waitFor({ state: 'detached', timeout: 5000 }); // a good value clears the error
  assert.match(page.url(), /size=3x5/);
  await shot(page, '17-size-3x5');
  assert.deepEqual(page.problems, []);
  record('people_size_ms', Date.now() - t0);
});

test('a 1 MB token in Edit board and a 100 KB goal in the link give short messages and no side scroll', async () => {
  const page = await open(browser, '', PHONE);
  await moreOptions(page);
  await page.locator('#edit').click();
  await page.locator('#board-text').fill('x'.repeat(1_000_000));
  await page.getByRole('button', { name: 'Use this board' }).click();
  const error = page.locator('#board-error');
  await error.waitFor();
  const text = await error.textContent();
  assert.ok(text.length < 200, `${text.length} characters: ${text.slice(0, 80)}`);
  assert.match(text, /…/);
  assert.ok(await noSideScroll(page), 'no horizontal scroll');
  await shot(page, '17-long-token');

  // Python's test server refuses request lines over 64 KB: the page itself is served from
  // the normal address, and the app reads the long query from the address bar.
  // (The service worker is blocked so that the route sees the request.)
  const index = await (await fetch(`${BASE_URL}/`)).text();
  const context = await browser.newContext({ viewport: PHONE, serviceWorkers: 'block' });
  const link = await context.newPage();
  link.problems = [];
  link.on('pageerror', (e) => link.problems.push(`pageerror: ${e.message}`));
  await link.route((url) => url.search.length > 60_000, (route) =>
    route.fulfill({ body: index, contentType: 'text/html' }));
  await link.goto(`${BASE_URL}/?goal=${'y'.repeat(100_000)}`);
  await link.getByRole('grid').waitFor();
  const notice = link.locator('#notice');
  await notice.waitFor();
  const said = await notice.textContent();
  assert.ok(said.length < 200, `${said.length} characters: ${said.slice(0, 80)}`);
  assert.match(said, /goal in the link/);
  assert.ok(await noSideScroll(link), 'no horizontal scroll');
  await shot(link, '17-long-goal-link');
  assert.deepEqual([...page.problems, ...link.problems], []);
});

test('a phone sees the board when playback starts after Solve, and a swipe slides a tile', async () => {
  const page = await open(browser, '?size=3x3&board=8,6,7,2,5,4,3,0,1', PHONE);
  // Scrolled down to the Solve panel; Solve pressed from the keyboard (it sits over the board).
  await page.locator('#how-to-solve').scrollIntoViewIfNeeded();
  await page.evaluate(() => scrollBy(0, 300));
  const offscreen = await page.locator('#drop-zone').evaluate((e) => e.getBoundingClientRect().bottom);
  assert.ok(offscreen < 0, `the board is above the viewport before Solve (${offscreen})`);
  const t0 = Date.now();
  await page.locator('#solve').focus({ preventScroll: true });
  await page.keyboard.press('Enter');
  await page.locator('#step-count').waitFor();
  await page.waitForFunction(() => {
    const r = document.querySelector('#drop-zone').getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight;
  }, null, { timeout: 3_000 });
  const step = Number(await page.locator('#step-count').getAttribute('data-step'));
  assert.ok(step < 31, `the board is in view while playback runs (step ${step} of 31)`);
  record('people_phone_board_in_view_ms', Date.now() - t0);
  await shot(page, '17-phone-after-solve');
  await page.screenshot({ path: join(ARTIFACTS, '17-phone-after-solve-viewport.png') });

  // Swipes: blank at the bottom middle; right slides 7 (left of the blank) into it.
  const swipe = await open(browser, '?size=3x3&board=1,2,3,4,5,6,7,0,8', PHONE);
  const grid = swipe.getByRole('grid');
  const box = await grid.boundingBox();
  const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
  const drag = async (dx, dy) => {
    await swipe.mouse.move(cx, cy);
    await swipe.mouse.down();
    await swipe.mouse.move(cx + dx, cy + dy, { steps: 5 });
    await swipe.mouse.up();
  };
  await drag(80, 0);
  assert.deepEqual(await board(swipe), [1, 2, 3, 4, 5, 6, 0, 7, 8], 'swipe right: one tile, once');
  await drag(0, -80);
  assert.deepEqual(await board(swipe), [1, 2, 3, 4, 5, 6, 0, 7, 8], 'up, as the Up key: no tile below the blank');
  await drag(0, 80);
  assert.deepEqual(await board(swipe), [1, 2, 3, 0, 5, 6, 4, 7, 8], 'swipe down slides 4 down');
  // A short drag is a tap: 5, next to the blank, slides; so do clicks and keys.
  await drag(10, 5);
  assert.deepEqual(await board(swipe), [1, 2, 3, 5, 0, 6, 4, 7, 8], 'a tap on 5');
  await swipe.getByRole('button', { name: 'tile 5', exact: true }).click();
  assert.deepEqual(await board(swipe), [1, 2, 3, 0, 5, 6, 4, 7, 8]);
  await swipe.evaluate(() => document.activeElement.blur());
  await swipe.keyboard.press('ArrowUp');
  assert.deepEqual(await board(swipe), [1, 2, 3, 4, 5, 6, 0, 7, 8]);
  await shot(swipe, '17-phone-swipe');

  // A finger (touch events through the DevTools protocol): the board does not scroll the page
  // away, the swipe slides the tile.
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  const touch = await context.newPage();
  await touch.goto(`${BASE_URL}/?size=3x3&board=1,2,3,4,5,6,7,0,8`);
  const tbox = await touch.getByRole('grid').boundingBox();
  const [tx, ty] = [tbox.x + tbox.width / 2, tbox.y + tbox.height / 2];
  const cdp = await context.newCDPSession(touch);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: tx, y: ty }] });
  for (let i = 1; i <= 5; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: tx - 16 * i, y: ty }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await touch.waitForFunction(() => document.querySelector('[role=grid]').dataset.board === '1 2 3 4 5 6 7 8 0');
  await context.close();
  assert.deepEqual([...page.problems, ...swipe.problems], []);
});

test('no silent refusals: reasons on disabled buttons, a race stopped by a size change, number fields', async () => {
  // A 4x4 race lasts seconds (BFS and A* run to their node budget, the databases build).
  const page = await open(browser, '?size=4x4&board=15,14,1,6,9,11,4,12,0,10,7,3,13,8,5,2&view=race');
  for (let i = 0; i < 100 && page.workersSeen.length === 0; i++) await page.waitForTimeout(50);
  await page.waitForTimeout(300);
  const alive = () => page.workersSeen.filter((w) => !w.closed).length;
  const idle = alive();
  await page.locator('#race-start').click();
  const solve = page.locator('#solve');
  assert.ok(await solve.isDisabled());
  const title = await solve.getAttribute('title');
  assert.match(title, /race is running/);
  const described = await solve.getAttribute('aria-describedby');
  assert.equal(await page.locator(`#${described}`).textContent(), title);
  await shot(page, '17-race-running-solve-reason');
  // The first method's answer is in, the race goes on; a new size stops it.
  await page.locator('#race-table tbody tr[data-outcome="solved"]').first().waitFor({ timeout: 20_000 });
  assert.ok(await page.locator('#race-progress').isVisible(), 'the race still runs');
  await page.locator('#size').selectOption('3x3');
  assert.match(await page.locator('#notice').textContent(), /size changed during the race: the race was stopped/);
  assert.ok(await solve.isEnabled(), 'Solve works on the new board at once');
  assert.equal(await page.locator('#race-table').count(), 0, 'no race rows of the 4x4 stay shown');
  // The new size is a new scrambled game, whose exact count starts the coach's worker.
  for (let i = 0; i < 100 && alive() !== idle + 1; i++) await page.waitForTimeout(50);
  assert.equal(alive(), idle + 1, 'the racing worker was terminated and no other is left running');
  await shot(page, '17-race-stopped-by-size');

  // Number fields: the generator seed, the depth limit, the walk length.
  await openView(page, 'share');
  const firstSeed = await page.locator('#gen-seed').inputValue();
  for (const bad of ['-5', '1.5', '1e3', '18446744073709551616']) {
    await enter(page, 'gen-seed', bad);
    const error = page.locator('#gen-seed-error');
    await error.waitFor();
    assert.match(await error.textContent(), new RegExp(`still using ${firstSeed}`), bad);
    assert.equal(await page.locator('#gen-seed').inputValue(), firstSeed, bad);
    assert.equal(await page.locator('#gen-seed').getAttribute('aria-invalid'), 'true');
  }
  await enter(page, 'gen-seed', '7');
  assert.equal(await page.locator('#gen-seed-error').count(), 0);
  assert.equal(await page.locator('#gen-seed').inputValue(), '7');
  await openView(page, 'play');
  await howToSolve(page);
  await page.locator('#algorithm').selectOption('dfs');
  const depth = await page.locator('#depth').inputValue();
  for (const bad of ['-3', '0', '201', '2.5']) {
    await enter(page, 'depth', bad);
    assert.match(await page.locator('#depth-error').textContent(), new RegExp(`still using ${depth}`), bad);
    assert.equal(await page.locator('#depth').inputValue(), depth);
  }
  await moreOptions(page);
  await page.locator('#scramble-how').selectOption('walk');
  for (const bad of ['-3', '501']) {
    await enter(page, 'walk-length', bad);
    assert.match(await page.locator('#walk-length-error').textContent(), /still using 30/, bad);
    assert.equal(await page.locator('#walk-length').inputValue(), '30');
  }
  await shot(page, '17-inline-errors');
  assert.ok(await noSideScroll(page));
  assert.deepEqual(page.problems, []);
});

test('focus: Solve from the keyboard lands on Cancel, Cancel goes back to Solve, an answer on its playback', async () => {
  const page = await open(browser, '?size=4x4&method=bfs&board=15,14,1,6,9,11,4,12,0,10,7,3,13,8,5,2');
  await page.locator('#solve').focus();
  await page.keyboard.press('Enter');
  await page.locator('#cancel').waitFor();
  await page.waitForFunction(() => document.activeElement?.id === 'cancel');
  await shot(page, '17-focus-cancel');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement?.id === 'solve');
  assert.match(await page.locator('#notice').textContent(), /Cancelled/);
  // The same for a race: Race from the keyboard lands on its Cancel, then back on Race.
  await openView(page, 'race');
  await page.locator('#race-start').focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement?.id === 'race-cancel');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement?.id === 'race-start');
  assert.match(await page.locator('#notice').textContent(), /Race cancelled/);
  // A quick answer: the focus goes to the playback's Pause (or Play), not the page body.
  const quick = await open(browser, '?size=3x3&board=1,2,3,4,5,6,0,7,8');
  await quick.locator('#solve').focus();
  await quick.keyboard.press('Enter');
  await quick.locator('#step-count').waitFor();
  await quick.waitForFunction(() => ['pause', 'play'].includes(document.activeElement?.id));
  assert.notEqual(await focused(quick), 'BODY');
  assert.deepEqual([...page.problems, ...quick.problems], []);
});
