// What the build scripts that run Python in Pyodide under Node.js share: the plan a Python
// script wrote for them (its path is the first argument), a way to stop with a message, and
// Pyodide started from the plan's build (`indexURL`) with Python's output on the console.
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
