import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, board, shot, bfsDistance, STANDARD_3 } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const START = [1, 2, 3, 4, 0, 6, 7, 5, 8];

test('installable, and after one visit the page loads and solves with the network off', async () => {
  const page = await open(browser, `?board=${START.join(',')}`);

  // The manifest is linked and parses, with what an install needs.
  const manifest = await page.evaluate(async () => {
    const link = document.querySelector('link[rel="manifest"]');
    const response = await fetch(link.href);
    return { type: response.headers.get('content-type'), json: await response.json() };
  });
  assert.equal(manifest.json.start_url, './');
  assert.equal(manifest.json.display, 'standalone');
  assert.ok(manifest.json.name && manifest.json.short_name);
  assert.match(manifest.json.theme_color, /^#[0-9a-f]{6}$/);
  assert.ok(manifest.json.icons.length > 0);

  // The service worker installs (precaching this build) and takes over the page.
  const sw = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return { scope: registration.scope, controlled: Boolean(navigator.serviceWorker.controller) };
  });
  assert.equal(sw.scope, new URL('./', page.url()).href, 'scope: the folder of the page');
  if (!sw.controlled) await page.reload();
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
  const cached = await page.evaluate(async () => {
    const keys = await caches.keys();
    const files = [];
    for (const key of keys) {
      for (const request of await (await caches.open(key)).keys()) {
        files.push(new URL(request.url).pathname.split('/').pop());
      }
    }
    return { keys, files };
  });
  assert.equal(cached.keys.length, 1, `one cache for this build: ${cached.keys}`);
  for (const name of ['', 'worker_loader.js', 'worker.js', 'worker_bg.wasm', 'manifest.webmanifest']) {
    assert.ok(cached.files.includes(name), `${name || 'the page'} is cached: ${cached.files}`);
  }
  for (const pattern of [/^app-.*\.js$/, /^app-.*_bg\.wasm$/, /^style-.*\.css$/]) {
    assert.ok(cached.files.some((f) => pattern.test(f)), `${pattern} is cached`);
  }

  // Offline: the reload comes from the service worker, and the network really is gone.
  await page.context().setOffline(true);
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
  await page.context().setOffline(false);
  await page.context().close();
});
