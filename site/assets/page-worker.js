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

  // ----- the worker ------------------------------------------------------------------------

  const worker = new Worker(new URL("python-worker.mjs", script.src), { type: "module" });
  worker.postMessage({
    kind: "boot",
    interpreter: absolute(config.interpreter),
    files: Object.entries(config.files).map(([url, where]) => [absolute(url), where]),
    sizes,
  });
  const send = (message) => worker.postMessage(message);
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

  /** The body as nested [tag, attrs, children], numbering its elements depth first. */
  function numberBody() {
    let next = 1;
    const walk = (element) => {
      known(next++, element);
      const children = [];
      for (const child of element.childNodes) {
        if (child.nodeType === Node.ELEMENT_NODE) children.push(walk(child));
        else if (child.nodeType === Node.TEXT_NODE) children.push(child.data);
      }
      return [tagOf(element), attributes(element), children];
    };
    known(0, document.documentElement);
    return walk(document.body);
  }

  function sizesOf() {
    const found = {};
    for (const element of document.body.querySelectorAll("[id]")) {
      const id = ids.get(element);
      if (id !== undefined) found[id] = [element.clientWidth, element.clientHeight];
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

  const forcedColors = matchMedia("(forced-colors: active)");
  const dark = matchMedia("(prefers-color-scheme: dark)");
  const media = () => ({ forcedColors: forcedColors.matches, dark: dark.matches });
  const focusId = () => idOf(document.activeElement);

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
      focus: focusId(),
      lang: document.documentElement.lang,
      site: window.ndSiteBase,
    });
    performance.mark("nd-worker-start-sent");
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

  worker.addEventListener("message", ({ data: message }) => {
    switch (message.kind) {
      case "ops":
        applyOps(message.ops);
        if (Number.isInteger(message.batch)) applied = message.batch;
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

  if (document.readyState === "loading") addEventListener("DOMContentLoaded", start);
  else start();
})();
