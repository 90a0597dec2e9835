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
// Built to the site root by scripts/embed.py, which fills in CONFIG.
"use strict";
(() => {
  const CONFIG = /*@CONFIG@*/ null; // {interpreter, bundle, css}: paths from the root
  if (window.ndEmbedBase) return; // included twice: the first copy does the work
  const base = new URL(".", document.currentScript.src).href;
  window.ndEmbedBase = base;

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
      line.textContent = text;
    }
  }
  function fail(text) {
    say(`The game could not start: ${text} Reload the page to try again.`);
    document.documentElement.dataset.ndEmbeds = "failed";
  }

  function start() {
    if (!boxes().length) return;
    say("Loading the game…");
    const style = document.createElement("link");
    style.rel = "stylesheet";
    style.href = base + CONFIG.css;
    document.head.append(style);
    run().catch((error) => {
      console.error(error);
      fail(`${String(error.message || error).trim().split("\n").at(-1)}.`);
    });
  }

  /** Python with the bundle unpacked where the game pages have it, running start_all(). */
  async function run() {
    const bundle = fetch(base + CONFIG.bundle).then((response) => {
      if (!response.ok) throw new Error(`${CONFIG.bundle}: HTTP ${response.status}`);
      return response.arrayBuffer();
    });
    const { loadPyodide } = await import(base + CONFIG.interpreter); // starts Python
    const pyodide = await loadPyodide();
    // Pyodide's working directory, first on sys.path: as PyScript's `files: {...: "./*"}`.
    pyodide.unpackArchive(await bundle, "zip", { extractDir: "." });
    await pyodide.runPythonAsync("from app.embed import start_all\nawait start_all()\n");
  }

  if (document.readyState === "loading") addEventListener("DOMContentLoaded", start);
  else start();
})();
