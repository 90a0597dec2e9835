// The solver benchmark inside Pyodide (Python 3.14 on WebAssembly) under Node.js: loads
// Pyodide from node_modules, mounts the repository read-only in spirit (nothing is written),
// runs bench/solvers.py's measure() and prints its figures as one JSON line.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const started = performance.now();
const pyodide = await loadPyodide({ env: { PYTHONDONTWRITEBYTECODE: "1" } });
const loadMs = performance.now() - started;
pyodide.mountNodeFS("/repo", REPO);
const result = pyodide.runPython(`
import json, sys
sys.dont_write_bytecode = True
sys.path[:0] = ["/repo", "/repo/bench"]
import solvers
results = solvers.measure()
json.dumps(results)
`);
const data = JSON.parse(result);
data.pyodide_load_ms = Math.round(loadMs);
console.log(JSON.stringify(data));
