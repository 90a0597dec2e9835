// The page's Python, in a module worker started by assets/page-worker.js (a game page) or by
// embed.js (the boards of a host page): here Python may take as long as it likes without
// holding the page. This host starts the runtime
// through the snapshot wrapper the pages use (vendor/pyodide/pyodide-snapshot-*.mjs), puts
// the Python bundle and the page's data files where PyScript would, reports the downloads
// for the loading screen, then hands every message from the page to `app.worker.receive`
// (JSON text, in order) and posts what Python sends with `ndPost`. docs/worker-protocol.md
// is the contract.
//
// Our own worker rather than PyScript's: see docs/performance.md, "Python in a worker".

performance.mark("nd-worker-loaded");
const queue = []; // messages from the page that came before Python was ready
let receive = null;
let settle; // resolves `ndPlayable` once the board (an embed's boards) is ready or has failed
// The wrapper waits on this before it fetches the snapshot for the next visit.
globalThis.ndPlayable = new Promise((resolve) => (settle = resolve));

let handOver = () => {}; // resolves `ndKeptSnapshot` with what the page read ({url, bytes} or null)
const post = (message) => postMessage(message);
const failed = (reason, file) => post({ kind: "failed", reason, ...(file ? { file } : {}) });

/** Whether `op` says the page is playable, or has failed: the loading screen's end on a game
 * page, `<html data-nd-embeds>` on an embed's host page. */
const settles = ([name, effect, args]) =>
  name === "effect" &&
  ((effect === "boot" && ["ready", "fail"].includes(args?.[0])) ||
    (effect === "html" && args?.[0] === "data-nd-embeds"));

/** The wrapper's word that Python loaded `names` from the full standard library (its safety
 * net): on the page, as where Python runs on the main thread. */
globalThis.ndStdlibFallback = (names) =>
  post({ kind: "ops", ops: [["effect", "html", ["data-stdlib-fallback", names.join(" ")]]] });

/** Python's way out: one worker -> page message as JSON text. */
globalThis.ndPost = (text) => {
  const message = JSON.parse(text);
  if (message.kind === "ops" && message.ops.some(settles)) {
    performance.mark("nd-worker-board-posted"); // reaches the page as the later marks do
    settle();
  }
  post(message);
};

// `ndAfterMessages(callback)`: call `callback` once every message the page had sent by now
// has been handed to Python. A 0 ms timer is no such thing: Chromium ran one before a page's
// message already waiting (an Undo pressed while the computer thought). A message this worker
// posts to itself waits in the same queue as the page's, behind those already there.
const pending = [];
const loopback = new MessageChannel();
loopback.port1.onmessage = () => pending.shift()?.();
globalThis.ndAfterMessages = (callback) => {
  pending.push(callback);
  loopback.port2.postMessage(null);
};

function deliver(message) {
  if (message.kind === "start") performance.mark("nd-worker-start-delivered");
  try {
    receive(JSON.stringify(message));
  } catch (error) {
    console.error(error);
  }
}

addEventListener("message", ({ data: message }) => {
  if (message.kind === "kept") {
    handOver(message.kept);
  } else if (message.kind === "boot") {
    performance.mark("nd-worker-boot");
    // The page read the kept snapshot already (boot.js): the wrapper waits for its bytes
    // (a `kept` message) instead of reading the 31.5 MB again.
    if (message.kept) globalThis.ndKeptSnapshot = new Promise((resolve) => (handOver = resolve));
    start(message).catch((error) => {
      console.error(error);
      failed(String(error.message || error).trim().split("\n").at(-1));
      settle();
    });
  } else if (receive) deliver(message);
  else queue.push(message);
});

// ----- the loading screen: what the runtime downloads, counted here ----------------------------

/** Count the runtime's downloads (`sizes`: file -> bytes, as boot.js has them) for the page. */
function countDownloads(sizes, early) {
  const done = new Set();
  const nameOf = (url) => {
    const path = new URL(url, location.href).pathname;
    const name = path.slice(path.lastIndexOf("/") + 1);
    return path.includes("/vendor/pyodide/") && Object.hasOwn(sizes, name) ? name : null;
  };
  const complete = (name) => {
    if (done.has(name)) return;
    done.add(name);
    post({ kind: "progress", file: name, received: sizes[name], total: sizes[name], done: true });
  };
  async function count(name, response) {
    try {
      const reader = response.body.getReader();
      let received = 0;
      let reported = 0;
      for (;;) {
        const { done: end, value } = await reader.read();
        if (end) break;
        received += value.byteLength;
        if (received - reported > 256 * 1024) {
          reported = received;
          post({ kind: "progress", file: name, received, total: sizes[name], done: false });
        }
      }
      complete(name);
    } catch (error) {
      failed(error.message, name);
    }
  }
  const realFetch = globalThis.fetch;
  globalThis.fetch = async function fetch(input, init) {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href).href;
    const name = nameOf(url);
    const asked = early.get(url) ?? realFetch.call(this, input, init);
    early.delete(url); // its response is read once
    if (!name) return asked;
    let response;
    try {
      response = await asked;
    } catch (error) {
      failed(error.message, name);
      throw error;
    }
    if (!response.ok) failed(`HTTP ${response.status}`, name);
    else count(name, response.clone());
    return response;
  };
  // Modules imported (not fetched) by the runtime show up as finished resource entries.
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const name = nameOf(entry.name);
      if (name && entry.initiatorType !== "fetch") complete(name);
    }
  }).observe({ type: "resource", buffered: true });
}

// ----- Python ------------------------------------------------------------------------------------

/** The bytes of `url` (through the wrapper's fetch, which unpacks the pre-compressed files). */
async function download(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${new URL(url).pathname}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

/** Ask at once for what the runtime will load (`urls`, the page's `early` list): modules are
 * imported (the wrapper's own imports then find them loaded), files fetched, their responses
 * kept for the first fetch of the same URL (countDownloads). Without this each waits for the
 * module before it: the wrapper, then Pyodide's module, then the rest. */
function askEarly(urls) {
  const early = new Map();
  for (const url of urls) {
    if (url.endsWith(".mjs")) {
      import(url).catch(() => {}); // the runtime's own import reports a failure
    } else {
      const response = fetch(url);
      response.catch(() => {}); // reported by the fetch that claims it
      early.set(url, response);
    }
  }
  return early;
}

async function start({ interpreter, files, sizes, pythonStart, saveData, early = [] }) {
  countDownloads(sizes, askEarly(early));
  globalThis.ndPythonStart = pythonStart ?? null; // read by the wrapper when it is imported
  globalThis.ndSaveData = saveData ?? null; // the page's word on the data saver (the wrapper's)
  const { loadPyodide } = await import(interpreter); // starts Python as soon as it is evaluated
  const fetched = files.map(([url, where]) => [download(url), where]);
  for (const [promise] of fetched) promise.catch(() => {}); // reported when awaited below
  const pyodide = await loadPyodide();
  const home = pyodide.FS.cwd();
  for (const [promise, where] of fetched) {
    const data = await promise;
    if (where === "./*") {
      pyodide.unpackArchive(data, "zip", { extractDir: "." });
    } else {
      const path = `${home}/${where.replace(/^\.\//, "")}`;
      pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
      pyodide.FS.writeFile(path, new Uint8Array(data));
    }
  }
  performance.mark("nd-worker-files-unpacked");
  const booted = globalThis.ndPythonBoot;
  const at = (mark) => performance.timeOrigin + mark.startTime;
  const marks = performance.getEntriesByType("mark").map((mark) => ["effect", "mark", [mark.name, at(mark)]]);
  post({ kind: "ops", ops: [["effect", "html", ["data-python-boot", booted?.path ?? "normal"]], ...marks] });
  receive = pyodide.pyimport("app.worker").receive;
  const ready = performance.mark("nd-worker-python-ready");
  post({ kind: "ops", ops: [["effect", "mark", [ready.name, at(ready)]]] });
  forwardLaterMarks(new Set([...marks.map(([, , [name]]) => name), ready.name]));
  while (queue.length) deliver(queue.shift());
}

/** The wrapper's marks made after the start (the snapshot for the next visit:
 * nd-snapshot-making, nd-snapshot-kept or nd-snapshot-not-kept) reach the page too, at their
 * time, as those of the start did. */
function forwardLaterMarks(sent) {
  const at = (mark) => performance.timeOrigin + mark.startTime;
  new PerformanceObserver((list) => {
    for (const mark of list.getEntries()) {
      if (sent.has(mark.name) || !mark.name.startsWith("nd-")) continue;
      sent.add(mark.name);
      post({ kind: "ops", ops: [["effect", "mark", [mark.name, at(mark)]]] });
    }
  }).observe({ type: "mark", buffered: true });
}
