// Opt-in browser benchmark (not part of CI): what a person waits for on a 4x4, in a fresh
// browser profile (no IndexedDB, no service worker) and in a warm one.
//
//   node tests/e2e/bench/first-visit.mjs BOARDS_FILE [--fresh N] [--warm N] [--goal G] [--label NAME]
//
// BOARDS_FILE: one 4x4 board a line (16 numbers; goal G, default standard `1 2 ... 15 0`;
// tests/fixtures/hardest4x4.txt, the 80-move positions, needs --goal blank-first), optionally
// followed by its optimal length (checked when given), e.g. made with
//   for s in $(seq 1 20); do npuzzle generate --size 4 --seed $s; done
// BASE_URL: the served release build (default http://127.0.0.1:8080).
//
// For each of the first N boards (fresh: a new profile each; warm: one profile that has solved
// a 4x4 before and had a minute to store its tables): milliseconds from the click on Solve to
// the first playable answer, to the downloaded tables being ready (and the worker's own time
// to fetch and check them) and to the proven-optimal one, the IndexedDB bytes stored and the
// bytes of shipped tables downloaded (tables/*.gz).
// Prints a JSON line per board and a summary (medians) at the end.
import { readFileSync } from 'node:fs';
import { launch, BASE_URL } from '../helpers.mjs';

const args = process.argv.slice(2);
const file = args[0];
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const fresh = Number(option('--fresh', 20));
const warm = Number(option('--warm', 20));
const label = option('--label', BASE_URL);
const goal = option('--goal', 'standard');
const boards = readFileSync(file, 'utf8').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'))
  .map((l) => {
    const n = l.split(/[\s,]+/).map(Number);
    return { cells: n.slice(0, 16), optimum: n[16] };
  });

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : null;
};

async function storedBytes(page) {
  return page.evaluate(() => new Promise((resolve) => {
    const open = indexedDB.open('sliding-puzzle', 1);
    open.onerror = () => resolve(0);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('pattern-databases')) { db.close(); resolve(0); return; }
      const all = db.transaction('pattern-databases').objectStore('pattern-databases').getAll();
      all.onsuccess = () => { db.close(); resolve(all.result.reduce((t, v) => t + (v.byteLength || v.length || 0), 0)); };
      all.onerror = () => { db.close(); resolve(0); };
    };
  }));
}

/** Counts the bytes of shipped tables (`tables/`) the page and its workers download. */
function countDownloads(page) {
  const seen = { bytes: 0 };
  page.context().on('response', (response) => {
    if (!response.url().includes('/tables/')) return;
    seen.bytes += Number(response.headers()['content-length'] || 0);
  });
  return seen;
}

/** Solves `board` on `page`: ms to the first playable answer and to the optimal one. */
async function solveTimed(page, board) {
  await page.goto(`${BASE_URL}/?size=4x4&board=${board.cells.join(',')}&goal=${goal}`);
  await page.getByRole('grid').waitFor();
  for (let i = 0; i < 100; i++) {
    if (await page.evaluate(() => !!document.querySelector('#solve:not([disabled])'))) break;
    await page.waitForTimeout(50);
  }
  await page.waitForTimeout(300);
  const t0 = Date.now();
  await page.locator('#solve').click();
  let firstMs = null;
  let tablesReadyMs = null;
  for (;;) {
    const seen = await page.evaluate(() => ({
      answer: !!document.querySelector('.answers-play .answer, #length'),
      length: document.querySelector('#length')?.getAttribute('data-length'),
      optimal: document.querySelector('#optimal')?.textContent,
      tables: document.querySelector('#pdb-source')?.getAttribute('data-source'),
      tablesMs: document.querySelector('#pdb-source')?.getAttribute('data-ms'),
      fetched: document.querySelector('#pdb-status[data-source="downloaded"]') !== null,
    }));
    if (seen.answer && firstMs === null) firstMs = Date.now() - t0;
    if (seen.fetched && tablesReadyMs === null) tablesReadyMs = Date.now() - t0;
    if (seen.length) {
      const length = Number(seen.length);
      if (board.optimum && length !== board.optimum) throw new Error(`length ${length}, optimum ${board.optimum}`);
      const optimalMs = Date.now() - t0;
      // tablesReadyMs: when the page said the downloaded tables were there (then the search
      // over them); tablesWorkerMs: the worker's own time to fetch, inflate and check them.
      return { firstMs, tablesReadyMs, tablesWorkerMs: Number(seen.tablesMs), optimalMs, length, tables: seen.tables };
    }
    if (Date.now() - t0 > 600_000) throw new Error('no answer in 10 minutes');
    await page.waitForTimeout(25);
  }
}

const browser = await launch();
const rows = { fresh: [], warm: [] };
for (const board of boards.slice(0, fresh)) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const downloads = countDownloads(page);
  const row = { profile: 'fresh', board: board.cells.join(' '), ...(await solveTimed(page, board)) };
  row.storedBytes = await storedBytes(page);
  row.downloadedBytes = downloads.bytes;
  rows.fresh.push(row);
  console.log(JSON.stringify(row));
  await context.close();
}
if (warm > 0) {
  const context = await browser.newContext();
  const page = await context.newPage();
  // Warm-up: one solve, then a minute for tables built behind the page to be stored.
  await solveTimed(page, boards[0]);
  await page.waitForTimeout(60_000);
  for (const board of boards.slice(0, warm)) {
    const row = { profile: 'warm', board: board.cells.join(' '), ...(await solveTimed(page, board)) };
    row.storedBytes = await storedBytes(page);
    rows.warm.push(row);
    console.log(JSON.stringify(row));
  }
  await context.close();
}
await browser.close();
const summary = {};
for (const [name, list] of Object.entries(rows)) {
  if (!list.length) continue;
  summary[name] = {
    boards: list.length,
    median_first_answer_ms: median(list.map((r) => r.firstMs)),
    median_optimal_ms: median(list.map((r) => r.optimalMs)),
    max_optimal_ms: Math.max(...list.map((r) => r.optimalMs)),
    stored_bytes: Math.max(...list.map((r) => r.storedBytes)),
    downloaded_bytes: Math.max(...list.map((r) => r.downloadedBytes || 0)),
  };
}
console.log(JSON.stringify({ label, summary }));
