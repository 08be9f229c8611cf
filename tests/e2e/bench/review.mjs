// Opt-in browser benchmark (not part of CI): "Review my game" on 4x4 (issue 57). For each of
// GAMES seeded games of MOVES random hand moves (no move straight back) from a uniformly
// scrambled 4x4, played by clicking the tiles in a fresh profile: the first review (the
// pattern databases got: downloaded, read or built), then the same game reviewed again with
// the tables held by the review's worker, against `npuzzle review --json` (release build,
// tables from its cache) on the same game. Every distance is compared with the CLI's.
//
//   node tests/e2e/bench/review.mjs [--games 5] [--moves 100] [--seed 1]
//       [--old-url http://127.0.0.1:8081] [--old-npuzzle /tmp/npuzzle-old]
//
// BASE_URL: the served release build (default http://127.0.0.1:8080); NPUZZLE: the native
// binary (default target/release/npuzzle). With --old-url and --old-npuzzle, an older build
// and binary review the same games in the same run, for a comparison old against new.
import { execFileSync } from 'node:child_process';
import { launch, BASE_URL } from '../helpers.mjs';
import { option, npuzzle, mean } from './common.mjs';

const games = Number(option('--games', '5'));
const length = Number(option('--moves', '100'));
const seed = Number(option('--seed', '1'));
const oldUrl = option('--old-url', '');
const oldNpuzzle = option('--old-npuzzle', '');
const STEP = { U: -4, D: 4, L: -1, R: 1 };
const BACK = { U: 'D', D: 'U', L: 'R', R: 'L' };

/** A small seeded generator (mulberry32): the same games on every run. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` legal moves of the blank from `cells`, none undoing the one before. */
function walk(cells, count, next) {
  const moves = [];
  let blank = cells.indexOf(0);
  while (moves.length < count) {
    const legal = Object.keys(STEP).filter((m) => {
      const to = blank + STEP[m];
      const sameRow = Math.floor(to / 4) === Math.floor(blank / 4);
      return to >= 0 && to < 16 && (m === 'U' || m === 'D' || sameRow) && BACK[m] !== moves.at(-1);
    });
    const move = legal[Math.floor(next() * legal.length)];
    blank += STEP[move];
    moves.push(move);
  }
  return moves.join('');
}

async function reviewed(page) {
  const clicked = Date.now();
  await page.locator('#review-game').click();
  await page.locator('#review-status').waitFor({ timeout: 5_000 }).catch(() => {});
  await page.locator('#review').waitFor({ timeout: 300_000 });
  return {
    wall_ms: Date.now() - clicked,
    worker_ms: Number(await page.locator('#review').getAttribute('data-elapsed-ms')),
    distances: await page.locator('#review-chart').evaluate(() => [...document.querySelectorAll('.review-point')].map((p) => Number(p.dataset.distance))),
  };
}

/** Plays `moves` from `start` by hand in a fresh profile at `url`, reviews the game twice. */
async function inPage(browser, url, start, moves) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${url}/?size=4x4&board=${start.join(',')}`);
  await page.getByRole('grid').waitFor();
  for (const move of moves) {
    const blank = await page.locator('[role=grid] .tile.blank').getAttribute('data-cell');
    const target = Number(blank) + STEP[move];
    await page.locator(`[role=grid] [data-cell="${target}"]`).click();
    await page.waitForFunction((t) => document.querySelector(`[role=grid] [data-cell="${t}"]`).classList.contains('blank'), target);
  }
  const first = await reviewed(page);
  const held = await reviewed(page);
  await context.close();
  return { first, held };
}

/** `npuzzle review --json` of the game with `binary`, and its wall time. */
function native(binary, start, moves) {
  const started = Date.now();
  const out = execFileSync(binary, ['review', start.join(' '), '--size', '4x4', '--moves', moves, '--json'], { encoding: 'utf8' });
  return { ms: Date.now() - started, review: JSON.parse(out) };
}

const browser = await launch();
const rows = [];
for (let g = 0; g < games; g += 1) {
  const start = execFileSync(npuzzle, ['generate', '--size', '4x4', '--random', '--seed', String(seed + g)], { encoding: 'utf8' })
    .trim().split(/\s+/).map(Number);
  const moves = walk(start, length, random(seed + g));
  const cli = native(npuzzle, start, moves);
  const page = await inPage(browser, BASE_URL, start, moves);
  const distances = cli.review.distances.map((d) => d.moves);
  const same = JSON.stringify(page.held.distances) === JSON.stringify(distances)
    && JSON.stringify(page.first.distances) === JSON.stringify(distances);
  const row = { game: g + 1, moves: moves.length, first_wall_ms: page.first.wall_ms, held_wall_ms: page.held.wall_ms, held_worker_ms: page.held.worker_ms, cli_ms: cli.ms, farther: cli.review.farther, same_as_cli: same };
  if (oldNpuzzle) {
    const old = native(oldNpuzzle, start, moves);
    row.old_cli_ms = old.ms;
    row.same_as_old_cli = JSON.stringify(old.review.distances) === JSON.stringify(cli.review.distances);
  }
  if (oldUrl) {
    const old = await inPage(browser, oldUrl, start, moves);
    row.old_held_wall_ms = old.held.wall_ms;
    row.old_held_worker_ms = old.held.worker_ms;
  }
  console.log(JSON.stringify(row));
  rows.push(row);
}
await browser.close();
const seconds = (key) => (mean(rows.map((r) => r[key])) / 1000).toFixed(2);
const worst = (key) => (Math.max(...rows.map((r) => r[key])) / 1000).toFixed(2);
console.log(`${games} games of ${length} moves on 4x4: first review ${seconds('first_wall_ms')} s mean (tables got), `
  + `with the tables held ${seconds('held_wall_ms')} s mean from the click (worst ${worst('held_wall_ms')} s; `
  + `the worker's own ${seconds('held_worker_ms')} s), npuzzle review ${seconds('cli_ms')} s mean; `
  + `distances as the CLI's in ${rows.filter((r) => r.same_as_cli).length} of ${games}`);
if (oldUrl) {
  console.log(`old build: with the tables held ${seconds('old_held_wall_ms')} s mean from the click (worst ${worst('old_held_wall_ms')} s; the worker's own ${seconds('old_held_worker_ms')} s)`);
}
if (oldNpuzzle) {
  console.log(`old npuzzle review ${seconds('old_cli_ms')} s mean against ${seconds('cli_ms')} s; the same distances in ${rows.filter((r) => r.same_as_old_cli).length} of ${games}`);
}
