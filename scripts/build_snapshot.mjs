// Makes the Pyodide memory snapshot that the game pages restore instead of starting Python
// from scratch. Run by scripts/snapshot.py (`make site`), which decides when a new
// one is needed; by hand:
//
//   node scripts/build_snapshot.mjs plan.json
//
// plan.json: {"indexURL": "<dir with pyodide.mjs>/", "stdLibURL": "<standard library zip>" or null,
//             "files": {"/fs/path.py": "/host/path.py"}, "preamble": "<Python source>",
//             "out": "<raw snapshot file to write>"}
//
// The plan's files are written into Pyodide's file system where the pages will later unpack
// them, so that the modules' __file__ and tracebacks name the same paths; then the preamble (pure
// Python, no JavaScript access: the JS side of a snapshot is not restored) imports what every
// page needs, and the memory is saved. The file system itself is not part of the snapshot.

import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

function fail(message) {
  console.error(`build_snapshot: ${message}`);
  process.exit(2);
}

const planPath = process.argv[2];
if (!planPath) fail("usage: node scripts/build_snapshot.mjs plan.json");
const plan = JSON.parse(readFileSync(planPath, "utf8"));
const started = performance.now();

const { loadPyodide } = await import(pathToFileURL(path.join(plan.indexURL, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: plan.indexURL,
  ...(plan.stdLibURL ? { stdLibURL: plan.stdLibURL } : {}),
  _makeSnapshot: true,
  stdout: (line) => console.log(line),
  stderr: (line) => console.error(line),
});

for (const [target, source] of Object.entries(plan.files)) {
  pyodide.FS.mkdirTree(path.posix.dirname(target));
  pyodide.FS.writeFile(target, readFileSync(source));
}
try {
  pyodide.runPython(plan.preamble, { filename: "<snapshot preamble>" });
} catch (error) {
  fail(`the preamble failed:\n${error.message}`);
}
const snapshot = pyodide.makeMemorySnapshot();

mkdirSync(path.dirname(plan.out), { recursive: true });
const partial = `${plan.out}.partial`;
writeFileSync(partial, snapshot);
renameSync(partial, plan.out);
console.log(
  `build_snapshot: ${(snapshot.length / 1e6).toFixed(1)} MB in ` +
    `${((performance.now() - started) / 1000).toFixed(1)} s`,
);
