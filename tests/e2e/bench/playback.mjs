// Opt-in browser benchmark (not part of CI) of the watched solve from start to finish
// (issue 45), old build against new build in one run, the same boards for both:
//   1. the time from Solve to the goal at the default speed, 3x3 to 8x8 (--boards a size,
//      seeded uniform boards from `npuzzle generate`, the boards of a size side by side);
//   2. the first tile move of the first 4x4 solve of a warm visit: a fresh profile solves one
//      4x4 (its tables downloaded and stored), then a new visit in the same profile opens
//      another 4x4 and, 2 s later, Solve (--warm runs);
//   3. how often the shortest 4x4 answer is the one that plays (--fours boards, warm
//      profile; the shortest from `npuzzle solve --algorithm pdb`), counting the new build's
//      one-click "Play the N-move answer from the start";
//   4. a new visit while a first 5x5 solve still runs (1 s after its tables came): where the
//      next solve's tables come from, the browser's cache or a second download (--reloads runs).
//
//   OLD_URL=http://127.0.0.1:PORT1 BASE_URL=http://127.0.0.1:PORT2 \
//     node tests/e2e/bench/playback.mjs [--sizes 3,4,5,6,7,8] [--boards 3] [--warm 5]
//       [--fours 10] [--reloads 3] [--seed 1] [--skip-goal] [--skip-warm] [--skip-fours]
//       [--skip-reload]
//
// NPUZZLE: the native binary (default target/release/npuzzle). Prints a JSON line per
// measurement and a summary table (old and new side by side).
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { launch, BASE_URL } from '../helpers.mjs';
import { flag, option, list, npuzzle, mean, generated, timeFirstMove } from './common.mjs';

const sizes = list('--sizes', '3,4,5,6,7,8');
const perSize = Number(option('--boards', 3));
const warmRuns = Number(option('--warm', 5));
const fours = Number(option('--fours', 10));
const reloads = Number(option('--reloads', 3));
const seed = Number(option('--seed', 1));
const builds = [['old', process.env.OLD_URL], ['new', BASE_URL]].filter(([, url]) => url);

const goalOf = (n) => [...Array(n * n - 1).keys()].map((k) => k + 1).concat(0).join(' ');

/** Opens `cells` in `context` at `url`, with the first tile move after Solve timed. */
async function openBoard(context, url, n, cells) {
  const page = await context.newPage();
  await page.goto(`${url}/?size=${n}x${n}&board=${cells.join(',')}`);
  await page.getByRole('grid').waitFor();
  await timeFirstMove(page);
  return page;
}

const browser = await launch();
const summary = {};
const put = (key, build, value) => {
  summary[key] = summary[key] || {};
  summary[key][build] = value;
};

for (const [build, url] of builds) {
  if (!flag('--skip-goal')) {
    for (const n of sizes) {
      const boards = generated(n, perSize, seed + 100 * n);
      const times = await Promise.all(boards.map(async (cells) => {
        const context = await browser.newContext();
        const page = await openBoard(context, url, n, cells);
        const t0 = Date.now();
        await page.locator('#solve').click();
        await page.waitForFunction((goal) => document.querySelector('[role=grid]').dataset.board === goal,
          goalOf(n), { timeout: 600_000, polling: 100 });
        const ms = Date.now() - t0;
        const moves = Number(await page.locator('#playing-length').getAttribute('data-length'));
        await context.close();
        return { ms, moves };
      }));
      console.log(JSON.stringify({ build, size: `${n}x${n}`, to_goal: times }));
      put(`to the goal ${n}x${n} (s, mean of ${perSize})`, build, +(mean(times.map((t) => t.ms)) / 1000).toFixed(1));
      put(`moves played ${n}x${n} (mean of ${perSize})`, build, Math.round(mean(times.map((t) => t.moves))));
    }
  }
  if (!flag('--skip-warm')) {
    const [primerBoard, ...boards] = generated(4, warmRuns + 1, seed + 500);
    const firsts = [];
    for (let i = 0; i < warmRuns; i++) {
      const context = await browser.newContext();
      const primer = await openBoard(context, url, 4, primerBoard);
      await primer.locator('#solve').click();
      await primer.locator('#length').waitFor({ timeout: 300_000 });
      // Time for the downloaded tables to be stored.
      await primer.waitForTimeout(6000);
      await primer.close();
      const page = await openBoard(context, url, 4, boards[i]);
      await page.waitForTimeout(2000);
      await page.locator('#solve').click();
      await page.waitForFunction(() => window.__moved !== undefined, null, { timeout: 60_000 });
      firsts.push(Math.round(await page.evaluate(() => window.__moved - window.__click)));
      await context.close();
    }
    console.log(JSON.stringify({ build, warm_first_move_ms: firsts }));
    put(`warm visit, first 4x4 move (ms, ${warmRuns} runs: mean / max)`, build, `${Math.round(mean(firsts))} / ${Math.max(...firsts)}`);
  }
  if (!flag('--skip-reload')) {
    // A new visit while the first 5x5 solve still runs: are its tables read back from the
    // browser's cache, or downloaded again (stored only once the solve had ended)?
    const [primerBoard, nextBoard] = generated(5, 2, seed + 700);
    const sources = [];
    for (let i = 0; i < reloads; i++) {
      const context = await browser.newContext();
      const primer = await openBoard(context, url, 5, primerBoard);
      await primer.locator('#solve').click();
      // The tables have come (downloaded) and the 15 s solve goes on: the visit ends now.
      await primer.locator('#pdb-source').waitFor({ timeout: 120_000 });
      await primer.waitForTimeout(1000);
      await primer.close();
      const page = await openBoard(context, url, 5, nextBoard);
      await page.locator('#budget').selectOption('2000');
      await page.locator('#solve').click();
      await page.locator('#length').waitFor({ timeout: 120_000 });
      sources.push(await page.locator('#pdb-source').getAttribute('data-source'));
      await context.close();
    }
    console.log(JSON.stringify({ build, reload_sources: sources }));
    put(`5x5, a new visit during the first solve: tables from (${reloads} runs)`, build,
      Object.entries(sources.reduce((n, s) => ({ ...n, [s]: (n[s] || 0) + 1 }), {})).map(([k, v]) => `${k} ${v}`).join(', '));
  }
  if (!flag('--skip-fours') && fours > 0) {
    const boards = generated(4, fours, seed + 1000);
    const file = join(tmpdir(), 'playback-fours.txt');
    writeFileSync(file, boards.map((b) => b.join(' ')).join('\n') + '\n');
    const shortest = execFileSync(npuzzle, ['solve', '--batch', file, '--size', '4x4', '--algorithm', 'pdb', '--json'], { encoding: 'utf8', maxBuffer: 1 << 26 })
      .trim().split('\n').map((l) => JSON.parse(l).length);
    const context = await browser.newContext();
    let played = 0;
    let oneClick = 0;
    for (let i = 0; i < fours; i++) {
      const page = await openBoard(context, url, 4, boards[i]);
      await page.waitForTimeout(2000);
      await page.locator('#solve').click();
      await page.locator('#length').waitFor({ timeout: 300_000 });
      let length = Number(await page.locator('#playing-length').getAttribute('data-length'));
      if (length !== shortest[i] && (await page.locator('#play-shortest').count()) > 0) {
        await page.locator('#play-shortest').click();
        length = Number(await page.locator('#playing-length').getAttribute('data-length'));
        oneClick += 1;
      }
      if (length === shortest[i]) played += 1;
      console.log(JSON.stringify({ build, board: i, shortest: shortest[i], playing: length }));
      await page.close();
    }
    await context.close();
    put(`4x4: the shortest plays (of ${fours}; one-click replays)`, build, `${played} (${oneClick})`);
  }
}
await browser.close();
console.log(JSON.stringify({ summary }, null, 2));
for (const [key, row] of Object.entries(summary)) {
  console.log(`| ${key} | ${row.old ?? ''} | ${row.new ?? ''} |`);
}
