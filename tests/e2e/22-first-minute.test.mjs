// The first minute (issue 37): the board does not move under the pointer on the first move
// or on Solve, and Copy link puts the page's link on the clipboard (or shows it to copy where
// the browser refuses), on a desktop and a phone.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, shot, BASE_URL } from './helpers.mjs';

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
    await page.locator('#solve-near:visible, #solve:visible').first().click();
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
