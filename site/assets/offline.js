// Offline use: registers the site's service worker (sw.js at the site root, so its scope is
// the whole site wherever it is hosted) once the page has loaded, and tells the player when
// a new version has been downloaded, with a Reload button that switches to it.
//
// Reload switches the whole site: the new worker takes over every open tab of the site and
// deletes the old build's cache (a worker serves all its tabs; keeping one build per tab
// would mean keeping every old build until its last tab closes). The other tabs are not
// reloaded under the player's hands (an embedded or puzzle board is not saved): they go on
// with the page they show, say that the site was updated in another tab, and load the new
// build on their next reload or page.
// Every page loads this (the build adds it to each page's <head>).
"use strict";
(() => {
  // An opaque origin (a sandboxed iframe without allow-same-origin) has no service worker:
  // even reading navigator.serviceWorker throws there.
  if (self.origin === "null") return;
  const gettext = (message, values) => window.ndGettext(message, values);
  if (!("serviceWorker" in navigator) || !/^https?:$/.test(location.protocol)) return;
  const root = new URL("../", document.currentScript.src); // assets/ is one level down
  const container = navigator.serviceWorker;
  let switching = false; // this tab asked the new build to take over
  let switched = false; // another tab did
  let controlled = container.controller !== null;

  function notify(message, reload) {
    const shown = document.querySelector(".update-notice");
    if (shown?.dataset.message === message) return;
    shown?.remove();
    const box = document.createElement("aside");
    box.dataset.message = message;
    box.className = "update-notice";
    box.setAttribute("aria-label", gettext("Update"));
    box.setAttribute("aria-live", "polite");
    const text = document.createElement("span");
    text.textContent = message;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "button";
    button.textContent = gettext("Reload");
    button.addEventListener("click", () => {
      button.disabled = true;
      reload();
    });
    box.append(text, button);
    document.body.append(box);
  }

  /** Show the notice once `worker` has installed a new build while an older one serves us. */
  function watch(worker) {
    if (!worker) return;
    const check = () => {
      if (worker.state === "installed" && container.controller && !switched) {
        notify(gettext("A new version of Number Duels is ready."), () => {
          switching = true;
          worker.postMessage({ type: "activate" });
        });
      }
    };
    check();
    worker.addEventListener("statechange", check);
  }

  /** A first visit in another language loaded before the worker served the page: ask for
   * that language's catalogue through the worker, which then keeps the language's whole set
   * (its pages and catalogue) for offline use; the worker keeps no language nobody used.
   * The page's own language, and its boards' (an embed's data-lang: Python sets `lang`). */
  function keepLanguages() {
    const nodes = [document.documentElement, ...document.querySelectorAll(".number-duels[lang]")];
    for (const lang of new Set(nodes.map((node) => node.lang))) {
      if (/^[a-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(lang) && lang !== "en") {
        fetch(new URL(`locale/${lang}.mo`, root)).catch(() => {});
      }
    }
  }

  container.addEventListener("controllerchange", () => {
    if (switching) return location.reload();
    if (!controlled) {
      controlled = true; // a first visit's page, taken over by the worker it installed
      keepLanguages();
      return;
    }
    switched = true;
    const message = gettext(
      "Number Duels was updated in another tab. This page goes on as it is; reload it for the new version.",
    );
    notify(message, () => location.reload());
  });

  async function start() {
    // Offline, a page that is already served by the worker does not ask for sw.js again
    // (that fetch would fail and be logged); the browser checks for updates on navigation.
    const held = container.controller && (await container.getRegistration(root.href));
    // A browser that asks to save data (Save-Data) gets no precache: a worker that some
    // earlier visit installed goes on serving, but none is installed now.
    if (!held && navigator.connection?.saveData) {
      console.info("Offline use is not set up: the browser asks to save data");
      return null;
    }
    const registration = held || (await container.register(new URL("sw.js", root)));
    watch(registration.waiting);
    watch(registration.installing);
    registration.addEventListener("updatefound", () => watch(registration.installing));
    return registration;
  }

  let resolve;
  const registered = new Promise((r) => (resolve = r));
  const run = () =>
    start().then(resolve, (error) => {
      console.warn(`Offline use is not available: ${error.message}`);
      resolve(null);
    });
  // Start once the page has loaded and its games are playable (or have failed): on a game
  // page once Python has started, on a page of embedded boards (the tutorial, the puzzles)
  // once embed.js says they are ready. The first visit's download of the whole site must
  // not slow the game's own start.
  const settled = (state) => state === "ready" || state === "failed";
  const starting = () =>
    document.body?.dataset.state === "loading" ||
    (document.querySelector(".number-duels") !== null &&
      !settled(document.documentElement.dataset.ndEmbeds));
  const whenStarted = () => {
    if (!starting()) return run();
    const seen = new MutationObserver(() => {
      if (!starting()) {
        seen.disconnect();
        run();
      }
    });
    seen.observe(document.documentElement, {
      attributes: true,
      subtree: true,
      attributeFilter: ["data-state", "data-nd-embeds"],
    });
  };
  document.readyState === "complete" ? whenStarted() : addEventListener("load", whenStarted);
  window.ndOffline = { registered };
})();
