/*
 * The portal's service worker (issue 25, offline reading): the built shell loads without a network.
 * - A page (a navigation) goes to the network first, so an online visit never gets stale HTML; the
 *   answer is kept as the shell, which is served only when the network cannot answer.
 * - A hashed file under assets/ never changes (its name is its content): the kept copy is served,
 *   else it is fetched and kept. At most MAX_ASSETS are kept, the oldest dropped first.
 * - Nothing else is touched: the API's answers, and their caching, are the portal's own (IndexedDB).
 * Registered by src/app/shell-worker.ts in production builds only.
 */
const VERSION = 'v1';
const SHELL = `dam-portal-shell-${VERSION}`;
const ASSETS = `dam-portal-assets-${VERSION}`;
const MAX_ASSETS = 80;
const scope = new URL(self.registration.scope);
const SHELL_URL = new URL('./', scope).href;
const ASSETS_PATH = new URL('./assets/', scope).pathname;

const isAsset = (url) => url.origin === scope.origin && url.pathname.startsWith(ASSETS_PATH);

async function keepShell(response) {
  if (!response.ok || !(response.headers.get('Content-Type') ?? '').includes('text/html')) return;
  await (await caches.open(SHELL)).put(SHELL_URL, response);
}

async function keepAsset(cache, request, response) {
  if (!response.ok) return;
  await cache.put(request, response);
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_ASSETS)).map((key) => cache.delete(key)));
}

async function networkFirst(request) {
  try {
    const response = await fetch(request);
    await keepShell(response.clone());
    return response;
  } catch (error) {
    const kept = await caches.match(SHELL_URL, { cacheName: SHELL });
    if (kept) return kept;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(ASSETS);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  await keepAsset(cache, request, response.clone());
  return response;
}

self.addEventListener('install', (event) => {
  // the page that registered this worker was loaded before it: its shell is kept now
  event.waitUntil(
    fetch(SHELL_URL)
      .then(keepShell)
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((name) => name !== SHELL && name !== ASSETS).map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

// the files the page loaded before this worker controlled it, told by the page: kept for the next offline load
self.addEventListener('message', (event) => {
  const urls = Array.isArray(event.data?.assets) ? event.data.assets : [];
  event.waitUntil(
    caches.open(ASSETS).then((cache) =>
      Promise.all(
        urls
          .map((url) => new URL(url, scope))
          .filter(isAsset)
          .map((url) =>
            cache
              .match(url.href)
              .then((kept) =>
                kept ? undefined : fetch(url.href).then((response) => keepAsset(cache, url.href, response)),
              ),
          ),
      ).catch(() => undefined),
    ),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (request.mode === 'navigate' && url.origin === scope.origin) event.respondWith(networkFirst(request));
  else if (isAsset(url)) event.respondWith(cacheFirst(request));
});
