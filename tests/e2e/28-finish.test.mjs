// Issue 54, the finish: on a 360x640 and a 320x568 phone and at 1280x800, light and dark, with a
// three-digit move count playing and on a 16x16 board, no view is wider than the screen, the tab
// bar is wholly on screen with no label cut, and no two controls of the playback row overlap;
// the board does not move when Cancel's message appears; each view's main action shows its
// effect where the person is (Race's table, Step's node, Generate's board beside the button);
// Step through on a desktop keeps the page in place and the board small at its side.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, openView, shot, VIEWS } from './helpers.mjs';

const PHONE = { hasTouch: true, isMobile: true };
const SCREENS = [
  ['phone-360-dark', { width: 360, height: 640 }, PHONE, 'dark'],
  ['phone-360-light', { width: 360, height: 640 }, PHONE, 'light'],
  ['phone-320-light', { width: 320, height: 568 }, PHONE, 'light'],
  ['phone-320-dark', { width: 320, height: 568 }, PHONE, 'dark'],
  ['desktop-light', { width: 1280, height: 800 }, {}, 'light'],
  ['desktop-dark', { width: 1280, height: 800 }, {}, 'dark'],
];

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

async function openOn(query, viewport, device, scheme) {
  const page = await open(browser, query, viewport, { ...device, colorScheme: scheme });
  return page;
}

/** What is wrong with the page's width, the tab bar and the playback row, as a list of words. */
function defects(page, width) {
  return page.evaluate((width) => {
    const found = [];
    const wide = document.documentElement.scrollWidth;
    if (wide > width) found.push(`page ${wide} px wide`);
    for (const tab of document.querySelectorAll('.tab')) {
      const r = tab.getBoundingClientRect();
      if (r.left < -0.5 || r.right > width + 0.5) found.push(`tab ${tab.textContent} at ${r.left}-${r.right}`);
      if (tab.scrollWidth > tab.clientWidth + 1) found.push(`tab ${tab.textContent} cut (${tab.scrollWidth} > ${tab.clientWidth})`);
    }
    const parts = ['#restart', '#step-back', '#play, #pause', '#step', '#skip-end', '#step-count', '#timeline', '#speed']
      .map((s) => [s, document.querySelector(`.play .playback ${s.split(', ').join(', .play .playback ')}`)])
      .filter(([, e]) => e);
    const boxes = parts.map(([s, e]) => [s, e.getBoundingClientRect()]);
    for (const [s, r] of boxes) if (r.right > width + 0.5) found.push(`${s} ends at ${r.right}`);
    for (let i = 0; i < boxes.length; i += 1) {
      for (let j = i + 1; j < boxes.length; j += 1) {
        const [a, ra] = boxes[i];
        const [b, rb] = boxes[j];
        const overlap = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left) > 0.5
          && Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top) > 0.5;
        if (overlap) found.push(`${a} overlaps ${b}`);
      }
    }
    return found;
  }, width);
}

for (const [name, viewport, device, scheme] of SCREENS) {
  test(`${name}: a three-digit answer playing and a 16x16 board fit every view`, async () => {
    const page = await openOn('?size=8', viewport, device, scheme);
    await page.locator('#solve').click();
    // Skip to the end of the answer playing (or wait for it to end).
    await page.waitForFunction(() => {
      const end = document.querySelector('#skip-end');
      if (end && !end.disabled) end.click();
      return Number(document.querySelector('#move-count')?.dataset.moves) >= 100 && end?.disabled;
    }, null, { timeout: 30_000, polling: 250 });
    assert.match(await page.locator('#move-count').textContent(), /^Moves: \d{3,} of \d{3,}/);
    for (const view of Object.keys(VIEWS)) {
      await openView(page, view);
      await page.waitForTimeout(150);
      assert.deepEqual(await defects(page, viewport.width), [], `${view} view`);
      if (view === 'play' || name.startsWith('phone-360')) await shot(page, `28-${name}-${view}`, { fullPage: false });
    }
    await openView(page, 'play');
    const big = await openOn('?size=16', viewport, device, scheme);
    assert.deepEqual(await defects(big, viewport.width), [], '16x16');
    assert.deepEqual([...page.problems, ...big.problems], []);
    await big.context().close();
    await page.context().close();
  });
}

for (const [name, viewport, device] of [SCREENS[0], SCREENS[4]]) {
  test(`${name}: the board does not move when Cancel's message appears`, async () => {
    const page = await openOn('?size=6', viewport, device, 'light');
    const grid = page.getByRole('grid');
    await page.locator('#solve').click();
    await page.locator('#cancel').waitFor();
    await page.waitForTimeout(500); // the cancel button takes clicks after 0.4 s
    await page.evaluate(() => new Promise((r) => setTimeout(r, 50)));
    const before = await grid.boundingBox();
    await page.locator('#cancel').click();
    await page.locator('#notice').waitFor();
    const after = await grid.boundingBox();
    assert.ok(Math.abs(after.y - before.y) <= 2 && Math.abs(after.x - before.x) <= 2, `board moved from ${JSON.stringify(before)} to ${JSON.stringify(after)}`);
    // The message does not stop a tap on the tiles under it.
    assert.equal(await page.locator('#notice').evaluate((e) => getComputedStyle(e).pointerEvents), 'none');
    await shot(page, `28-${name}-cancelled`, { fullPage: false });
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });
}

/** Waits until `selector` is wholly on screen, above a phone's fixed tab bar (one taller than the
 * screen: its top in the upper half). */
async function waitOnScreen(page, selector) {
  await page.waitForFunction((selector) => {
    const e = document.querySelector(selector);
    if (!e) return false;
    const bar = document.querySelector('.tabs');
    const floor = bar && getComputedStyle(bar).position === 'fixed' ? bar.getBoundingClientRect().top : innerHeight;
    const r = e.getBoundingClientRect();
    if (r.height > floor) return r.top >= -1 && r.top <= floor / 2;
    return r.height > 0 && r.top >= -1 && r.bottom <= floor + 1;
  }, selector, { timeout: 8_000 }).catch(async () => {
    const box = await page.evaluate((s) => document.querySelector(s)?.getBoundingClientRect().toJSON(), selector);
    assert.fail(`${selector} not on screen: ${JSON.stringify(box)}`);
  });
}

for (const [name, viewport, device, scheme] of [SCREENS[0], SCREENS[2]]) {
  test(`${name}: Race's table, Step's node and Generate's board show where the person is`, async () => {
    const page = await openOn('?board=8,1,3,4,0,2,7,6,5', viewport, device, scheme);
    await openView(page, 'race');
    await page.locator('#race-start').click();
    await waitOnScreen(page, '#race-table');
    assert.deepEqual(await defects(page, viewport.width), [], 'after Race');

    await openView(page, 'step');
    const node = '.pane-slot:not(.not-shown) div.current';
    await page.locator(node).waitFor({ state: 'attached' });
    const start = await page.locator(node).textContent();
    for (let press = 0; press < 3; press += 1) await page.getByRole('button', { name: 'Step', exact: true }).click();
    await page.locator('#trace-step-count', { hasText: 'Step 3' }).waitFor();
    await waitOnScreen(page, node);
    await page.waitForFunction(([s, before]) => document.querySelector(s).textContent !== before, [node, start]);
    assert.match(await page.locator(node).textContent(), /g = 1/, 'the third node BFS expands is one move from the start');
    assert.deepEqual(await defects(page, viewport.width), [], 'after Step');
    await shot(page, `28-${name}-step`, { fullPage: false });

    await openView(page, 'share');
    await page.locator('#generate').scrollIntoViewIfNeeded();
    for (let press = 0; press < 3; press += 1) {
      const before = await page.getByRole('grid').getAttribute('data-board');
      await page.locator('#generate').click();
      await page.waitForFunction((b) => document.querySelector('[role=grid]').dataset.board !== b, before);
      await waitOnScreen(page, '#generate');
      await waitOnScreen(page, '#gen-preview');
      const shown = await page.getByRole('grid').getAttribute('data-board');
      const preview = await page.locator('#gen-preview [aria-label^="board "]').getAttribute('aria-label');
      assert.equal(preview.replace('board ', '').split(/[ ,]+/).join(' '), shown.split(/[ ,]+/).join(' '));
    }
    assert.deepEqual(await defects(page, viewport.width), [], 'after Generate');
    await shot(page, `28-${name}-generate`, { fullPage: false });
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });
}

test('desktop: Step through keeps the page in place and the board small beside it', async () => {
  const page = await openOn('?board=8,1,3,4,0,2,7,6,5', { width: 1280, height: 800 }, {}, 'light');
  const title = await page.locator('.top h1').boundingBox();
  const wide = (await page.getByRole('grid').boundingBox()).width;
  await openView(page, 'step');
  await page.waitForTimeout(300);
  const moved = await page.locator('.top h1').boundingBox();
  assert.ok(Math.abs(moved.x - title.x) <= 2, `the header moved from x=${title.x} to x=${moved.x}`);
  const small = (await page.getByRole('grid').boundingBox()).width;
  assert.ok(small <= 302 && small < wide, `board ${wide} px, then ${small} px in Step through`);
  await shot(page, '28-desktop-step', { fullPage: false });
  assert.deepEqual(page.problems, []);
  await page.context().close();
});
