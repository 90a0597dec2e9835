// The page's language, for every page of the site: loaded first and synchronously in <head>
// (data-languages: every language the build wrote the pages in), before anything is drawn.
//
// The site is written once per language: English at the root, every other language in a
// folder of its tag with the same paths inside ("es/games/circle-duel/"). This script picks
// the language the player wants and, when it is not this page's, replaces the page with the
// same page in that language (same path inside the folder, same query without `lang`, same
// hash). The choice, in order:
// 1. the address's ?lang=<tag>, remembered for the deployment's other pages (under its
//    folder, as theme.js keeps the theme; not for a board in an iframe, ?embed=1); an
//    unknown tag means English;
// 2. the choice remembered;
// 3. on a page inside a language folder, that page's own language (a link someone sent in
//    Spanish stays Spanish);
// 4. the first of the browser's preferred languages the site has, as `match` below chooses
//    ("es-MX": "es", "pt-PT": "pt-BR", "zh-CN": "zh-Hans", "zh-TW": none yet; the pseudo-locales
//    en-XA and ar-XB only by their exact tag);
// 5. English.
// A page whose language is the one chosen does nothing, so the replacement never loops. When
// a choice is not remembered (the browser refuses storage; a board in an iframe) the address
// of the page replaced keeps `lang=<tag>`, so that step 1 holds there (an English page has
// no step 3).
//
// It also defines the gettext of the pages' scripts, window.ndGettext(message, values) and
// window.ndNgettext(singular, plural, n, values), which read the table the build writes into
// a non-English page (<script type="application/json" id="nd-words">, scripts/build/page_words.py:
// its format) and fill {name} placeholders from `values`; without a table, or for a message
// the table lacks, the English given. And window.ndNumberLocale, the locale to format the
// page's numbers with (Intl): the page's language with Latin digits (0-9), but English for
// a pseudo-locale, whose private-use region would give Intl's other digits.
//
// The header's Language menu (select.language-menu) shows the page's language; choosing
// another remembers it and opens this page in that language.
// Keyboard: Chromium fires "change" at once when an arrow key (or a letter) moves a closed
// select to the next option, so navigating on every "change" would leave the page before a
// keyboard user could reach the option they want. A change made while a key is held on the
// closed menu (an arrow, Home, End, a letter) is only a choice in progress: it is taken with
// Enter (on keydown: Chromium opens the list on Enter, which then gets the keyup), or when
// the menu loses focus.
// A change made with the pointer or a popup's list (no key held) is taken at once.
"use strict";
(() => {
  const script = document.currentScript;
  const root = new URL("../", script.src); // assets/ is one level below the site root
  const key = `number-duels:${root.pathname}lang`;
  const ENGLISH = "en";
  const languages = (script.dataset.languages || ENGLISH).split(/\s+/).filter(Boolean);
  const html = document.documentElement;

  // ----- the page's words ------------------------------------------------------------------

  let table = null;
  const words = () => {
    if (table === null) {
      const element = document.getElementById("nd-words");
      try {
        table = element ? JSON.parse(element.textContent) : {};
      } catch {
        table = {}; // a damaged table: English rather than no words at all
      }
    }
    return table;
  };
  const own = (object, name) => Object.prototype.hasOwnProperty.call(object, name);
  const fill = (text, values = {}) =>
    String(text).replace(/\{(\w+)\}/g, (whole, name) =>
      own(values, name) ? String(values[name]) : whole,
    );

  // The plural rule arrives as a tree (page_words.plural_rule), evaluated without eval().
  const OPS = {
    "!": (a) => +!a,
    "||": (a, b) => +(a || b),
    "&&": (a, b) => +(a && b),
    "==": (a, b) => +(a === b),
    "!=": (a, b) => +(a !== b),
    "<": (a, b) => +(a < b),
    ">": (a, b) => +(a > b),
    "<=": (a, b) => +(a <= b),
    ">=": (a, b) => +(a >= b),
    "+": (a, b) => a + b,
    "-": (a, b) => a - b,
    "*": (a, b) => a * b,
    "/": (a, b) => Math.trunc(a / b),
    "%": (a, b) => a % b,
  };
  const pick = (node, n) =>
    node === "n"
      ? n
      : typeof node === "number"
        ? node
        : node[0] === "?"
          ? pick(node[1], n)
            ? pick(node[2], n)
            : pick(node[3], n)
          : OPS[node[0]](...node.slice(1).map((x) => pick(x, n)));

  window.ndGettext = (message, values) => {
    const found = words();
    return fill(own(found, message) ? found[message] : message, values);
  };
  window.ndNgettext = (singular, plural, n, values) => {
    const found = words();
    const forms = found[`${singular}\u0000${plural}`];
    const english = n === 1 ? singular : plural;
    if (!Array.isArray(forms)) return fill(english, values);
    let index = n === 1 ? 0 : 1;
    try {
      index = own(found, "\u0000plural") ? Number(pick(found["\u0000plural"], n)) : index;
    } catch {
      // a rule this script cannot read: English's choice of form
    }
    return fill(index in forms ? forms[index] : english, values);
  };

  const pageLanguage = html.lang || ENGLISH;
  const pseudo = (tag) => /^[a-z]{2,3}-X[A-Z]$/i.test(tag); // a private-use region
  // Digits 0-9 in every language: the moves, links and saves are written with them, and a
  // school writes them so beside the board (Arabic's own digits, ٠١٢, are Intl's default
  // for "ar"; "-u-nu-latn" asks for the Latin ones and keeps Arabic's separators).
  window.ndNumberLocale = pseudo(pageLanguage) ? ENGLISH : `${pageLanguage}-u-nu-latn`;

  // ----- choosing the language -------------------------------------------------------------

  /** The site's language a tag names, as py_rules.i18n.best chooses (RFC 4647 lookup): a
   * pseudo-locale by its exact tag; else the tag (any case, "_" or "-"), then shorter by its
   * last subtag, against the plain languages' own tags and the aliases the build wrote
   * (data-aliases: "pt=pt-BR zh=zh-Hans zh-tw= ...": "pt-PT" takes "pt-BR"; "zh-TW" none,
   * not "zh": no Simplified Chinese for a reader of Traditional); null when it names none. */
  const aliases = new Map(
    (script.dataset.aliases || "").split(/\s+/).filter(Boolean).map((pair) => pair.split("=")),
  );
  for (const tag of languages) if (!pseudo(tag)) aliases.set(tag.toLowerCase(), tag);
  const match = (tag) => {
    const wanted = String(tag).trim().replace(/_/g, "-").toLowerCase();
    const exact = languages.find((l) => pseudo(l) && l.toLowerCase() === wanted);
    if (exact) return exact;
    for (let subtags = wanted.split("-"); subtags[0]; subtags.pop()) {
      const found = aliases.get(subtags.join("-"));
      if (found !== undefined) return found || null;
    }
    return null;
  };

  const remembered = () => {
    try {
      const value = window.localStorage.getItem(key);
      return value && languages.includes(value) ? value : null;
    } catch {
      return null; // storage refused
    }
  };
  /** Remember `tag`; whether the browser kept it. */
  const remember = (tag) => {
    try {
      window.localStorage.setItem(key, tag);
      return true;
    } catch {
      return false;
    }
  };

  // Where this page sits: its language folder (null at the root) and its path inside it.
  const ours = location.pathname.startsWith(root.pathname); // else: not a page of the site
  const here = ours ? location.pathname.slice(root.pathname.length) : "";
  const first = here.split("/")[0];
  const folder = first !== ENGLISH && languages.includes(first) ? first : null;
  const inside = folder === null ? here : here.slice(first.length + 1);

  /** This page's address in `tag`'s language, the query without `lang` when the choice is
   * remembered (with lang=<tag> when it could not be). */
  const address = (tag, kept) => {
    const target = new URL((tag === ENGLISH ? "" : `${tag}/`) + inside, root);
    const query = new URLSearchParams(location.search);
    if (kept) query.delete("lang");
    else query.set("lang", tag);
    target.search = query.toString();
    target.hash = location.hash;
    return target.href;
  };

  const query = new URLSearchParams(location.search);
  const param = query.get("lang");
  let chosen;
  let kept = true;
  if (param) {
    chosen = match(param) ?? ENGLISH;
    // A board in an iframe (?embed=1) speaks the lesson's language without making it the
    // site's: its choice stays in its address, as an embed's data-lang stays on its page.
    kept = !query.has("embed") && remember(chosen);
  } else {
    chosen =
      remembered() ??
      folder ??
      [...(navigator.languages ?? [])].map(match).find((tag) => tag !== null) ??
      ENGLISH;
  }
  const current = folder ?? ENGLISH;
  if (ours && chosen !== current) {
    html.style.visibility = "hidden"; // this page is on its way out: draw nothing of it
    location.replace(address(chosen, kept));
    return;
  }

  // ----- the header's menu -----------------------------------------------------------------

  /** Whether a key moves a closed select's choice (the list's own keys, Space and Alt with
   * an arrow, open the list instead, whose keys the page does not see). */
  const moves = (event) =>
    !event.altKey &&
    (/^(Arrow|Page)|^(Home|End)$/.test(event.key) || (event.key.length === 1 && event.key !== " "));

  let leaving = false; // the page is being left: a blur on the way out takes nothing
  const go = (tag) => {
    leaving = true;
    location.assign(address(tag, remember(tag)));
  };

  const menus = () => {
    for (const menu of document.querySelectorAll("select.language-menu")) {
      // The build marks the page's language; a form restored by the browser may not.
      if ([...menu.options].some((o) => o.value === current)) menu.value = current;
      const shown = menu.value;
      let keyHeld = false;
      const take = () => {
        if (!leaving && menu.value !== shown) go(menu.value);
      };
      menu.addEventListener("keydown", (event) => {
        keyHeld = moves(event);
        if (event.key === "Enter" && menu.value !== shown) {
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
  };
  document.readyState === "loading" ? addEventListener("DOMContentLoaded", menus) : menus();
})();
