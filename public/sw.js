// The installable web app's service worker (decision record 0023). It keeps exactly two documents, the
// offline pages, and answers a page request with one of them only when the network fails. Nothing else
// is cached or even looked at: prices, the API, the player's signed media URLs and private pages always
// come from the network, as if there were no worker.
const CACHE = 'offline-1';
const OFFLINE = { fa: '/offline', en: '/en/offline' };

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) =>
        cache.addAll(Object.values(OFFLINE).map((url) => new Request(url, { cache: 'reload' }))),
      )
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  if (event.request.mode !== 'navigate') return;
  const english = /^\/en(?:\/|$)/.test(new URL(event.request.url).pathname);
  event.respondWith(
    fetch(event.request).catch(() =>
      caches.match(english ? OFFLINE.en : OFFLINE.fa).then((page) => page ?? Response.error()),
    ),
  );
});
