// Issue 37, "Bad input and faults": what a hostile user found. A huge SVG picture made every
// tile move take seconds (each tile drew the whole SVG again); a 12.8 MB file dropped or
// imported as a board was read whole before it was refused (seconds of a blocked page); a
// 6x6 whose table downloads failed answered without a word about the tables it went without.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, board, shot, record, timedClick } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** An SVG of 100000 x 100000 px with `shapes` blurred polygons (about 400 bytes each). */
function hugeSvg(shapes) {
  const parts = [
    '<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000" viewBox="0 0 1000 1000">',
    '<defs><filter id="b"><feGaussianBlur stdDeviation="4"/></filter></defs>',
    '<rect width="1000" height="1000" fill="#1e293b"/>',
  ];
  let seed = 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  for (let i = 0; i < shapes; i++) {
    const [x, y] = [random() * 1000, random() * 1000];
    const points = [];
    for (let k = 0; k < 24; k++) {
      const angle = (k / 24) * Math.PI * 2;
      const r = 10 + random() * 30;
      points.push(`${(x + Math.cos(angle) * r).toFixed(2)},${(y + Math.sin(angle) * r).toFixed(2)}`);
    }
    parts.push(`<polygon filter="url(#b)" fill="hsl(${Math.floor(random() * 360)},70%,55%)" fill-opacity="0.6" points="${points.join(' ')}"/>`);
  }
  parts.push('</svg>');
  return Buffer.from(parts.join('\n'));
}

test('a huge SVG picture is drawn once, small: moves stay fast; one too slow to draw or over the limit is refused', async () => {
  const page = await open(browser, '?board=1,2,3,4,5,6,7,0,8');
  const svg = hugeSvg(300);
  const t0 = Date.now();
  await page.locator('#picture-file').setInputFiles({ name: 'huge.svg', mimeType: 'image/svg+xml', buffer: svg });
  await page.locator('.board.picture').waitFor({ timeout: 30_000 });
  record('hostile_huge_svg_picture_shown_ms', Date.now() - t0);
  // The tiles show a PNG bitmap of the board's size on screen (at least 512 px), not the SVG.
  const url = await page.getByRole('grid').evaluate((g) => g.style.getPropertyValue('--picture'));
  const size = await page.evaluate(async (css) => {
    const image = new Image();
    image.src = css.match(/blob:[^"')]+/)[0];
    await image.decode();
    const type = await fetch(image.src).then((r) => r.blob()).then((b) => b.type);
    const board = document.querySelector('.board').clientWidth * devicePixelRatio;
    return { width: image.naturalWidth, height: image.naturalHeight, type, side: Math.min(2048, Math.max(512, Math.ceil(board))) };
  }, url);
  assert.deepEqual(size, { width: size.side, height: size.side, type: 'image/png', side: size.side });
  // Moves: the blank is in cell 7; across the bottom row and back.
  const times = [];
  for (const cell of [6, 7, 8, 7]) times.push(await timedClick(page, cell, { painted: true }));
  record('hostile_huge_svg_move_ms', times.map((t) => Math.round(t)));
  assert.ok(Math.max(...times) < 500, `moves with the picture took ${times.map(Math.round)} ms`);
  assert.deepEqual(await board(page), [1, 2, 3, 4, 5, 6, 7, 0, 8]);
  await shot(page, '23-huge-svg-picture');

  // 6000 blurred shapes (a few MB): the picture worker misses its deadline and is stopped; the
  // tiles keep the picture they had.
  const slow = hugeSvg(6000);
  assert.ok(slow.length > 2_000_000, `a few MB: ${slow.length}`);
  await page.locator('#picture-file').setInputFiles({ name: 'slow.svg', mimeType: 'image/svg+xml', buffer: slow });
  await page.locator('#picture-error', { hasText: 'slow.svg' }).waitFor({ timeout: 10_000 });
  assert.equal(await page.locator('#picture-error').textContent(), 'slow.svg takes too long to draw (over 2 s); try a PNG or JPEG: the tiles stay as they were');
  assert.equal(await page.getByRole('grid').evaluate((g) => g.style.getPropertyValue('--picture')), url, 'the picture is kept');

  // Over 10 MB: refused by its size at once, the picture kept (the file made in the page, so
  // that the time is the page's, not the test's carrying 11 MB to it).
  const refusedMs = await page.evaluate(async () => {
    const data = new DataTransfer();
    data.items.add(new File([new Uint8Array(11 * 1024 * 1024).fill(7)], 'poster.png', { type: 'image/png' }));
    const input = document.querySelector('#picture-file');
    input.files = data.files;
    const t = performance.now();
    input.dispatchEvent(new Event('change', { bubbles: true }));
    while (!document.querySelector('#picture-error')) await new Promise((r) => setTimeout(r, 5));
    return performance.now() - t;
  });
  assert.equal(await page.locator('#picture-error').textContent(), 'poster.png is 11.0 MB: a picture is at most 10.0 MB, so it was not read. The tiles stay as they were.');
  assert.ok(refusedMs < 500, `refused in ${refusedMs} ms`);
  assert.equal(await page.getByRole('grid').evaluate((g) => g.style.getPropertyValue('--picture')), url, 'the picture is kept');
  await page.locator('#picture-error').scrollIntoViewIfNeeded();
  await shot(page, '23-picture-too-big', { fullPage: false });
  assert.deepEqual(page.problems, []);
});

test('a board file over 64 KB is refused by its size, unread: imported or dropped, binary or text', async () => {
  const page = await open(browser, '?board=8,1,3,4,0,2,7,6,5');
  const before = await board(page);
  // 12.8 MB of board-like text, picked with "Import file…" (made in the page, so that the
  // time is the page's and not the test's carrying 12.8 MB to it).
  const importMs = await page.evaluate(async () => {
    const line = '1 2 3 4 5 6 7 8 0\n';
    const text = line.repeat(Math.ceil((12.8 * 1024 * 1024) / line.length)).slice(0, Math.round(12.8 * 1024 * 1024));
    const data = new DataTransfer();
    data.items.add(new File([text], 'big.txt', { type: 'text/plain' }));
    const input = document.querySelector('#import-file');
    input.files = data.files;
    const t = performance.now();
    input.dispatchEvent(new Event('change', { bubbles: true }));
    while (!document.querySelector('#board-error')) await new Promise((r) => setTimeout(r, 5));
    return performance.now() - t;
  });
  assert.equal(await page.locator('#board-error').textContent(), 'big.txt is 12.8 MB: a board file is at most 64 KB, so it was not read.');
  assert.ok(importMs < 500, `refused in ${importMs} ms`);
  record('hostile_oversize_import_refused_ms', Math.round(importMs));
  assert.equal(await page.locator('#board-text').inputValue(), '', 'nothing read into the field');
  assert.deepEqual(await board(page), before, 'the board is kept');
  await shot(page, '23-board-file-too-big');
  // 1 MB of binary dropped on the board, made in the page: refused in the time of a click.
  const dropMs = await page.evaluate(async () => {
    const bytes = new Uint8Array(1024 * 1024);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 2654435761) >>> 24;
    const data = new DataTransfer();
    data.items.add(new File([bytes], 'blob.bin', { type: 'application/octet-stream' }));
    const t = performance.now();
    document.querySelector('#drop-zone').dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    while (!/blob\.bin/.test(document.querySelector('#board-error')?.textContent || '')) {
      await new Promise((r) => setTimeout(r, 5));
    }
    return performance.now() - t;
  });
  assert.equal(await page.locator('#board-error').textContent(), 'blob.bin is 1.0 MB: a board file is at most 64 KB, so it was not read.');
  assert.ok(dropMs < 500, `refused in ${dropMs} ms`);
  record('hostile_oversize_drop_refused_ms', Math.round(dropMs));
  assert.deepEqual(await board(page), before, 'the board is kept');
  // A board file still imports.
  await page.locator('#import-file').setInputFiles({ name: 'ok.txt', mimeType: 'text/plain', buffer: Buffer.from('3\n1 2 3\n4 5 6\n7 0 8\n') });
  await page.waitForFunction(() => document.querySelector('[role=grid]').dataset.board === '1 2 3 4 5 6 7 0 8');
  assert.deepEqual(page.problems, []);
});

/** Solves a 6x6 (2 s budget) whose table downloads `serve` answers, and returns the tables
 * line seen while it ran (a screenshot `name` of it) and the one under the answer. */
async function solveWithoutDownloads(serve, name) {
  const page = await open(browser, '?size=6x6');
  const asked = [];
  await page.context().route('**/tables/**', (route) => {
    asked.push(route.request().url().split('/').pop());
    return serve(route);
  });
  await page.selectOption('#budget', '2000');
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  const running = await (await page.waitForFunction(() => {
    const text = document.querySelector('#pdb-status')?.textContent || '';
    return /whole-board tables could not be downloaded/.test(text) && text;
  }, null, { timeout: 10_000, polling: 20 })).jsonValue();
  await page.locator('#pdb-status').scrollIntoViewIfNeeded().catch(() => {});
  await shot(page, name, { fullPage: false });
  await page.locator('#length').waitFor({ timeout: 30_000 });
  const after = await page.locator('#pdb-source').textContent();
  return { page, asked, running, after };
}

test('a 6x6 whose table downloads fail says so in its tables line, while it runs and under the answer', async () => {
  // Offline.
  const offline = await solveWithoutDownloads((route) => route.abort('internetdisconnected'), '23-tables-offline-running');
  assert.deepEqual(offline.asked.toSorted(), ['big-5x5-standard.bin.gz', 'whole-6x6-standard.bin.gz']);
  assert.match(offline.running, /[.…] The big-board tables could not be downloaded \(no answer from the server: offline\?\), so they are being built here; the answers come without them meanwhile\./);
  assert.match(offline.running, /The whole-board tables could not be downloaded \(no answer from the server: offline\?\)/);
  assert.match(offline.after, /Big-board tables could not be downloaded \(no answer from the server: offline\?\): this answer was made without them/);
  assert.match(offline.after, /whole-board tables could not be downloaded/i);
  assert.ok(Number(await offline.page.locator('#length').getAttribute('data-length')) > 0, 'an answer all the same');
  await offline.page.locator('#pdb-source').scrollIntoViewIfNeeded();
  await shot(offline.page, '23-tables-offline-answer', { fullPage: false });
  assert.deepEqual(offline.page.problems, []);
  await offline.page.context().close();
  // An HTML page served with status 200 in place of the tables.
  const html = await solveWithoutDownloads((route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Not here</title><p>Nothing to see.' }), '23-tables-html-running');
  assert.match(html.running, /big-board tables could not be downloaded \(a damaged or wrong file\)/);
  assert.match(html.after, /could not be downloaded \(a damaged or wrong file\): this answer was made without them/);
  assert.deepEqual(html.page.problems, []);
  await html.page.context().close();
});
