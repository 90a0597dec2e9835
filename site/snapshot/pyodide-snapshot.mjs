// Pyodide for the pages: started the fastest way this visit allows.
//
// Built as vendor/pyodide/pyodide-snapshot-<id>.mjs, next to pyodide.mjs. The game pages load
// it with a <script type="module"> ahead of PyScript and name it as PyScript's `interpreter`
// (PyScript takes the runtime folder from that URL); embed.js names it too. It re-exports
// Pyodide and replaces loadPyodide. As soon as it is evaluated it starts Python one of two ways:
//
// - "snapshot": restore a memory snapshot, in which CPython has already started and imported
//   the rules. Taken when this browser keeps the unpacked snapshot in Cache Storage from an
//   earlier visit (or when asked for, `?python-start=snapshot`: then the build-time snapshot,
//   scripts/build/snapshot.py, is downloaded).
// - "normal": start CPython as Pyodide does. Taken on a first visit. Once the page is playable
//   and the browser idle, a worker running this very module (named MAKER) starts a second
//   Python from the files this visit has downloaded already, imports what the build-time
//   snapshot imports, makes the snapshot and keeps it in Cache Storage for the next visit:
//   no byte of it crosses the network. A browser that asks to save data (Save-Data) gets no
//   snapshot.
//
// Both load the trimmed standard library of this build (scripts/build/stdlib_trim.py; the snapshot was
// made with the very same zip; gzipped at build time, see the fetch below) with a safety net
// that loads anything it lacks from the full python_stdlib.zip. If the snapshot turns out
// unusable (corrupt, from another build, refused by Pyodide) Python starts normally
// ("fallback"), unseen by the player, with a console warning.
//
// The path taken is on <html data-python-boot="snapshot|normal|fallback"> and in
// globalThis.ndPythonBoot ({path, reason, ms, pyodide}); each step is a performance mark nd-*.

import { loadPyodide as loadPlain } from "./pyodide.mjs";

export * from "./pyodide.mjs";

// Filled in by the build: {file, hash, rawBytes, buildId, stdlib, fullStdlib, lockInfo,
// precompressed, bundle, preamble}.
const SNAPSHOT = /*@SNAPSHOT@*/ null;
// The pages load no packages: Pyodide gets a lock file without any instead of fetching its own.
const LOCK = { info: SNAPSHOT.lockInfo, packages: {} };
// Pyodide's snapshot header (pyodide.asm.mjs): a magic word, then at words 4..11 the build id.
const MAGIC = 1886286592;
const HEADER_BYTES = 48;
// Where the unpacked snapshot is kept between visits (one entry: this build's), named after
// the site's folder (this file is in <site>/vendor/pyodide/): deployments side by side on one
// origin (<user>.github.io/a/ and /b/) keep one each. Earlier versions used the bare name.
const CACHE_NAME = `nd-python-snapshot ${new URL("../../", import.meta.url).href}`;
const UNSCOPED_CACHE = "nd-python-snapshot";
// The name of the worker that makes the snapshot in this browser (this module, run again).
const MAKER = "nd-snapshot-maker";
const IS_MAKER = typeof document === "undefined" && globalThis.name === MAKER;
// Where PyScript unpacks the Python bundle (its `./*`), as the build-time snapshot has it.
const HOME = "/home/pyodide";
// Whether this browser can unpack gzip in the page (DecompressionStream: Safari 16.4, Firefox 113
// and later). Without it the pre-compressed files (the standard library, the bundle) are
// unpacked by fflate, a small inflater copied from npm beside the runtime and imported only by
// such a browser.
const FALLBACK_INFLATER = new URL("../fflate/browser.js", import.meta.url).href;
const CAN_GUNZIP = (() => {
  try {
    return Boolean(new DecompressionStream("gzip"));
  } catch {
    return false;
  }
})();
// `?python-start=normal|snapshot` forces one way on a first visit (for tests and benchmarks):
// the page's address's, which the game pages' worker host passes on as `ndPythonStart`.
const FORCED =
  globalThis.ndPythonStart ?? new URLSearchParams(location.search).get("python-start");

/** Whether the browser asks to save data: the page's word where a worker host passed it on
 * (`ndSaveData`: the page is what the visitor set it on), else this global's navigator. */
const savesData = () =>
  Boolean(globalThis.ndSaveData ?? globalThis.navigator?.connection?.saveData);

// This module also runs in the game pages' worker (assets/python-worker.mjs), which has no
// document: the page's attributes are then set by the worker's host.
const IN_PAGE = typeof document !== "undefined";

const started = performance.now();
const mark = (name) => performance.mark(`nd-${name}`);
mark("wrapper-loaded");
const here = new URL(".", import.meta.url).href;
const fileURL = (name) => new URL(name, import.meta.url).href;
const stdLibURL = fileURL(SNAPSHOT.stdlib);
const cacheKey = SNAPSHOT.file ? fileURL(SNAPSHOT.file.replace(/\.gz$/, ".raw")) : "";

// ----- the runtime's script: loaded while the snapshot is read --------------------------------
// Pyodide imports pyodide.asm.mjs only once loadPyodide runs, after the snapshot has been read
// (31.5 MB); imported now, it loads meanwhile and Pyodide's import finds it done. (A page's
// <link rel="modulepreload"> does the same; a worker has no such tag.)
import(fileURL("pyodide.asm.mjs")).catch(() => {}); // Pyodide's own import reports a failure

// ----- the wasm download, started here and handed to Pyodide -----------------------------------

const WASM_URL = fileURL("pyodide.asm.wasm");
// The maker starts once the page is playable: the wasm is in the browser's caches by then.
const wasmResponse = IS_MAKER ? null : fetch(WASM_URL);
wasmResponse?.catch(() => {}); // Pyodide's own fetch reports a failure
let wasmUnclaimed = !IS_MAKER;
const pageFetch = globalThis.fetch;
// Files that hosts such as GitHub Pages would send uncompressed (the standard library and the
// Python bundle are zips; Number Duel's opening table is data) are gzipped at build time
// (scripts/build/precompress.py) to <name>.gz.
const PRECOMPRESSED = new Set(SNAPSHOT.precompressed.map(fileURL));
// Pyodide asks for the wasm with fetch() and compiles it while it streams in; it gets the very
// response already under way (untouched, so Chromium's compiled-code cache still applies).
// A file of PRECOMPRESSED is fetched as <name>.gz and unpacked here.
globalThis.fetch = function fetch(input, init) {
  const url = input instanceof Request ? input.url : String(input);
  if (wasmUnclaimed && url === WASM_URL) {
    wasmUnclaimed = false;
    return wasmResponse;
  }
  if (PRECOMPRESSED.has(url)) return fetchUnpacked(url, init);
  return pageFetch.call(this, input, init);
};

// The runtime's compile, marked where it starts and ends (Pyodide compiles the wasm with
// instantiateStreaming): a start's steps, on a page or in its worker, are then all marks
// (bench/warm_start.py reads them).
const instantiateStreaming = WebAssembly.instantiateStreaming;
WebAssembly.instantiateStreaming = async function (source, imports) {
  mark("wasm-instantiate");
  try {
    return await instantiateStreaming.call(this, source, imports);
  } finally {
    mark("wasm-instantiated");
  }
};

/** `url` from `${url}.gz`, unpacked, as if the host had sent the file itself. */
async function fetchUnpacked(url, init) {
  const response = await pageFetch(`${url}.gz`, init);
  if (!response.ok) return response;
  const data = new Uint8Array(await response.arrayBuffer());
  // A host that decoded the gzip already (Content-Encoding) hands over the file: look at the bytes
  // (neither a zip nor the openings table starts with gzip's magic number).
  const gzipped = data[0] === 0x1f && data[1] === 0x8b;
  let body = data;
  if (gzipped && CAN_GUNZIP) {
    body = new Blob([data]).stream().pipeThrough(new DecompressionStream("gzip"));
  } else if (gzipped) {
    const { gunzipSync } = await import(FALLBACK_INFLATER);
    body = gunzipSync(data);
  }
  return new Response(body, { status: 200, headers: { "Content-Type": "application/octet-stream" } });
}

// ----- the snapshot: from Cache Storage or the network ------------------------------------------

async function openCache() {
  return globalThis.caches ? await caches.open(CACHE_NAME) : null;
}

/** The unpacked snapshot kept by an earlier visit, or null. */
async function cachedSnapshot() {
  try {
    // A game page's boot.js has started reading it already (as early as the page allows).
    const early = await globalThis.ndKeptSnapshot;
    globalThis.ndKeptSnapshot = null;
    let raw = early?.url === cacheKey ? early.bytes : null;
    if (!raw) {
      const cache = await openCache();
      const hit = cache && (await cache.match(cacheKey));
      if (!hit) return null;
      raw = new Uint8Array(await hit.arrayBuffer());
    }
    checkRaw(raw);
    return raw;
  } catch {
    return null; // storage refused or the entry is bad: start as on a first visit
  } finally {
    mark("snapshot-cache-read");
  }
}

async function downloadSnapshot(priority = "auto") {
  const response = await pageFetch(fileURL(SNAPSHOT.file), { priority });
  if (!response.ok) throw new Error(`${SNAPSHOT.file}: HTTP ${response.status}`);
  const data = new Uint8Array(await response.arrayBuffer());
  mark("snapshot-downloaded");
  // A host may have decoded the gzip already (Content-Encoding): look at the bytes, not the name.
  const raw = data[0] === 0x1f && data[1] === 0x8b ? await gunzip(data) : data;
  checkRaw(raw);
  mark("snapshot-unpacked");
  return raw;
}

/** Unpack a gzip file named for this snapshot into a buffer of exactly the expected size. */
async function gunzip(data) {
  const name = gzipName(data);
  if (name !== `nd-snapshot-${SNAPSHOT.hash}`) {
    throw new Error(`the snapshot file is from another build (${name || "unnamed"})`);
  }
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  if (view.getUint32(data.length - 4, true) !== SNAPSHOT.rawBytes % 2 ** 32) {
    throw new Error("the snapshot file has the wrong size");
  }
  const out = new Uint8Array(SNAPSHOT.rawBytes);
  let at = 0;
  const reader = new Blob([data]).stream().pipeThrough(new DecompressionStream("gzip")).getReader();
  for (;;) {
    const { done, value } = await reader.read(); // the CRC-32 is checked at the end
    if (done) break;
    if (at + value.length > out.length) throw new Error("the snapshot is longer than expected");
    out.set(value, at);
    at += value.length;
  }
  if (at !== out.length) throw new Error("the snapshot is shorter than expected");
  return out;
}

/** The file name field of a gzip header (RFC 1952), or "" when there is none. */
function gzipName(data) {
  const FEXTRA = 4;
  const FNAME = 8;
  if (data.length < 18 || data[2] !== 8) return "";
  const flags = data[3];
  let at = 10;
  if (flags & FEXTRA) at += 2 + (data[at] | (data[at + 1] << 8));
  if (!(flags & FNAME)) return "";
  const end = data.indexOf(0, at);
  if (end < 0 || end - at > 200) return "";
  return String.fromCharCode(...data.subarray(at, end));
}

/** Is `raw` a snapshot of this Pyodide build? (One made in this browser may differ in size
 * from the build's; either way the restore checks that it holds this build's Python.) */
function checkRaw(raw) {
  if (raw.length < HEADER_BYTES) throw new Error("the snapshot has the wrong size");
  const words = new Uint32Array(raw.buffer, raw.byteOffset, HEADER_BYTES / 4);
  if (words[0] !== MAGIC) throw new Error("the snapshot has no Pyodide header");
  const buildId = [...words.subarray(4, 12)].map((w) => w.toString(16).padStart(8, "0")).join("");
  if (buildId !== SNAPSHOT.buildId) throw new Error(`the snapshot is for Pyodide build ${buildId}`);
}

/** Keep the unpacked snapshot for the next visit, in place of any other build's. */
async function keep(raw) {
  const cache = await openCache();
  if (!cache) throw new Error("this page has no Cache Storage");
  for (const request of await cache.keys()) {
    if (request.url !== cacheKey) await cache.delete(request);
  }
  const headers = { "Content-Type": "application/octet-stream" };
  await cache.put(cacheKey, new Response(raw, { headers }));
  await caches.delete(UNSCOPED_CACHE); // an older version's, unnamed: 31.5 MB nobody reads
}

/**
 * Resolves once the page's games are playable (or have failed): then the network is free.
 * Where there is no document (this module run in the page's Python worker,
 * assets/python-worker.mjs), once `globalThis.ndPlayable` resolves, which the worker gives.
 */
function playable() {
  if (!IN_PAGE) return globalThis.ndPlayable ?? new Promise(() => {});
  const root = document.documentElement;
  const settled = () =>
    ["ready", "failed"].includes(document.body?.dataset.state) ||
    ["ready", "failed"].includes(root.dataset.ndEmbeds);
  return new Promise((resolve) => {
    if (settled()) return resolve();
    const seen = new MutationObserver(() => {
      if (settled()) {
        seen.disconnect();
        resolve();
      }
    });
    seen.observe(root, { attributes: true, subtree: true, attributeFilter: ["data-state", "data-nd-embeds"] });
  });
}

/** A moment when the browser has nothing else to do (or soon, where it cannot tell). */
function idle() {
  return new Promise((resolve) =>
    globalThis.requestIdleCallback
      ? requestIdleCallback(resolve, { timeout: 2000 })
      : setTimeout(resolve, 500),
  );
}

/** In the MAKER worker: start a second Python the way the build-time snapshot was made (the
 * same trimmed standard library, the bundle unpacked where PyScript unpacks it, the same
 * imports), make its snapshot and keep it. Everything it fetches this visit has fetched
 * already, so it comes from the browser's caches. Returns how long it took (ms). */
async function makeAndKeep() {
  const began = performance.now();
  const pyodide = await loadPlain({ ...startOptions({ indexURL: here }), _makeSnapshot: true });
  const bundle = await fetch(fileURL(SNAPSHOT.bundle)); // unpacked from its .gz, see fetch above
  if (!bundle.ok) throw new Error(`${SNAPSHOT.bundle}: HTTP ${bundle.status}`);
  pyodide.unpackArchive(await bundle.arrayBuffer(), "zip", { extractDir: HOME });
  pyodide.runPython(SNAPSHOT.preamble, { filename: "<snapshot preamble>" });
  const raw = pyodide.makeMemorySnapshot();
  checkRaw(raw);
  await keep(raw);
  return Math.round(performance.now() - began);
}

/** Run makeAndKeep in a worker (this module again, named MAKER), off the page's thread. */
function makeInWorker() {
  return new Promise((resolve, reject) => {
    const worker = new Worker(import.meta.url, { type: "module", name: MAKER });
    worker.addEventListener("message", ({ data }) => {
      worker.terminate(); // its Python and the 31.5 MB copy go with it
      data.kept ? resolve(data.ms) : reject(new Error(data.reason));
    });
    worker.addEventListener("error", (event) => {
      worker.terminate();
      reject(new Error(event.message || "the worker did not start"));
    });
  });
}

/**
 * After the page is playable, make sure the next visit finds the snapshot in Cache Storage:
 * `raw`, downloaded this visit, or one made in this browser in idle time. Marks
 * nd-snapshot-kept or nd-snapshot-not-kept; globalThis.ndSnapshotMade = {ms} says how long
 * the making took.
 */
async function prepareNextVisit(raw) {
  await playable();
  await new Promise((resolve) => setTimeout(resolve, 500)); // the first paint and click first
  try {
    if (raw) {
      await keep(raw);
    } else {
      if (savesData()) {
        throw new Error("the browser asks to save data");
      }
      if (!(await openCache())) throw new Error("this page has no Cache Storage");
      await idle();
      mark("snapshot-making");
      globalThis.ndSnapshotMade = { ms: await makeInWorker() };
    }
    mark("snapshot-kept");
  } catch (error) {
    mark("snapshot-not-kept");
    console.info(`The next visit starts Python normally: ${error.message}`);
  }
}

// ----- which way to start -----------------------------------------------------------------------

/** {how: "snapshot"|"normal", raw: Promise of the snapshot or null, cached, reason}. */
async function decide() {
  if (FORCED === "normal") return { how: "normal", reason: "asked for" };
  const raw = await cachedSnapshot();
  if (raw) return { how: "snapshot", raw: Promise.resolve(raw), cached: true, reason: "" };
  if (FORCED === "snapshot" && SNAPSHOT.file && CAN_GUNZIP) {
    return { how: "snapshot", raw: downloadSnapshot(), cached: false, reason: "asked for" };
  }
  return { how: "normal", reason: "no snapshot kept by an earlier visit" };
}

// What a restore freezes: the state of `random` (the same "random" numbers on every visit).
// Re-seed it from the browser's entropy (os.urandom is crypto.getRandomValues). hash() keeps
// its start-up secret, as it must for dicts and sets that already exist.
const AFTER_RESTORE = `
import random, sys
random.seed()
if sys.path[:2] == ["", ""]:  # loadPyodide adds "" again after a restore
    del sys.path[0]
getattr(sys, "_nd_snapshot", None)
`;

const fallbackModules = [];

/** Fetch the full standard library zip synchronously (an import cannot wait for a promise). */
function fetchFullStdlib() {
  const request = new XMLHttpRequest();
  request.open("GET", fileURL(SNAPSHOT.fullStdlib), false);
  request.overrideMimeType("text/plain; charset=x-user-defined"); // bytes as char codes
  request.send();
  if (request.status !== 200) throw new Error(`${SNAPSHOT.fullStdlib}: HTTP ${request.status}`);
  const text = request.responseText;
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 0xff;
  return bytes;
}

function reportFallback(name) {
  fallbackModules.push(name);
  if (IN_PAGE) document.documentElement.dataset.stdlibFallback = fallbackModules.join(" ");
  else globalThis.ndStdlibFallback?.(fallbackModules); // the worker's host tells the page
  console.warn(`Python module ${name} is not in the trimmed standard library: loaded from the full one`);
}

function withSafetyNet(pyodide) {
  const module = pyodide.pyimport("_nd_stdlib_fallback");
  module.install(fetchFullStdlib, reportFallback);
  module.destroy();
  return pyodide;
}

function report(path, reason, pyodide) {
  mark("python-ready");
  const ms = Math.round(performance.now() - started);
  if (IN_PAGE) document.documentElement.dataset.pythonBoot = path;
  globalThis.ndPythonBoot = { path, reason: reason || "", ms, pyodide };
  if (path === "fallback") console.warn(`Python started without its snapshot: ${reason}`);
}

/** What every start passes to Pyodide: the trimmed standard library, the lock without packages. */
function startOptions(options) {
  return options.lockFileURL ? { ...options, stdLibURL } : { ...options, stdLibURL, lockFileContents: LOCK };
}

async function start(options) {
  const choice = await decide();
  let reason = choice.reason;
  if (choice.how === "snapshot") {
    let raw = null;
    try {
      raw = await choice.raw;
      const pyodide = await loadPlain({ ...startOptions(options), _loadSnapshot: raw });
      const made = pyodide.runPython(AFTER_RESTORE);
      if (made !== SNAPSHOT.hash) throw new Error(`it holds another build (${made})`);
      mark("restored");
      report("snapshot", choice.reason, withSafetyNet(pyodide));
      if (!choice.cached) prepareNextVisit(raw);
      return pyodide;
    } catch (error) {
      reason = raw
        ? `the snapshot could not be restored: ${error.message}`
        : `the snapshot could not be loaded: ${error.message}`;
    }
  }
  const pyodide = withSafetyNet(await loadPlain(startOptions(options)));
  mark("started-normally");
  report(choice.how === "snapshot" ? "fallback" : "normal", reason, pyodide);
  if (SNAPSHOT.preamble) prepareNextVisit(null);
  return pyodide;
}

// Python starts as soon as this module is evaluated (the pages load it with a <script> tag
// ahead of PyScript), so that starting overlaps PyScript's own start-up. PyScript then asks
// for it through loadPyodide() with its output handlers, which are installed on the running
// interpreter. Any other option means a different start: that one is made separately.
const EXPECTED_OPTIONS = new Set(["indexURL", "stdout", "stderr"]);
// The MAKER worker (see makeInWorker) starts no interpreter of its own for a page: it makes the
// snapshot and says how that went.
let early = IS_MAKER ? null : start({ indexURL: here });
early?.catch(() => {}); // reported when asked for; never an unhandled rejection
if (IS_MAKER) {
  makeAndKeep().then(
    (ms) => postMessage({ kept: true, ms }),
    (error) => postMessage({ kept: false, reason: error.message }),
  );
}

export async function loadPyodide(options = {}) {
  const sameDir = !options.indexURL || new URL(options.indexURL + "/", here).href === here;
  const plain = Object.keys(options).every((key) => EXPECTED_OPTIONS.has(key));
  if (!sameDir) return loadPlain(options);
  if (!early || !plain) return start(options);
  const pyodide = await early;
  early = null; // one interpreter per call, as with Pyodide's own loadPyodide
  if (options.stdout) pyodide.setStdout({ batched: options.stdout });
  if (options.stderr) pyodide.setStderr({ batched: options.stderr });
  return pyodide;
}
