// Gzip files with zopfli (npm @gfx/zopfli, WebAssembly), for scripts/build/precompress.py:
// the same gzip format as `gzip -9`, a few per cent smaller, much slower to make (the build
// keeps each result). By hand:
//
//   node scripts/build/zopfli.mjs plan.json
//
// plan.json: {"zopfli": "<node_modules/@gfx/zopfli>", "iterations": 15,
//             "jobs": [{"source": "<file>", "target": "<file.gz>"}]}

import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { failer, readPlan } from "./pyodide_node.mjs";

const fail = failer("zopfli");
const plan = readPlan("zopfli.mjs", fail);
// The package is CommonJS, found where the plan says (the build names its npm packages once,
// in Python: scripts/build/precompress.py).
const { gzipAsync } = createRequire(import.meta.url)(plan.zopfli);
for (const { source, target } of plan.jobs) {
  const started = performance.now();
  const data = readFileSync(source);
  const packed = await gzipAsync(data, { numiterations: plan.iterations });
  writeFileSync(target, packed);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`zopfli: ${source.split("/").at(-1)} ${data.length} -> ${packed.length} bytes (${seconds} s)`);
}
