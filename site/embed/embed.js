// Number Duels embed: put games into any page (see README, "Embedding a game").
//
//   <div class="number-duels" data-game="sequence-duel" data-size="12" data-mode="vs-computer"></div>
//   <script src="https://<where the site is>/embed.js" defer></script>
//
// Every such div on the page becomes a board. They all share one Python runtime: this
// script starts PyScript once, with one <script type="py"> that runs app.embed.start_all().
// Built to the site root by scripts/embed.py, which fills in CONFIG.
"use strict";
(() => {
  const CONFIG = /*@CONFIG@*/ null; // {interpreter, bundle, css, pyscript}: paths from the root
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
    const config = {
      interpreter: base + CONFIG.interpreter,
      files: { [base + CONFIG.bundle]: "./*" },
    };
    const script = document.createElement("script");
    script.type = "py";
    script.setAttribute("config", JSON.stringify(config));
    script.textContent = "from app.embed import start_all\nawait start_all()\n";
    document.body.append(script);
    addEventListener("py:error", (event) => fail(String(event.detail || "Python failed.")));
    storageChecked()
      .then(() => import(base + CONFIG.pyscript))
      .catch((error) => fail(`${error.message}.`));
  }

  // PyScript cannot start without IndexedDB: on a page that may not keep anything (storage
  // blocked for the host's site), assets/no-storage.js first gives it a database in memory.
  function storageChecked() {
    try {
      if (window.localStorage && window.indexedDB) return Promise.resolve();
    } catch {
      // refused: load the stand-in
    }
    return new Promise((resolve, reject) => {
      const check = document.createElement("script");
      check.src = base + "assets/no-storage.js";
      check.addEventListener("load", resolve);
      check.addEventListener("error", () => reject(new Error("assets/no-storage.js is missing")));
      document.head.append(check);
    });
  }

  if (document.readyState === "loading") addEventListener("DOMContentLoaded", start);
  else start();
})();
