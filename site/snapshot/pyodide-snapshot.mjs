// Pyodide, started from the build-time memory snapshot when it can be (issue 6).
//
// Built as vendor/pyodide/pyodide-snapshot-<id>.mjs, next to pyodide.mjs. The game pages load
// it with a <script type="module"> ahead of PyScript and name it as PyScript's `interpreter`
// (PyScript takes the runtime folder from that URL). It re-exports Pyodide and replaces
// loadPyodide. As soon as it is evaluated it fetches the snapshot (made by scripts/snapshot.py,
// `make site`; the page preloads it), checks and unpacks it, and restores it instead of
// starting CPython and importing the rules from scratch. When it cannot be used (missing,
// corrupt, from another build, refused by Pyodide) Python starts normally, with nothing shown
// to the player.
//
// The path taken is on <html data-python-boot="snapshot|fallback"> and in
// globalThis.ndPythonBoot ({path, reason, ms, pyodide}); a fallback also logs a console warning.

import { loadPyodide as loadPlain } from "./pyodide.mjs";

export * from "./pyodide.mjs";

// Filled in by the build: {file, hash, rawBytes, gzipBytes, buildId}.
const SNAPSHOT = /*@SNAPSHOT@*/ null;
// Pyodide's snapshot header (pyodide.asm.mjs): a magic word, then at words 4..11 the build id.
const MAGIC = 1886286592;
const HEADER_BYTES = 48;
const started = performance.now();
performance.mark("nd-wrapper-loaded");

const snapshotBytes = SNAPSHOT
  ? fetchSnapshot()
  : Promise.reject(new Error("this build has no snapshot"));
snapshotBytes.catch(() => {}); // handled in loadPyodide; never an unhandled rejection

async function fetchSnapshot() {
  const response = await fetch(new URL(SNAPSHOT.file, import.meta.url));
  if (!response.ok) throw new Error(`${SNAPSHOT.file}: HTTP ${response.status}`);
  const data = new Uint8Array(await response.arrayBuffer());
  // A host may have decoded the gzip already (Content-Encoding): look at the bytes, not the name.
  const raw = data[0] === 0x1f && data[1] === 0x8b ? await gunzip(data) : data;
  checkRaw(raw);
  performance.mark("nd-snapshot-unpacked");
  return raw;
}

/** Unpack a gzip file named for this snapshot into a buffer of exactly the expected size. */
async function gunzip(data) {
  const name = gzipName(data);
  if (name !== `nd-snapshot-${SNAPSHOT.hash}`) {
    throw new Error(`the snapshot file is from another build (${name || "unnamed"})`);
  }
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  if (view.getUint32(data.length - 4, true) !== SNAPSHOT.rawBytes % 2 ** 32) {
    throw new Error("the snapshot file has the wrong size");
  }
  const out = new Uint8Array(SNAPSHOT.rawBytes);
  let at = 0;
  const reader = new Blob([data]).stream().pipeThrough(new DecompressionStream("gzip")).getReader();
  for (;;) {
    const { done, value } = await reader.read(); // the CRC-32 is checked at the end
    if (done) break;
    if (at + value.length > out.length) throw new Error("the snapshot is longer than expected");
    out.set(value, at);
    at += value.length;
  }
  if (at !== out.length) throw new Error("the snapshot is shorter than expected");
  return out;
}

/** The file name field of a gzip header (RFC 1952), or "" when there is none. */
function gzipName(data) {
  const FEXTRA = 4;
  const FNAME = 8;
  if (data.length < 18 || data[2] !== 8) return "";
  const flags = data[3];
  let at = 10;
  if (flags & FEXTRA) at += 2 + (data[at] | (data[at + 1] << 8));
  if (!(flags & FNAME)) return "";
  const end = data.indexOf(0, at);
  if (end < 0 || end - at > 200) return "";
  return String.fromCharCode(...data.subarray(at, end));
}

function checkRaw(raw) {
  if (raw.length !== SNAPSHOT.rawBytes || raw.length < HEADER_BYTES) {
    throw new Error("the snapshot has the wrong size");
  }
  const words = new Uint32Array(raw.buffer, raw.byteOffset, HEADER_BYTES / 4);
  if (words[0] !== MAGIC) throw new Error("the snapshot has no Pyodide header");
  const buildId = [...words.subarray(4, 12)].map((w) => w.toString(16).padStart(8, "0")).join("");
  if (buildId !== SNAPSHOT.buildId) throw new Error(`the snapshot is for Pyodide build ${buildId}`);
}

// What a restore freezes: the state of `random` (the same "random" numbers on every visit).
// Re-seed it from the browser's entropy (os.urandom is crypto.getRandomValues). hash() keeps
// its start-up secret, as it must for dicts and sets that already exist.
const AFTER_RESTORE = `
import random, sys
random.seed()
if sys.path[:2] == ["", ""]:  # loadPyodide adds "" again after a restore
    del sys.path[0]
getattr(sys, "_nd_snapshot", None)
`;

function report(path, reason, pyodide) {
  performance.mark("nd-python-ready");
  const ms = Math.round(performance.now() - started);
  document.documentElement.dataset.pythonBoot = path;
  globalThis.ndPythonBoot = { path, reason: reason || "", ms, pyodide };
  if (reason) console.warn(`Python started without its snapshot: ${reason}`);
}

async function start(options) {
  let reason = "";
  let raw = null;
  try {
    raw = await snapshotBytes;
  } catch (error) {
    reason = error.message;
  }
  if (raw) {
    try {
      const pyodide = await loadPlain({ ...options, _loadSnapshot: raw });
      const made = pyodide.runPython(AFTER_RESTORE);
      if (made !== SNAPSHOT.hash) throw new Error(`it holds another build (${made})`);
      report("snapshot", "", pyodide);
      return pyodide;
    } catch (error) {
      reason = `the snapshot could not be restored: ${error.message}`;
    }
  }
  const pyodide = await loadPlain(options);
  report("fallback", reason, pyodide);
  return pyodide;
}

// Python starts as soon as this module is evaluated (the pages load it with a <script> tag
// ahead of PyScript), so that restoring overlaps PyScript's own start-up. PyScript then asks
// for it through loadPyodide() with its output handlers, which are installed on the running
// interpreter. Any other option means a different start: that one is made separately.
const EXPECTED_OPTIONS = new Set(["indexURL", "stdout", "stderr"]);
const here = new URL(".", import.meta.url).href;
let early = start({ indexURL: here });
early.catch(() => {}); // reported when asked for; never an unhandled rejection

export async function loadPyodide(options = {}) {
  const sameDir = !options.indexURL || new URL(options.indexURL + "/", here).href === here;
  const plain = Object.keys(options).every((key) => EXPECTED_OPTIONS.has(key));
  if (!early || !sameDir || !plain) return start(options);
  const pyodide = await early;
  early = null; // one interpreter per call, as with Pyodide's own loadPyodide
  if (options.stdout) pyodide.setStdout({ batched: options.stdout });
  if (options.stderr) pyodide.setStderr({ batched: options.stderr });
  return pyodide;
}
