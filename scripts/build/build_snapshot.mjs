// Makes the Pyodide memory snapshot that the game pages restore instead of starting Python
// from scratch. Run by scripts/build/snapshot.py (`make site`), which decides when a new
// one is needed; by hand:
//
//   node scripts/build/build_snapshot.mjs plan.json
//
// plan.json: {"indexURL": "<dir with pyodide.mjs>/", "stdLibURL": "<standard library zip>" or null,
//             "files": {"/fs/path.py": "/host/path.py"}, "preamble": "<Python source>",
//             "out": "<raw snapshot file to write>"}
//
// The plan's files are written into Pyodide's file system where the pages will later unpack
// them, so that the modules' __file__ and tracebacks name the same paths; then the preamble
// imports what every page needs (the rules and the front end; a module may import `js`, whose
// globals a snapshot keeps by their path, but none may touch the page when imported), and
// the memory is saved. The file system itself is not part of the snapshot.

import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { failer, readPlan, startPyodide } from "./pyodide_node.mjs";

const fail = failer("build_snapshot");
const plan = readPlan("build_snapshot.mjs", fail);
const started = performance.now();

const pyodide = await startPyodide(plan, {
  ...(plan.stdLibURL ? { stdLibURL: plan.stdLibURL } : {}),
  _makeSnapshot: true,
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
