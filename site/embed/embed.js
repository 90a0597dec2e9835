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
  const CONFIG = /*@CONFIG@*/ null; // {interpreter, bundle, data, css, pyscript}: paths from the root
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
      files: {
        [base + CONFIG.bundle]: "./*",
        ...Object.fromEntries(CONFIG.data.map((path) => [base + path, `./${path}`])),
      },
    };
    const script = document.createElement("script");
    script.type = "py";
    script.setAttribute("config", JSON.stringify(config));
    script.textContent = "from app.embed import start_all\nawait start_all()\n";
    document.body.append(script);
    addEventListener("py:error", (event) => fail(String(event.detail || "Python failed.")));
    import(base + CONFIG.pyscript).catch((error) => fail(`${error.message}.`));
  }

  if (document.readyState === "loading") addEventListener("DOMContentLoaded", start);
  else start();
})();
