// Opt-in browser benchmark (not part of CI): the anytime method's final lengths on big boards
// in the page, counted from the click on Solve in a fresh browser profile (so the tables'
// download or build is inside the budget), beside the native engine's at the same budget on
// the same boards (`npuzzle solve --batch --algorithm anytime --time-limit S`, tables from its
// cache folder).
//
//   node tests/e2e/bench/big-boards.mjs [--sizes 6,7] [--boards 4] [--budget 15] [--seed 1]
//   node tests/e2e/bench/big-boards.mjs --first-only --sizes 2,3,4,5,6,7,8,12,16 [--boards 3]
//
// Boards: `npuzzle generate --size NxN --random --seed SEED+i` (uniform, standard goal).
// BASE_URL: the served release build (default http://127.0.0.1:8080). NPUZZLE: the native
// binary (default target/release/npuzzle). Prints a JSON line per board and a summary.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
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
// --first-only: only the time from Solve to the first playable answer, at each size (any NxN).
const firstOnly = args.includes('--first-only');
const npuzzle = process.env.NPUZZLE || new URL('../../../target/release/npuzzle', import.meta.url).pathname;
const budgets = [2, 5, 15, 30, 60, 120];
if (!budgets.includes(budget)) throw new Error(`the page offers budgets of ${budgets.join(', ')} s`);

const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** The page's final length and wall time for `cells` on an NxN board, fresh profile. */
async function pageSolve(browser, n, cells) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${BASE_URL}/?size=${n}x${n}&board=${cells.join(',')}`);
  await page.getByRole('grid').waitFor();
  // An older build has no budget menu (it improved for a fixed 2 s after its tables).
  const chosen = (await page.locator('#budget').count()) > 0;
  if (chosen && !firstOnly) await page.selectOption('#budget', String(budget * 1000));
  const t0 = Date.now();
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
  await context.close();
  return { moves, ms, tables, chosen, firstMs };
}

const browser = await launch();
const summary = {};
for (const n of sizes) {
  const boards = [];
  for (let i = 0; i < count; i++) {
    const line = execFileSync(npuzzle, ['generate', '--size', `${n}x${n}`, '--random', '--seed', String(seed + i), '--format', 'line'], { encoding: 'utf8' });
    boards.push(line.trim().split(/[\s/]+/).filter(Boolean).map(Number));
  }
  if (firstOnly) {
    const times = [];
    for (const cells of boards) times.push((await pageSolve(browser, n, cells)).firstMs);
    summary[`${n}x${n}`] = { boards: count, first_answer_ms: times, max_first_answer_ms: Math.max(...times) };
    console.log(JSON.stringify({ size: `${n}x${n}`, first_answer_ms: times }));
    continue;
  }
  const file = join(tmpdir(), `big-boards-${n}.txt`);
  writeFileSync(file, boards.map((b) => b.join(' ')).join('\n') + '\n');
  const native = execFileSync(npuzzle, ['solve', '--batch', file, '--size', `${n}x${n}`, '--algorithm', 'anytime', '--time-limit', String(budget), '--json'], { encoding: 'utf8', maxBuffer: 1 << 26 })
    .trim().split('\n').map((l) => JSON.parse(l));
  const rows = [];
  for (let i = 0; i < count; i++) {
    const inPage = await pageSolve(browser, n, boards[i]);
    const row = { size: `${n}x${n}`, seed: seed + i, budget_s: budget, page: inPage.moves, page_first_ms: inPage.firstMs, page_ms: inPage.ms, page_tables: inPage.tables, page_budget: inPage.chosen ? 'chosen' : 'fixed 2 s', native: native[i].length, native_ms: Math.round(native[i].elapsed_ms) };
    rows.push(row);
    console.log(JSON.stringify(row));
  }
  summary[`${n}x${n}`] = {
    boards: count,
    budget_s: budget,
    page_mean_length: mean(rows.map((r) => r.page)),
    native_mean_length: mean(rows.map((r) => r.native)),
    page_over_native: mean(rows.map((r) => r.page)) / mean(rows.map((r) => r.native)),
    page_mean_wall_ms: Math.round(mean(rows.map((r) => r.page_ms))),
  };
}
await browser.close();
console.log(JSON.stringify({ label: BASE_URL, summary }));
