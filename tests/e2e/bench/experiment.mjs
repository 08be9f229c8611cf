// Opt-in browser benchmark (not part of CI) of the Experiment view (issue 48): the default
// experiment in the page (3x3, depths 2 to 24 step 2, the four textbook methods, IDDFS skipped
// from the depth where it hits the budget) with 100 boards a depth (the command line's default;
// the page's default is 20), timed from Run to the last row, beside the native
// `npuzzle experiment` of the same config. Target: 60 s or less in the page.
//
//   BASE_URL=http://127.0.0.1:PORT node tests/e2e/bench/experiment.mjs [--boards 100] [--runs 1]
//
// NPUZZLE: the native binary (default target/release/npuzzle). Prints a JSON line per run.
import { execFileSync } from 'node:child_process';
import { launch, open } from '../helpers.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const boards = Number(option('--boards', 100));
const runs = Number(option('--runs', 1));
const npuzzle = process.env.NPUZZLE || new URL('../../../target/release/npuzzle', import.meta.url).pathname;

const browser = await launch();
try {
  for (let run = 0; run < runs; run++) {
    const page = await open(browser, '?size=3x3&view=experiment', { width: 1280, height: 800 });
    await page.locator('#experiment-boards').fill(String(boards));
    const started = Date.now();
    await page.locator('#experiment-run').click();
    await page.waitForFunction(() => ['done', 'failed'].includes(document.querySelector('#experiment-progress')?.dataset.state),
      null, { timeout: 600_000, polling: 200 });
    const wallMs = Date.now() - started;
    const status = await page.locator('#experiment-progress').textContent();
    const skipped = await page.locator('#experiment-table td[data-status=skipped]').count();
    const flagged = await page.locator('#experiment-table td[data-status=flagged]').count();
    console.log(JSON.stringify({ where: 'page', boards, run, wall_s: wallMs / 1000, status, skipped, flagged }));
    await page.context().close();
  }
} finally {
  await browser.close();
}
const t0 = Date.now();
const text = execFileSync(npuzzle, ['experiment', '--boards', String(boards)], { encoding: 'utf8' });
console.log(JSON.stringify({ where: 'native', boards, wall_s: (Date.now() - t0) / 1000, said: text.trim().split('\n').pop() }));
