// A game page whose Python runs in a Web Worker (assets/python-worker.mjs): this script
// starts the worker, hands it the page (a numbered copy of the body's elements), shows the
// board the build drew until Python is ready, and feeds the loading screen. Applying what
// Python sends, passing on the events it listens to and doing what only a page can do
// (storage, the address bar, the clipboard) is assets/page-dom.js's, which embed.js shares.
// It knows nothing of the games: the contract is docs/worker-protocol.md.
//
// Loaded as a classic script in <head>, after boot.js (the loading screen), so that its
// listeners are there before the board the build drew is parsed and the worker starts
// downloading Python while the rest of the page loads; the page is sent once its body is
// parsed. The build serves page-dom.js and this file as one (scripts/build/build_site.py,
// JOINED_SCRIPTS): one request fewer before the board takes a press.
"use strict";
(() => {
  const script = document.currentScript;
  // {interpreter, files: {url: where}} as PyScript's config names them, relative to the page.
  const config = JSON.parse(script.dataset.config);
  const sizes = JSON.parse(document.querySelector("script[data-sizes]")?.dataset.sizes ?? "{}");
  const absolute = (url) => new URL(url, document.baseURI).href;
  const boot = () => window.ndBoot;
  const gettext = (message, values) => window.ndGettext(message, values);
  let started = false; // the page has been sent (`start`)
  const {
    FIRST_NEW_ID,
    forcedColors,
    node,
    dropUnclaimed,
    numberBody,
    ownBuiltPlaces,
    builtShapes,
    sizesOf,
    storageCopy,
    media,
    pageFocus,
    draw,
    applyOps,
    afterFirstFrame,
    appliedBatch,
    result,
    runPython,
  } = ndPageDom({ send, boot, storageDenied: () => window.ndStorageDenied !== false });

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
    const scope = new URL("../", script.src).pathname; // as address_bar.site_scope names the site
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
    // The data saver as the page knows it: the worker then makes no snapshot for the next
    // visit, as the page itself fetches no precache (assets/offline.js).
    saveData: Boolean(navigator.connection?.saveData),
    interpreter: absolute(config.interpreter),
    files: Object.entries(config.files).map(([url, where]) => [absolute(url), where]),
    early: (config.early ?? []).map(absolute), // what the worker asks for at once
    sizes,
    // boot.js started reading the snapshot an earlier visit kept while <head> was parsed:
    // the bytes are handed over (moved, not copied) in a `kept` message, not read again.
    kept: Boolean(window.ndKeptSnapshot),
  });
  window.ndKeptSnapshot?.then((kept) => {
    window.ndKeptSnapshot = null;
    worker.postMessage({ kind: "kept", kept }, kept ? [kept.bytes.buffer] : []);
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
  // switch or a storage event before it would be Python's first message. A `run` (tests,
  // benchmarks) waits for it instead: it is answered.
  const runs = [];
  function send(message) {
    if (!started && message.kind === "run") runs.push(message);
    if (!started && message.kind !== "start") return;
    worker.postMessage(message);
    sent++;
    showPending();
  }
  // A worker that cannot start at all (its module refused or missing) says so only here.
  worker.addEventListener("error", (event) => {
    event.preventDefault();
    boot()?.fail(
      window.ndGettext("The Python runtime could not start: {error}", {
        error: event.message || "the worker script could not be loaded",
      }),
    );
  });

  /** The page, sent to Python in three tasks: numbering it and measuring its elements (what
   * the first frame laid out); the build's places made its elements' own styles
   * (`ownBuiltPlaces`, after the page is measured); the build's elements read and the message
   * posted. In one task they took 90 ms in a Lighthouse trace of Digit Chain (1,200 elements,
   * 194 of them the build's), which its mobile preset counts four times over. A press
   * between them is one before `start`, as one before the first frame: the page numbered
   * before it, the build's elements read after it (a style the press gave one stays). */
  function start() {
    numbered();
    const sizes = sizesOf();
    const built = "ndBuilt" in document.body.dataset;
    setTimeout(() => {
      if (built) ownBuiltPlaces();
      setTimeout(() => sendStart(sizes), 0);
    }, 0);
  }
  function sendStart(sizes) {
    const html = {};
    for (const { name, value } of document.documentElement.attributes) html[name] = value;
    send({
      kind: "start",
      slug: document.body.dataset.game,
      tree: numbered(),
      html,
      location: { href: location.href, search: location.search, hash: location.hash },
      storage: storageCopy(),
      media: media(),
      pixelRatio: window.devicePixelRatio || 1,
      sizes,
      focus: pageFocus(),
      lang: document.documentElement.lang,
      site: window.ndSiteBase,
      // The build's board as the page holds it: Python's first drawing comes as what differs.
      ...("ndBuilt" in document.body.dataset && { built: builtShapes() }),
    });
    performance.mark("nd-worker-start-sent");
    started = true;
    if (firstKey !== null && fetching === null) sendFirst();
    runs.splice(0).forEach(send);
  }

  // ----- the build's board until Python is ready ------------------------------------------------
  // The build's picture and first presses (<script type="application/json" id="nd-board">).
  let board = null;
  let firstKey = null; // the press shown before Python was ready, handed to Python
  let held = null; // Python's ops, kept until they include that press (null: none kept)
  let heldHandled; // the `handled` count that came with the ops kept
  const styledEarly = new Set(); // the page's own elements a first press styled
  let pruned = false; // the build's elements Python did not make again are gone
  const waiting = () => early && document.body?.dataset.state === "loading";
  // The page as the build drew it, its elements numbered: by `start`, or by a first press that
  // comes before it (between the first paint and the task after the first frame, where a
  // press's ops would name elements not numbered yet). Numbered once, before the press
  // changes anything, so Python gets the page the build drew whichever comes first.
  let tree = null;
  const numbered = () => (tree ??= numberBody());

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

  /** The build's picture (its calls, or a press's patch of them) on the board's canvas, unless
   * it shows them already. */
  function picture(calls) {
    pictureDue = false; // drawn now: the first picture's own task draws nothing more
    const canvas = document.getElementById("board-canvas");
    if (!canvas || !calls || calls === pictureShown) return;
    canvas.width = canvas.width; // cleared, its context's state reset, as Python's redraws do
    draw(canvas, calls);
    pictureShown = calls;
  }
  /** A press's patch (scripts/build/press_data.py): the picture's calls by number in the
   * fresh calls followed by the patch's own, a run of them as [first, end]. */
  function patched(fresh, { calls, order }) {
    const table = fresh.concat(calls);
    return order.flatMap((item) => (typeof item === "number" ? [table[item]] : table.slice(item[0], item[1])));
  }
  /** The picture the build's board shows now, in this theme: the fresh one, or a press's. */
  function boardPicture() {
    const fresh = boardData().pictures[theme()];
    const press = firstKey === null ? null : boardData().presses[firstKey];
    const patch = press?.pictures[theme()];
    return patch ? patched(fresh, patch) : fresh;
  }

  // The build's first picture is drawn in a task of its own, right after the one that parsed
  // the page (theme.js's `nd-theme` on DOMContentLoaded, then `begin`): drawn there, with its
  // data read, it made that task the page's longest but one (16 ms of a 52 ms task in a
  // Lighthouse trace of Digit Chain, which its mobile preset counts four times over). The
  // canvas is empty in the frames before it either way (the page is painted while it is
  // parsed); the picture comes whole. A picture drawn meanwhile (a first press) stands.
  let pictureDue = false;
  function firstPictureApart() {
    if (pictureDue) return;
    pictureDue = true;
    setTimeout(() => {
      if (pictureDue && waiting()) picture(boardPicture());
      pictureDue = false;
    }, 0);
  }
  function firstPicture() {
    if (waiting() && firstKey === null) firstPictureApart();
  }
  document.addEventListener("nd-theme", () => {
    if (!waiting()) return;
    if (!drawn.themes.includes(theme())) {
      document.documentElement.dataset.ndBoard = "waiting"; // a theme the build did not draw
      return;
    }
    if (pictureShown === null) firstPictureApart();
    else picture(boardPicture()); // the theme switched: its picture in the same frame
  });

  /** "Getting ready" on the board: a press before Python that cannot be shown yet. */
  function gettingReady() {
    document.getElementById("board")?.setAttribute("data-getting-ready", "");
    const message = document.getElementById("message");
    if (!message) return;
    messageDrawn ??= message.textContent; // Python's first drawing may leave it as drawn
    message.textContent = gettext("Getting the game ready: press again in a moment.");
  }
  let messageDrawn = null;
  let shown = []; // the ops the page applied for the first press
  let dealt = null; // the hidden row the page drew for it, if it shows one
  /** The first press, with the changes the page showed for it (Python sends those elements
   * again whole: its first drawing is only what differs from the build's board) and the row
   * it dealt (Python adopts it). */
  const sendFirst = () => send({ kind: "first", key: firstKey, shown, ...(dealt && { dealt }) });

  /** The number of the file of a press on `key` (-1: none). A press that shows a hidden row
   * has a file for every row the build recorded: one drawn uniformly at random, as Python
   * would shuffle the row, is the row dealt. */
  function fileOf(key) {
    const numbers = [];
    boardData().files?.keys.forEach((filed, n) => filed === key && numbers.push(n));
    return numbers.length ? numbers[uniformBelow(numbers.length)] : -1;
  }
  /** A whole number from 0 to `count` - 1, each as likely (the browser's cryptographic
   * randomness: 32 bits, those past the last whole multiple of `count` drawn again). */
  function uniformBelow(count) {
    const limit = 2 ** 32 - (2 ** 32 % count);
    const drawn = new Uint32Array(1);
    do {
      crypto.getRandomValues(drawn);
    } while (drawn[0] >= limit);
    return drawn[0] % count;
  }

  /** A press on the build's board before Python is ready: the first on the board is shown at
   * once from the build's data (in the page, or in a file of its own fetched now) and handed
   * to Python; any other waits, saying so. */
  function pressedEarly(event) {
    if (!waiting()) return;
    const target = event.target instanceof Element ? event.target : null;
    // The buttons a first press may be on (app/worker.py's FIRST_PRESS_BUTTONS).
    const button = target?.closest(
      "#targets button[data-key], #choices button[data-key], #handover button[data-key]",
    );
    const key = button?.dataset.key;
    const press = button && boardData().presses[key];
    const filed = button && !press && firstKey === null ? fileOf(key) : -1;
    if (firstKey === null && (press || filed >= 0)) {
      firstKey = key;
      held = [];
      numbered();
      if (press) showFirst(press);
      else fetchFirst(button, filed);
      return;
    }
    // A control of the game (not the site's header, the theme switch, the rules' Print).
    if (target?.closest(".play, .side") && target.closest("button, input, select, summary")) {
      event.preventDefault();
      gettingReady();
    }
  }
  document.addEventListener("click", pressedEarly, true);

  function showFirst(press) {
    shown = press.ops;
    dealt = press.dealt ?? null;
    applyOps(press.ops);
    for (const [name, id] of press.ops) if (name === "style" && id < FIRST_NEW_ID) styledEarly.add(node(id));
    const patch = press.pictures[theme()];
    if (patch) picture(patched(boardData().pictures[theme()], patch));
    performance.mark("nd-first-press-shown");
    if (started) sendFirst();
  }

  // ----- a press too heavy for the page: its own file, fetched when pressed ------------------
  // The pressed button says so at once (data-nd-pressed) and the press is Python's whatever
  // comes of the file: shown when it arrives, unless Python has answered `start` by then (its
  // board is on its way: the file is not waited for any longer); a file that fails (offline,
  // a later build's) leaves the press to Python, the board saying it is getting ready.
  let fetching = null; // the AbortController of the press's file while it is fetched
  async function fetchFirst(button, n) {
    const controller = new AbortController();
    fetching = controller;
    button.setAttribute("data-nd-pressed", "");
    let press = null;
    try {
      const response = await fetch(new URL(`${boardData().files.at}${n}.json`, document.baseURI), {
        signal: controller.signal,
      });
      const found = response.ok ? await response.json() : null;
      const row = found?.dealt;
      const rowFits = row === undefined || (Array.isArray(row) && row.every(Number.isInteger));
      if (found?.key === firstKey && Array.isArray(found.ops) && found.pictures && rowFits) press = found;
    } catch {
      press = null; // offline, or given up: Python plays the press
    }
    if (fetching !== controller) return;
    fetching = null;
    if (press) {
      button.removeAttribute("data-nd-pressed");
      boardData().presses[firstKey] = press; // for the theme switch
      showFirst(press);
    } else {
      document.getElementById("board")?.setAttribute("data-getting-ready", "");
      if (started) sendFirst();
    }
  }
  /** Python has answered `start`: a press's file still on its way is not waited for. */
  function stopFetching() {
    const controller = fetching;
    fetching = null;
    controller.abort();
    document.getElementById("board")?.setAttribute("data-getting-ready", "");
    sendFirst();
  }

  /** A game control changed before Python is ready (a level chosen, a name typed): Python
   * starts from the value the build drew, so the control goes back to it at once, saying
   * why, rather than showing a choice that Python would silently undo. */
  function changedEarly(event) {
    const control = event.target;
    if (!waiting() || !(control instanceof Element) || !control.closest(".play, .side")) return;
    if (control instanceof HTMLSelectElement) {
      const drawnIndex = [...control.options].findIndex((option) => option.defaultSelected);
      control.selectedIndex = Math.max(drawnIndex, 0);
    } else if (control instanceof HTMLInputElement && ["checkbox", "radio"].includes(control.type)) {
      control.checked = control.defaultChecked;
    } else if (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) {
      control.value = control.defaultValue;
    } else {
      return;
    }
    gettingReady();
  }
  document.addEventListener("input", changedEarly, true);
  document.addEventListener("change", changedEarly, true);

  /** Python's ops: shown at once, unless a first press is shown that Python has not played
   * yet (then kept, and shown all at once with the ops that play it: the fresh board never
   * shows again between the two). */
  function received(ops, batch, handled) {
    if (waitingForPicture !== null) {
      waitingForPicture.push([ops, batch, handled]);
      return;
    }
    if (fetching !== null && handled > 0) stopFetching();
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
      document.querySelector("[data-nd-pressed]")?.removeAttribute("data-nd-pressed");
      if (messageDrawn !== null) document.getElementById("message").textContent = messageDrawn;
      messageDrawn = null;
    }
    const [now, later] = drewOnce ? [ops, []] : picturesApart(ops);
    drewOnce ||= now.some(([name]) => name !== "effect");
    applyOps(now);
    if (later.length) {
      // Python's first drawing: its pictures in a task of their own after the next frame.
      waitingForPicture = [];
      afterFirstFrame(() => {
        applyOps(later);
        appliedDrawing(batch, handled);
        const waiting = waitingForPicture;
        waitingForPicture = null;
        for (const message of waiting) received(...message);
      });
      return;
    }
    appliedDrawing(batch, handled);
  }

  // Python's first drawing changes most of the page at once: at another width than the
  // build's, every board button moves and the picture is drawn anew, which on a phone's CPU
  // made one task of over 100 ms. Its canvases' new sizes (a size set clears a canvas) and
  // pictures wait for a task of their own after the next frame, which lays the page out:
  // the build's picture shows until then (the buttons over it are transparent, their moving
  // shows nothing), and the picture's text no longer makes the browser work out the page's
  // new style inside the same task. Messages that come meanwhile wait behind it, in order.
  let drewOnce = false; // Python's first drawing has been applied
  let waitingForPicture = null; // messages held while the first drawing's pictures wait
  // Only over the fresh board the build drew: any other visit (a link, a saved game) hid the
  // build's board while Python started, and its picture must never show once the page is up.
  const CANVAS_SIZES = new Set(["width", "height"]);
  function picturesApart(ops) {
    if (document.documentElement.dataset.ndBoard !== "fresh") return [ops, []];
    const canvases = new Set(ops.filter(([name]) => name === "draw").map(([, id]) => id));
    const now = [];
    const later = [];
    for (const op of ops) {
      const [name, id, what] = op;
      const picture = canvases.has(id) && (name === "draw" || ((name === "attr" || name === "prop") && CANVAS_SIZES.has(what)));
      (picture ? later : now).push(op);
    }
    return [now, later];
  }

  /** What follows a message's ops: the batch counted as applied, the build's leftovers gone
   * once Python's page is up, Python's answers counted. */
  function appliedDrawing(batch, handled) {
    appliedBatch(batch); // the last of the batches applied now
    // Python's page is up: what the build drew and Python did not make again goes.
    if (!pruned && document.body.dataset.state === "ready") {
      pruned = true;
      dropUnclaimed();
    }
    if (Number.isInteger(handled)) {
      answered = handled;
      showPending();
      if (sent === answered) playHeld();
    }
  }

  // ----- keys and presses ahead of Python's answer ---------------------------------------------
  // A key pressed before Python has answered the one before it would act where the focus is
  // now, not where Python is moving it (ArrowRight then Enter at once: Enter pressed the button
  // the arrow left). So once Python's page is up, while the page waits for Python's answers, a
  // key on a button (Enter, Space, the arrows) is held, and so is a press of a button that
  // comes after a held key (alone, a press names its button: it needs no waiting); they are
  // played in order once Python has answered everything: a fast typist gets what they typed.
  const HELD_KEYS = new Set(["Enter", " ", "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"]);
  const heldInput = []; // {key, ...modifiers} for a key, {button} for a press
  let playing = false; // a held key or press is being played: it goes through
  function holdAhead(event) {
    const button = event.target instanceof Element ? event.target.closest("button") : null;
    if (playing || !event.isTrusted || answered === 0 || !button) return;
    const key = event.type === "keydown";
    if (key && !HELD_KEYS.has(event.key)) return;
    if (heldInput.length === 0 && !(key && sent !== answered)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    const { code, shiftKey, ctrlKey, altKey, metaKey } = event;
    heldInput.push(key ? { key: event.key, code, shiftKey, ctrlKey, altKey, metaKey } : { button });
  }
  document.addEventListener("keydown", holdAhead, true);
  document.addEventListener("click", holdAhead, true);

  /** Play what was held, in order, each once Python has answered the one before: a key
   * where the focus is now (Enter and Space press the focused button, as the browser would
   * have), a press on its button if that is still on the page. */
  function playHeld() {
    while (heldInput.length > 0 && sent === answered) {
      const { button, ...key } = heldInput.shift();
      playing = true;
      try {
        if (button) {
          if (button.isConnected) button.click();
          continue;
        }
        const target = document.activeElement ?? document.body;
        const down = new KeyboardEvent("keydown", { ...key, bubbles: true, cancelable: true });
        const pressed = target.dispatchEvent(down) && (key.key === "Enter" || key.key === " ");
        if (pressed && target instanceof HTMLButtonElement) target.click();
      } finally {
        playing = false;
      }
    }
  }

  worker.addEventListener("message", ({ data: message }) => {
    switch (message.kind) {
      case "ops":
        received(message.ops, message.batch, message.handled);
        break;
      case "result":
        result(message);
        break;
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

  window.ndPython = { run: runPython, applyOps, worker };

  // The page is sent once its first frame is drawn: numbering it and reading its elements'
  // sizes then neither delays the board's first paint nor forces a layout of its own.
  const begin = () => {
    firstPicture();
    afterFirstFrame(start);
  };
  if (document.readyState === "loading") addEventListener("DOMContentLoaded", begin);
  else begin();
})();
