// Issue 20, point 1 (a layout by task), the "one control" parts of point 4, and point 7's
// browser checks, at 1280x800 and on a 360x640 touch phone: the board and its answer (length,
// quality, playback controls) are in the window together when playback starts and when it
// ends on "Solved!"; every view is reachable by its tab, by the arrow keys on the tabs, by its
// link (`?view=...`) and by the back button; the page has one Size, one Goal and one Scramble
// menu; the generator keeps the board's goal and a hardest position asks before changing it;
// axe-core finds nothing serious in any view. Screenshots of each view go to artifacts/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { launch, open, openView, shot, board, ARTIFACTS, VIEWS, STANDARD_3, moreOptions } from './helpers.mjs';

const require = createRequire(import.meta.url);
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

const SIZES = {
  desktop: { viewport: { width: 1280, height: 800 }, device: {} },
  phone: { viewport: { width: 360, height: 640 }, device: { hasTouch: true, isMobile: true } },
};
// 14 moves from the standard goal.
const BOARD = '?board=8,1,3,4,0,2,7,6,5';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** Waits until every selector's element is wholly inside the window (scrolling may be smooth). */
async function waitInView(page, selectors) {
  await page.waitForFunction((list) => list.every((s) => {
    const e = document.querySelector(s);
    if (!e) return false;
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.top >= -0.5 && r.left >= -0.5 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5;
  }), selectors, { timeout: 10_000 }).catch(async () => {
    const boxes = await page.evaluate((list) => list.map((s) => [s, document.querySelector(s)?.getBoundingClientRect().toJSON()]), selectors);
    assert.fail(`not all in the ${page.viewportSize().width}x${page.viewportSize().height} window: ${JSON.stringify(boxes)}`);
  });
}

test('phone: while a big board improves, the line under the board says where its answer plays', async () => {
  const { viewport, device } = SIZES.phone;
  const page = await open(browser, '?size=5x5', viewport, device);
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  // Watched at once: the first answer plays while the rest keeps getting shorter.
  await page.locator('#solving-line', { hasText: /Playing move \d+ of \d+ · looking for a shorter way/ }).waitFor({ timeout: 10_000 });
  // The playback bar now sits between them: Cancel is a scroll below on 640 px (issue 37's
  // first-screen layout brings it back into view).
  await waitInView(page, ['[role=grid]', '#solving-line']);
  await page.locator('#cancel').scrollIntoViewIfNeeded();
  await shot(page, '20-layout-phone-solving', { fullPage: false });
  await page.locator('#cancel').click();
  await page.locator('#solving-line').waitFor({ state: 'detached', timeout: 10_000 });
  assert.deepEqual(page.problems, []);
});

for (const [name, { viewport, device }] of Object.entries(SIZES)) {
  test(`${name}: the board and its answer are in view at playback start and at the end`, async () => {
    const page = await open(browser, BOARD, viewport, device);
    // Start from the bottom of the page, and Solve from the "Play & solve" view's button.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.locator('#solve').click();
    const answer = ['#stage', '[role=grid]', '#playing-length', '#playing-quality', '#pause', '#step', '#timeline'];
    await waitInView(page, answer);
    assert.equal(await page.locator('#playing-length').getAttribute('data-length'), '14');
    assert.equal(await page.locator('#playing-quality').textContent(), 'shortest possible');
    // Beside the board on a desktop, the result itself is in view too.
    if (name === 'desktop') await waitInView(page, ['#length', '#optimal']);
    await shot(page, `20-layout-${name}-playback-start`, { fullPage: false });
    await page.selectOption('#speed', '50');
    await page.locator('#solved').waitFor({ timeout: 15_000 });
    await waitInView(page, ['#solved', '[role=grid]', '#playing-length', '#play', '#timeline']);
    assert.deepEqual(await board(page), STANDARD_3);
    await shot(page, `20-layout-${name}-playback-end`, { fullPage: false });
    assert.deepEqual(page.problems, []);
  });

  test(`${name}: every view by its tab, the arrow keys and the back button${name === 'desktop' ? ', and by its link' : ''}; one Size, Goal and Scramble`, async () => {
    const page = await open(browser, BOARD, viewport, device);
    const selected = () => page.locator('[role=tab][aria-selected=true]').getAttribute('id');
    for (const view of Object.keys(VIEWS)) {
      await openView(page, view);
      assert.equal(await selected(), `tab-${view}`);
      assert.ok(await page.locator(`#view-${view}`).isVisible(), `${view} panel shown`);
      assert.equal(await page.locator('[role=tabpanel]:visible').count(), 1, 'one panel at a time');
      assert.equal(await page.locator(`#view-${view}`).getAttribute('aria-labelledby'), `tab-${view}`);
      const link = new URL(page.url()).searchParams.get('view');
      assert.equal(link, view === 'play' ? null : view, `the link names the ${view} view`);
      await shot(page, `20-layout-${name}-${view}`);
    }
    // Back goes to the view before.
    await page.goBack();
    await page.waitForFunction(() => document.querySelector('#tab-share')?.getAttribute('aria-selected') === 'true');
    // The keyboard: one tab in the tab order; arrows wrap around, Home and End.
    assert.equal(await page.locator('[role=tab][tabindex="0"]').count(), 1);
    await page.locator('#tab-share').focus();
    const keys = [['ArrowRight', 'step'], ['ArrowRight', 'play'], ['ArrowLeft', 'step'], ['Home', 'play'], ['End', 'step'], ['ArrowLeft', 'share']];
    for (const [key, view] of keys) {
      await page.keyboard.press(key);
      assert.equal(await selected(), `tab-${view}`, key);
      assert.equal(await page.evaluate(() => document.activeElement.id), `tab-${view}`, `${key} moves the focus`);
    }
    assert.deepEqual(await board(page), [8, 1, 3, 4, 0, 2, 7, 6, 5], 'arrows on the tabs slide no tile');
    // One Size, one Goal, one Scramble menu on the whole page, whatever view is open.
    const menus = await page.evaluate(() => [...document.querySelectorAll('select')]
      .map((s) => s.labels[0]?.firstChild?.textContent.trim()));
    for (const label of ['Size', 'Goal', 'Scramble']) assert.equal(menus.filter((l) => l === label).length, 1, `${label}: ${menus}`);
    assert.deepEqual(page.problems, []);
    if (name !== 'desktop') return;
    // Every view by its link (read the same at any size); an unknown one opens the default
    // view and says so.
    const linked = await open(browser, BOARD, viewport, device);
    for (const view of Object.keys(VIEWS)) {
      await linked.goto(`${page.url().split('?')[0]}${BOARD}&view=${view}`);
      await linked.locator(`#view-${view}`).waitFor();
      assert.equal(await linked.locator('[role=tab][aria-selected=true]').getAttribute('id'), `tab-${view}`);
    }
    await linked.goto(`${page.url().split('?')[0]}${BOARD}&view=nowhere`);
    await linked.locator('#notice').waitFor();
    assert.equal(await linked.locator('[role=tab][aria-selected=true]').getAttribute('id'), 'tab-play');
    assert.match(await linked.locator('#notice').textContent(), /view in the link: `nowhere`/);
    assert.deepEqual(linked.problems, []);
    assert.deepEqual(page.problems, []);
  });
}

test('Solve by the board from another view opens "Play & solve" with its answer', async () => {
  for (const { viewport, device } of Object.values(SIZES)) {
    const page = await open(browser, `${BOARD}&view=race`, viewport, device);
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    await page.locator('#playing-length').waitFor();
    assert.equal(await page.locator('[role=tab][aria-selected=true]').getAttribute('id'), 'tab-play');
    assert.equal(await page.locator('#length').getAttribute('data-length'), '14');
    assert.deepEqual(page.problems, []);
    await page.context().close();
  }
});

test('the generator keeps the board goal; a hardest position for another goal asks first', async () => {
  const page = await open(browser, `${BOARD}&view=share`, SIZES.desktop.viewport);
  assert.equal(await page.locator('#gen-size, #gen-goal, #gen-how').count(), 0, 'no menus of its own');
  await moreOptions(page);
  await page.selectOption('#goal', 'snail');
  await page.selectOption('#size', '4x4');
  assert.match(await page.locator('#gen-settings').textContent(), /4x4 board for the snail goal/);
  await page.locator('#generate').click();
  assert.equal(await page.locator('#goal').inputValue(), 'snail', 'Generate keeps the goal');
  assert.equal((await board(page)).length, 16);
  // A 4x4 hardest position needs the blank-first goal: the page asks, and "keep" changes nothing.
  const before = await board(page);
  const fourByFour = await page.locator('#famous option', { hasText: '4x4' }).first().getAttribute('value');
  await page.selectOption('#famous', fourByFour);
  await page.locator('#famous-confirm').waitFor();
  assert.match(await page.locator('#famous-question').textContent(), /blank-first goal, and the board's goal is snail/);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'famous-switch', 'the question has the focus');
  await page.locator('#famous-keep').click();
  assert.equal(await page.locator('#famous-confirm').count(), 0);
  assert.equal(await page.locator('#goal').inputValue(), 'snail');
  assert.deepEqual(await board(page), before);
  // Asked and agreed: the goal changes, as the question said.
  await page.selectOption('#famous', fourByFour);
  await page.locator('#famous-switch').click();
  assert.equal(await page.locator('#goal').inputValue(), 'blank-first');
  assert.notDeepEqual(await board(page), before);
  // A position for the board's goal loads at once.
  await moreOptions(page);
  await page.selectOption('#goal', 'standard');
  const threeByThree = await page.locator('#famous option', { hasText: '3x3' }).first().getAttribute('value');
  await page.selectOption('#famous', threeByThree);
  assert.equal(await page.locator('#famous-confirm').count(), 0);
  assert.equal((await board(page)).length, 9);
  assert.deepEqual(page.problems, []);
});

/** axe-core's serious and critical violations on the page now. */
async function serious(page, label) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE });
  const violations = await page.evaluate(async () => (await window.axe.run()).violations.map((v) => ({
    id: v.id, impact: v.impact, where: v.nodes.slice(0, 4).map((n) => n.target.join(' ')),
  })));
  return { label, violations };
}

test('axe-core finds no serious or critical violations in any view, desktop and phone', async () => {
  const report = [];
  for (const [name, { viewport, device }] of Object.entries(SIZES)) {
    const page = await open(browser, BOARD, viewport, device);
    await page.locator('#solve').click();
    await page.locator('#pause').click();
    for (const view of Object.keys(VIEWS)) {
      await openView(page, view);
      // The step-through view with its two searches open.
      if (view === 'step') {
        await page.locator('#stepper-body').waitFor();
        await page.locator('#view-step .pane').first().waitFor();
      }
      report.push(await serious(page, `${name} ${view}`));
    }
    assert.deepEqual(page.problems, []);
  }
  writeFileSync(join(ARTIFACTS, '20-layout-axe.json'), JSON.stringify(report, null, 2) + '\n');
  const bad = report.flatMap(({ label, violations }) => violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label}: ${v.id} (${v.impact}) at ${v.where.join(', ')}`));
  assert.deepEqual(bad, []);
});
