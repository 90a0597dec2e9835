// The main thread's whole share of a game page whose Python runs in a Web Worker
// (assets/python-worker.mjs): it starts the worker, hands it the page (a numbered copy of
// the body's elements), applies the changes Python sends (`applyOps`), passes on the events
// Python listens to, and does what only a page can do (storage, the address bar, the
// clipboard, the loading screen). It knows nothing of the games: the contract is
// docs/worker-protocol.md.
//
// Loaded as a classic script in <head>, after boot.js (the loading screen), so that the
// worker starts downloading Python while the rest of the page loads; the page is sent once
// its body is parsed.
"use strict";
(() => {
  const script = document.currentScript;
  const SVG = "http://www.w3.org/2000/svg";
  // {interpreter, files: {url: where}} as PyScript's config names them, relative to the page.
  const config = JSON.parse(script.dataset.config);
  const sizes = JSON.parse(document.querySelector("script[data-sizes]")?.dataset.sizes ?? "{}");
  const absolute = (url) => new URL(url, document.baseURI).href;
  const boot = () => window.ndBoot;
  const gettext = (message, values) => window.ndGettext(message, values);
  const FIRST_NEW_ID = 1000000; // the ids of the elements Python creates (and the build did)
  const forcedColors = matchMedia("(forced-colors: active)");
  const dark = matchMedia("(prefers-color-scheme: dark)");

  // ----- the board the build drew (scripts/build/early_board.py) ---------------------------
  // The build drew this page's fresh game with the same Python. Before the first paint, decide
  // whether this visit shows that game: nothing saved here, no link, share or option in the
  // address, the language and a theme the build drew, no forced colours. If not, the build's
  // board stays hidden behind the loading screen (style.css) until Python draws its own.
  const drawn = script.dataset.board ? JSON.parse(script.dataset.board) : null;
  function showsFreshGame() {
    const root = document.documentElement;
    if (!drawn || location.search || location.hash || forcedColors.matches) return false;
    if (root.lang !== drawn.lang || !drawn.themes.includes(root.dataset.theme ?? "light")) return false;
    if (window.ndStorageDenied !== false) return false; // Python would say the game is not kept
    const scope = new URL("../", script.src).pathname; // as dom.site_scope names the site
    try {
      return drawn.saves.every((key) => localStorage.getItem(key.replace("{scope}", scope)) === null);
    } catch {
      return false;
    }
  }
  const early = showsFreshGame();
  if (drawn) document.documentElement.dataset.ndBoard = early ? "fresh" : "waiting";

  // ----- the worker ------------------------------------------------------------------------

  /** The worker, from the site's own address; but in a page of an opaque origin (a sandboxed
   * iframe without allow-same-origin, as the lesson builder's snippet makes) the site is
   * another origin, which a worker may not be started from: there a `data:` module that
   * imports the host from the site (served to any origin, as GitHub Pages does). A `blob:`
   * one would not load there (Chromium); the game pages' policy allows `worker-src data:`. */
  function startWorker() {
    const host = new URL("python-worker.mjs", script.src);
    if (self.origin !== "null") return new Worker(host, { type: "module" });
    const source = `import ${JSON.stringify(host.href)};`;
    return new Worker(`data:text/javascript,${encodeURIComponent(source)}`, { type: "module" });
  }
  const worker = startWorker();
  worker.postMessage({
    kind: "boot",
    // `?python-start=` (tests and benchmarks) is the page's address's, which the worker's is not.
    pythonStart: new URLSearchParams(location.search).get("python-start"),
    interpreter: absolute(config.interpreter),
    files: Object.entries(config.files).map(([url, where]) => [absolute(url), where]),
    sizes,
  });
  // Until Python has answered every message sent to it (the `handled` count of the ops it
  // sends), <html data-nd-pending> holds how many are unanswered: what a press changes is not
  // on the page yet. Work Python starts later (the computer's move after its pause, a
  // language's catalogue) has signals of its own.
  let sent = 0;
  let answered = 0;
  function showPending() {
    const pending = sent - answered;
    const root = document.documentElement;
    if (pending > 0) root.dataset.ndPending = String(pending);
    else delete root.dataset.ndPending;
  }
  // Nothing before the page itself (`start`), which says the page as it is then: a theme
  // switch or a storage event before it would be Python's first message.
  const send = (message) => {
    if (!started && message.kind !== "start") return;
    worker.postMessage(message);
    sent++;
    showPending();
  };
  // A worker that cannot start at all (its module refused or missing) says so only here.
  worker.addEventListener("error", (event) => {
    event.preventDefault();
    boot()?.fail(
      window.ndGettext("The Python runtime could not start: {error}", {
        error: event.message || "the worker script could not be loaded",
      }),
    );
  });

  // ----- node ids --------------------------------------------------------------------------

  const nodes = new Map(); // id -> element
  const ids = new WeakMap(); // element -> id
  const known = (id, node) => {
    nodes.set(id, node);
    ids.set(node, id);
    return node;
  };
  const node = (id) => {
    const found = nodes.get(id);
    if (!found) throw new Error(`no node ${id}`);
    return found;
  };
  /** The id of `target`, else of its nearest numbered ancestor (null: none is numbered). */
  const idOf = (target) => {
    for (let at = target; at; at = at.parentNode) {
      const id = ids.get(at);
      if (id !== undefined) return id;
    }
    return null;
  };
  const tagOf = (element) =>
    element.namespaceURI === SVG ? `svg:${element.localName}` : element.localName;

  /** An element's attributes, and a form control's live state as ".value" etc. */
  function attributes(element) {
    const attrs = {};
    for (const { name, value } of element.attributes) attrs[name] = value;
    if (element instanceof HTMLInputElement) {
      attrs[".value"] = element.value;
      attrs[".checked"] = element.checked;
    } else if (element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement) {
      attrs[".value"] = element.value;
    } else if (element instanceof HTMLOptionElement) {
      attrs[".selected"] = element.selected;
    }
    return attrs;
  }

  /** The elements the build made for Python (`data-nd-id`): known by the ids Python gives
   * them again when it starts, so that it changes them in place. */
  function numberBuilt() {
    for (const element of document.body.querySelectorAll("[data-nd-id]")) {
      known(Number(element.dataset.ndId), element);
    }
  }
  /** Made by Python: by the build (`data-nd-id`), or by a first press shown before Python. */
  const madeByPython = (element) => "ndId" in element.dataset || ids.get(element) >= FIRST_NEW_ID;

  /** The body as nested [tag, attrs, children], numbering its elements depth first. The
   * elements Python made are left out: Python makes them again when it starts. */
  function numberBody() {
    let next = 1;
    const walk = (element) => {
      known(next++, element);
      const children = [];
      for (const child of element.childNodes) {
        if (child.nodeType === Node.ELEMENT_NODE) {
          if (!madeByPython(child)) children.push(walk(child));
        } else if (child.nodeType === Node.TEXT_NODE) children.push(child.data);
      }
      // Elements the build's Python replaced were numbered here: their numbers stay taken
      // (placeholders Python's start removes again), so the ones after keep theirs.
      const end = Number(element.dataset.ndEnd ?? 0);
      while (next < end) {
        children.push(["template", {}, []]);
        next++;
      }
      return [tagOf(element), attributes(element), children];
    };
    known(0, document.documentElement);
    numberBuilt();
    return walk(document.body);
  }

  function sizesOf() {
    const found = {};
    for (const element of document.body.querySelectorAll("[id]")) {
      const id = ids.get(element);
      if (id < FIRST_NEW_ID) found[id] = [element.clientWidth, element.clientHeight];
    }
    return found;
  }

  function storageCopy() {
    if (window.ndStorageDenied !== false) return null;
    try {
      const copy = {};
      for (let i = 0; i < localStorage.length; i++) {
        const key = localStorage.key(i);
        copy[key] = localStorage.getItem(key);
      }
      return copy;
    } catch {
      return null;
    }
  }

  const media = () => ({ forcedColors: forcedColors.matches, dark: dark.matches });
  const focusId = () => idOf(document.activeElement);
  const pageFocus = () => (focusId() < FIRST_NEW_ID ? focusId() : null); // Python makes the rest

  let started = false;
  function start() {
    const tree = numberBody();
    const html = {};
    for (const { name, value } of document.documentElement.attributes) html[name] = value;
    send({
      kind: "start",
      slug: document.body.dataset.game,
      tree,
      html,
      location: { href: location.href, search: location.search, hash: location.hash },
      storage: storageCopy(),
      media: media(),
      pixelRatio: window.devicePixelRatio || 1,
      sizes: sizesOf(),
      focus: pageFocus(),
      lang: document.documentElement.lang,
      site: window.ndSiteBase,
    });
    performance.mark("nd-worker-start-sent");
    started = true;
    if (firstKey !== null) send({ kind: "first", key: firstKey });
  }

  // ----- main -> worker: events, form state, sizes, storage, address, media, theme ----------

  const listening = new Map(); // `${id} ${type}` -> options
  let applied = 0; // the `batch` of the last ops message applied
  /** What the mirror last heard of each form control, so that it is told only of changes. */
  const told = new WeakMap();

  function tellControl(control) {
    const id = ids.get(control);
    if (id === undefined) return;
    const state = {
      value: "value" in control ? control.value : null,
      checked: "checked" in control ? control.checked : null,
      selected: "selected" in control ? control.selected : null,
    };
    const last = told.get(control);
    if (last && last.value === state.value && last.checked === state.checked && last.selected === state.selected) {
      return;
    }
    told.set(control, state);
    send({ kind: "input", node: id, ...state });
  }
  const isControl = (target) =>
    target instanceof HTMLInputElement ||
    target instanceof HTMLSelectElement ||
    target instanceof HTMLTextAreaElement;
  // Before any listener on the control itself (capture at the document runs first).
  for (const type of ["input", "change"]) {
    document.addEventListener(type, (event) => isControl(event.target) && tellControl(event.target), true);
  }

  function plainDetail(event) {
    if (!(event instanceof CustomEvent)) return null;
    try {
      return JSON.parse(JSON.stringify(event.detail ?? null));
    } catch {
      return null;
    }
  }

  function forward(id, type, event) {
    const options = listening.get(`${id} ${type}`);
    if (prevents(options?.prevent, id, event)) event.preventDefault();
    // A checkbox is already ticked when its click is dispatched: the mirror hears it first.
    if (isControl(event.target)) tellControl(event.target);
    send({
      kind: "event",
      node: id,
      type,
      target: idOf(event.target),
      key: typeof event.key === "string" ? event.key : null,
      detail: plainDetail(event),
      focus: focusId(),
      applied, // the last batch of ops applied: Python tells an old focus from its own move
    });
  }

  /** Whether `prevent` (a listen op's option) asks to prevent `event`'s default: `true`, a list
   * of keys, or a CSS selector that the target's nearest match must be inside node `id`. */
  function prevents(prevent, id, event) {
    if (prevent === true) return true;
    if (Array.isArray(prevent)) return prevent.includes(event.key);
    if (typeof prevent === "string" && event.target instanceof Element) {
      const match = event.target.closest(prevent);
      return Boolean(match) && node(id).contains(match);
    }
    return false;
  }

  function listen(id, type, options) {
    const key = `${id} ${type}`;
    const before = listening.get(key);
    if (before) {
      // A second handler for the same event: prevent whatever either asks to prevent.
      // (Python sends one listen per node and type; should a second come, the latest wins.)
      listening.set(key, { ...options });
      return;
    }
    listening.set(key, { ...options });
    node(id).addEventListener(type, (event) => forward(id, type, event));
  }

  const resized = new ResizeObserver((entries) => {
    for (const { target } of entries) {
      const id = ids.get(target);
      if (id !== undefined) {
        send({ kind: "size", node: id, width: target.clientWidth, height: target.clientHeight });
      }
    }
  });

  addEventListener("storage", (event) => send({ kind: "storage", key: event.key, value: event.newValue }));
  addEventListener("hashchange", () => send({ kind: "hash", hash: location.hash }));
  for (const query of [forcedColors, dark]) {
    query.addEventListener("change", () => send({ kind: "media", ...media() }));
  }
  document.addEventListener("nd-theme", () =>
    send({ kind: "theme", theme: document.documentElement.dataset.theme ?? null }),
  );

  // ----- worker -> main: ops and effects -----------------------------------------------------

  const replies = new Map(); // call -> resolve, for `run`
  let calls = 0;
  const reply = (call, value) => send({ kind: "reply", call, value });

  function copy(text) {
    const policy = document.featurePolicy; // Chromium: an iframe not allowed the clipboard
    if (!navigator.clipboard || (policy && !policy.allowsFeature("clipboard-write"))) {
      return Promise.resolve(false);
    }
    try {
      return navigator.clipboard.writeText(text).then(() => true, () => false);
    } catch {
      return Promise.resolve(false);
    }
  }

  const effects = {
    store(key, text) {
      try {
        localStorage.setItem(key, text);
      } catch {
        // refused or full: saving is a convenience
      }
    },
    forget(key) {
      try {
        localStorage.removeItem(key);
      } catch {
        // refused
      }
    },
    address(url) {
      history.replaceState(history.state, "", url);
    },
    fragment(hash) {
      const url = new URL(location.href);
      url.hash = hash;
      history.replaceState(history.state, "", url.href);
    },
    copy(text, call) {
      copy(text).then((ok) => reply(call, ok));
    },
    /** The system's share sheet where there is one, else the clipboard: "shared", "copied" or "". */
    share(title, url, call) {
      const copied = () => copy(url).then((ok) => reply(call, ok ? "copied" : ""));
      if (!navigator.share) return copied();
      let promise;
      try {
        promise = navigator.share({ title, url });
      } catch {
        return copied();
      }
      promise.then(() => reply(call, "shared"), () => reply(call, ""));
    },
    warn(text) {
      console.warn(text);
    },
    dispatch(id, name, detail) {
      node(id).dispatchEvent(new CustomEvent(name, { bubbles: true, detail }));
    },
    parent(message) {
      if (window.parent !== window) window.parent.postMessage(message, "*");
    },
    html(name, value) {
      const root = document.documentElement;
      value === null ? root.removeAttribute(name) : root.setAttribute(name, value);
    },
    boot(method, ...args) {
      boot()[method](...args);
    },
    /** `at`, when given: the time in ms since the epoch (a worker's own mark, kept in place). */
    mark(name, at) {
      performance.mark(name, at === undefined ? undefined : { startTime: at - performance.timeOrigin });
    },
    reload() {
      location.reload();
    },
  };

  const child = (item) => (typeof item === "string" ? item : node(item));

  function draw(canvas, calls) {
    const context = canvas.getContext("2d");
    for (const [method, ...args] of calls) {
      if (method === "=") context[args[0]] = args[1];
      else context[method](...args);
    }
  }

  const apply = {
    new(id, tag) {
      const built = nodes.get(id);
      if (built && tagOf(built) === tag) {
        // Made by the build (or a first press) as Python makes it now: the same element,
        // emptied, so that the page never shows it missing; the next ops fill it again.
        for (const name of built.getAttributeNames()) built.removeAttribute(name);
        built.replaceChildren();
        return;
      }
      known(id, tag.startsWith("svg:") ? document.createElementNS(SVG, tag.slice(4)) : document.createElement(tag));
    },
    prop(id, name, value) {
      node(id)[name] = value;
    },
    attr(id, name, value) {
      value === null ? node(id).removeAttribute(name) : node(id).setAttribute(name, value);
    },
    class(id, name, on) {
      node(id).classList.toggle(name, on);
    },
    style(id, name, value) {
      const style = node(id).style;
      value === null ? style.removeProperty(name) : style.setProperty(name, value);
    },
    append(parent, children) {
      node(parent).append(...children.map(child));
    },
    prepend(parent, children) {
      node(parent).prepend(...children.map(child));
    },
    before(id, children) {
      node(id).before(...children.map(child));
    },
    after(id, children) {
      node(id).after(...children.map(child));
    },
    /** Scroll the container `id` only, never the page: to its start, end, or just enough to
     * show element `to` inside it. */
    scroll(id, to) {
      const area = node(id);
      if (to === "start") area.scrollTop = 0;
      else if (to === "end") area.scrollTop = area.scrollHeight;
      else {
        const box = area.getBoundingClientRect();
        const item = node(to).getBoundingClientRect();
        if (item.top < box.top) area.scrollTop -= box.top - item.top;
        else if (item.bottom > box.bottom) {
          area.scrollTop += Math.min(item.bottom - box.bottom, item.top - box.top);
        }
      }
    },
    insert(parent, item, before) {
      node(parent).insertBefore(node(item), before === null || before === undefined ? null : node(before));
    },
    children(parent, children) {
      node(parent).replaceChildren(...children.map(child));
    },
    remove(id) {
      node(id).remove();
    },
    /** Python holds these elements no more and none is in the document: forget them. */
    release(released) {
      for (const id of released) {
        const element = nodes.get(id);
        if (element) ids.delete(element);
        nodes.delete(id);
      }
      for (const key of listening.keys()) {
        if (released.includes(Number(key.split(" ")[0]))) listening.delete(key);
      }
    },
    call(id, method, args) {
      node(id)[method](...(args || []));
    },
    listen,
    observe(id) {
      resized.observe(node(id));
    },
    draw(id, calls) {
      draw(node(id), calls);
    },
    effect(name, args) {
      effects[name](...(args || []));
    },
  };

  function run(op) {
    const [name, ...args] = op;
    try {
      if (!Object.hasOwn(apply, name)) throw new Error(`unknown op ${name}`);
      apply[name](...args);
    } catch (error) {
      console.error(`page-worker: op ${JSON.stringify(op).slice(0, 200)} failed: ${error.message}`);
    }
  }

  // `scroll` ops read the layout: run in the middle of a batch, each would make the browser
  // lay the page out there and then again for the rest (measured at CPU 4x: 440 ms in one
  // batch). They wait for the next frame, where the browser lays the page out anyway.
  let scrolls = [];
  function scrollInFrame(op) {
    if (!scrolls.length) {
      requestAnimationFrame(() => {
        const due = scrolls;
        scrolls = [];
        due.forEach(run);
      });
    }
    scrolls.push(op);
  }

  /** Apply `ops` (docs/worker-protocol.md) to the page, in order (`scroll` ops in the next
   * frame); an op that fails is reported and the rest still applied (one bad change must not
   * freeze the page). */
  function applyOps(ops) {
    for (const op of ops) {
      if (op[0] === "scroll") scrollInFrame(op);
      else run(op);
    }
  }

  // ----- the build's board until Python is ready ------------------------------------------------
  // The build's picture and first presses (<script type="application/json" id="nd-board">).
  let board = null;
  let firstKey = null; // the press shown before Python was ready, handed to Python
  let held = null; // Python's ops, kept until they include that press (null: none kept)
  let heldHandled; // the `handled` count that came with the ops kept
  const styledEarly = new Set(); // the page's own elements a first press styled
  const waiting = () => early && document.body?.dataset.state === "loading";

  function boardData() {
    if (board === null) {
      try {
        board = JSON.parse(document.getElementById("nd-board")?.textContent ?? "null");
      } catch {
        board = null;
      }
      board ??= { pictures: {}, presses: {} };
    }
    return board;
  }

  const theme = () => document.documentElement.dataset.theme ?? "light";
  let pictureShown = null; // the calls on the canvas while the build's board shows

  /** The build's picture (its calls, or a press's patch of them) on the board's canvas. */
  function picture(calls) {
    const canvas = document.getElementById("board-canvas");
    if (!canvas || !calls) return;
    canvas.width = canvas.width; // cleared, its context's state reset, as Python's redraws do
    draw(canvas, calls);
    pictureShown = calls;
  }
  /** A press's patch: [i, j] keeps the fresh calls i to j, a call stands for itself. */
  const patched = (fresh, patch) =>
    patch.flatMap((item) => (typeof item[0] === "number" ? fresh.slice(item[0], item[1]) : [item]));

  function firstPicture() {
    if (waiting() && firstKey === null) picture(boardData().pictures[theme()]);
  }
  document.addEventListener("nd-theme", () => {
    if (!waiting()) return;
    if (!drawn.themes.includes(theme())) {
      document.documentElement.dataset.ndBoard = "waiting"; // a theme the build did not draw
      return;
    }
    const fresh = boardData().pictures[theme()];
    const press = firstKey === null ? null : boardData().presses[firstKey];
    const patch = press?.pictures[theme()];
    picture(patch ? patched(fresh, patch) : fresh);
  });

  /** "Getting ready" on the board: a press before Python that cannot be shown yet. */
  function gettingReady() {
    document.getElementById("board")?.setAttribute("data-getting-ready", "");
    const message = document.getElementById("message");
    if (message) message.textContent = gettext("Getting the game ready: press again in a moment.");
  }

  /** A press on the build's board before Python is ready: the first on the board is shown at
   * once from the build's data and handed to Python; any other waits, saying so. */
  function pressedEarly(event) {
    if (!waiting()) return;
    const target = event.target instanceof Element ? event.target : null;
    const button = target?.closest("#targets button[data-key], #choices button[data-key]");
    const press = button && boardData().presses[button.dataset.key];
    if (firstKey === null && press) {
      firstKey = button.dataset.key;
      held = [];
      numberBuilt();
      applyOps(press.ops);
      for (const [name, id] of press.ops) if (name === "style" && id < FIRST_NEW_ID) styledEarly.add(node(id));
      const patch = press.pictures[theme()];
      if (patch) picture(patched(boardData().pictures[theme()], patch));
      performance.mark("nd-first-press-shown");
      if (started) send({ kind: "first", key: firstKey });
      return;
    }
    // A control of the game (not the site's header, the theme switch, the rules' Print).
    if (target?.closest(".play, .side") && target.closest("button, input, select, summary")) {
      event.preventDefault();
      gettingReady();
    }
  }
  document.addEventListener("click", pressedEarly, true);

  /** Python's ops: shown at once, unless a first press is shown that Python has not played
   * yet (then kept, and shown all at once with the ops that play it: the fresh board never
   * shows again between the two). */
  function received(ops, batch, handled) {
    if (held !== null) {
      held.push(...ops);
      heldHandled = handled ?? heldHandled;
      const confirmed = ops.some(
        ([name, effect, args]) => name === "effect" && effect === "mark" && args[0] === "nd-first-press-confirmed",
      );
      if (!confirmed) return;
      ops = held;
      held = null;
      handled = heldHandled;
    }
    if (ops.some(([name]) => name !== "effect")) {
      // Python draws the board now: the styles a first press gave the page's own elements
      // give way to Python's (the build's are rules that hold while the page loads).
      for (const element of styledEarly) element.style.cssText = "";
      styledEarly.clear();
      document.getElementById("board")?.removeAttribute("data-getting-ready");
    }
    applyOps(ops);
    if (Number.isInteger(batch)) applied = batch; // the last of the batches applied now
    if (Number.isInteger(handled)) {
      answered = handled;
      showPending();
    }
  }

  worker.addEventListener("message", ({ data: message }) => {
    switch (message.kind) {
      case "ops":
        received(message.ops, message.batch, message.handled);
        break;
      case "result": {
        const settle = replies.get(message.call);
        replies.delete(message.call);
        settle?.(message);
        break;
      }
      case "progress":
        boot()?.received(message.file, message.received, message.done);
        break;
      case "failed":
        if (message.file) boot()?.downloadFailed(message.file, message.reason);
        else boot()?.fail(window.ndGettext("The Python runtime could not start: {error}", { error: message.reason }));
        break;
      default:
        console.error(`page-worker: unknown message ${message.kind}`);
    }
  });

  /** Tests and benchmarks: run Python `code` in the worker; its `result` name's value. */
  function runPython(code) {
    const call = ++calls;
    return new Promise((resolve, reject) => {
      replies.set(call, (message) =>
        message.error ? reject(new Error(message.error)) : resolve(message.value),
      );
      send({ kind: "run", call, code });
    });
  }

  window.ndPython = { run: runPython, applyOps, worker };

  const begin = () => {
    firstPicture();
    start();
  };
  if (document.readyState === "loading") addEventListener("DOMContentLoaded", begin);
  else begin();
})();
