// Opt-in browser benchmark (not part of CI) of watching a solve at once (web/src/ahead.rs):
//   1. the time from the click on Solve to the first tile move, each size, fresh profiles (a
//      new browser context a board), and on 4x4 also warm (the tables already in IndexedDB);
//   2. 4x4: how often the answer played is the proven shortest, fresh and warm (the shortest
//      from the native engine, `npuzzle solve --algorithm pdb`);
//   3. 6x6 and 7x7 (DeepCubeA's dev states): the length of the whole answer played while
//      watching at the normal speed against the answer of "Wait for the best answer" at the
//      same budget, same boards, same run.
//
//   node tests/e2e/bench/watch.mjs [--sizes 3,4,5,6,7,8] [--boards 3] [--fours 20]
//       [--big 6,7] [--big-boards 4] [--budget 15] [--seed 1] [--skip-first] [--skip-fours]
//       [--skip-warm] [--uniform]
//
// BASE_URL: the served release build (default http://127.0.0.1:8080); NPUZZLE: the native
// binary (default target/release/npuzzle). Prints a JSON line per board and a summary.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { launch, BASE_URL, howToSolve } from '../helpers.mjs';
import { flag, option, list, npuzzle, mean, generated, timeFirstMove } from './common.mjs';

const sizes = list('--sizes', '3,4,5,6,7,8');
const perSize = Number(option('--boards', 3));
const fours = Number(option('--fours', 20));
const big = list('--big', '6,7');
const bigBoards = Number(option('--big-boards', 4));
const budget = Number(option('--budget', 15));
const seed = Number(option('--seed', 1));

function deepcubea(n, count) {
  const file = new URL(`../../fixtures/deepcubea/puzzle${n * n - 1}_dev.txt`, import.meta.url);
  return readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() && !l.startsWith('#')).slice(0, count)
    .map((l) => {
      const [cells, length] = l.split(';');
      return { cells: cells.trim().split(/\s+/).map(Number), reference: Number(length) };
    });
}

/** Opens `cells` in `context`; `wait`: ticks "Wait for the best answer". */
async function openBoard(context, n, cells, { wait = false } = {}) {
  const page = await context.newPage();
  await page.goto(`${BASE_URL}/?size=${n}x${n}&board=${cells.join(',')}`);
  await page.getByRole('grid').waitFor();
  if ((await page.locator('#budget').count()) > 0) await page.selectOption('#budget', String(budget * 1000));
  if (wait) {
    await howToSolve(page);
    await page.locator('#wait-for-best').check();
  }
  await timeFirstMove(page);
  return page;
}

/** Solve, then the milliseconds to the first tile move and the final answer's length. */
async function solve(page, { final = true } = {}) {
  await page.locator('#solve').click();
  await page.waitForFunction(() => window.__moved !== undefined, null, { timeout: (budget + 60) * 1000 });
  const firstMs = await page.evaluate(() => window.__moved - window.__click);
  if (!final) return { firstMs };
  const length = page.locator('#length');
  await length.waitFor({ timeout: (budget + 120) * 1000 });
  return { firstMs, moves: Number(await length.getAttribute('data-length')) };
}

const browser = await launch();
const summary = {};

if (!flag('--skip-first')) {
  for (const n of sizes) {
    const times = [];
    for (const cells of generated(n, perSize, seed)) {
      const context = await browser.newContext();
      const { firstMs } = await solve(await openBoard(context, n, cells), { final: false });
      times.push(Math.round(firstMs));
      await context.close();
    }
    summary[`first move ${n}x${n} fresh`] = { boards: perSize, ms: times, max_ms: Math.max(...times) };
    console.log(JSON.stringify({ size: `${n}x${n}`, first_move_ms: times }));
  }
}

if (!flag('--skip-fours') && fours > 0) {
  const boards = generated(4, fours, seed + 1000);
  const file = join(tmpdir(), 'watch-fours.txt');
  writeFileSync(file, boards.map((b) => b.join(' ')).join('\n') + '\n');
  const shortest = execFileSync(npuzzle, ['solve', '--batch', file, '--size', '4x4', '--algorithm', 'pdb', '--json'], { encoding: 'utf8', maxBuffer: 1 << 26 })
    .trim().split('\n').map((l) => JSON.parse(l).length);
  // Warm: one context whose IndexedDB gets the tables from a first solve (--skip-warm: none).
  const skipWarm = flag('--skip-warm');
  const warm = await browser.newContext();
  if (!skipWarm) {
    const primer = await openBoard(warm, 4, boards[0], { wait: true });
    await solve(primer);
    await primer.waitForTimeout(5000);
    await primer.close();
  }
  const rows = { fresh: [], warm: [] };
  for (let i = 0; i < fours; i++) {
    const context = await browser.newContext();
    const fresh = await solve(await openBoard(context, 4, boards[i]));
    await context.close();
    let hot = null;
    if (!skipWarm) {
      const page = await openBoard(warm, 4, boards[i]);
      // The page reads the stored tables into the worker when idle after load.
      await page.waitForTimeout(2500);
      hot = await solve(page);
      await page.close();
    }
    for (const [kind, r] of [['fresh', fresh], ['warm', hot]]) {
      if (r) rows[kind].push({ ...r, shortest: shortest[i] });
    }
    console.log(JSON.stringify({ board: i, shortest: shortest[i], fresh, warm: hot }));
  }
  await warm.close();
  for (const kind of ['fresh', 'warm']) {
    const r = rows[kind];
    if (!r.length) continue;
    summary[`4x4 ${kind}`] = {
      boards: fours,
      shortest_played: r.filter((x) => x.moves === x.shortest).length,
      mean_extra_moves: mean(r.map((x) => x.moves - x.shortest)),
      first_move_ms_mean: Math.round(mean(r.map((x) => x.firstMs))),
      first_move_ms_max: Math.round(Math.max(...r.map((x) => x.firstMs))),
    };
  }
}

for (const n of big) {
  // --uniform: seeded uniform boards instead (for choosing settings: DeepCubeA's states are
  // for measuring only).
  const states = flag('--uniform')
    ? generated(n, bigBoards, seed + 2000).map((cells) => ({ cells, reference: NaN }))
    : deepcubea(n, bigBoards);
  const rows = [];
  for (const state of states) {
    const row = { size: `${n}x${n}`, reference: state.reference };
    for (const [kind, wait] of [['watched', false], ['waited', true]]) {
      const context = await browser.newContext();
      const r = await solve(await openBoard(context, n, state.cells, { wait }));
      row[kind] = r.moves;
      row[`${kind}_first_move_ms`] = Math.round(r.firstMs);
      await context.close();
    }
    rows.push(row);
    console.log(JSON.stringify(row));
  }
  summary[`${n}x${n} at ${budget} s`] = {
    boards: rows.length,
    watched_mean: mean(rows.map((r) => r.watched)),
    waited_mean: mean(rows.map((r) => r.waited)),
    watched_over_waited: mean(rows.map((r) => r.watched)) / mean(rows.map((r) => r.waited)),
    watched_over_deepcubea: mean(rows.map((r) => r.watched / r.reference)),
    waited_over_deepcubea: mean(rows.map((r) => r.waited / r.reference)),
  };
}
await browser.close();
console.log(JSON.stringify({ summary }, null, 2));
