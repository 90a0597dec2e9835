// Offline use: registers the site's service worker (sw.js at the site root, so its scope is
// the whole site wherever it is hosted) once the page has loaded, and tells the player when
// a new version has been downloaded, with a Reload button that switches to it.
// Every page loads this (the build adds it to each page's <head>).
"use strict";
(() => {
  // An opaque origin (a sandboxed iframe without allow-same-origin) has no service worker:
  // even reading navigator.serviceWorker throws there.
  if (self.origin === "null") return;
  if (!("serviceWorker" in navigator) || !/^https?:$/.test(location.protocol)) return;
  const root = new URL("../", document.currentScript.src); // assets/ is one level down
  const container = navigator.serviceWorker;
  let switching = false;

  function notify(waiting) {
    if (document.querySelector(".update-notice")) return;
    const box = document.createElement("aside");
    box.className = "update-notice";
    box.setAttribute("aria-label", "Update");
    box.setAttribute("aria-live", "polite");
    const text = document.createElement("span");
    text.textContent = "A new version of Number Duels is ready.";
    const button = document.createElement("button");
    button.type = "button";
    button.className = "button";
    button.textContent = "Reload";
    button.addEventListener("click", () => {
      switching = true;
      button.disabled = true;
      waiting.postMessage({ type: "activate" });
    });
    box.append(text, button);
    document.body.append(box);
  }

  /** Show the notice once `worker` has installed a new build while an older one serves us. */
  function watch(worker) {
    if (!worker) return;
    const check = () => {
      if (worker.state === "installed" && container.controller) notify(worker);
    };
    check();
    worker.addEventListener("statechange", check);
  }

  container.addEventListener("controllerchange", () => {
    if (switching) location.reload();
  });

  async function start() {
    // Offline, a page that is already served by the worker does not ask for sw.js again
    // (that fetch would fail and be logged); the browser checks for updates on navigation.
    const registration =
      (container.controller && (await container.getRegistration(root.href))) ||
      (await container.register(new URL("sw.js", root)));
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
