// The service worker: keeps the app shell (page, wasm, JS, CSS, the solver worker's files) in
// the Cache Storage so the page loads and solves with no network after a first visit.
//
// - Precaches at install the files of its build: `scripts/stamp-sw.sh`, a Trunk post_build
//   hook, replaces the two `const` lines below with the build's file list and an id made of
//   their checksums (a new build is a new sw.js, which the browser installs).
// - One cache per build and folder: the activate step deletes this folder's older ones.
// - The page and files without a content hash in their name (the worker's loader, JS and wasm,
//   the manifest) go to the network first and fall back to the cache, so an online visit
//   always gets the files of the same build; hashed files (`app-<hash>.js`, ...) never change,
//   so they come from the cache first and are added on first use.
// Paths are relative to the worker's scope: dist/ works from any folder.
'use strict';

const BUILD = 'unstamped';
const ASSETS = [];

const SCOPE = self.registration.scope;
const PREFIX = `npuzzle:${SCOPE}:`;
const CACHE = PREFIX + BUILD;
/** Trunk's content hash in a file name: `app-4e233d67f3ef7362_bg.wasm`. */
const HASHED = /-[0-9a-f]{16}(_bg)?\.[a-z]+$/;

self.addEventListener('install', (event) => {
  const urls = ['./', ...ASSETS].map((path) => new URL(path, SCOPE).href);
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll(urls))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(
        keys.filter((key) => key.startsWith(PREFIX) && key !== CACHE).map((key) => caches.delete(key)),
      ))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || !request.url.startsWith(SCOPE)) return;
  // The shipped tables go to IndexedDB once downloaded: not kept here a second time.
  if (new URL(request.url).pathname.includes('/tables/')) return;
  if (request.mode === 'navigate') {
    // Any page of the scope is the app (its query string is the puzzle): stored as `./`.
    event.respondWith(networkFirst(request, SCOPE));
  } else if (HASHED.test(new URL(request.url).pathname)) {
    event.respondWith(cacheFirst(request));
  } else {
    event.respondWith(networkFirst(request, request.url));
  }
});

/** The network's answer (kept under `key`), else the cached copy. */
async function networkFirst(request, key) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(key, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(key, { ignoreSearch: true });
    if (cached) return cached;
    throw error;
  }
}

/** The cached copy, else the network's answer (then kept). */
async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}
