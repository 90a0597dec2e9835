// A benchmark's measurement inside Pyodide (Python 3.14 on WebAssembly) under Node.js:
// loads Pyodide from node_modules, mounts the repository (nothing is written to it), runs
// `measure()` of the bench/ module named on the command line and prints its figures as one
// JSON line.
//
//   node bench/pyodide_measure.mjs solvers
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const MODULE = process.argv[2] ?? "";
if (!/^[a-z_]+$/.test(MODULE)) {
  console.error("usage: node bench/pyodide_measure.mjs MODULE (a bench/ module with measure())");
  process.exit(2);
}
const started = performance.now();
const pyodide = await loadPyodide({ env: { PYTHONDONTWRITEBYTECODE: "1" } });
const loadMs = performance.now() - started;
pyodide.mountNodeFS("/repo", REPO);
const result = pyodide.runPython(`
import importlib, json, sys
sys.dont_write_bytecode = True
sys.path[:0] = ["/repo", "/repo/bench"]
json.dumps(importlib.import_module("${MODULE}").measure())
`);
const data = JSON.parse(result);
data.pyodide_load_ms = Math.round(loadMs);
console.log(JSON.stringify(data));
