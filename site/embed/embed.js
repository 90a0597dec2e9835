// Number Duels embed: put games into any page (see README, "Embedding a game").
//
//   <div class="number-duels" data-game="sequence-duel" data-size="12" data-mode="vs-computer"></div>
//   <script src="https://<where the site is>/embed.js" defer></script>
//
// Every such div on the page becomes a board. They all share one Python runtime, in a Web
// Worker where the page allows one (assets/python-worker.mjs, as a game page's), so that the
// host page never freezes while Python starts or the computer thinks: the page numbers the
// boxes and sends them (docs/worker-protocol.md, `embed: true`), then only applies what
// Python sends (assets/page-dom.js, copied into this script by the build) and passes back
// the presses. A worker's script must be of the page's origin: on another site it is a
// one-line module in a blob: URL (a data: URL in a sandboxed frame) that imports the site's
// (which GitHub Pages serves to any origin). Where the page cannot have that worker (no Worker, or a Content Security Policy
// refusing blob: workers) this script starts Pyodide on the page itself, as before: through
// the snapshot module the game pages use too, it unpacks the Python bundle and runs
// app.embed.start_all(). `<html data-nd-embed-python>` says which ("worker", "page").
//
// A host page is someone else's page, so the embed starts Python without PyScript, which the
// game pages use: importing PyScript registers its script types for the whole document (it
// would run any <script type="py"> the host page gains later, ours or not) and patches
// EventTarget.prototype.addEventListener. This script adds nothing to the host page but the
// boards, one stylesheet, `window.ndEmbedBase`, two data-* attributes of <html>, and either
// the listeners of page-dom.js (the worker's: they act only on the boards' elements) or the
// runtime's own two `message` listeners (Pyodide's and Emscripten's schedulers, which act
// only on their own messages). Built to the site root by scripts/build/embed.py, which fills
// in CONFIG and copies in assets/page-dom.js.
"use strict";
(() => {
  // {interpreter, bundle, data, css, early}: paths from the root (early: what the worker asks
  // for at once, scripts/build/early_downloads.py); words: {lang: {msgid: msgstr}};
  // aliases: {tag: lang} (py_rules.i18n.tags)
  const CONFIG = /*@CONFIG@*/ null;
  if (window.ndEmbedBase) return; // included twice: the first copy does the work
  const base = new URL(".", document.currentScript.src).href;
  window.ndEmbedBase = base;

  // A host page has no assets/language.js: this script's few messages come with it, in the
  // language of the first box that names one, else of the page (<html lang>), as the
  // boards' Python chooses (py_rules.i18n.best, as language.js's `match`): the tag, then
  // shorter by its last subtag, against the languages' own tags and CONFIG.aliases ("es-MX":
  // "es", "pt-PT": "pt-BR", "zh-TW": none), else English (no table).
  const words = CONFIG.words ?? {};
  const aliases = new Map(Object.entries(CONFIG.aliases ?? {}));
  for (const tag of Object.keys(words)) aliases.set(tag.toLowerCase(), tag);
  function language() {
    const box = document.querySelector(".number-duels[data-lang]");
    const tag = box?.dataset.lang || document.documentElement.lang || "";
    for (let subtags = tag.trim().replace(/_/g, "-").toLowerCase().split("-"); subtags[0]; ) {
      const found = aliases.get(subtags.join("-"));
      if (found !== undefined) return found || undefined;
      subtags.pop();
    }
    return undefined;
  }
  const gettext = (message, values = {}) => {
    const table = words[language()] ?? {};
    return (Object.hasOwn(table, message) ? table[message] : message).replace(
      /\{(\w+)\}/g,
      (whole, name) => (Object.hasOwn(values, name) ? String(values[name]) : whole),
    );
  };

  const boxes = () => document.querySelectorAll(".number-duels:not([data-nd-state])");
  function say(text) {
    for (const box of boxes()) {
      let line = box.querySelector(".status");
      if (!line) {
        line = document.createElement("p");
        line.className = "status";
        line.setAttribute("role", "status");
        box.replaceChildren(line);
      }
      line.lang = language() ?? "en";
      line.textContent = text;
    }
  }
  function fail(reason) {
    say(gettext("The game could not start: {reason} Reload the page to try again.", { reason }));
    document.documentElement.dataset.ndEmbeds = "failed";
  }

  function start() {
    if (!boxes().length) return;
    say(gettext("Loading the game…"));
    const style = document.createElement("link");
    style.rel = "stylesheet";
    style.href = base + CONFIG.css;
    document.head.append(style);
    inWorker().then((started) => {
      document.documentElement.dataset.ndEmbedPython = started ? "worker" : "page";
      if (!started) {
        run().catch((error) => {
          console.error(error);
          fail(`${String(error.message || error).trim().split("\n").at(-1)}.`);
        });
      }
    });
  }

  // ----- Python in a Web Worker ------------------------------------------------------------

  /*@PAGE_DOM@*/

  // What Python works in: the boxes, and the pages of ours that hold one (their controls).
  const PYTHON_PARTS = ".number-duels:not([data-nd-state]), .puzzle-index, .lesson-builder";

  /** The worker's script: the site's own on its own origin, else a module of this page's
   * origin (a blob: URL) that imports it; in a sandboxed frame, whose origin is opaque (a
   * blob: URL of it cannot start a worker), a data: URL. Throws where the page refuses. */
  function workerOf(script) {
    if (new URL(script).origin === location.origin) return new Worker(script, { type: "module" });
    const source = `import ${JSON.stringify(script)};\n`;
    if (self.origin === "null") {
      return new Worker(`data:text/javascript,${encodeURIComponent(source)}`, { type: "module" });
    }
    const blob = new Blob([source], { type: "text/javascript" });
    return new Worker(URL.createObjectURL(blob), { type: "module" });
  }

  /** Start the boards' Python in a Web Worker; resolves true once the worker runs (its first
   * message), false (the worker ended, nothing shown) where the page cannot have one. */
  function inWorker() {
    // `?python-start=normal|snapshot` (tests and benchmarks) reaches the runtime's wrapper in
    // the site's own worker through the worker's address, which it reads as the page's.
    const forced = new URLSearchParams(location.search).get("python-start");
    const query = forced ? `?python-start=${encodeURIComponent(forced)}` : "";
    let worker;
    try {
      worker = workerOf(`${base}assets/python-worker.mjs${query}`);
    } catch {
      return Promise.resolve(false); // no Worker, or the page's policy refused it at once
    }
    let started = false; // the page has been sent (`start`)
    const send = (message) => (started || message.kind === "start") && worker.postMessage(message);
    const page = ndPageDom({ send });
    return new Promise((resolve) => {
      let running = false;
      worker.addEventListener("error", (event) => {
        event.preventDefault();
        if (running) return fail(event.message || "");
        worker.terminate(); // refused (the page's policy, a script that could not load)
        resolve(false);
      });
      worker.addEventListener("message", ({ data: message }) => {
        if (!running) resolve((running = true));
        if (message.kind === "ops") {
          page.applyOps(message.ops);
          page.appliedBatch(message.batch);
        } else if (message.kind === "result") page.result(message);
        else if (message.kind === "failed") fail(message.reason);
      });
      worker.postMessage({
        kind: "boot",
        saveData: Boolean(navigator.connection?.saveData), // no snapshot made for a next visit
        interpreter: base + CONFIG.interpreter,
        files: [[base + CONFIG.bundle, "./*"], ...CONFIG.data.map((path) => [base + path, path])],
        early: CONFIG.early.map((path) => base + path), // all asked for at once
        sizes: {},
      });
      const html = {};
      for (const { name, value } of document.documentElement.attributes) html[name] = value;
      send({
        kind: "start",
        embed: true,
        tree: page.numberRoots(PYTHON_PARTS),
        html,
        location: { href: location.href, search: location.search, hash: location.hash },
        storage: page.storageCopy(),
        media: page.media(),
        pixelRatio: window.devicePixelRatio || 1,
        sizes: page.sizesOf(),
        focus: page.pageFocus(),
        lang: document.documentElement.lang,
        site: base,
      });
      started = true;
    });
  }

  // ----- Python on the page itself (where it cannot have the worker) ------------------------

  /** Python with the bundle unpacked where the game pages have it (and the data files an embed
   * may need: it can show any game), running start_all(). */
  async function run() {
    const { loadPyodide } = await import(base + CONFIG.interpreter); // starts Python
    // Fetched once the runtime module has started: its fetch() unpacks the files that the
    // build gzipped (the bundle is py/number-duels.zip.gz on the host).
    const [bundle, ...data] = [CONFIG.bundle, ...CONFIG.data].map((path) =>
      fetch(base + path).then((response) => {
        if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
        return response.arrayBuffer();
      }),
    );
    const pyodide = await loadPyodide();
    // Pyodide's working directory, first on sys.path: as PyScript's `files: {...: "./*"}`.
    pyodide.unpackArchive(await bundle, "zip", { extractDir: "." });
    const home = pyodide.FS.cwd();
    for (const [i, path] of CONFIG.data.entries()) {
      pyodide.FS.mkdirTree(`${home}/${path.slice(0, path.lastIndexOf("/"))}`);
      pyodide.FS.writeFile(`${home}/${path}`, new Uint8Array(await data[i]));
    }
    await pyodide.runPythonAsync("from app.embed import start_all\nawait start_all()\n");
  }

  if (document.readyState === "loading") addEventListener("DOMContentLoaded", start);
  else start();
})();
