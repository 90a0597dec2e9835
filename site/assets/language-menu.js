// The language menu in every page's header (select.language-menu, built from app.settings'
// LANGUAGES): it shows the language the page's boards use and, once another is chosen, opens
// the same address with ?lang=<code> (every other parameter and the hash kept), which
// site/app/language.py reads and remembers. The choice it shows: the address's ?lang=, else
// the one remembered under this deployment's folder (as theme.js keeps the theme), else
// English; an unknown language shows English, as the page does.
//
// Keyboard: Chromium fires "change" at once when an arrow key (or a letter) moves a closed
// select to the next option, so navigating on every "change" would leave the page before a
// keyboard user could reach the option they want. A change made while a key is held on the
// closed menu (an arrow, Home, End, a letter) is only a choice in progress: it is taken with
// Enter (on keydown: Chromium opens the list on Enter, which then gets the keyup), or when
// the menu loses focus.
// A change made with the pointer or a popup's list (no key held) is taken at once.
"use strict";
(() => {
  const scope = new URL("../", document.currentScript.src).pathname;
  const key = `number-duels:${scope}lang`;
  const remembered = () => {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null; // storage refused: the page shows English unless its address says
    }
  };

  /** The language of `menu` that a tag ("es", "es-MX") names; English for any other. */
  const supported = (menu, tag) => {
    const primary = (tag || "").split(/[-_.@]/)[0].trim().toLowerCase();
    return [...menu.options].some((o) => o.value === primary) ? primary : "en";
  };

  /** Whether a key moves a closed select's choice (the list's own keys, Space and Alt with
   * an arrow, open the list instead, whose keys the page does not see). */
  const moves = (event) =>
    !event.altKey &&
    (/^(Arrow|Page)|^(Home|End)$/.test(event.key) || (event.key.length === 1 && event.key !== " "));

  let leaving = false; // the page is being left: a blur on the way out takes nothing
  const go = (code) => {
    leaving = true;
    try {
      // Remembered here too, not only by language.py: the pages without boards (the home
      // page, the notices) run no Python, and the next page opened should speak it all the same.
      window.localStorage.setItem(key, code);
    } catch {
      // refused: the address's ?lang= still holds on the page it opens
    }
    const address = new URL(window.location.href);
    address.searchParams.set("lang", code); // replaces any ?lang= there, keeps the rest
    window.location.assign(address.href);
  };

  for (const menu of document.querySelectorAll("select.language-menu")) {
    const param = new URLSearchParams(window.location.search).get("lang");
    const current = supported(menu, param ?? remembered());
    menu.value = current;
    let keyHeld = false;
    const take = () => {
      if (!leaving && menu.value !== current) go(menu.value);
    };
    menu.addEventListener("keydown", (event) => {
      keyHeld = moves(event);
      if (event.key === "Enter" && menu.value !== current) {
        event.preventDefault(); // take the choice rather than open the list
        take();
      }
    });
    for (const name of ["keyup", "pointerdown"]) {
      menu.addEventListener(name, () => {
        keyHeld = false;
      });
    }
    menu.addEventListener("change", () => {
      if (!keyHeld) take();
    });
    menu.addEventListener("blur", take);
    menu.closest(".language-choice")?.removeAttribute("hidden"); // it works: show it
  }
})();
