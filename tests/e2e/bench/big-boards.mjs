// Opt-in browser benchmark (not part of CI): the anytime method's final lengths on big boards
// in the page, counted from the click on Solve in a fresh browser profile (so the tables'
// download or build is inside the budget), beside the native engine's at the same budget on
// the same boards (`npuzzle solve --batch --algorithm anytime --time-limit S`, tables from its
// cache folder).
//
//   node tests/e2e/bench/big-boards.mjs [--sizes 6,7] [--boards 4] [--budget 15] [--seed 1]
//   node tests/e2e/bench/big-boards.mjs --first-only --sizes 2,3,4,5,6,7,8,12,16 [--boards 3]
//   node tests/e2e/bench/big-boards.mjs --sizes 6 --goal snail --urls http://127.0.0.1:8140,http://127.0.0.1:8144
//   node tests/e2e/bench/big-boards.mjs --sizes 6 --budget 2 --tables-delay 1000 --urls ...
//   node tests/e2e/bench/big-boards.mjs --deepcubea --sizes 6,7 --boards 4 --budget 15
//
// Boards: with --deepcubea, the first ones of DeepCubeA's dev states
// (tests/fixtures/deepcubea/, standard goal), and the means are also given against
// DeepCubeA's lengths; else `npuzzle generate --size NxN --random --seed SEED+i --goal GOAL` (uniform; GOAL
// standard unless --goal says snail or blank-first). BASE_URL: the served release build
// (default http://127.0.0.1:8080); --urls: several builds (old and new, say), each board solved
// in each, in turn, a fresh profile each; a URL ending in #one-worker is that build on a page
// that sees one core (navigator.hardwareConcurrency = 1: no second worker, web/src/two_workers.rs). NPUZZLE: the native binary (default
// target/release/npuzzle). Prints a JSON line per board and a summary; besides the final length,
// the time from Solve to the first answer and to the first one shorter than it (the tables may
// still be on their way then).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { launch, BASE_URL } from '../helpers.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const sizes = option('--sizes', '6,7').split(',').map(Number);
const count = Number(option('--boards', 4));
const budget = Number(option('--budget', 15));
const seed = Number(option('--seed', 1));
const goal = option('--goal', 'standard');
// --tables-delay MS: the shipped tables' download is held back MS milliseconds (a slower
// network than the local server's).
const tablesDelay = Number(option('--tables-delay', 0));
const urls = option('--urls', BASE_URL).split(',').map((u) => u.replace(/\/$/, ''));
// --first-only: only the time from Solve to the first playable answer, at each size (any NxN).
const firstOnly = args.includes('--first-only');
const deepcubea = args.includes('--deepcubea');
if (deepcubea && goal !== 'standard') throw new Error("DeepCubeA's states are for the standard goal");
const npuzzle = process.env.NPUZZLE || new URL('../../../target/release/npuzzle', import.meta.url).pathname;
const budgets = [2, 5, 15, 30, 60, 120];
if (!budgets.includes(budget)) throw new Error(`the page offers budgets of ${budgets.join(', ')} s`);

const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** The first `count` of DeepCubeA's dev states of NxN: their cells and DeepCubeA's lengths. */
function deepcubeaStates(n) {
  const file = new URL(`../../fixtures/deepcubea/puzzle${n * n - 1}_dev.txt`, import.meta.url);
  return readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() && !l.startsWith('#')).slice(0, count)
    .map((l) => {
      const [cells, length] = l.split(';');
      return { cells: cells.trim().split(/\s+/).map(Number), reference: Number(length) };
    });
}

/** The page's final length and wall time for `cells` on an NxN board, fresh profile. */
async function pageSolve(browser, url, n, cells) {
  const [base, variant] = url.split('#');
  const context = await browser.newContext();
  if (variant === 'one-worker') {
    await context.addInitScript(() => Object.defineProperty(navigator, 'hardwareConcurrency', { get: () => 1 }));
  }
  if (tablesDelay > 0) {
    await context.route('**/tables/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, tablesDelay));
      await route.continue();
    });
  }
  const page = await context.newPage();
  await page.goto(`${base}/?size=${n}x${n}&board=${cells.join(',')}&goal=${goal}`);
  await page.getByRole('grid').waitFor();
  // An older build has no budget menu (it improved for a fixed 2 s after its tables).
  const chosen = (await page.locator('#budget').count()) > 0;
  if (chosen && !firstOnly) await page.selectOption('#budget', String(budget * 1000));
  // Every change of the shortest answer shown, with its time from Solve.
  await page.evaluate(() => {
    window.__answers = [];
    new MutationObserver(() => {
      const lengths = [...document.querySelectorAll('.answers-play .answer')].map((a) => Number(a.dataset.length));
      if (!lengths.length) return;
      const shortest = Math.min(...lengths);
      const last = window.__answers[window.__answers.length - 1];
      if (!last || shortest < last.moves) window.__answers.push({ ms: performance.now() - window.__t0, moves: shortest });
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  const t0 = Date.now();
  await page.evaluate(() => { window.__t0 = performance.now(); });
  await page.locator('#solve').click();
  await page.locator('.answers-play .answer, #length').first().waitFor({ timeout: 60_000 });
  const firstMs = Date.now() - t0;
  if (firstOnly) {
    await context.close();
    return { firstMs };
  }
  const length = page.locator('#length');
  await length.waitFor({ timeout: (budget + 120) * 1000 });
  const ms = Date.now() - t0;
  const moves = Number(await length.getAttribute('data-length'));
  const tables = await page.locator('#pdb-source').getAttribute('data-source').catch(() => null);
  const workers = await page.locator('#workers').getAttribute('data-workers', { timeout: 100 }).catch(() => '1');
  const memoryMb = await page.locator('#workers').getAttribute('data-memory-mb', { timeout: 100 }).catch(() => null);
  // Rounds that kept the second worker's answer / rounds run on two.
  const rounds = await page.locator('#workers').getAttribute('data-rounds', { timeout: 100 }).catch(() => null);
  const answers = await page.evaluate(() => window.__answers);
  await context.close();
  const improvedMs = answers.length > 1 ? Math.round(answers[1].ms) : null;
  return { moves, ms, tables, workers, memoryMb, rounds, chosen, firstMs, improvedMs, answers: answers.map((a) => `${Math.round(a.ms)}:${a.moves}`).join(' ') };
}

const browser = await launch();
const summary = {};
for (const n of sizes) {
  const boards = [];
  const references = [];
  if (deepcubea) {
    for (const state of deepcubeaStates(n)) {
      boards.push(state.cells);
      references.push(state.reference);
    }
  }
  for (let i = boards.length; i < count; i++) {
    const line = execFileSync(npuzzle, ['generate', '--size', `${n}x${n}`, '--random', '--seed', String(seed + i), '--goal', goal, '--format', 'line'], { encoding: 'utf8' });
    boards.push(line.trim().split(/[\s/]+/).filter(Boolean).map(Number));
  }
  if (firstOnly) {
    const times = [];
    for (const cells of boards) times.push((await pageSolve(browser, urls[0], n, cells)).firstMs);
    summary[`${n}x${n}`] = { boards: count, first_answer_ms: times, max_first_answer_ms: Math.max(...times) };
    console.log(JSON.stringify({ size: `${n}x${n}`, first_answer_ms: times }));
    continue;
  }
  const file = join(tmpdir(), `big-boards-${n}.txt`);
  writeFileSync(file, boards.map((b) => b.join(' ')).join('\n') + '\n');
  const native = execFileSync(npuzzle, ['solve', '--batch', file, '--size', `${n}x${n}`, '--goal', goal, '--algorithm', 'anytime', '--time-limit', String(budget), '--json'], { encoding: 'utf8', maxBuffer: 1 << 26 })
    .trim().split('\n').map((l) => JSON.parse(l));
  const rows = Object.fromEntries(urls.map((u) => [u, []]));
  for (let i = 0; i < count; i++) {
    for (const base of urls) {
      const inPage = await pageSolve(browser, base, n, boards[i]);
      const row = { url: base, size: `${n}x${n}`, goal, seed: seed + i, budget_s: budget, page: inPage.moves, page_first_ms: inPage.firstMs, page_first_improvement_ms: inPage.improvedMs, page_ms: inPage.ms, page_tables: inPage.tables, page_workers: inPage.workers, page_memory_mb: inPage.memoryMb, page_second_kept_rounds: inPage.rounds, page_budget: inPage.chosen ? 'chosen' : 'fixed 2 s', native: native[i].length, native_ms: Math.round(native[i].elapsed_ms), page_answers: inPage.answers };
      rows[base].push(row);
      console.log(JSON.stringify(row));
    }
  }
  for (const base of urls) {
    const mine = rows[base];
    const improved = mine.map((r) => r.page_first_improvement_ms).filter((ms) => ms !== null);
    summary[`${n}x${n} ${goal} ${base}`] = {
      boards: count,
      budget_s: budget,
      page_mean_length: mean(mine.map((r) => r.page)),
      native_mean_length: mean(mine.map((r) => r.native)),
      page_over_native: mean(mine.map((r) => r.page)) / mean(mine.map((r) => r.native)),
      page_mean_wall_ms: Math.round(mean(mine.map((r) => r.page_ms))),
      page_mean_first_improvement_ms: improved.length ? Math.round(mean(improved)) : null,
    };
    if (references.length === count) {
      const ratio = (lengths) => mean(lengths.map((l, i) => l / references[i]));
      summary[`${n}x${n} ${goal} ${base}`].page_over_deepcubea = ratio(mine.map((r) => r.page));
      summary[`${n}x${n} ${goal} ${base}`].native_over_deepcubea = ratio(mine.map((r) => r.native));
    }
  }
}
await browser.close();
console.log(JSON.stringify({ label: urls.join(' vs '), summary }));
