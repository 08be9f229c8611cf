// The Experiment view (issue 48): a small experiment (3 depths x 10 boards, 2 methods) fills
// the table depth by depth with the figures the native `npuzzle experiment` prints for the same
// seed, draws its charts, downloads its CSV and plays one of its boards; bad input gets an
// inline message; Cancel stops a run; a size change stops one with a notice and the view says
// in one sentence why a 4x4 has no experiment. Desktop (1280x800) and phone (360x640).
//
// NPUZZLE: the native binary (default: helpers.mjs's NPUZZLE, the release build or the test
// profile's, which `cargo test` makes).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { NPUZZLE, launch, open, board, shot, bfsDistance, STANDARD_3 } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const npuzzle = NPUZZLE;
const DEPTHS = [4, 8, 12];
const METHODS = ['iddfs', 'astar-manhattan'];
const SEED = 1; // the page's seed (puzzle_core::experiment::DEFAULT_SEED)
const native = JSON.parse(execFileSync(npuzzle, ['experiment', '--depths', '4..12:4', '--boards', '10',
  '--methods', METHODS.join(','), '--seed', String(SEED), '--json'], { encoding: 'utf8' }));

const SIZES = {
  desktop: { viewport: { width: 1280, height: 800 }, device: {} },
  phone: { viewport: { width: 360, height: 640 }, device: { hasTouch: true, isMobile: true } },
};

/** Types into one of the form's fields. */
async function fill(page, field, value) {
  await page.locator(`#experiment-${field}`).fill(String(value));
}

/** Picks exactly these methods. */
async function pick(page, methods) {
  for (const box of await page.locator('#view-experiment .picks input[type=checkbox]').all()) {
    await box.setChecked(methods.includes(await box.getAttribute('data-method')));
  }
}

async function state(page) {
  return page.locator('#experiment-progress').getAttribute('data-state');
}

for (const [name, { viewport, device }] of Object.entries(SIZES)) {
  test(`${name}: a small experiment matches the native run, charts, CSV, Play, Cancel and a size change`, async () => {
    const page = await open(browser, '?size=3x3&view=experiment', viewport, device);
    await page.locator('#view-experiment').waitFor();
    // Bad input: a clear sentence, Run off, never a panic.
    await fill(page, 'from', 12);
    await fill(page, 'to', 4);
    assert.match(await page.locator('#experiment-error').textContent(), /reversed/);
    assert.ok(await page.locator('#experiment-run').isDisabled());
    await fill(page, 'from', 4);
    await fill(page, 'to', 12);
    await fill(page, 'step', 4);
    await fill(page, 'boards', 0);
    assert.match(await page.locator('#experiment-error').textContent(), /Boards per depth: `0`/);
    await fill(page, 'boards', 10);
    await pick(page, []);
    assert.match(await page.locator('#experiment-error').textContent(), /at least one method/);
    await pick(page, METHODS);
    assert.equal(await page.locator('#experiment-error').count(), 0);

    // The run: every cell as the native run has it.
    await page.locator('#experiment-run').click();
    await page.waitForFunction(() => document.querySelector('#experiment-progress')?.dataset.state === 'done');
    const cells = await page.$$eval('#experiment-table td[data-method]', (tds) => tds.map((td) => ({
      method: td.dataset.method, depth: Number(td.dataset.depth), status: td.dataset.status,
      generated: td.dataset.generated === '' ? null : Number(td.dataset.generated),
      b: td.dataset.b === '' ? null : Number(td.dataset.b),
    })));
    assert.equal(cells.length, DEPTHS.length * METHODS.length);
    native.rows.forEach((row, r) => row.cells.forEach((cell, m) => {
      const got = cells[r * METHODS.length + m];
      assert.deepEqual([got.depth, got.method, got.status], [row.depth, METHODS[m], cell.status]);
      assert.ok(Math.abs(got.generated - cell.mean_generated) <= 1e-9 * cell.mean_generated, `${got.method} at ${got.depth}: ${got.generated} vs ${cell.mean_generated}`);
      assert.ok(Math.abs(got.b - cell.branching_factor) <= 1e-9, `b* ${got.b} vs ${cell.branching_factor}`);
    }));
    // The charts: a line a method, a point a depth.
    assert.equal(await page.locator('#experiment-nodes-chart .series polyline').count(), METHODS.length);
    assert.equal(await page.locator('#experiment-nodes-chart circle.dot').count(), DEPTHS.length * METHODS.length);
    assert.equal(await page.locator('#experiment-b-chart circle.dot').count(), DEPTHS.length * METHODS.length);
    await shot(page, `26-experiment-${name}-done`);

    // The CSV: the core's header and a line a cell, the same mean nodes.
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#experiment-csv').click()]);
    assert.equal(download.suggestedFilename(), 'experiment-3x3.csv');
    const lines = readFileSync(await download.path(), 'utf8').trim().split('\n');
    assert.match(lines[0], /^depth,available,method,label,status,runs,solved,budget_hits,/);
    assert.equal(lines.length, 1 + DEPTHS.length * METHODS.length);
    const header = lines[0].split(',');
    for (const [i, line] of lines.slice(1).entries()) {
      const fields = line.split(',');
      const cell = native.rows[Math.floor(i / METHODS.length)].cells[i % METHODS.length];
      assert.ok(Math.abs(Number(fields[header.indexOf('mean_generated')]) - cell.mean_generated) < 1e-5, line);
    }

    // Play one of depth 8's boards: on the board, exactly 8 moves from the goal.
    await page.locator('#experiment-play-8').click();
    await page.locator('#view-play').waitFor();
    assert.equal(bfsDistance(await board(page), STANDARD_3, 3), 8);
    assert.ok(native.rows[1].cells.length === 2);

    // Cancel: a long run stops where it is; the Cancel button goes.
    await page.locator('#tab-experiment').click();
    await fill(page, 'from', 2);
    await fill(page, 'to', 24);
    await fill(page, 'step', 2);
    await fill(page, 'boards', 100);
    await page.locator('#experiment-run').click();
    await page.waitForFunction(() => /depth \d+: board \d+ of 100/.test(document.querySelector('#experiment-progress')?.textContent ?? ''));
    await page.locator('#experiment-cancel').click();
    assert.equal(await state(page), 'cancelled');
    assert.equal(await page.locator('#experiment-cancel').count(), 0);
    assert.match(await page.locator('#experiment-progress').textContent(), /^Cancelled/);

    // A size change stops a run, with a notice; a 4x4 has no experiment, in one sentence.
    await page.locator('#experiment-run').click();
    await page.waitForFunction(() => /depth \d+: board/.test(document.querySelector('#experiment-progress')?.textContent ?? ''));
    await page.selectOption('#size', '4x4');
    await page.locator('#notice').waitFor();
    assert.match(await page.locator('#notice').textContent(), /The board size changed during the experiment: the experiment was stopped\./);
    assert.equal(await state(page), 'stopped');
    assert.match(await page.locator('#experiment-unsupported').textContent(), /4x4 has 16 cells/);
    assert.equal(await page.locator('#experiment-run').count(), 0, 'nothing to run on a 4x4');
    // Every experiment worker the page started was terminated by Cancel or the size change.
    for (let i = 0; i < 40 && page.workersSeen.filter((w) => w.closed).length < 2; i++) await page.waitForTimeout(50);
    assert.ok(page.workersSeen.filter((w) => w.closed).length >= 2, JSON.stringify(page.workersSeen));
    assert.deepEqual(await page.evaluate(() => {
      const ids = [...document.querySelectorAll('[id]')].map((e) => e.id);
      return ids.filter((id, i) => ids.indexOf(id) !== i);
    }), [], 'no id twice');
    await shot(page, `26-experiment-${name}-stopped`, { fullPage: false });
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });
}
