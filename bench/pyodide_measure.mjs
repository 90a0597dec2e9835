// A benchmark's measurement inside Pyodide (Python 3.14 on WebAssembly) under Node.js:
// loads Pyodide from node_modules, mounts the repository (nothing is written to it), runs
// `measure()` of the bench/ module named on the command line and prints its figures as one
// JSON line.
//
//   node bench/pyodide_measure.mjs solvers
import path from "node:path";
import { fileURLToPath } from "node:url";
import { failer, startRepoPyodide } from "../scripts/build/pyodide_node.mjs";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const MODULE = process.argv[2] ?? "";
const fail = failer("pyodide_measure");
if (!/^[a-z_]+$/.test(MODULE)) {
  fail("usage: node bench/pyodide_measure.mjs MODULE (a bench/ module with measure())");
}
const started = performance.now();
// The import path of `python bench/x.py` with the venv: bench/, the rules and the front end.
const pyodide = await startRepoPyodide(REPO, ["bench", "", "site"], fail);
const loadMs = performance.now() - started;
const result = pyodide.runPython(`
import importlib, json
json.dumps(importlib.import_module("${MODULE}").measure())
`);
const data = JSON.parse(result);
data.pyodide_load_ms = Math.round(loadMs);
console.log(JSON.stringify(data));
