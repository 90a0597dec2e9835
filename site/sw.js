// Number Duels offline: a service worker that keeps one build of the site (what its pages load).
//
// On install it downloads every file of the build that a page loads (the English pages and
// every file the languages share: styles, the Python bundle, the Pyodide and PyScript runtime;
// not the memory snapshot, which the page makes and keeps unpacked in a cache of its own, nor
// what no page loads: scripts/build/offline.py's NOT_PRECACHED) into a cache named
// after the build's version, checking each file's SHA-256 against the list the build wrote
// below, so the cache holds exactly one build: never a mix of two. Afterwards every request
// in scope is answered from that one cache, with the network only for what the build does
// not contain. A new build brings a new worker (its version and list differ); it waits
// until the page asks it to take over (the player presses Reload on the "new version"
// notice), then deletes the caches of older builds. Taking over is for the whole site: every
// tab the old worker served is served by the new one from then on (assets/offline.js tells
// those tabs, which keep the page they show until they reload). All URLs are relative to the
// worker's scope, so the site works at a domain root and under a sub-path such as GitHub
// Pages' /<repo>/.
//
// Every other language is a set of files (its pages, in the folder of its tag, and its
// catalogue locale/<tag>.mo) that nobody downloads before choosing it: the first request for
// any file of a set (a page in that language, or its catalogue for an embed's boards) makes
// the worker cache the whole set, checked the same way, so that every page of a language
// used once works offline. A set goes into the cache all at once, its catalogue last: a
// cache holding the catalogue holds the set. A new build's worker precaches, besides its own
// files, the sets that an older cache of the site held, so an update keeps them offline.
"use strict";

// Written by the build (scripts/build/offline.py): the build version, {path: sha256} of the files
// precached, and {tag: {path: sha256}} of each language's set.
const VERSION = "@VERSION@";
const FILES = /*@FILES@*/ {};
const LANGUAGES = /*@LANGUAGES@*/ {};

const SCOPE = self.registration.scope;
const PREFIX = `number-duels ${SCOPE} `; // this site's caches (other sites may share the origin)
const CACHE = PREFIX + VERSION;

const hex = (buffer) =>
  [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");

const catalogue = (tag) => `locale/${tag}.mo`;

/** The files of `paths` ({path: sha256}) from the network, each checked against its hash;
 * the requests and responses to cache (an error for any file missing or not of this build). */
async function download(paths) {
  return Promise.all(
    Object.entries(paths).map(async ([path, sha]) => {
      const request = new Request(new URL(path, SCOPE), { cache: "no-cache" });
      const response = await fetch(request);
      if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
      const body = await response.clone().arrayBuffer();
      const got = hex(await crypto.subtle.digest("SHA-256", body));
      if (got !== sha) throw new Error(`${path} is not from build ${VERSION}`);
      return [path, request, response];
    }),
  );
}

/** Put a language's downloaded set into `cache`, its catalogue last (see above). */
async function keep(cache, tag, files) {
  const last = catalogue(tag);
  for (const [path, request, response] of files) {
    if (path !== last) await cache.put(request, response);
  }
  for (const [path, request, response] of files) {
    if (path === last) await cache.put(request, response);
  }
}

/** The languages whose set an older cache of this site holds. */
async function languagesHeld() {
  const held = new Set();
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const old = await caches.open(name);
    for (const tag of Object.keys(LANGUAGES)) {
      if (await old.match(new URL(catalogue(tag), SCOPE))) held.add(tag);
    }
  }
  return [...held];
}

async function precache() {
  const cache = await caches.open(CACHE);
  try {
    const carried = await languagesHeld();
    const [files, ...sets] = await Promise.all([
      download(FILES),
      ...carried.map((tag) => download(LANGUAGES[tag])),
    ]);
    for (const [, request, response] of files) await cache.put(request, response);
    for (const [at, tag] of carried.entries()) await keep(cache, tag, sets[at]);
  } catch (error) {
    await caches.delete(CACHE); // no half-filled cache: the next visit tries again
    throw error;
  }
}

// The language of each file of a set, and the sets being downloaded now (one at a time each).
const LANGUAGE_OF = new Map(
  Object.entries(LANGUAGES).flatMap(([tag, paths]) => Object.keys(paths).map((p) => [p, tag])),
);
const fetching = new Map();

/** Cache `tag`'s whole set unless this build's cache has it (or it is on its way). */
function keepLanguage(tag) {
  if (!fetching.has(tag)) {
    const done = (async () => {
      const cache = await caches.open(CACHE);
      if (await cache.match(new URL(catalogue(tag), SCOPE))) return;
      await keep(cache, tag, await download(LANGUAGES[tag]));
    })()
      .catch((error) => console.warn(`The ${tag} pages are not kept offline: ${error.message}`))
      .finally(() => fetching.delete(tag));
    fetching.set(tag, done);
  }
  return fetching.get(tag);
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

/** Whether the page or worker that made `event`'s request has gone away meanwhile (leaving a
 * page ends the worker that makes the next visit's snapshot, in the middle of its imports):
 * the request is aborted, or its client is no more. */
async function requesterGone(event) {
  if (event.request.signal?.aborted) return true;
  if (!event.clientId) return false;
  try {
    return (await self.clients.get(event.clientId)) === undefined;
  } catch {
    return false;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) return;
  const tag = LANGUAGE_OF.get(request.url.slice(SCOPE.length).split(/[?#]/)[0]);
  if (tag) event.waitUntil(keepLanguage(tag)); // a page in that language is in use
  event.respondWith(
    (async () => {
      try {
        const cache = await caches.open(CACHE);
        const hit = await cache.match(request, { ignoreSearch: true, ignoreVary: true });
        return hit ?? (await fetch(request));
      } catch (error) {
        // A request whose page or worker went away is answered with an empty response that
        // no one reads: a failed event would be logged as the next page's error (Firefox
        // fails it as an AbortError or as a network error). Any other failure (offline, no
        // server) stays one.
        if (error.name === "AbortError" || (await requesterGone(event))) {
          return new Response(null, { status: 503 });
        }
        throw error;
      }
    })(),
  );
});
