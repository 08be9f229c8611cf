// A big-board solve on two workers (web/src/worker/lanes.rs, second_search.rs): in a fresh profile a 6x6 solve
// says it runs on two workers and ends with an answer that reaches the goal; a second worker
// that dies (made to by the test from outside: failSecondSearchWorker) leaves the answer and
// one line saying so;
// a device of one core (navigator.hardwareConcurrency = 1, read by the page, which decides)
// runs one worker. The lengths on two workers against one are measured by
// tests/e2e/bench/big-boards.mjs (docs/BENCHMARKS.md).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, BASE_URL, board, shot, record, howToSolve } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const GOAL_6 = [...Array(35).keys()].map((k) => k + 1).concat(0);

/** A fresh profile at `?size=6` (a scrambled 6x6), with `init` run in the page before its
 * scripts; the page's errors are collected. */
async function open6(init) {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  page.problems = [];
  page.on('pageerror', (e) => page.problems.push(`pageerror: ${e.message}`));
  await page.goto(`${BASE_URL}/?size=6`);
  await page.getByRole('grid').waitFor();
  return page;
}

/** Makes the second search worker die at its first round, as one that runs out of memory
 * would, from outside the app (the product has no hook for it): in the page's solver worker,
 * a `round` message (ToCopy::Round, web/src/protocol/copy.rs) posted to a nested worker
 * terminates that worker and raises an error event on it instead, which is what its owner
 * sees of a copy that traps. Waits for the solver worker (started 1.5 s after load, to read
 * the stored tables) and patches it before the test solves. */
async function failSecondSearchWorker(page) {
  const solver = page.workers()[0] ?? await page.waitForEvent('worker');
  await solver.evaluate(() => {
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (message) {
      if (message && message.type === 'round') {
        this.terminate();
        this.dispatchEvent(new ErrorEvent('error', {
          message: 'Uncaught RuntimeError: unreachable (the test kills the second search worker)',
          cancelable: true,
        }));
        return undefined;
      }
      return post.apply(this, arguments);
    };
  });
}

/** Solves at a budget of `ms`, waits for the answer and checks it reaches the goal; its length. */
async function solve(page, ms) {
  await page.selectOption('#budget', String(ms));
  assert.notDeepEqual(await board(page), GOAL_6, 'the first screen is scrambled');
  await page.locator('#solve').click();
  await page.locator('#length').waitFor({ timeout: ms + 30_000 });
  const total = await page.locator('#step-count').getAttribute('data-total');
  await page.locator('#timeline').fill(total);
  assert.deepEqual(await board(page), GOAL_6, 'the answer reaches the goal');
  return Number(await page.locator('#length').getAttribute('data-length'));
}

test('a 6x6 solve runs on two workers and ends with an answer', async () => {
  const page = await open6();
  const seen = page.locator('#workers[data-workers="2"]').waitFor({ timeout: 20_000 });
  const length = await solve(page, 5000);
  await seen;
  const line = page.locator('#workers');
  assert.equal(await line.getAttribute('data-workers'), '2');
  assert.match(await line.textContent(), /two workers/);
  const memory = (await line.getAttribute('data-memory-mb')).split('+').map(Number);
  assert.equal(memory.length, 2, `the memory of both workers: ${memory}`);
  record('two_workers_6x6_5s_length', length);
  record('two_workers_6x6_memory_mb', memory.join('+'));
  await shot(page, '24-two-workers');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('a 6x6 solve that waits for its best answer runs on two workers too', async () => {
  const page = await open6();
  await howToSolve(page);
  await page.locator('#wait-for-best').check();
  await solve(page, 5000);
  const line = page.locator('#workers');
  assert.equal(await line.getAttribute('data-workers'), '2');
  // One round, the whole budget: it kept the second worker's answer or not.
  assert.match(await line.getAttribute('data-rounds'), /^[01]\/1$/);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('a second worker that dies leaves the answer and one line that says so', async () => {
  const page = await open6();
  await failSecondSearchWorker(page);
  const length = await solve(page, 5000);
  assert.ok(length > 0);
  const line = page.locator('#workers');
  assert.equal(await line.getAttribute('data-failed'), 'true');
  assert.equal(await line.getAttribute('data-workers'), '1');
  assert.match(await line.textContent(), /second worker failed .*went on with one/);
  assert.equal(await page.locator('#workers').count(), 1, 'one line');
  await shot(page, '24-two-workers-failed');
  await page.context().close();
});

test('on one core the solve runs on one worker', async () => {
  const page = await open6(() => { Object.defineProperty(navigator, 'hardwareConcurrency', { get: () => 1 }); });
  await solve(page, 2000);
  assert.equal(await page.locator('#workers').count(), 0, 'no second worker, no line');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});
