import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { launch, open, board, shot, record, BASE_URL, moreOptions, timedClick, howToSolve } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

// Korf's 100 instances: 16 cells (goal 0 1 ... 15, blank first), then the optimal length.
const KORF = readFileSync(process.env.KORF100 || new URL('../fixtures/korf100.txt', import.meta.url), 'utf8')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => {
    const numbers = l.split(/\s+/).map(Number);
    return { cells: numbers.slice(0, 16), optimum: numbers[16] };
  });
const GOAL_BLANK_FIRST = [...Array(16).keys()];
const STANDARD_5 = [...Array(24).keys()].map((i) => i + 1).concat([0]);

/** Jumps playback to the last move (the board then shows where the whole solution leads). */
async function seekToEnd(page) {
  const moves = page.locator('ol.moves li button');
  const n = await moves.count();
  await moves.nth(n - 1).click();
  await page.waitForFunction((total) => {
    const s = document.querySelector('#step-count');
    return !s || s.dataset.step === String(total);
  }, n);
}

/** Records every value the database status takes, from now on. */
async function watchStatus(page) {
  await page.evaluate(() => {
    window.__pdbSeen = [];
    const note = () => {
      const s = document.querySelector('#pdb-status');
      const v = s?.dataset.source;
      if (v && window.__pdbSeen[window.__pdbSeen.length - 1] !== v) window.__pdbSeen.push(v);
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}

/** The keys of the tables stored in IndexedDB. */
async function storedKeys(page) {
  return page.evaluate(() => new Promise((resolve) => {
    const open = indexedDB.open('sliding-puzzle', 1);
    open.onerror = () => resolve([]);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('pattern-databases')) { db.close(); resolve([]); return; }
      const keys = db.transaction('pattern-databases').objectStore('pattern-databases').getAllKeys();
      keys.onsuccess = () => { db.close(); resolve(keys.result); };
      keys.onerror = () => { db.close(); resolve([]); };
    };
  }));
}

// The first 80-move position (goal blank-first): the small tables cannot solve it within
// their budget, so it waits for the strong ones.
const HARDEST_1 = '15,10,8,12,11,14,9,13,2,6,5,1,3,7,4,0';

test('a hard 4x4 offline: the shipped tables cannot be downloaded, so they are built; a tile click or Cancel during the build stops it', async () => {
  const page = await open(browser, `?size=4x4&board=${HARDEST_1}&goal=blank-first`);
  // Every download of the shipped tables fails, as offline.
  const refused = [];
  await page.context().route('**/tables/**', (route) => {
    refused.push(route.request().url());
    return route.abort('internetdisconnected');
  });
  // The build must outlast a playback: with the answer watched at once, a played answer that
  // ends first ends the solve (how fast depends on the machine), so this flow waits for the best.
  await howToSolve(page);
  await page.locator('#wait-for-best').check();
  const solve = page.getByRole('button', { name: 'Solve', exact: true });
  const strongBuild = async () => {
    // The strong tables' one bar (over 100 million entries; the small ones have 1.6 million),
    // with the time left once the pace is known.
    await page.waitForFunction(() => {
      const text = document.querySelector('#pdb-status')?.textContent || '';
      const total = Number((/of ([\d,]+) entries/.exec(text) || ['', '0'])[1].replace(/,/g, ''));
      return total > 100_000_000 && /(about \d+ (s|min)|a few seconds) left/.test(text);
    }, null, { timeout: 120_000 });
    const line = await page.locator('#pdb-status').textContent();
    assert.match(line, /^Preparing the pattern database for this goal, once for this browser: \d+%, (about \d+ (s|min)|a few seconds) left \(.* entries\)\. You can play the first answer meanwhile\.$/);
  };
  // A first answer to play comes at once, before any table.
  await solve.click();
  await page.locator('.answers-play .answer').first().waitFor({ timeout: 10_000 });
  // A tile click during the strong build is answered at once, and stops the solve of the
  // board before (issue 16); clicking back restores the board.
  await strongBuild();
  assert.ok(refused.some((url) => url.endsWith('/tables/pdb-4x4-standard.bin.gz')), `download tried first: ${refused}`);
  await shot(page, '10-pdb-building');
  const start = await board(page);
  const blank = start.indexOf(0);
  const neighbour = blank % 4 < 3 ? blank + 1 : blank - 1;
  const movedBefore = page.workersSeen.length;
  const clickMs = await timedClick(page, neighbour);
  assert.notDeepEqual(await board(page), start, 'the board changed during the build');
  assert.ok(clickMs < 1000, `click answered in ${clickMs} ms during the build`);
  record('tile_click_to_board_change_during_pdb_build_ms', Math.round(clickMs * 10) / 10);
  assert.match(await page.locator('#notice').textContent(), /board changed: the solve for the board before was stopped/);
  assert.equal(await page.locator('#pdb-status').count(), 0, 'no build line of the stopped solve');
  for (let i = 0; i < 100 && page.workersSeen.length === movedBefore; i++) await page.waitForTimeout(50);
  assert.ok(page.workersSeen.length > movedBefore, 'a fresh worker replaces the stopped one');
  await page.locator(`[role=grid] button[data-cell="${blank}"]`).click();
  assert.deepEqual(await board(page), start, 'clicking back restores the instance');

  // Cancel during the build: the worker is terminated, nothing is saved, and the shortest
  // answer found so far (before any table) stays, labelled as not proven shortest.
  await solve.click();
  await strongBuild();
  const workersBefore = page.workersSeen.length;
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  assert.match(await page.locator('#notice').textContent(), /Stopped: kept the shortest answer found so far \(\d+ moves\)/);
  assert.equal(await page.locator('#pdb-status').count(), 0);
  assert.equal(await page.locator('#optimal').getAttribute('data-optimal'), 'false');
  assert.ok(Number(await page.locator('#length').getAttribute('data-length')) >= 80, 'no shorter than the optimum');
  for (let i = 0; i < 100 && page.workersSeen.length === workersBefore; i++) await page.waitForTimeout(50);
  assert.ok(page.workersSeen.length > workersBefore, 'a fresh worker replaces the cancelled one');
  assert.deepEqual(page.problems, []);
});

test("Korf's instance 2 on a first visit: an answer at once, the optimum in seconds, the strong tables downloaded behind and then loaded from the cache", async () => {
  const korf88 = KORF[87];
  // Instance 2 (55 moves): the small tables solve it within their budget.
  const korf2 = KORF[1];
  assert.ok(korf2 && korf88 && korf88.cells.length === 16, 'lines 2 and 88 of korf100.txt are instances');
  const query = `?size=4x4&board=${korf2.cells.join(',')}&goal=blank-first`;
  const page = await open(browser, query);
  // The shipped tables (the standard goal's: a half turn and a renaming serve blank-first).
  const downloaded = [];
  page.context().on('response', (r) => {
    if (r.url().includes('/tables/')) downloaded.push([r.url().split('/').pop(), Number(r.headers()['content-length'])]);
  });
  assert.equal(await page.locator('#algorithm').inputValue(), 'pdb', '4x4 defaults to the database');
  const solve = page.getByRole('button', { name: 'Solve', exact: true });
  for (let i = 0; i < 100 && page.workersSeen.length === 0; i++) await page.waitForTimeout(50);

  // A fresh profile: a near-optimal answer to play at once, then the optimum from the small
  // tables, built in well under a second.
  await watchStatus(page);
  const started = Date.now();
  await solve.click();
  await page.locator('.answers-play .answer').first().waitFor({ timeout: 10_000 });
  const firstMs = Date.now() - started;
  const length = page.locator('#length');
  await length.waitFor({ timeout: 120_000 });
  const wallMs = Date.now() - started;
  assert.equal(Number(await length.getAttribute('data-length')), korf2.optimum, 'the listed optimum');
  assert.equal(await page.locator('#optimal').getAttribute('data-optimal'), 'true');
  // The optimum comes from the small 5-5-5 tables (built in well under a second) or, if they
  // need more than their budget of expansions, from the strong ones downloaded meanwhile.
  const source = page.locator('#pdb-source');
  const from = await source.getAttribute('data-source');
  const quickMs = Number(await source.getAttribute('data-ms'));
  const quickBytes = Number(await source.getAttribute('data-bytes'));
  // The small 5-5-5 tables (three of 524,160 half-byte entries) are shipped too, so they are
  // downloaded (built only where the download fails); the strong ones come after them.
  assert.equal(from, 'downloaded');
  assert.match(await source.textContent(), /downloaded in .* saved in this browser for next time/);
  const small = quickBytes > 700_000 && quickBytes < 3_000_000;
  const strong = quickBytes > 57_000_000 && quickBytes < 58_500_000;
  assert.ok(small || strong, `small or strong tables: ${quickBytes} bytes`);
  record('korf2_fresh_profile_tables', from);
  assert.match(await page.locator('#result').textContent(), /IDA\* guided by pattern databases/);
  await shot(page, '10-pdb-korf2-solved');
  await seekToEnd(page);
  assert.deepEqual(await board(page), GOAL_BLANK_FIRST, 'the moves lead to the goal');
  await page.locator('#solved').waitFor();
  await page.waitForTimeout(800); // let the tiles finish sliding
  await shot(page, '10-pdb-korf2-played');
  record('korf2_fresh_profile_first_answer_ms', firstMs);
  record('korf2_fresh_profile_optimal_ms', wallMs);
  record('korf2_fresh_profile_tables_ms', Math.round(quickMs));

  // Behind the page's back, the strong 7-7-1 tables are downloaded (17 MB) and stored.
  const deadline = Date.now() + 240_000;
  let keys = await storedKeys(page);
  while (Date.now() < deadline && keys.length < 2) {
    await page.waitForTimeout(500);
    keys = await storedKeys(page);
  }
  assert.equal(keys.length, 2, `the small and the strong tables are stored: ${keys}`);
  assert.deepEqual(downloaded.map(([name]) => name), ['pdb-4x4-quick-standard.bin.gz', 'pdb-4x4-standard.bin.gz'],
    'the small tables, then the strong ones, each once, only on need');
  assert.ok(downloaded[0][1] > 200_000 && downloaded[0][1] < 1_000_000, `small gzipped size ${downloaded[0][1]}`);
  assert.ok(downloaded[1][1] > 10_000_000 && downloaded[1][1] < 25_000_000, `gzipped size ${downloaded[1][1]}`);
  record('pdb_771_background_download_wall_ms_browser', Date.now() - started);
  record('pdb_771_download_bytes', downloaded[1][1]);

  // A reload: the strong tables come from the cache, nothing is built.
  await page.goto(`${page.url().split('?')[0]}${query}`);
  await page.getByRole('grid').waitFor();
  await watchStatus(page);
  // This part is about the cache: it waits for the best answer, so the length checked does not
  // depend on whether the tables were read within the watched grace (a busy machine's timing;
  // tests/e2e/bench/watch.mjs measures how often the shortest plays).
  await howToSolve(page);
  await page.locator('#wait-for-best').check();
  const again = Date.now();
  await solve.click();
  await length.waitFor({ timeout: 60_000 });
  const againMs = Date.now() - again;
  assert.equal(Number(await length.getAttribute('data-length')), korf2.optimum);
  assert.equal(await source.getAttribute('data-source'), 'cache');
  assert.match(await source.textContent(), /loaded from cache/);
  const loadMs = Number(await source.getAttribute('data-ms'));
  const bytes = Number(await source.getAttribute('data-bytes'));
  // The 7-7-1 tables: two of 57,657,600 half-byte entries and a one-tile table of 16 bytes.
  assert.ok(bytes > 57_000_000 && bytes < 58_500_000, `stored bytes ${bytes}`);
  const seenAgain = await page.evaluate(() => window.__pdbSeen);
  assert.ok(!seenAgain.includes('building'), `no build after the reload (${seenAgain})`);
  const searchMs = await page.evaluate(() => {
    const dt = [...document.querySelectorAll('#result dt')].find((d) => d.textContent.startsWith('Search time'));
    return dt.nextElementSibling.textContent;
  });
  await shot(page, '10-pdb-korf2-cached');
  record('pdb_771_stored_bytes', bytes);
  record('pdb_771_indexeddb_load_ms_browser', Math.round(loadMs));
  record('korf2_browser_search_time', searchMs);
  record('korf2_browser_second_solve_wall_ms_from_cache', againMs);

  // The same search code timed in a worker of its own on Korf's first 10 instances.
  const bench = await page.evaluate(async (instances) => {
    const worker = new Worker('./worker_loader.js');
    const replies = [];
    let wake = null;
    // Messages cross as structured-clone objects (serde-wasm-bindgen), not JSON text.
    worker.onmessage = (e) => { replies.push(e.data); if (wake) wake(); };
    const next = async (pred) => {
      for (;;) {
        const i = replies.findIndex(pred);
        if (i >= 0) return replies.splice(i, 1)[0];
        await new Promise((r) => { wake = r; });
      }
    };
    await next((m) => m.type === 'ready');
    const out = [];
    let id = 0;
    for (let round = 0; round < 3; round++) for (const cells of instances) {
      id += 1;
      worker.postMessage({
        type: 'solve', id,
        board: { shape: [4, 4], cells },
        goal: { shape: [4, 4], cells: [...Array(16).keys()] },
        method: { kind: 'pattern-database' },
        max_expanded: null,
      });
      const done = await next((m) => (m.id === id || m.id === 0) && (m.type === 'done' || m.type === 'failed'));
      const ready = replies.find((m) => m.id === id && m.type === 'tables-ready');
      out.push({ done, source: ready?.info?.source, readyMs: ready?.info?.ms });
    }
    worker.terminate();
    return out;
  }, KORF.slice(0, 10).concat([korf88]).map((k) => k.cells));
  // Three rounds of the same 11 requests: the fastest round counts (the machine is shared).
  const firstSource = bench[0].source;
  const rounds = [0, 1, 2].map((r) => bench.slice(r * 11, r * 11 + 11));
  const totals = rounds.map((round) => round.slice(0, 10).reduce((t, b) => t + b.done.solution.stats.elapsed_ms, 0));
  const best = totals.indexOf(Math.min(...totals));
  record('korf_first10_wasm_search_ms_per_round', totals);
  bench.splice(0, bench.length, ...rounds[best]);
  const bench88 = bench.pop().done;
  record('korf88_wasm_worker_search_ms_per_round', rounds.map((round) => round[10].done.solution.stats.elapsed_ms));
  assert.equal(bench88.solution.moves.length, korf88.optimum);
  record('korf88_wasm_worker_search_ms_best', Math.min(...rounds.map((round) => round[10].done.solution.stats.elapsed_ms)));
  record('korf88_wasm_worker_generated', bench88.solution.stats.generated);
  let totalMs = 0;
  let totalGenerated = 0;
  for (const [i, { done }] of bench.entries()) {
    assert.equal(done.type, 'done', JSON.stringify(done).slice(0, 300));
    assert.equal(done.solution.moves.length, KORF[i].optimum, `Korf #${i + 1}`);
    totalMs += done.solution.stats.elapsed_ms;
    totalGenerated += done.solution.stats.generated;
  }
  assert.equal(firstSource, 'cache', 'the bench worker also loads from IndexedDB');
  record('korf_first10_wasm_search_ms_total', Math.round(totalMs * 10) / 10);
  record('korf_first10_wasm_generated_total', totalGenerated);
  record('korf_first10_wasm_per_instance_ms', bench.map((b) => b.done.solution.stats.elapsed_ms));
  assert.deepEqual(page.problems, []);

  // A corrupt cached copy is rebuilt (and overwritten), never a crash.
  const corrupted = await page.evaluate(() => new Promise((resolve, reject) => {
    const open = indexedDB.open('sliding-puzzle', 1);
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const tx = db.transaction('pattern-databases', 'readwrite');
      const store = tx.objectStore('pattern-databases');
      const keys = store.getAllKeys();
      keys.onsuccess = () => {
        for (const key of keys.result) store.put(new Uint8Array([78, 80, 68, 66, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]), key);
      };
      tx.oncomplete = () => { db.close(); resolve(keys.result); };
      tx.onerror = () => reject(tx.error);
    };
  }));
  assert.equal(corrupted.length, 2, `the small and the strong tables cached: ${corrupted}`);
  for (const key of corrupted) assert.match(key, /^pdb:4x4:/);
  await page.goto(`${page.url().split('?')[0]}${query}`);
  await page.getByRole('grid').waitFor();
  await solve.click();
  await length.waitFor({ timeout: 300_000 });
  assert.equal(Number(await length.getAttribute('data-length')), korf2.optimum);
  // The small tables' unreadable copy is replaced by their download (the strong ones by a
  // build or the download behind it).
  assert.equal(await source.getAttribute('data-source'), 'downloaded');
  assert.match(await source.textContent(), /replacing an unreadable cached copy, saved in this browser for next time/);
  await shot(page, '10-pdb-rebuilt-after-corruption');
  await page.goto(`${page.url().split('?')[0]}${query}`);
  await page.getByRole('grid').waitFor();
  await solve.click();
  await length.waitFor({ timeout: 60_000 });
  assert.equal(await source.getAttribute('data-source'), 'cache', 'the rebuilt copy is cached again');
  assert.deepEqual(page.problems, []);
});

test('a 5x5 scramble is solved by the staged method: not guaranteed shortest, with its bound, and it reaches the goal', async () => {
  const page = await open(browser, '?size=5x5');
  assert.equal(await page.locator('#algorithm').inputValue(), 'anytime', '5x5 defaults to the anytime method');
  await howToSolve(page);
  await page.locator('#algorithm').selectOption('staged');
  await page.getByRole('button', { name: 'Scramble', exact: true }).click();
  const start = await board(page);
  assert.notDeepEqual(start, STANDARD_5);
  const t0 = Date.now();
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  const length = page.locator('#length');
  await length.waitFor({ timeout: 30_000 });
  const wallMs = Date.now() - t0;
  const n = Number(await length.getAttribute('data-length'));
  assert.equal(await page.locator('#optimal').getAttribute('data-optimal'), 'false');
  const quality = page.locator('#quality');
  assert.match(await quality.textContent(), /not guaranteed shortest: \d+ moves; every solution needs at least \d+ \(lower bound\), so this one is at most [\d.]+× the shortest/);
  const lower = Number(await quality.getAttribute('data-lower-bound'));
  assert.ok(lower > 0 && lower <= n, `lower bound ${lower} <= length ${n}`);
  assert.match(await page.locator('#result').textContent(), /staged placement/);
  assert.equal(await page.locator('ol.moves li').count(), n);
  await shot(page, '10-staged-5x5-solved');
  await seekToEnd(page);
  assert.deepEqual(await board(page), STANDARD_5, 'the moves lead to the goal');
  await page.locator('#solved').waitFor();
  await page.waitForTimeout(800); // let the tiles finish sliding
  await shot(page, '10-staged-5x5-played');
  // A page that never solves a 4x4 never opens (or fills) the database cache.
  const caches = await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name));
  assert.deepEqual(caches, [], 'no IndexedDB database on a 5x5-only visit');
  record('staged_5x5_browser_wall_ms', wallMs);
  record('staged_5x5_length_and_lower_bound', [n, lower]);
  assert.deepEqual(page.problems, []);
});

test('a 5x5 anytime solve shows an answer at once, then shorter ones, and the final one reaches the goal', async () => {
  const page = await open(browser, '?size=5x5');
  assert.equal(await page.locator('#algorithm').inputValue(), 'anytime');
  // The page's budget is stated: 15 s unless chosen; this test takes 5 s.
  assert.equal(await page.locator('#budget').inputValue(), '15000');
  assert.equal(await page.locator('#budget option:checked').textContent(), '15 s');
  await page.selectOption('#budget', '5000');
  // This flow waits for the best answer; watching at once is tests/e2e/21-watch.test.mjs.
  await howToSolve(page);
  await page.locator('#wait-for-best').check();
  await page.getByRole('button', { name: 'Scramble', exact: true }).click();
  const start = await board(page);
  const t0 = Date.now();
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  // The staged answer comes before the big-board tables are built.
  await page.getByText(/moves(, at most [\d.]+× the shortest)?, still improving/).first().waitFor({ timeout: 10_000 });
  const firstMs = Date.now() - t0;
  await shot(page, '10-anytime-5x5-improving');
  // Issue 9: the first answer plays while the solve still improves, and the solve goes on.
  const live = page.locator('.answers-play .answer');
  const firstLength = Number(await live.first().getAttribute('data-length'));
  // A click on the element itself, not at a point: shorter answers keep coming meanwhile (the
  // search improves while the tables download), and the lines above grow and move the button.
  await live.first().dispatchEvent('click');
  await page.locator('#step-count').waitFor();
  assert.equal(Number(await page.locator('#step-count').getAttribute('data-total')), firstLength);
  assert.ok(await page.locator('#cancel').isVisible(), 'the solve still runs during playback');
  assert.equal(await live.first().getAttribute('aria-pressed'), 'true');
  await page.waitForFunction((s) => document.querySelector('[role=grid]').dataset.board !== s, start.join(' '));
  await shot(page, '10-anytime-5x5-playing-while-improving');
  const length = page.locator('#length');
  await length.waitFor({ timeout: 120_000 });
  const finalMs = Date.now() - t0;
  // The budget runs from Solve, tables included.
  assert.ok(finalMs >= 4900 && finalMs < 9000, `final answer after ${finalMs} ms of a 5 s budget`);
  // The final answer is offered; the playback of the first goes on.
  assert.equal(Number(await page.locator('#step-count').getAttribute('data-total')), firstLength);
  assert.match(await page.locator('#notice').textContent(), /final answer came in/);
  const offered = page.locator('#result .answers-play .answer');
  assert.equal(await offered.first().getAttribute('aria-pressed'), 'true');
  assert.equal(Number(await offered.first().getAttribute('data-length')), firstLength);
  await offered.last().click();
  assert.equal(await offered.last().getAttribute('aria-pressed'), 'true');
  const n = Number(await length.getAttribute('data-length'));
  const answers = (await page.locator('#answers').textContent()).match(/\d+/g).map(Number);
  assert.ok(answers.length >= 2, `answers got shorter: ${answers}`);
  for (let i = 1; i < answers.length; i++) assert.ok(answers[i] < answers[i - 1], `${answers}`);
  assert.equal(answers[answers.length - 1], n);
  assert.equal(await offered.count(), answers.length, 'every answer can be played');
  const lower = Number(await page.locator('#quality').getAttribute('data-lower-bound'));
  assert.ok(lower > 0 && lower <= n);
  assert.match(await page.locator('#result').textContent(), /anytime/);
  await seekToEnd(page);
  assert.deepEqual(await board(page), STANDARD_5, 'the final answer leads to the goal');
  await shot(page, '10-anytime-5x5-played');
  record('anytime_5x5_first_answer_ms', firstMs);
  record('anytime_5x5_final_ms_with_table_build', finalMs);
  record('anytime_5x5_lengths_and_lower_bound', [answers, lower]);
  assert.notDeepEqual(start, STANDARD_5);
  assert.deepEqual(page.problems, []);
});

test('6x6, then 7x7 and a blank-first 8x8 in the same page: the big-board tables are downloaded once and serve every size; 6x6 and 7x7 get their whole-board tables once', async () => {
  const page = await open(browser, '?size=6x6');
  const downloads = [];
  page.context().on('response', (r) => {
    if (r.url().includes('/tables/')) downloads.push(r.url().split('/').pop());
  });
  const solveAndSource = async () => {
    // 5 s: the download comes within it even on a loaded machine (a budget that ends first
    // answers without the tables, and they arrive for the next solve).
    await page.selectOption('#budget', '5000');
    await page.getByRole('button', { name: 'Scramble', exact: true }).click();
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    await page.locator('#length').waitFor({ timeout: 60_000 });
    return page.locator('#pdb-source').getAttribute('data-source');
  };
  const BIG = 'big-5x5-standard.bin.gz';
  const [WHOLE_6, WHOLE_7] = ['whole-6x6-standard.bin.gz', 'whole-7x7-standard.bin.gz'];
  assert.equal(await solveAndSource(), 'downloaded');
  assert.deepEqual(downloads.toSorted(), [BIG, WHOLE_6], 'the big-board tables and the 6x6 whole-board ones');
  await page.locator('#size').selectOption('7x7');
  assert.equal(await solveAndSource(), 'memory', 'the 7x7 uses the 6x6 tables');
  await page.locator('#size').selectOption('8x8');
  await moreOptions(page);
  await page.selectOption('#goal', 'blank-first');
  assert.equal(await solveAndSource(), 'memory', 'a blank-first 8x8 too (a half turn and a renaming)');
  assert.deepEqual(downloads.toSorted(), [BIG, WHOLE_6, WHOLE_7], 'one download each; none for 8x8');
  const keys = await storedKeys(page);
  assert.equal(keys.filter((k) => k.startsWith('bigtables-')).length, 1, `one stored copy: ${keys}`);
  for (const size of ['6x6', '7x7']) {
    assert.equal(keys.filter((k) => k.startsWith(`wholetables-v1-${size}-`)).length, 1, `${size}'s whole-board tables stored: ${keys}`);
  }
  // A reload on another size reads them all from the cache.
  await page.goto(`${page.url().split('?')[0]}?size=7x7`);
  await page.getByRole('grid').waitFor();
  assert.equal(await solveAndSource(), 'cache');
  assert.deepEqual(downloads.toSorted(), [BIG, WHOLE_6, WHOLE_7], 'no download again');
  assert.deepEqual(page.problems, []);
});

test('two tabs of one browser needing the same tables at once: both get them, and the cache they leave reads back intact', async () => {
  const first = await open(browser, '?size=6x6');
  const second = await first.context().newPage();
  second.problems = [];
  second.on('pageerror', (e) => second.problems.push(`pageerror: ${e.message}`));
  await second.goto(`${BASE_URL}/?size=6x6`);
  await second.getByRole('grid').waitFor();
  const start = async (page, budget) => {
    // Two tabs downloading at once: 15 s, so the download comes within it on a loaded machine
    // too (a budget that ends first answers without the tables, and no tables line shows: seen
    // in 2 of 4 full runs at 5 s). The third tab reads the cache: 5 s.
    await page.selectOption('#budget', budget);
    await page.getByRole('button', { name: 'Scramble', exact: true }).click();
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
  };
  await Promise.all([start(first, '15000'), start(second, '15000')]);
  // Whichever tab looks first downloads; the other downloads too when both look before either
  // has stored, or reads the stored copy when it looks after (a busy machine spreads the starts).
  const sources = [];
  for (const page of [first, second]) {
    await page.locator('#length').waitFor({ timeout: 60_000 });
    sources.push(await page.locator('#pdb-source').getAttribute('data-source'));
  }
  assert.ok(sources.includes('downloaded'), `one tab downloads: ${sources}`);
  assert.ok(sources.every((s) => s === 'downloaded' || s === 'cache'), `both get them: ${sources}`);
  // Both stored the same key; a third tab reads it back (checksum and goal checked).
  await first.waitForTimeout(1500);
  const third = await first.context().newPage();
  await third.goto(`${BASE_URL}/?size=7x7`);
  await third.getByRole('grid').waitFor();
  await start(third, '5000');
  await third.locator('#length').waitFor({ timeout: 60_000 });
  // Read from the cache at the solve, or already read into memory by the read the page asks
  // for 1.5 s after load (a loaded machine starts the solve later): either way from the stored
  // copy, checksum and goal checked.
  const read = await third.locator('#pdb-source').getAttribute('data-source');
  assert.ok(['cache', 'memory'].includes(read), `the third tab reads the stored copy: ${read}`);
  assert.deepEqual(first.problems, []);
  assert.deepEqual(second.problems, []);
});

test('an 80-move 4x4 on a first visit: its large iterations are shared with a second worker, and the answer is the optimal 80', async () => {
  // The quickest of the 17 positions that need 80 moves (10 million expansions natively).
  const cells = [15, 11, 9, 12, 14, 10, 13, 8, 6, 7, 5, 1, 3, 2, 4, 0];
  const page = await open(browser, `?size=4x4&board=${cells.join(',')}&goal=blank-first`);
  await page.getByRole('grid').waitFor();
  // The search itself is under test: waiting for it, nothing plays before its answer.
  await howToSolve(page);
  await page.locator('#wait-for-best').check();
  const before = page.workersSeen.length;
  const t0 = Date.now();
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await page.locator('#length').waitFor({ timeout: 120_000 });
  record('hardest4x4_13_fresh_optimal_ms', Date.now() - t0);
  assert.equal(await page.locator('#length').getAttribute('data-length'), '80');
  // The solver worker (started with the page) and, for the solve, the copy of it that
  // searched half of the large iterations; the build before this one started none.
  const seen = JSON.stringify(page.workersSeen);
  // One core (or less than 4 GB where the browser tells) has no second worker to share with.
  const shares = await page.evaluate(() => navigator.hardwareConcurrency > 1 && (navigator.deviceMemory ?? 4) >= 4);
  if (shares) assert.ok(page.workersSeen.length >= 2 && page.workersSeen.length > before, `workers: ${seen}`);
  record('hardest4x4_13_second_worker', shares);
  assert.ok(page.workersSeen.every((w) => w.url.endsWith('worker_loader.js')), seen);
  assert.deepEqual(page.problems, []);
});

test('a download that comes after its solve ended on budget is stored all the same', async () => {
  const page = await open(browser, '?size=6x6');
  // The big-board tables come 8 s late: well after the 2 s budget.
  await page.context().route('**/tables/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 8_000));
    await route.continue();
  });
  await page.selectOption('#budget', '2000');
  await page.getByRole('button', { name: 'Scramble', exact: true }).click();
  const t0 = Date.now();
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await page.locator('#length').waitFor({ timeout: 60_000 });
  const answeredMs = Date.now() - t0;
  assert.ok(answeredMs < 7_000, `answered ${answeredMs} ms after Solve, before the download`);
  // No further solve: the download still reaches IndexedDB once it has come.
  const stored = async () => (await storedKeys(page)).some((k) => k.startsWith('bigtables-'));
  const t1 = Date.now();
  while (!(await stored()) && Date.now() - t1 < 60_000) await page.waitForTimeout(500);
  assert.ok(await stored(), `stored: ${await storedKeys(page)}`);
  assert.deepEqual(page.problems, []);
});
