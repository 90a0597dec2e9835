// PyScript, started without eval, so that the pages' Content Security Policy needs no
// 'unsafe-eval'.
//
// PyScript 0.7.31 compiles its worker hooks into one function with `Function(...)`
// (createFunction in @pyscript/core's src/hooks.js, reached through the lazy getters
// `hooks.worker.onBeforeRunAsync` etc. in src/core.js). Polyscript reads those getters
// for every script it starts, also on the main thread (the `Hook` built in
// polyscript's esm/custom.js), and PyScript registers one worker hook of its own (it
// sets up the `_pyscript` module inside workers). Python runs on the main thread here
// and never starts a worker, so that hook is removed before any script starts
// (PyScript reads the hooks only once the interpreter has loaded): with no hook to
// compile, nothing is compiled.
import { hooks } from "../vendor/pyscript/core.js";

hooks.worker.onBeforeRunAsync.clear();

// Where PyScript's start-up goes, as performance marks beside the nd-* marks of the runtime
// (pyodide-snapshot.mjs) and of the page: the interpreter has loaded the page's files
// (nd-pyscript-ready), then PyScript's own Python package is imported (nd-pyscript-package),
// just before the page's script runs.
hooks.main.onReady.add(() => performance.mark("nd-pyscript-ready"));
hooks.main.codeBeforeRunAsync.add('__import__("js").performance.mark("nd-pyscript-package")');
