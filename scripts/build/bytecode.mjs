// Compiles the pages' Python to bytecode with the Python of the very Pyodide the pages run
// (bytecode.py, beside this, does the work inside it). Run by precompile.py (`make site`);
// by hand:
//
//   node scripts/build/bytecode.mjs plan.json
//
// plan.json: {"indexURL": "<dir with pyodide.mjs>/", "script": "<scripts/build/bytecode.py>",
//             "jobs": [{"source": "<zip of .py files>", "target": "<zip to write>",
//                       "mountedAt": "<where the pages find its files>",
//                       "oneLine": true (optional: one line per function),
//                       "pyscript": "<@pyscript/core/src/stdlib/pyscript.js>" (optional)}]}
//
// A job with "pyscript" also gets __pycache__ bytecode for PyScript's own `pyscript` package,
// which PyScript writes as source into the working directory when it starts.

import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { failer, readPlan, startPyodide } from "./pyodide_node.mjs";

const fail = failer("bytecode");
const plan = readPlan("bytecode.mjs", fail);

// No column positions in the code objects: smaller bytecode (see scripts/build/bytecode.py).
const pyodide = await startPyodide(plan, {
  env: { HOME: "/home/pyodide", PYTHONNODEBUGRANGES: "1" },
});
pyodide.FS.writeFile("/tmp/bytecode.py", readFileSync(plan.script));
pyodide.runPython("import sys; sys.path.insert(0, '/tmp')");
const bytecode = pyodide.pyimport("bytecode");

/** PyScript's package as {relative path: source text}, from its build artifact. */
async function pyscriptSources(artifact) {
  const tree = (await import(pathToFileURL(artifact).href)).default;
  const files = {};
  const walk = (node, base) => {
    for (const [name, value] of Object.entries(node)) {
      const rel = base ? `${base}/${name}` : name;
      if (typeof value === "string") {
        if (rel.endsWith(".py")) files[rel] = value;
      } else walk(value, rel);
    }
  };
  walk(tree, "");
  return files;
}

for (const job of plan.jobs) {
  pyodide.FS.writeFile("/tmp/source.zip", readFileSync(job.source));
  let extra = null;
  if (job.pyscript) {
    const sources = pyodide.toPy(await pyscriptSources(job.pyscript));
    extra = bytecode.cached_bytecode(sources, job.mountedAt);
    sources.destroy();
  }
  const count = bytecode.compile_zip.callKwargs("/tmp/source.zip", "/tmp/target.zip", job.mountedAt, extra, {
    one_line: Boolean(job.oneLine),
  });
  extra?.destroy();
  writeFileSync(job.target, pyodide.FS.readFile("/tmp/target.zip"));
  console.log(`bytecode: ${path.basename(job.target)}: ${count} modules compiled`);
}
