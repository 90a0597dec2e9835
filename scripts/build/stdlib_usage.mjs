// Finds which files of Pyodide's standard library the pages use, by running what the pages run,
// in Pyodide under Node.js. Run by stdlib_trim.py (`make site`), which builds the trimmed
// standard library zip from the answer; by hand:
//
//   node scripts/build/stdlib_usage.mjs plan.json
//
// plan.json: {"indexURL": "<dir with pyodide.mjs>/", "bundle": "<the site's Python bundle zip>",
//             "pyscript": "<@pyscript/core/src/stdlib.js>" (only where a page starts PyScript),
//             "exercise": "<Python file>",
//             "out": "<JSON file to write>"}
//
// The steps follow a page's start: Pyodide starts (its own bootstrap imports), PyScript (in a
// build with pages that start it) writes and imports its `pyscript` package (its browser-only
// JavaScript modules are stand-ins here), the bundle is unpacked the way PyScript unpacks it, then the exercise file runs through
// runPythonAsync (as PyScript runs a page's script): it imports every front-end module and plays
// every game in every mode with hints, saves and links. The answer is every module file loaded
// from the standard library zip, as paths inside the zip (frozen modules are not loaded from it).

import { readFileSync, writeFileSync } from "node:fs";
import { failer, readPlan, startPyodide } from "./pyodide_node.mjs";
import { pathToFileURL } from "node:url";

const fail = failer("stdlib_usage");
const plan = readPlan("stdlib_usage.mjs", fail);
const started = performance.now();

/** A JavaScript object that answers every property, call and construction with itself. */
function standIn(known = {}) {
  const target = function () {};
  const proxy = new Proxy(target, {
    get(_, key) {
      if (Object.hasOwn(known, key)) return known[key];
      if (key === "then") return undefined; // not a promise
      if (key === Symbol.toPrimitive) return () => "";
      if (key === "toString" || key === "valueOf") return () => "";
      if (key === "length") return 0;
      return proxy;
    },
    apply: () => proxy,
    construct: () => proxy,
    has: () => true,
  });
  return proxy;
}

const pyodide = await startPyodide(plan);

// PyScript's start-up, where a page of the build starts PyScript (the plan names its package;
// a build whose pages all run Python in a worker does not): its Python package, imported at
// once, with its JavaScript side stood in.
if (plan.pyscript) {
  pyodide.registerJsModule("_pyscript", standIn());
  pyodide.registerJsModule("polyscript", standIn({ config: {}, js_modules: {}, workers: {} }));
  for (const name of ["document", "window", "localStorage", "sessionStorage", "location"]) {
    globalThis[name] ??= standIn();
  }
  const { stdlib } = await import(pathToFileURL(plan.pyscript).href);
  try {
    pyodide.runPython(stdlib, { filename: "<pyscript stdlib>" });
  } catch (error) {
    console.warn(`stdlib_usage: PyScript's package did not import fully here: ${error.message}`);
  }
}

// The page's files, unpacked as PyScript unpacks `"files": {"bundle.zip": "./*"}`.
pyodide.unpackArchive(new Uint8Array(readFileSync(plan.bundle)), "zip", { extractDir: "." });

try {
  await pyodide.runPythonAsync(readFileSync(plan.exercise, "utf8"), { filename: plan.exercise });
} catch (error) {
  fail(`the exercise failed:\n${error.message}`);
}

// Frozen modules (built into the runtime: os, io, codecs, site, importlib's bootstrap, ...) name
// a file in the zip but are never read from it: they are left out.
const files = pyodide.runPython(`
import sys
_zip = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip/"
_files = (
    getattr(m, "__file__", None)
    for m in list(sys.modules.values())
    if getattr(getattr(m, "__spec__", None), "origin", None) != "frozen"
)
sorted({f[len(_zip):] for f in _files if isinstance(f, str) and f.startswith(_zip)})
`).toJs();
writeFileSync(plan.out, JSON.stringify({ files }, null, 1) + "\n");
console.log(
  `stdlib_usage: ${files.length} standard library files in ` +
    `${((performance.now() - started) / 1000).toFixed(1)} s`,
);
