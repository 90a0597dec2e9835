// The colour theme of every page: dark or light, as the player's switch says (the button
// .theme-switch in the header), else as the system prefers. Loaded in <head>, before the page
// is drawn, so a dark page never flashes light. The choice is kept in localStorage under this
// deployment's folder, as the games are (site/app/storage.py); when the browser refuses
// storage, the switch still works on the page it is pressed on. Sets <html data-theme> and
// tells the page's boards (site/app/browser/dom.py) with a "nd-theme" event on document.
"use strict";
(() => {
  const root = document.documentElement;
  const scope = new URL("../", document.currentScript.src).pathname;
  const key = `number-duels:${scope}theme`;
  const system = window.matchMedia("(prefers-color-scheme: dark)");
  const read = () => {
    try {
      const value = window.localStorage.getItem(key);
      return value === "dark" || value === "light" ? value : null;
    } catch {
      return null; // storage refused: follow the system until the switch is pressed
    }
  };
  let chosen = read();

  const apply = () => {
    const theme = chosen || (system.matches ? "dark" : "light");
    root.dataset.theme = theme;
    for (const button of document.querySelectorAll(".theme-switch")) {
      button.setAttribute("aria-pressed", String(theme === "dark"));
    }
    document.dispatchEvent(new Event("nd-theme"));
  };

  const choose = (theme) => {
    chosen = theme;
    try {
      window.localStorage.setItem(key, theme);
    } catch {
      // refused or full: this page keeps the choice until it is left
    }
    apply();
  };

  document.addEventListener("click", (event) => {
    if (event.target instanceof Element && event.target.closest(".theme-switch")) {
      choose(root.dataset.theme === "dark" ? "light" : "dark");
    }
  });
  system.addEventListener("change", apply);
  window.addEventListener("storage", (event) => {
    if (event.key === key) {
      chosen = read();
      apply();
    }
  });
  apply();
  document.addEventListener("DOMContentLoaded", apply); // the switch exists now: set its state
})();
