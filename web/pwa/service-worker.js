/* global self, caches, fetch, Request, Response, URL, VERSION, PRECACHE */
// Agora's service worker. The build (scripts/pwa-plugin.ts) puts VERSION and PRECACHE, the app
// shell's files, above this text. It caches the shell and nothing personal: API answers,
// sockets and files (/api, /socket.io, /cdn) always go to the network, so a member reopening
// Agora offline gets the app and its "You are offline" page, never another member's data.

/** The worker's own scope, typed (tsc checks this file with web/pwa/tsconfig.json). */
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

const CACHE = `agora-shell-${VERSION}`;
const SHELL = '/';
const PASS_THROUGH = ['/api/', '/socket.io/', '/cdn/'];

sw.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      // Without the member's cookie: the shell is the page anyone gets, never a member's home
      // drawn for them.
      .then((cache) =>
        cache.addAll(PRECACHE.map((url) => new Request(url, { credentials: 'omit' }))),
      )
      .then(() => sw.skipWaiting()),
  );
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((key) => key.startsWith('agora-shell-') && key !== CACHE)
            .map((key) => caches.delete(key)),
        ),
      )
      .then(() => sw.clients.claim()),
  );
});

/** @param {Response} response */
function cacheable(response) {
  return response.ok && response.type === 'basic';
}

/**
 * Pages: the network first, so a deploy is seen at once; the cached shell when it is away. A page
 * drawn for one member (their home, `Cache-Control: private`) is never kept as the shell: it would
 * show their posts to whoever opens the app offline after them.
 */
/** @param {Request} request */
async function navigate(request) {
  try {
    const response = await fetch(request);
    const personal = /\bprivate\b/.test(response.headers.get('cache-control') ?? '');
    if (cacheable(response) && !personal) {
      const copy = response.clone();
      caches.open(CACHE).then((cache) => cache.put(SHELL, copy));
    }
    return response;
  } catch {
    const shell = await caches.match(SHELL);
    return shell ?? Response.error();
  }
}

/** The build's files never change under a name: the cache first, kept as they are loaded. */
/** @param {Request} request */
async function staticFile(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (cacheable(response)) {
    const copy = response.clone();
    caches.open(CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

sw.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin) return;
  if (PASS_THROUGH.some((prefix) => url.pathname.startsWith(prefix))) return;
  if (request.mode === 'navigate') {
    event.respondWith(navigate(request));
  } else if (url.pathname.startsWith('/assets/') || PRECACHE.includes(url.pathname)) {
    event.respondWith(staticFile(request));
  }
});

// A push carries a notification's text and its link, nothing more. Pushes with the same link
// replace each other, as the in-app list groups them.
sw.addEventListener('push', (event) => {
  let message;
  try {
    message = event.data ? event.data.json() : null;
  } catch {
    message = null;
  }
  if (!message || typeof message.title !== 'string') return;
  const url = typeof message.url === 'string' ? message.url : '/notifications';
  event.waitUntil(
    // `renotify` is Chrome's and not in TypeScript's NotificationOptions: it alerts again when a
    // newer push replaces one with the same tag.
    sw.registration.showNotification(
      message.title,
      /** @type {NotificationOptions} */ ({
        body: typeof message.body === 'string' ? message.body : '',
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        tag: url,
        renotify: true,
        data: { url },
      }),
    ),
  );
});

// A click opens the notification's link in an Agora window already open, else in a new one.
sw.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? '/', sw.location.origin);
  if (target.origin !== sw.location.origin) return;
  event.waitUntil(
    sw.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const open = windows.find((client) => new URL(client.url).origin === target.origin);
      if (!open) return sw.clients.openWindow(target.href);
      const focused = await open.focus();
      return (focused ?? open)
        .navigate(target.href)
        .catch(() => sw.clients.openWindow(target.href));
    }),
  );
});
