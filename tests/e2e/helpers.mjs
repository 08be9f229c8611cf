// Shared set-up of the end-to-end tests: one headless Chromium, the base URL of the served
// release build (BASE_URL), screenshots into artifacts/, and an independent BFS oracle.
import { chromium } from 'playwright-core';
import { mkdirSync, writeFileSync, readFileSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const ARTIFACTS = join(here, 'artifacts');
mkdirSync(ARTIFACTS, { recursive: true });

/** The native CLI (NPUZZLE, else the release build if there is one, else the test-profile build
 * that `cargo test` and the web build's tables step make). */
export const NPUZZLE = process.env.NPUZZLE || [
  new URL('../../target/release/npuzzle', import.meta.url).pathname,
  new URL('../../target/debug/npuzzle', import.meta.url).pathname,
].find((path) => existsSync(path)) || new URL('../../target/debug/npuzzle', import.meta.url).pathname;

export const BASE_URL = (process.env.BASE_URL || 'http://127.0.0.1:8080').replace(/\/$/, '');

export async function launch() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true, // Playwright gives each launch a fresh temporary profile (the --user-data-dir of the brief)
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return browser;
}

/** A page at `query` whose console errors and page errors are collected in `page.problems`
 * (`device`: more context options, such as `{ hasTouch: true, isMobile: true }` for a phone). */
export async function open(browser, query = '', viewport = { width: 1200, height: 900 }, device = {}) {
  const context = await browser.newContext({ viewport, ...device });
  const page = await context.newPage();
  page.problems = [];
  // Every web worker the page starts, and whether it has been terminated.
  page.workersSeen = [];
  page.on('worker', (w) => {
    const entry = { url: w.url(), closed: false };
    w.on('close', () => { entry.closed = true; });
    page.workersSeen.push(entry);
  });
  page.on('pageerror', (e) => page.problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') page.problems.push(`console: ${m.text()}`);
  });
  await page.goto(`${BASE_URL}/${query}`);
  await page.getByRole('grid').waitFor();
  return page;
}

/** The cells of the app's board, or of `grid` (a locator: the first screen's, which is
 * aria-hidden, so no role query finds it). */
export async function board(page, grid = page.getByRole('grid')) {
  const text = await grid.getAttribute('data-board');
  return text.split(' ').map(Number);
}

/** Opens "More options" (goal, kind of scramble, board editor) if it is closed; returns the page. */
export async function moreOptions(page) {
  const more = page.locator('#more');
  if ((await more.getAttribute('aria-expanded')) !== 'true') await more.click();
  return page;
}

/** Milliseconds from a click on the tile in `cell` to the board's change in the DOM, or with
 * `painted` to two frames later (the move drawn: the slow part of a heavy picture). */
export async function timedClick(page, cell, { painted = false } = {}) {
  await page.evaluate(() => {
    window.__click = {};
    const grid = document.querySelector('[role=grid]');
    window.addEventListener('click', (e) => {
      if (grid.contains(e.target) && !window.__click.at) window.__click.at = performance.now();
    }, { capture: true, once: true });
    new MutationObserver((_, observer) => {
      if (window.__click.at && !window.__click.changed) {
        window.__click.changed = performance.now();
        observer.disconnect();
      }
    }).observe(grid, { attributes: true, attributeFilter: ['data-board'] });
  });
  await page.locator(`[role=grid] button[data-cell="${cell}"]`).click();
  await page.waitForFunction(() => window.__click.changed, null, { timeout: 10_000 });
  if (!painted) return page.evaluate(() => window.__click.changed - window.__click.at);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return page.evaluate(() => performance.now() - window.__click.at);
}

/** Brings `bytes` into the page as `window.__parts` (pieces for `new File(window.__parts, ...)`),
 * 192 KB at a time, so that no piece is a long task on the page's thread (Playwright's
 * setInputFiles decodes a 10 MB file in one go there). */
export async function bytesIntoPage(page, bytes) {
  await page.evaluate(() => { window.__parts = []; });
  const PIECE = 192 * 1024;
  for (let at = 0; at < bytes.length; at += PIECE) {
    await page.evaluate((text) => {
      const raw = atob(text);
      const piece = new Uint8Array(raw.length);
      for (let i = 0; i < raw.length; i++) piece[i] = raw.charCodeAt(i);
      window.__parts.push(piece);
    }, bytes.subarray(at, at + PIECE).toString('base64'));
  }
}

/** A screenshot in artifacts/: the whole page, or only the window with `{ fullPage: false }`. */
export async function shot(page, name, { fullPage = true } = {}) {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage });
}

/** Records a measurement in artifacts/metrics.json. */
export function record(key, value) {
  const file = join(ARTIFACTS, 'metrics.json');
  const metrics = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  metrics[key] = value;
  writeFileSync(file, JSON.stringify(metrics, null, 2) + '\n');
}

export function tile(page, n) {
  return page.getByRole('button', { name: n === 0 ? 'blank' : `tile ${n}`, exact: true });
}

export const SNAIL_3 = [1, 2, 3, 8, 0, 4, 7, 6, 5];
export const STANDARD_3 = [1, 2, 3, 4, 5, 6, 7, 8, 0];

/** Length of a shortest solution by breadth-first search (independent of the app's code). */
export function bfsDistance(start, goal, width) {
  const key = (cells) => cells.join(',');
  const target = key(goal);
  if (key(start) === target) return 0;
  const seen = new Set([key(start)]);
  let frontier = [start];
  for (let depth = 1; frontier.length; depth++) {
    const next = [];
    for (const cells of frontier) {
      const blank = cells.indexOf(0);
      const row = Math.floor(blank / width);
      const col = blank % width;
      const height = cells.length / width;
      for (const [dr, dc] of [[-1, 0], [1, 0], [0, -1], [0, 1]]) {
        const r = row + dr;
        const c = col + dc;
        if (r < 0 || c < 0 || r >= height || c >= width) continue;
        const child = cells.slice();
        child[blank] = child[r * width + c];
        child[r * width + c] = 0;
        const k = key(child);
        if (k === target) return depth;
        if (!seen.has(k)) {
          seen.add(k);
          next.push(child);
        }
      }
    }
    frontier = next;
  }
  return null;
}

/** The page's views, by the name they have in the link (`?view=race`) and their tab's label. */
export const VIEWS = {
  play: 'Play & solve',
  race: 'Race',
  experiment: 'Experiment',
  share: 'Make & share',
  step: 'Step through',
};

/** Opens one of the page's views by clicking its tab, and waits for its panel. */
export async function openView(page, view) {
  await page.getByRole('tab', { name: VIEWS[view], exact: true }).click();
  await page.locator(`#view-${view}`).waitFor();
}

/** Opens the Solve panel's "How to solve" disclosure (the method menu, "Wait for the best
 * answer"), closed on a first visit; returns the page. */
export async function howToSolve(page) {
  const details = page.locator('#how-to-solve');
  if (!(await details.evaluate((d) => d.open))) await details.locator('summary').click();
  return page;
}

/** The two screens a view's browser test runs on: a desktop (1280x800, light) and a phone
 * (360x640, dark, touch). */
export const SCREENS = {
  desktop: { viewport: { width: 1280, height: 800 }, device: {} },
  phone: { viewport: { width: 360, height: 640 }, device: { hasTouch: true, isMobile: true, colorScheme: 'dark' } },
};
