// Runs the rules tests inside Pyodide (CPython 3.14 compiled to WebAssembly) under Node.js,
// to prove that py_rules works where the browser front ends import it.
//
//   node tests/pyodide/run.mjs                 # the whole rules suite (what `make test-pyodide` runs)
//   node tests/pyodide/run.mjs tests/test_x.py -k undo   # any pytest arguments instead of `tests`
//
// Offline: Pyodide comes from node_modules (npm ci), pytest and Hypothesis from the pure-Python
// wheels that `make test-pyodide` downloads into .build/pyodide-wheels (pins in requirements.txt).
// The repository is mounted into Pyodide's file system; nothing is written back to it.

import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { REPO_MOUNT as MOUNT, failer, startRepoPyodide } from "../../scripts/build/pyodide_node.mjs";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const PINS = path.join(REPO, "tests/pyodide/requirements.txt");
const WHEELS = path.join(REPO, ".build/pyodide-wheels");

// Fixed pytest arguments. -p no:cacheprovider: no .pytest_cache/ in the mounted repository.
// conftest_wasm (beside this file) registers the "wasm" Hypothesis profile. Tests marked
// no_wasm (subprocesses, terminals, browsers) are deselected, not skipped.
const PYTEST_ARGS = [
  "-p", "no:cacheprovider",
  "-p", "conftest_wasm",
  "--hypothesis-profile=wasm",
  "-m", "not no_wasm",
];

// One clear line and exit status 2 for a setup problem, instead of a stack trace.
const fail = failer("test-pyodide");

function seconds(since) {
  return ((performance.now() - since) / 1000).toFixed(1);
}

// The wheel files for the pins in requirements.txt ("name==version" lines), or a failure naming
// the missing ones. Checking each pin catches a stale download as well as a missing one.
function pinnedWheels() {
  const present = (() => {
    try {
      return readdirSync(WHEELS).filter((name) => name.endsWith(".whl"));
    } catch {
      return [];
    }
  })();
  const wheels = [];
  const missing = [];
  for (const line of readFileSync(PINS, "utf8").split("\n")) {
    const pin = line.replace(/#.*/, "").trim();
    if (!pin) continue;
    const [name, version] = pin.split("==");
    // Wheel file names spell the project name in lower case with "_" for "-" and "." (PEP 491).
    const prefix = `${name.toLowerCase().replace(/[-_.]+/g, "_")}-${version}-`;
    const wheel = present.find((file) => file.toLowerCase().startsWith(prefix));
    if (wheel) wheels.push(wheel);
    else missing.push(pin);
  }
  if (missing.length) {
    const what = wheels.length ? `no wheel for ${missing.join(", ")}` : "no pytest/Hypothesis wheels";
    fail(`${what} in ${path.relative(REPO, WHEELS)}/: run \`make test-pyodide\`, which downloads them`);
  }
  return wheels;
}

// Python's stdout/stderr go straight to Node's, byte for byte, so pytest's progress and its
// closing summary line appear as they would on CPython (and CI can read the summary).
function writer(stream) {
  return {
    isatty: Boolean(stream.isTTY),
    write(buffer) {
      stream.write(Buffer.from(buffer)); // copy: the buffer is a view into WebAssembly memory
      return buffer.length;
    },
  };
}

const wheels = pinnedWheels();

// The repository and this folder (for conftest_wasm) importable; nothing written to it.
const started = performance.now();
const pyodide = await startRepoPyodide(REPO, ["", "tests/pyodide"], fail, {
  env: {
    HYPOTHESIS_STORAGE_DIRECTORY: "/tmp/hypothesis", // in memory, not .hypothesis/ in the repo
    COLUMNS: String(process.stdout.columns || 100), // pytest's line width
  },
});
pyodide.setStdout(writer(process.stdout));
pyodide.setStderr(writer(process.stderr));
const loadSeconds = seconds(started);

// unpackArchive extracts into the working directory unless told otherwise: name site-packages.
const unpacking = performance.now();
const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
for (const wheel of wheels) {
  const bytes = new Uint8Array(readFileSync(path.join(WHEELS, wheel)));
  pyodide.unpackArchive(bytes, "wheel", { extractDir: sitePackages });
}
console.log(
  `test-pyodide: Python ${pyodide.runPython("import platform; platform.python_version()")} ` +
    `on WebAssembly loaded in ${loadSeconds} s, ${wheels.length} wheels unpacked in ` +
    `${seconds(unpacking)} s`,
);

// Run pytest from the repository root, so paths given on the command line mean what they mean
// for CPython's pytest.
const runPytest = pyodide.runPython(`
import os

os.chdir("${MOUNT}")


def run_pytest(args):
    import pytest

    return int(pytest.main(list(args)))


run_pytest
`);
const userArgs = process.argv.slice(2);
const status = runPytest([...PYTEST_ARGS, ...(userArgs.length ? userArgs : ["tests"])]);
runPytest.destroy();

// pytest's own status: 0 passed, 1 failures, 5 no test collected (also a failure here: a run
// that deselected everything proves nothing).
process.exitCode = status;
