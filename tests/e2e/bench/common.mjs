// What the opt-in browser benchmarks share: their command-line options, the native binary
// that makes their boards, seeded boards, a mean, and the first tile move timed after Solve.
import { execFileSync } from 'node:child_process';

const args = process.argv.slice(2);

/** Whether the flag `name` was given. */
export const flag = (name) => args.includes(name);

/** The value after `name`, or `fallback`. */
export const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};

/** A comma list of numbers after `name`, or `fallback`'s. */
export const list = (name, fallback) => option(name, fallback).split(',').filter(Boolean).map(Number);

/** The native binary (NPUZZLE, default target/release/npuzzle). */
export const npuzzle = process.env.NPUZZLE || new URL('../../../target/release/npuzzle', import.meta.url).pathname;

/** The mean of `xs` (null for none). */
export const mean = (xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

/** `count` seeded uniform solvable n x n boards from `npuzzle generate`, seeds from `from` on. */
export function generated(n, count, from) {
  return [...Array(count).keys()].map((i) => {
    const line = execFileSync(npuzzle, ['generate', '--size', `${n}x${n}`, '--random', '--seed', String(from + i), '--format', 'line'], { encoding: 'utf8' });
    return line.trim().split(/[\s/]+/).filter(Boolean).map(Number);
  });
}

/** Times the first tile move after a click on Solve: `window.__click` and `window.__moved`
 * (performance.now() in the page) once they happen. */
export async function timeFirstMove(page) {
  await page.evaluate(() => {
    const grid = document.querySelector('[role=grid]');
    const first = grid.dataset.board;
    window.addEventListener('click', (e) => {
      if (e.target.closest('#solve')) window.__click = performance.now();
    }, { capture: true });
    new MutationObserver(() => {
      if (window.__moved === undefined && grid.dataset.board !== first) window.__moved = performance.now();
    }).observe(grid, { attributes: true });
  });
}
