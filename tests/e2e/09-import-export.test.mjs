import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { launch, open, openView, board, shot, moreOptions } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

async function downloadText(page, selector) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator(selector).click()]);
  const path = await download.path();
  return { path, name: download.suggestedFilename(), text: readFileSync(path, 'utf8') };
}

test('export the board, import the file back: the same board', async () => {
  const page = await open(browser, '?board=6,1,7,3,0,4,5,8,2&goal=snail&view=share');
  const original = await board(page);
  const exported = await downloadText(page, '#export-board');
  assert.equal(exported.name, 'puzzle.txt');
  assert.match(exported.text, /^# .*\n3\n6 1 7\n3 0 4\n5 8 2\n$/);
  await page.getByRole('button', { name: 'Scramble', exact: true }).click();
  assert.notDeepEqual(await board(page), original);
  await page.locator('#import-file').setInputFiles(exported.path);
  await page.waitForFunction((b) => document.querySelector('[role=grid]').dataset.board === b, original.join(' '));
  assert.deepEqual(await board(page), original);
  assert.match(await page.locator('#notice').textContent(), /imported/);
  assert.deepEqual(page.problems, []);
});

test('drop and paste import; a bad file shows the parser message inline; solutions export', async () => {
  const page = await open(browser, '?board=6,1,7,3,0,4,5,8,2&goal=snail');
  // Drop a 4x4 file on the board.
  await page.evaluate(() => {
    const data = new DataTransfer();
    data.items.add(new File(['# dropped\n4\n1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 0 15\n'], 'drop.txt', { type: 'text/plain' }));
    document.querySelector('#drop-zone').dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  });
  await page.waitForFunction(() => document.querySelector('[role=grid]').dataset.board.split(' ').length === 16);
  assert.deepEqual(await board(page), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15]);
  // Paste a 3x3 anywhere outside a field.
  await page.evaluate(() => {
    const data = new DataTransfer();
    data.setData('text', '3\n1 3 0\n8 2 4\n7 6 5');
    document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await page.waitForFunction(() => document.querySelector('[role=grid]').dataset.board === '1 3 0 8 2 4 7 6 5');
  // A broken file: the edit field opens with the text and the core's message.
  await page.locator('#import-file').setInputFiles({ name: 'bad.txt', mimeType: 'text/plain', buffer: Buffer.from('3\n1 2 3\n4 5 6\n7 8 8\n') });
  await page.locator('#board-error').waitFor();
  assert.match(await page.locator('#board-error').textContent(), /8/);
  assert.equal(await page.locator('#board-text').inputValue(), '3\n1 2 3\n4 5 6\n7 8 8\n');
  assert.deepEqual(await board(page), [1, 3, 0, 8, 2, 4, 7, 6, 5], 'the board is kept');
  await shot(page, '09-import-error');

  // Solve, then export the solution both ways (from "Make & share").
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await page.locator('#length').waitFor();
  const length = Number(await page.locator('#length').getAttribute('data-length'));
  await openView(page, 'share');
  const moves = await page.$$eval('ol.moves button', (bs) => bs.map((b) => b.dataset.letter).join(''));
  const string = await downloadText(page, '#export-moves');
  const header = '# moves of the blank: U up, D down, L left, R right (the tile that slides goes the other way)\n';
  assert.equal(string.text, `${header}${moves}\n`, 'the file says which letters it uses');
  assert.equal(moves.length, length);
  const lines = await downloadText(page, '#export-lines');
  assert.deepEqual(lines.text.trim().split('\n'), [header.trim(), ...moves.split('')]);
  assert.deepEqual(page.problems, []);
});

/** Sets the page's own Size, Goal and Scramble (the generator has none of its own) and the
 * generator's seed, in "Make & share". */
async function generatorSettings(page, { size, goal, walk, seed }) {
  await page.selectOption('#size', size);
  await moreOptions(page);
  await page.selectOption('#goal', goal);
  await moreOptions(page);
  await page.selectOption('#scramble-how', 'walk');
  await page.locator('#walk-length').fill(String(walk));
  await page.locator('#walk-length').dispatchEvent('change');
  await openView(page, 'share');
  await page.locator('#gen-seed').fill(String(seed));
  await page.locator('#gen-seed').dispatchEvent('change');
  await page.locator('#generate-seed', { hasText: `seed ${seed}` }).waitFor();
}

test('the generator: the same seed gives the same board; unsolvable on request; it keeps the page goal', async () => {
  const page = await open(browser);
  await generatorSettings(page, { size: '4x4', goal: 'snail', walk: 40, seed: 12345 });
  assert.match(await page.locator('#gen-settings').textContent(), /4x4 board for the snail goal, a random walk of 40 moves/);
  await page.locator('#generate-seed').click();
  const first = await board(page);
  assert.equal(first.length, 16);
  assert.match(await page.locator('#solvability').textContent(), /^Solvable/);
  assert.equal(await page.locator('#goal').inputValue(), 'snail');
  await page.getByRole('button', { name: 'Scramble', exact: true }).click();
  assert.notDeepEqual(await board(page), first);
  await page.locator('#generate-seed').click();
  assert.deepEqual(await board(page), first, 'same seed, same board');
  // Another student's page, same settings: the same board.
  const other = await open(browser, '?size=5x5');
  await generatorSettings(other, { size: '4x4', goal: 'snail', walk: 40, seed: 12345 });
  await other.locator('#generate-seed').click();
  assert.deepEqual(await board(other), first);
  // Generate draws a new seed each press, and shows it: two presses, two boards.
  await other.locator('#generate').click();
  const seeded = await board(other);
  const seedOne = await other.locator('#gen-seed').inputValue();
  await other.locator('#generate').click();
  assert.notEqual(await other.locator('#gen-seed').inputValue(), seedOne, 'a new seed');
  assert.notDeepEqual(await board(other), seeded, 'a new board');
  // The seed shown makes the board shown.
  const shown = await board(other);
  await other.locator('#generate-seed').click();
  assert.deepEqual(await board(other), shown, 'the seed shown makes the board shown');
  // Generate never changes the goal: on the standard goal it makes a board for it.
  await moreOptions(other);
  await other.selectOption('#goal', 'standard');
  await other.locator('#generate').click();
  assert.equal(await other.locator('#goal').inputValue(), 'standard');
  await page.selectOption('#gen-solvable', 'unsolvable');
  await page.locator('#generate').click();
  assert.match(await page.locator('#solvability').textContent(), /^Unsolvable/);
  assert.equal(await page.locator('#optimal-count').getAttribute('data-count'), 'unsolvable');
  await page.locator('#generator').scrollIntoViewIfNeeded();
  await shot(page, '09-generator');
  assert.deepEqual(page.problems, []);
  assert.deepEqual(other.problems, []);
});

test('the hardest positions: an 80-move 4x4 with its goal, and a 31-move 3x3 solved in 31', async () => {
  const page = await open(browser, '?view=share');
  const famous = page.locator('#famous');
  assert.equal(await famous.locator('option').count(), 1 + 2 + 17, 'a prompt, two 3x3 and seventeen 4x4 positions');
  await famous.selectOption({ label: '4x4, 80 moves #1 (goal blank-first)' });
  // It needs another goal than the board's (standard): the page asks first.
  await page.locator('#famous-switch').click();
  await page.waitForFunction(() => document.querySelector('[role=grid]').dataset.board.split(' ').length === 16);
  assert.deepEqual(await board(page), [15, 10, 8, 12, 11, 14, 9, 13, 2, 6, 5, 1, 3, 7, 4, 0]);
  assert.equal(await page.locator('#goal').inputValue(), 'blank-first');
  await famous.selectOption({ label: '3x3, 31 moves #1 (goal standard)' });
  await page.locator('#famous-switch').click();
  await page.waitForFunction(() => document.querySelector('[role=grid]').dataset.board === '8 6 7 2 5 4 3 0 1');
  assert.equal(await page.locator('#goal').inputValue(), 'standard');
  await openView(page, 'play');
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await page.locator('#length').waitFor({ timeout: 30_000 });
  assert.equal(await page.locator('#length').getAttribute('data-length'), '31');
  await shot(page, '09-hardest-3x3-solved');
  assert.deepEqual(page.problems, []);
});
