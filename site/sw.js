// Number Duels offline: a service worker that keeps one whole build of the site.
//
// On install it downloads every file of the build (pages, styles, the Python bundle, the
// Pyodide and PyScript runtime; not the memory snapshot, which the page keeps unpacked in a
// cache of its own) into a cache named after the build's version, checking each file's
// SHA-256 against the list the build wrote below, so the cache holds exactly one build: never
// a mix of two. Afterwards every request in scope is answered
// from that one cache, with the network only for what the build does not contain. A new
// build brings a new worker (its version and list differ); it waits until the page asks it
// to take over (the player presses Reload on the "new version" notice), then deletes the
// caches of older builds. Taking over is for the whole site: every tab the old worker served
// is served by the new one from then on (assets/offline.js tells those tabs, which keep the
// page they show until they reload). All URLs are relative to the worker's scope, so the site works
// at a domain root and under a sub-path such as GitHub Pages' /<repo>/.
"use strict";

// Written by the build (scripts/offline.py): the build version and {path: sha256}; and the
// files cached only once a page asks for them (a language's catalogue: nobody downloads the
// languages they never chose), checked the same way before they are kept.
const VERSION = "@VERSION@";
const FILES = /*@FILES@*/ {};
const ON_USE = /*@ON_USE@*/ {};

const SCOPE = self.registration.scope;
const PREFIX = `number-duels ${SCOPE} `; // this site's caches (other sites may share the origin)
const CACHE = PREFIX + VERSION;

const hex = (buffer) =>
  [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");

async function precache() {
  const cache = await caches.open(CACHE);
  try {
    await Promise.all(
      Object.entries(FILES).map(async ([path, sha]) => {
        const request = new Request(new URL(path, SCOPE), { cache: "no-cache" });
        const response = await fetch(request);
        if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
        const body = await response.clone().arrayBuffer();
        const got = hex(await crypto.subtle.digest("SHA-256", body));
        if (got !== sha) throw new Error(`${path} is not from build ${VERSION}`);
        await cache.put(request, response);
      }),
    );
  } catch (error) {
    await caches.delete(CACHE); // no half-filled cache: the next visit tries again
    throw error;
  }
}

self.addEventListener("install", (event) => event.waitUntil(precache()));

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
      // A first visit's page, which loaded before any worker, is served from this build's
      // cache from now on (its own build). Tabs of an older build move here on activation
      // whether or not this is called (skipWaiting).
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "activate") self.skipWaiting();
  if (event.data && event.data.type === "version") event.source.postMessage({ version: VERSION });
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const hit = await cache.match(request, { ignoreSearch: true, ignoreVary: true });
      if (hit) return hit;
      const response = await fetch(request);
      const sha = ON_USE[new URL(request.url).href.slice(SCOPE.length).split("?")[0]];
      if (sha && response.ok) {
        const body = await response.clone().arrayBuffer();
        if (hex(await crypto.subtle.digest("SHA-256", body)) === sha) {
          await cache.put(request, response.clone());
        }
      }
      return response;
    })(),
  );
});
