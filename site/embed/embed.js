// Number Duels embed: put games into any page (see README, "Embedding a game").
//
//   <div class="number-duels" data-game="sequence-duel" data-size="12" data-mode="vs-computer"></div>
//   <script src="https://<where the site is>/embed.js" defer></script>
//
// Every such div on the page becomes a board. They all share one Python runtime: this
// script starts Pyodide once (through the snapshot module the game pages use too), unpacks the
// Python bundle into it and runs app.embed.start_all().
//
// A host page is someone else's page, so the embed starts Python without PyScript, which the
// game pages use: importing PyScript registers its script types for the whole document (it
// would run any <script type="py"> the host page gains later, ours or not) and patches
// EventTarget.prototype.addEventListener. This script adds nothing to the host page but the
// boards, one stylesheet, `window.ndEmbedBase` and the runtime's own two `message` listeners
// (Pyodide's and Emscripten's schedulers, which act only on their own messages).
// Built to the site root by scripts/build/embed.py, which fills in CONFIG.
"use strict";
(() => {
  // {interpreter, bundle, data, css}: paths from the root; words: {lang: {msgid: msgstr}};
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
    run().catch((error) => {
      console.error(error);
      fail(`${String(error.message || error).trim().split("\n").at(-1)}.`);
    });
  }

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
