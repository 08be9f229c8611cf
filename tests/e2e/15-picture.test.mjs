// Issue 11, point 7: picture puzzles. A picture chosen with "Picture…" (or dropped on the
// board) shows on the tiles, each the piece of its goal cell, with the numbers as a small
// overlay that can be hidden; solving and playback work as with numbers; nothing is uploaded.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { launch, open, board, shot, tile, ARTIFACTS, STANDARD_3 } from './helpers.mjs';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** A PNG drawn in the page: a gradient with a circle and stripes, so every piece differs. */
async function makePng(page, hue = 200) {
  const url = await page.evaluate((hue) => {
    const c = document.createElement('canvas');
    c.width = 300; c.height = 300;
    const g = c.getContext('2d');
    const grad = g.createLinearGradient(0, 0, 300, 300);
    grad.addColorStop(0, `hsl(${hue}, 80%, 60%)`);
    grad.addColorStop(1, `hsl(${hue + 120}, 80%, 35%)`);
    g.fillStyle = grad; g.fillRect(0, 0, 300, 300);
    g.fillStyle = 'rgba(255,255,255,0.8)';
    for (let x = 0; x < 300; x += 50) g.fillRect(x, 0, 12, 300);
    g.fillStyle = '#facc15'; g.beginPath(); g.arc(150, 150, 90, 0, Math.PI * 2); g.fill();
    return c.toDataURL('image/png');
  }, hue);
  return Buffer.from(url.split(',')[1], 'base64');
}

/** Each tile's piece (background position) against its goal cell on a 3x3 (standard goal). */
async function pieces(page) {
  return page.$$eval('[role=grid] .tile:not(.blank)', (tiles) => tiles.map((t) => {
    const s = getComputedStyle(t);
    return { tile: Number(t.dataset.tile), image: s.backgroundImage, position: s.backgroundPosition, size: s.backgroundSize };
  }));
}
const expectedPosition = (tile) => {
  const home = tile - 1; // standard 3x3 goal: tile t lives in cell t - 1
  return `${(home % 3) * 50}% ${Math.floor(home / 3) * 50}%`;
};

test('a chosen picture shows on the tiles; solve a 3x3 and play it to the end', async () => {
  const page = await open(browser, '?board=8,1,3,4,0,2,7,6,5');
  const requests = [];
  page.on('request', (r) => { if (!r.url().startsWith('blob:') && !r.url().startsWith('data:')) requests.push(`${r.method()} ${r.url()}`); });
  await page.locator('#picture-file').setInputFiles({ name: 'stripes.png', mimeType: 'image/png', buffer: await makePng(page) });
  await page.locator('.board.picture').waitFor();
  const shown = await pieces(page);
  assert.equal(shown.length, 8);
  for (const p of shown) {
    assert.match(p.image, /^url\("blob:/, `tile ${p.tile} shows the picture`);
    assert.equal(p.position, expectedPosition(p.tile), `tile ${p.tile} shows the piece of its goal cell`);
    assert.match(p.size, /^\d+(\.\d+)?px \d+(\.\d+)?px$|^300% 300%$/, `tile ${p.tile} background size ${p.size}`);
  }
  // A small preview of the whole picture, the same image the tiles share.
  const preview = page.locator('#picture-preview');
  assert.ok(await preview.isVisible(), 'the whole picture is previewed');
  assert.ok(shown[0].image.includes(await preview.getAttribute('src')), 'the preview is the tiles\' picture');
  const blank = await tile(page, 0).evaluate((e) => getComputedStyle(e).backgroundImage);
  assert.equal(blank, 'none', 'the blank stays blank');
  // Numbers: a small overlay, on by default; hidden on request but still read out.
  assert.ok(await page.locator('[role=grid] .num').first().isVisible());
  await shot(page, '15-picture-numbers');
  await page.locator('#picture-numbers').uncheck();
  const box = await page.locator('[data-tile="8"] .num').boundingBox();
  assert.ok(!box || box.width <= 1, 'numbers hidden');
  assert.equal(await tile(page, 8).count(), 1, 'the tile keeps its name "tile 8"');
  await shot(page, '15-picture-no-numbers');
  // axe-core on the picture board: nothing serious or critical.
  await page.addScriptTag({ content: AXE });
  const violations = await page.evaluate(async () => (await window.axe.run()).violations.map((v) => ({
    id: v.id, impact: v.impact, count: v.nodes.length, where: v.nodes.slice(0, 4).map((n) => n.target.join(' ')),
  })));
  writeFileSync(join(ARTIFACTS, 'a11y-axe-picture.json'), JSON.stringify(violations, null, 2) + '\n');
  assert.deepEqual(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'), []);

  // Solve and play back to the end: the picture is whole.
  await page.locator('#solve').click();
  await page.locator('#length').waitFor({ timeout: 30_000 });
  await page.selectOption('#speed', '50');
  await page.waitForFunction(() => {
    const s = document.querySelector('#step-count');
    return s && s.dataset.step === s.dataset.total;
  }, null, { timeout: 30_000 });
  assert.deepEqual(await board(page), STANDARD_3);
  await page.locator('#solved').waitFor();
  for (const p of await pieces(page)) {
    assert.equal(p.position, expectedPosition(p.tile), `tile ${p.tile} at home shows its piece`);
  }
  await page.waitForTimeout(300); // the last slide ends
  await shot(page, '15-picture-solved');
  assert.deepEqual(requests.filter((r) => r.startsWith('POST') || r.startsWith('PUT')), [], 'nothing uploaded');
  assert.deepEqual(page.problems, []);
});

/** Drops a file (bytes, name, type) on the board, as a drag from the desktop would. */
async function drop(page, bytes, name, type) {
  await page.evaluate(({ bytes, name, type }) => {
    const data = new DataTransfer();
    data.items.add(new File([new Uint8Array(bytes)], name, { type }));
    document.querySelector('#drop-zone').dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: data }));
  }, { bytes: [...bytes], name, type });
}

test('an image dropped on the board becomes the picture (the old one is released); a text file still imports a board', async () => {
  const page = await open(browser, '?board=1,2,3,4,0,5,7,8,6');
  await drop(page, await makePng(page, 20), 'warm.png', 'image/png');
  await page.locator('.board.picture').waitFor();
  const url = () => page.getByRole('grid').evaluate((g) => g.style.getPropertyValue('--picture'));
  const first = (await url()).match(/blob:[^"]+/)[0];
  await drop(page, await makePng(page, 260), 'cool.png', 'image/png');
  await page.waitForFunction((old) => !document.querySelector('[role=grid]').style.getPropertyValue('--picture').includes(old), first);
  // The failed fetch is logged by the browser as a console error: expected, and only that one.
  const logged = page.waitForEvent('console', (m) => m.text().includes('ERR_FILE_NOT_FOUND'));
  const released = await page.evaluate((u) => fetch(u).then(() => false, () => true), first);
  assert.ok(released, 'the replaced object URL is revoked');
  await logged;
  page.problems = page.problems.filter((p) => !p.includes('ERR_FILE_NOT_FOUND'));
  await shot(page, '15-picture-dropped');
  // A text file is a board, as before; the picture stays.
  await drop(page, Buffer.from('3\n8 1 3\n4 0 2\n7 6 5\n'), 'board.txt', 'text/plain');
  await page.waitForFunction(() => document.querySelector('[role=grid]').dataset.board === '8 1 3 4 0 2 7 6 5');
  assert.equal(await page.locator('.board.picture').count(), 1);
  // A file that is not an image, picked by hand: a short message, nothing changes.
  await page.locator('#picture-file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  assert.equal(await page.locator('#picture-error').textContent(), 'notes.txt is not an image');
  // Back to plain tiles.
  await page.locator('#picture-clear').click();
  assert.equal(await page.locator('.board.picture').count(), 0);
  assert.deepEqual(page.problems, []);
});
