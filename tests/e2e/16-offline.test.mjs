import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { launch, board, shot, bfsDistance, BASE_URL, STANDARD_3 } from './helpers.mjs';

let browser;
let mirror;
before(async () => {
  browser = await launch();
  mirror = await serveCopy('/any/folder/');
});
after(async () => {
  await browser?.close();
  mirror?.server.close();
});

const START = [1, 2, 3, 4, 0, 6, 7, 5, 8];
const TYPES = {
  html: 'text/html', js: 'text/javascript', wasm: 'application/wasm', css: 'text/css',
  svg: 'image/svg+xml', webmanifest: 'application/manifest+json',
};

/**
 * The build at BASE_URL (index.html, sw.js and the files sw.js precaches), copied into memory
 * and served under `folder` by a server of this test: the app must work from any folder, and
 * the test can swap sw.js for a "new build".
 */
async function serveCopy(folder) {
  const sw = await (await fetch(`${BASE_URL}/sw.js`)).text();
  const listed = [...sw.matchAll(/'\.\/([^']+)'/g)].map((m) => m[1]);
  assert.ok(listed.includes('worker_bg.wasm'), 'sw.js lists the build (stamped by scripts/stamp-sw.sh)');
  const files = new Map();
  for (const name of ['index.html', 'sw.js', ...listed]) {
    const response = await fetch(`${BASE_URL}/${name}`);
    assert.ok(response.ok, `${name} is served`);
    files.set(name, Buffer.from(await response.arrayBuffer()));
  }
  const server = createServer((request, response) => {
    const path = new URL(request.url, 'http://localhost').pathname;
    const body = path.startsWith(folder) && files.get(path.slice(folder.length) || 'index.html');
    if (!body) return response.writeHead(404).end();
    response.writeHead(200, { 'content-type': TYPES[path.split('.').pop()] || TYPES.html });
    response.end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, files, url: `http://127.0.0.1:${server.address().port}${folder}` };
}

/** The Cache Storage: cache names and the file names held. */
function cacheContents(page) {
  return page.evaluate(async () => {
    const keys = await caches.keys();
    const files = [];
    for (const key of keys) {
      for (const request of await (await caches.open(key)).keys()) {
        files.push(new URL(request.url).pathname.split('/').pop());
      }
    }
    return { keys, files };
  });
}

test('installable, offline after one visit, from any folder, and a new build replaces the cache', async () => {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await context.newPage();
  page.problems = [];
  page.on('pageerror', (e) => page.problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') page.problems.push(`console: ${m.text()}`); });
  await page.goto(`${mirror.url}?board=${START.join(',')}`);
  await page.getByRole('grid').waitFor();

  // The manifest is linked and parses, with what an install needs.
  const manifest = await page.evaluate(async () => {
    const link = document.querySelector('link[rel="manifest"]');
    return (await fetch(link.href)).json();
  });
  assert.equal(manifest.start_url, './');
  assert.equal(manifest.display, 'standalone');
  assert.ok(manifest.name && manifest.short_name);
  assert.match(manifest.theme_color, /^#[0-9a-f]{6}$/);
  assert.ok(manifest.icons.length > 0);

  // The service worker installs (precaching this build) and takes over the page.
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  assert.equal(scope, mirror.url, 'scope: the folder of the page');
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
  const cached = await cacheContents(page);
  assert.equal(cached.keys.length, 1, `one cache for this build: ${cached.keys}`);
  for (const name of ['', 'worker_loader.js', 'worker.js', 'worker_bg.wasm', 'manifest.webmanifest']) {
    assert.ok(cached.files.includes(name), `${name || 'the page'} is cached: ${cached.files}`);
  }
  for (const pattern of [/^app-.*\.js$/, /^app-.*_bg\.wasm$/, /^style-.*\.css$/]) {
    assert.ok(cached.files.some((f) => pattern.test(f)), `${pattern} is cached`);
  }

  // A new build (emulated: the same sw.js with another build id) replaces the old cache.
  const NEXT = 'feedfeedfeedfeed';
  const sw = mirror.files.get('sw.js').toString();
  mirror.files.set('sw.js', Buffer.from(sw.replace(/^const BUILD = .*$/m, `const BUILD = '${NEXT}';`)));
  await page.reload();
  let now = cached;
  for (let tries = 0; tries < 150 && !now.keys[0].endsWith(NEXT); tries++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    now = await cacheContents(page);
  }
  assert.deepEqual(now.keys, [cached.keys[0].replace(/[^:]*$/, NEXT)], "only the new build's cache");
  assert.deepEqual(now.files.sort(), cached.files.sort(), 'the new build precached the same files');

  // Offline: the reload comes from the service worker, and the network really is gone.
  await context.setOffline(true);
  const response = await page.reload();
  assert.ok(response.fromServiceWorker(), 'the page came from the service worker');
  await page.getByRole('grid').waitFor();
  assert.deepEqual(await board(page), START);
  const reached = await page.evaluate(() => fetch('./not-cached.txt').then(() => true, () => false));
  assert.equal(reached, false, 'an uncached file cannot be fetched offline');
  // That failed fetch is the one console error: nothing the app needs was missing.
  assert.deepEqual(page.problems, ['console: Failed to load resource: net::ERR_FAILED']);
  page.problems.length = 0;

  // The solver worker starts from the cache and answers.
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await page.locator('#length').waitFor({ timeout: 30_000 });
  const length = Number(await page.locator('#length').getAttribute('data-length'));
  assert.equal(length, bfsDistance(START, STANDARD_3, 3));
  await shot(page, '16-offline-solved');
  assert.deepEqual(page.problems, []);
  await context.close();
});
