/* global self, caches, fetch, Response */
// The client's app offline (issue 25, decision 210): registered by the client shell with scope
// /cliente only. Pages: the last copy at once when there is one, refreshed for the next visit. Built assets
// (/assets/, hashed names, immutable): cache first. The API is never cached here: the app keeps
// the day and the queue of sets itself (IndexedDB).
const CACHE = 'entrenapp-client-v1'
const SHELL = '/cliente'
/** Old builds' chunks pile up otherwise; the oldest go first. */
const MAX_ENTRIES = 300

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.add(SHELL))
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  )
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith('entrenapp-client-') && n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  )
})

async function trim(cache) {
  const keys = await cache.keys()
  for (const key of keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES))) await cache.delete(key)
}

async function keep(request, response) {
  if (!response.ok || response.type !== 'basic') return
  const cache = await caches.open(CACHE)
  await cache.put(request, response)
  await trim(cache)
}

self.addEventListener('fetch', (event) => {
  const { request } = event
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return

  if (request.mode === 'navigate') {
    const fresh = fetch(request).then((response) => {
      event.waitUntil(keep(request, response.clone()))
      return response
    })
    // A returning client gets the page kept last time at once (its hashed assets are kept too) and
    // the fresh copy for the next visit: one round trip less on a slow network (issue 25). No copy
    // yet: the network; no network: the app's shell.
    event.respondWith(
      caches.match(request, { ignoreSearch: true }).then((kept) => {
        if (kept) {
          event.waitUntil(fresh.catch(() => undefined))
          return kept
        }
        return fresh.catch(async () => (await caches.match(SHELL)) ?? Response.error())
      }),
    )
    return
  }

  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      caches.match(request).then(
        (hit) =>
          hit ??
          fetch(request).then((response) => {
            event.waitUntil(keep(request, response.clone()))
            return response
          }),
      ),
    )
    return
  }

  // Icons, the manifest, fonts outside /assets/: the network, else the last copy.
  event.respondWith(
    fetch(request)
      .then((response) => {
        event.waitUntil(keep(request, response.clone()))
        return response
      })
      .catch(async () => (await caches.match(request)) ?? Response.error()),
  )
})
