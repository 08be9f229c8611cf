// The first minute (issue 37), on a desktop and a phone, light and dark: the first screen's
// controls in view without scrolling (also while solving and playing), axe-core clean in every
// view and state, the board still on the first move and on Solve, Copy link, the theme switch,
// How to play and the goal's picture. Screenshots of every view go to artifacts/22-*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { launch, open, shot, moreOptions, BASE_URL } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const SCREENS = {
  desktop: { viewport: { width: 1280, height: 800 }, device: {} },
  phone: { viewport: { width: 360, height: 640 }, device: { hasTouch: true, isMobile: true } },
};

const top = async (page) => (await page.getByRole('grid').boundingBox()).y;

for (const [name, { viewport, device }] of Object.entries(SCREENS)) {
  test(`${name}: the board stays where it is on the first move and on Solve`, async () => {
    const page = await open(browser, '?size=3', viewport, device);
    const before = await top(page);
    const grid = page.getByRole('grid');
    const start = await grid.getAttribute('data-board');
    // The first arrow key that slides a tile.
    for (const key of ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']) {
      await page.keyboard.press(key);
      if ((await grid.getAttribute('data-board')) !== start) break;
    }
    assert.notEqual(await grid.getAttribute('data-board'), start, 'a tile slid');
    assert.equal(await top(page), before, 'the first move does not move the board');
    const moved = await grid.getAttribute('data-board');
    await page.locator('#solve').first().click();
    await page.waitForFunction((s) => document.querySelector('[role=grid]').dataset.board !== s, moved);
    assert.equal(await top(page), before, 'Solve does not move the board');
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });
}

test('Copy link puts the page link on the clipboard; where the browser refuses, the link is shown', async () => {
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  await page.goto(`${BASE_URL}/?size=4`);
  await page.getByRole('grid').waitFor();
  await page.locator('#copy-link').click();
  await page.locator('#link-copied').waitFor();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(copied, page.url());
  assert.match(copied, /board=/, 'the link names the board');
  await shot(page, '22-copy-link', { fullPage: false });
  await context.close();

  const refusing = await browser.newContext();
  await refusing.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
    });
  });
  const other = await refusing.newPage();
  await other.goto(`${BASE_URL}/?size=4`);
  await other.getByRole('grid').waitFor();
  await other.locator('#copy-link').click();
  const field = other.locator('#link-field');
  await field.waitFor();
  assert.equal(await field.inputValue(), other.url());
  await refusing.close();
});

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const VIEW_NAMES = ['play', 'race', 'experiment', 'share', 'step'];

/** axe-core's violations on the page now (every impact), as "id (impact) at where". */
async function violations(page, label) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE });
  const found = await page.evaluate(async () => (await window.axe.run()).violations.map((v) => ({
    id: v.id, impact: v.impact, where: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
  })));
  return found.map((v) => `${label}: ${v.id} (${v.impact}) at ${v.where.join(', ')}`);
}

/** Whether the element is wholly in the window, and above the phone's tab bar. */
async function inView(page, selector) {
  return page.locator(selector).first().evaluate((e) => {
    const r = e.getBoundingClientRect();
    const bar = document.querySelector('.tabs');
    const barTop = bar && getComputedStyle(bar).position === 'fixed' ? bar.getBoundingClientRect().top : innerHeight;
    return r.width > 0 && r.top >= 0 && r.left >= 0 && r.right <= innerWidth && r.bottom <= Math.min(innerHeight, barTop) + 1;
  });
}

for (const [name, { viewport, device }] of Object.entries(SCREENS)) {
  for (const scheme of ['light', 'dark']) {
    test(`${name}, ${scheme}: the first screen does the main job without scrolling; axe finds nothing in any view, solving or playing`, async () => {
      const context = await browser.newContext({ viewport, colorScheme: scheme, ...device });
      const page = await context.newPage();
      page.problems = [];
      page.on('pageerror', (e) => page.problems.push(`pageerror: ${e.message}`));
      await page.goto(`${BASE_URL}/?size=5`);
      await page.getByRole('grid').waitFor();
      const dark = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      assert.equal(dark === 'rgb(15, 18, 32)', scheme === 'dark', `the ${scheme} theme follows the system: ${dark}`);
      for (const part of ['[role=grid]', '#size', '#scramble', '#solve', '#more']) {
        assert.ok(await inView(page, part), `${part} in view at first`);
      }
      const found = await violations(page, 'first screen');
      for (const view of VIEW_NAMES) {
        await page.locator(`#tab-${view}`).click();
        await page.locator(`#view-${view}`).waitFor();
        found.push(...await violations(page, view));
        await shot(page, `22-${name}-${scheme}-${view}`, { fullPage: false });
      }
      await page.locator('#tab-play').click();
      await page.evaluate(() => scrollTo(0, 0));
      // Solving and playing at once (a 5x5 is watched while the search shortens the rest).
      await page.locator('#solve').click();
      await page.locator('.play .playback').waitFor();
      for (const part of ['[role=grid]', '#cancel', '.play .playback']) {
        assert.ok(await inView(page, part), `${part} in view while it plays`);
      }
      assert.equal(await page.evaluate(() => scrollY), 0, 'nothing scrolled');
      found.push(...await violations(page, 'solving, playing'));
      await shot(page, `22-${name}-${scheme}-playing`, { fullPage: false });
      // Cancel stops the moves too (the playback pauses where it is).
      await page.locator('#cancel').click();
      await page.locator('#play').waitFor();
      await page.locator('#search-details summary').click();
      found.push(...await violations(page, 'result, paused'));
      await shot(page, `22-${name}-${scheme}-result`);
      assert.deepEqual(found, []);
      assert.deepEqual(page.problems, []);
      await context.close();
    });
  }
}

test('the theme switch wins over the system and is kept; How to play shows once, then on request; the goal has a picture', async () => {
  const context = await browser.newContext({ colorScheme: 'light' });
  const page = await context.newPage();
  await page.goto(`${BASE_URL}/?size=3`);
  await page.getByRole('grid').waitFor();
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const light = await background();
  await page.selectOption('#theme', 'dark');
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
  assert.notEqual(await background(), light);
  // How to play greets a first visit; "Got it" puts it away for good.
  await page.locator('#how-to-play').waitFor();
  await page.locator('#how-to-close').click();
  assert.equal(await page.locator('#how-to-play').count(), 0);
  await page.reload();
  await page.getByRole('grid').waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark', 'kept');
  assert.equal(await page.locator('#theme').inputValue(), 'dark');
  assert.equal(await page.locator('#how-to-play').count(), 0, 'not shown again');
  await page.locator('#how-to-open').click();
  await page.locator('#how-to-play').waitFor();
  await page.selectOption('#theme', 'system');
  assert.equal(await background(), light, 'back to the system (light) theme');
  // The goal's picture beside the Goal menu follows the goal.
  await moreOptions(page);
  assert.match(await page.locator('#goal-picture').getAttribute('aria-label'), /^the goal: 1 2 3 \/ 4 5 6 \/ 7 8 0$/);
  await page.selectOption('#goal', 'snail');
  assert.match(await page.locator('#goal-picture').getAttribute('aria-label'), /^the goal: 1 2 3 \/ 8 0 4 \/ 7 6 5$/);
  await shot(page, '22-goal-picture', { fullPage: false });
  await context.close();
});

test('phone: every control on the first screen and in every view is a touch target of at least 24x24 px', async () => {
  const { viewport, device } = SCREENS.phone;
  const page = await open(browser, '?size=5', viewport, device);
  // A touch screen's help line speaks of taps and swipes, not of keys.
  assert.ok(await page.locator('.hint .for-touch').isVisible(), 'the touch words show');
  assert.ok(await page.locator('.hint .for-mouse').isHidden(), 'the mouse words do not');
  await page.locator('#solve').click();
  await page.locator('.play .playback').waitFor();
  // Cancel stops the moves too (the playback pauses where it is).
  await page.locator('#cancel').click();
  await page.locator('#play').waitFor();
  await page.locator('#more').click();
  const small = [];
  for (const view of VIEW_NAMES) {
    await page.locator(`#tab-${view}`).click();
    await page.locator(`#view-${view}`).waitFor();
    small.push(...await page.evaluate((where) => [...document.querySelectorAll('button, select, input, summary, a[href]')]
      // Inline words that open an explanation sit in a sentence (WCAG 2.5.8 leaves them out);
      // a checkbox's target is its whole label.
      .filter((e) => !e.matches('.term-word, input[type=checkbox], input[type=file]') && e.getClientRects().length > 0)
      .map((e) => [e, e.getBoundingClientRect()])
      .filter(([, r]) => r.width < 24 || r.height < 24)
      .map(([e, r]) => `${where}: ${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}.${e.className} ${Math.round(r.width)}x${Math.round(r.height)}`), view));
  }
  assert.deepEqual(small, []);
  await page.context().close();
});
