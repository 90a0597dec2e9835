// The main thread's share of a page whose Python runs in a Web Worker, for both kinds of
// such pages: a game page (assets/page-worker.js) and a host page of embedded boards
// (embed.js, into which the build copies this file). It numbers the page's elements, applies
// the changes Python sends (`applyOps`), passes on the events Python listens to, and does what
// only a page can do (storage, the address bar, the clipboard, events for the host page's
// scripts). It knows nothing of the games: the contract is docs/worker-protocol.md.
//
// One function, so that it is a global of a game page (loaded before page-worker.js) and a
// local function inside embed.js (which adds no global to a host page).
"use strict";
/**
 * `send(message)`: posts one message to the worker; `boot()`: the loading screen's controls
 * (window.ndBoot), if the page has one; `storageDenied()`: whether to send no copy of
 * localStorage (a game page knows it from assets/no-storage.js; a refusal is also caught).
 */
function ndPageDom({ send, boot = () => null, storageDenied = () => false }) {
  const SVG = "http://www.w3.org/2000/svg";
  const FIRST_NEW_ID = 1000000; // the ids of the elements Python creates (and the build did)
  const forcedColors = matchMedia("(forced-colors: active)");
  const dark = matchMedia("(prefers-color-scheme: dark)");


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
  /** The build's places of its elements, rules of its <style> that hold only while the page
   * loads, made their own styles (by the CSSOM, as Python writes them: the pages' policy
   * refuses style attributes), so that Python's first drawing, comparing its places with
   * theirs (`builtShapes`), writes only those that differ (none, for a board in the same
   * proportions at any width). A style a first press already gave one stays. Done once the
   * page has been measured (`sizesOf`), so that no layout is worked out for it in the task. */
  const BUILT_RULE = /\[data-nd-id="(\d+)"\]$/; // the build's rule for one of its elements
  let owned = false; // done once (a game page does it in a task of its own before `builtShapes`)
  function ownBuiltPlaces() {
    if (owned) return;
    owned = true;
    for (const style of document.head.querySelectorAll("style")) {
      for (const rule of style.sheet?.cssRules ?? []) {
        const id = BUILT_RULE.exec(rule.selectorText ?? "")?.[1];
        const element = id === undefined ? undefined : nodes.get(Number(id));
        if (element === undefined || !("ndId" in element.dataset)) continue;
        if (element.style.length === 0) element.style.cssText = rule.style.cssText;
        else {
          for (const name of rule.style) {
            if (!element.style.getPropertyValue(name)) element.style.setProperty(name, rule.style.getPropertyValue(name));
          }
        }
      }
    }
  }
  /** The build's elements (and a first press's) that Python made again (`new` empties them
   * in place) and has not put anywhere since: Python holds them out of its page. */
  const unplaced = new Set();
  /** Once Python's page is up, the elements the build drew that are no part of it leave the
   * page: the ones Python's start did not make again (still `data-nd-id`: a `new` op clears
   * it), and the ones it made again but holds out of its page. The build drew the fresh game
   * of a full page; a start that differs from it (a framed board, other options, a save)
   * makes fewer or other elements, which must take no room on the page. */
  function dropUnclaimed() {
    for (const element of document.body.querySelectorAll("[data-nd-id]")) {
      const id = ids.get(element);
      if (nodes.get(id) === element) nodes.delete(id);
      ids.delete(element);
      element.remove();
    }
    for (const element of unplaced) element.remove();
    unplaced.clear();
  }
  /** Made by Python: by the build (`data-nd-id`), or by a first press shown before Python. */
  const madeByPython = (element) => "ndId" in element.dataset || ids.get(element) >= FIRST_NEW_ID;

  /** A walk that numbers elements depth first from `first`, as [tag, attrs, children]. The
   * elements Python made are left out: Python makes them again when it starts. */
  function numbering(first) {
    let next = first;
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
    return walk;
  }
  /** The build's elements (`data-nd-id`) and the page's elements that hold any, each as
   * [id, tag, attrs, children] (a child: an id or a text): the page as it holds the build's
   * board, which Python's first drawing is sent as the changes to. */
  function builtShapes() {
    ownBuiltPlaces();
    const shape = (element) => [ids.get(element), tagOf(element), attributes(element),
      [...element.childNodes].flatMap((child) => (child.nodeType === Node.TEXT_NODE ? [child.data] : ids.has(child) ? [ids.get(child)] : []))];
    const holders = new Set();
    const found = [];
    for (const element of document.body.querySelectorAll("[data-nd-id]")) {
      found.push(shape(element));
      if (!("ndId" in element.parentElement.dataset)) holders.add(element.parentElement);
    }
    return [...found, ...[...holders].map(shape)];
  }
  /** The body as nested [tag, attrs, children], numbering its elements depth first. */
  function numberBody() {
    const walk = numbering(1);
    known(0, document.documentElement);
    numberBuilt();
    return walk(document.body);
  }

  /** A host page's body (id 1) as only the parts Python works in: the outermost elements
   * matching `selector` (the boxes, a page of ours that holds them), numbered in document
   * order. The host's other elements are none of Python's business and may change at will. */
  function numberRoots(selector) {
    const roots = [...document.body.querySelectorAll(selector)].filter(
      (element) => !element.parentElement.closest(selector),
    );
    const walk = numbering(2);
    known(0, document.documentElement);
    known(1, document.body);
    return ["body", {}, roots.map(walk)];
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
    if (storageDenied()) return null;
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

  const sendSize = (id, element) =>
    send({ kind: "size", node: id, width: element.clientWidth, height: element.clientHeight });
  // Elements Python made since the start, observed and not yet measured: Python knows no
  // width for them and draws nothing there until the page says one (`observe`).
  const unmeasured = new Set();
  const resized = new ResizeObserver((entries) => {
    for (const { target } of entries) {
      const id = ids.get(target);
      if (id !== undefined) {
        unmeasured.delete(id);
        sendSize(id, target);
      }
    }
  });

  /** Observe an element; one Python made gets its size sent after the next frame even
   * where the observer stays silent (an element not rendered: in a closed <details>, say,
   * it is 0 wide), so that Python always hears a first size. */
  function observe(id) {
    const element = node(id);
    resized.observe(element);
    if (id < FIRST_NEW_ID || unmeasured.has(id)) return;
    unmeasured.add(id);
    afterFirstFrame(() => {
      if (unmeasured.delete(id) && nodes.get(id) === element) sendSize(id, element);
    });
  }

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
    /** Refused or full: Python hears of it (`unkept`, with what is kept instead) and plays on
     * unsaved, saying so, as a page that runs Python itself does. With `call`, Python waits
     * on the write: a `reply` says whether it was kept (after the `unkept`, if refused). */
    store(key, text, call) {
      const answer = (kept) => Number.isInteger(call) && reply(call, kept);
      try {
        localStorage.setItem(key, text);
        answer(true);
      } catch {
        let value = null;
        try {
          value = localStorage.getItem(key);
        } catch {
          // nothing can be read either
        }
        send({ kind: "unkept", key, value });
        answer(false);
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

  /** A child of a placing op (`append`...): text, or an element Python now puts somewhere. */
  const child = (item) => {
    if (typeof item === "string") return item;
    const element = node(item);
    unplaced.delete(element);
    return element;
  };

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
        unplaced.add(built);
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
      node(parent).insertBefore(child(item), before === null || before === undefined ? null : node(before));
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
    observe,
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

  /** Run `callback` in a task of its own once the page's next frame is drawn (in a hidden
   * page, which draws no frames, at once): the page is shown first, and what `callback` reads
   * of the layout (`sizesOf`) was laid out by that frame instead of being forced, in the same
   * task as the scripts that changed the page, before anything is shown. */
  function afterFirstFrame(callback) {
    let done = false;
    const once = () => {
      if (done) return;
      done = true;
      callback();
    };
    const whenHidden = () => document.visibilityState === "hidden" && setTimeout(once, 0);
    if (whenHidden()) return;
    requestAnimationFrame(() => setTimeout(once, 0));
    document.addEventListener("visibilitychange", whenHidden);
  }

  /** The answer to a `run` message: settles the promise `runPython` returned. */
  function result(message) {
    const settle = replies.get(message.call);
    replies.delete(message.call);
    settle?.(message);
  }

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

  return {
    FIRST_NEW_ID,
    forcedColors,
    node,
    dropUnclaimed,
    numberBody,
    ownBuiltPlaces,
    builtShapes,
    numberRoots,
    sizesOf,
    storageCopy,
    media,
    pageFocus,
    draw,
    applyOps,
    afterFirstFrame,
    /** The `batch` of the last ops message applied (events echo it as `applied`). */
    appliedBatch(batch) {
      if (Number.isInteger(batch)) applied = batch;
    },
    result,
    runPython,
  };
}
