// Loading screen for the game pages: real progress while the Python runtime downloads,
// then "Starting Python" and "Loading the rules" (reported by the Python side), and a
// clear message instead of a blank or endless page when anything fails.
// Loaded as a classic script before PyScript so that it sees every runtime fetch (a page whose
// Python runs in a worker reports the worker's through `ndBoot.received`).
"use strict";
(() => {
  // Every message the page shows, in the page's language (assets/language.js).
  const gettext = (message, values) => window.ndGettext(message, values);
  const ngettext = (singular, plural, n, values) =>
    window.ndNgettext(singular, plural, n, values);
  const lang = window.ndNumberLocale ?? "en"; // the page's, as language.js says to format it
  const percent = new Intl.NumberFormat(lang, { style: "percent" });
  const megabytes = new Intl.NumberFormat(lang, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  // ?embed=1 (an iframe): the board only, no site chrome, set before anything is drawn.
  if (new URLSearchParams(location.search).has("embed")) {
    document.documentElement.classList.add("embed");
  }
  // The site's folder (this file is in <site>/assets/): saves and caches are named after it,
  // so that deployments side by side on one origin keep their own (app/dom.py, site_scope).
  window.ndSiteBase = new URL("../", document.currentScript.src).href;
  // assets/no-storage.js, run just before, says whether this page may keep anything.
  const storageDenied = window.ndStorageDenied !== false;
  // A returning visitor's Python starts from the memory snapshot an earlier visit kept in
  // Cache Storage (the runtime wrapper, vendor/pyodide/pyodide-snapshot-*.mjs, keeps one).
  // Reading its 31.5 MB starts here, while the rest of the page loads, instead of when the
  // wrapper module runs; the wrapper checks what it gets as if it had read it itself.
  if (!storageDenied && "caches" in window) {
    window.ndKeptSnapshot = (async () => {
      try {
        const cache = await caches.open(`nd-python-snapshot ${window.ndSiteBase}`);
        const [request] = await cache.keys();
        const response = request && (await cache.match(request));
        if (!response) return null;
        return { url: request.url, bytes: new Uint8Array(await response.arrayBuffer()) };
      } catch {
        return null; // the wrapper reads the cache itself, or starts Python without it
      }
    })();
  }
  const script = document.currentScript;
  const sizes = JSON.parse(script.dataset.sizes);          // runtime file -> bytes
  const total = Object.values(sizes).reduce((a, b) => a + b, 0);
  const received = Object.fromEntries(Object.keys(sizes).map((name) => [name, 0]));
  const done = new Set();
  const STALL_MS = 30000;
  let phase = "download";
  let finished = false;
  let stallTimer = 0;
  let stalled = false;
  let failed = false;  // a start that cannot go on: the failure stays shown whatever follows

  const $ = (sel) => document.querySelector(sel);
  const runtimeName = (url) => {
    const path = new URL(url, location.href).pathname;
    const name = path.slice(path.lastIndexOf("/") + 1);
    return path.includes("/vendor/pyodide/") && name in sizes ? name : null;
  };

  function show() {
    const root = $("#loading");
    if (!root) return;
    const got = Object.values(received).reduce((a, b) => a + b, 0);
    const bar = $("#loading-bar");
    const order = ["download", "start", "rules"];
    const fraction = phase === "download" ? 0.8 * (got / total) : phase === "start" ? 0.85 : 0.95;
    bar.value = fraction;
    bar.textContent = percent.format(fraction);
    $("#loading-bytes").textContent = gettext("{received} of {total} MB", {
      received: megabytes.format(got / 1e6),
      total: megabytes.format(total / 1e6),
    });
    for (const item of root.querySelectorAll("[data-step]")) {
      const at = order.indexOf(item.dataset.step);
      const now = order.indexOf(phase);
      item.classList.toggle("done", at < now);
      item.classList.toggle("active", at === now);
    }
    root.dataset.phase = failed || stalled ? "failed" : phase;
  }

  function progressed() {
    clearTimeout(stallTimer);
    if (finished) return;
    if (stalled) {  // it moved again after all: back to the progress steps
      stalled = false;
      $("#loading-error").hidden = true;
      $("#loading").dataset.phase = phase;
      document.body.dataset.state = "loading";
    }
    const seconds = STALL_MS / 1000;
    stallTimer = setTimeout(() => {
      const reason = ngettext(
        "Loading is taking far longer than usual: no progress for {seconds} second. It may still finish; if not, reload.",
        "Loading is taking far longer than usual: no progress for {seconds} seconds. It may still finish; if not, reload.",
        seconds,
        { seconds: new Intl.NumberFormat(lang).format(seconds) },
      );
      fail(reason, true);
    }, STALL_MS);
    if (document.readyState !== "loading") show();
  }

  function complete(name) {
    received[name] = sizes[name];
    done.add(name);
    if (phase === "download" && done.size === Object.keys(sizes).length) phase = "start";
    progressed();
  }

  function fail(reason, isStall = false) {
    if (finished) return;
    if (isStall) stalled = true;
    else finished = failed = true;
    clearTimeout(stallTimer);
    const show = () => {
      const box = $("#loading-error");
      $("#loading-reason").textContent = reason;
      box.hidden = false;
      $("#loading").dataset.phase = "failed";
      if (!isStall) $("#status").textContent = gettext("The game could not start.");
      document.body.dataset.state = "failed";
    };
    document.readyState === "loading" ? addEventListener("DOMContentLoaded", show) : show();
  }

  function downloadFailed(name, reason) {
    fail(gettext("The Python runtime file {name} could not be downloaded ({reason}).", {
      name,
      reason,
    }));
  }

  async function count(name, response) {
    try {
      const reader = response.body.getReader();
      for (;;) {
        const { done: end, value } = await reader.read();
        if (end) break;
        received[name] = Math.min(sizes[name], received[name] + value.byteLength);
        progressed();
      }
      complete(name);
    } catch (error) {
      downloadFailed(name, error.message);
    }
  }

  // Count the bytes of Pyodide's own fetches from a clone, leaving the original
  // response untouched (so wasm streaming compilation and its code cache still work).
  const realFetch = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const name = runtimeName(input instanceof Request ? input.url : String(input));
    if (!name) return realFetch(input, init);
    let response;
    try {
      response = await realFetch(input, init);
    } catch (error) {
      downloadFailed(name, error.message);
      throw error;
    }
    if (!response.ok) {
      downloadFailed(name, `HTTP ${response.status}`);
    } else {
      count(name, response.clone());
    }
    return response;
  };

  // Modules imported (not fetched) by Pyodide show up as finished resource entries.
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const name = runtimeName(entry.name);
      if (name && entry.initiatorType !== "fetch" && !done.has(name)) {
        if (entry.responseStatus >= 400) fail(gettext("The Python runtime file {name} is missing.", { name }));
        else complete(name);
      }
    }
  }).observe({ type: "resource", buffered: true });

  addEventListener("error", (event) => {
    if (!finished && event.message) {
      fail(gettext("The page hit an error while starting: {error}", { error: event.message }));
    }
  });
  // A script that cannot load (PyScript: assets/pyscript.js, which imports core.js) fires
  // "error" on its element, which only a capturing listener sees. No inline handlers: the
  // Content Security Policy forbids them.
  addEventListener("error", (event) => {
    const el = event.target;
    if (el instanceof HTMLScriptElement && /\/assets\/pyscript\.js$/.test(el.src)) {
      fail(gettext("The PyScript runtime (vendor/pyscript/core.js) could not be loaded."));
    }
  }, true);
  addEventListener("unhandledrejection", (event) => {
    if (finished) return;
    const why = event.reason && event.reason.message ? event.reason.message : String(event.reason);
    fail(gettext("The Python runtime could not start: {error}", { error: why }));
  });

  window.ndBoot = {
    /** Python reports its own steps ("rules") through this. */
    phase(name) {
      performance.mark(`nd-phase-${name}`);
      phase = name;
      progressed();
    },
    /** The board is playable: hide the loading screen for good. */
    ready() {
      finished = true;
      clearTimeout(stallTimer);
      phase = "ready";
      $("#loading").hidden = true;
      $("#loading-error").hidden = true;
      document.body.dataset.state = "ready";
      performance.mark("board-ready");
    },
    fail,
    /** A runtime file's bytes as counted where it is downloaded: a page whose Python runs in
     * a worker (assets/page-worker.js) hears of the worker's downloads from it. */
    received(name, bytes, whole) {
      if (!(name in sizes) || done.has(name)) return;
      if (whole) complete(name);
      else {
        received[name] = Math.min(sizes[name], bytes);
        progressed();
      }
    },
    downloadFailed,
  };

  if (location.protocol === "file:") {
    fail(gettext(
      "This page was opened from a file. Browsers only run the Python runtime from a web server: run `make serve` and open the address it prints.",
    ));
  } else if (typeof WebAssembly !== "object") {
    fail(gettext("This browser cannot run WebAssembly, which the Python runtime needs."));
  } else {
    progressed();
  }
  addEventListener("DOMContentLoaded", () => {
    show();
    $("#loading-reload").addEventListener("click", () => location.reload());
  });
})();
