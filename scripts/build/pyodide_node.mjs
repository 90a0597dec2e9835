// What every script that runs Python in Pyodide under Node.js shares: a way to stop with a
// message; for the build scripts, the plan a Python script wrote for them (its path is the
// first argument) and Pyodide started from the plan's build (`indexURL`) with Python's output
// on the console; for the tests and benchmarks (tests/pyodide/run.mjs,
// bench/pyodide_measure.mjs), Pyodide from node_modules with the repository mounted and its
// import path set, here once.
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

/** A function that stops the script `name` with a message (exit status 2). */
export function failer(name) {
  return (message) => {
    console.error(`${name}: ${message}`);
    process.exit(2);
  };
}

/** The plan (JSON) named on the command line of scripts/`script`. */
export function readPlan(script, fail) {
  const planPath = process.argv[2];
  if (!planPath) fail(`usage: node scripts/${script} plan.json`);
  return JSON.parse(readFileSync(planPath, "utf8"));
}

/** Pyodide from the plan's build; `options` add to (or replace) loadPyodide's. */
export async function startPyodide(plan, options = {}) {
  const url = pathToFileURL(path.join(plan.indexURL, "pyodide.mjs")).href;
  const { loadPyodide } = await import(url);
  return loadPyodide({
    indexURL: plan.indexURL,
    stdout: (line) => console.log(line),
    stderr: (line) => console.error(line),
    ...options,
  });
}

/** Where the repository appears inside Pyodide (`startRepoPyodide`). */
export const REPO_MOUNT = "/repo";

/**
 * Pyodide from the npm package in node_modules (`npm ci`), the repository folder `repo`
 * mounted at REPO_MOUNT, and its folders `paths` ("" for its top) first on the import path.
 * Nothing is written to the repository: no bytecode, in the environment and in `sys`.
 * `options` add to loadPyodide's (`env` adds to the environment); `fail` says what to run
 * when the package is missing.
 */
export async function startRepoPyodide(repo, paths, fail, options = {}) {
  let loadPyodide;
  try {
    ({ loadPyodide } = await import("pyodide"));
  } catch (error) {
    if (error?.code !== "ERR_MODULE_NOT_FOUND") throw error;
    fail("the npm package pyodide is missing: run `npm ci`");
  }
  const pyodide = await loadPyodide({
    ...options,
    env: { PYTHONDONTWRITEBYTECODE: "1", ...options.env },
  });
  pyodide.mountNodeFS(REPO_MOUNT, repo);
  const importPath = JSON.stringify(paths.map((folder) => path.posix.join(REPO_MOUNT, folder)));
  pyodide.runPython(
    `import json, sys\nsys.dont_write_bytecode = True\nsys.path[:0] = json.loads(${JSON.stringify(importPath)})`,
  );
  return pyodide;
}
