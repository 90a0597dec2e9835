"""The runtime's downloads that a game page's worker starts all at once, as soon as it runs.

Left to themselves they come at the end of a chain, each request waiting for the one before:
the worker's script (assets/python-worker.mjs) imports the runtime wrapper, the wrapper
imports Pyodide's module, and only once both have come and run do the wasm, Pyodide's script,
the standard library and the Python bundle start. Over a link of 150 ms each link of that
chain costs a round trip or more while the line is idle. The page's config names them (its
`early` list, from the names the build gave the files) and the worker asks for all of them
with its first import; the wrapper and Pyodide then get the responses already under way (the
worker's fetch hands each over once) or the modules already loaded: one download each.

Not `<link rel="preload">` in the page's <head>: the page's preload is the document's, and
the worker's own request reuses it only through the HTTP cache, which WebKit did not (every
file downloaded once more); and seven long downloads from <head> took the connections and the
line that the board's own files need.

The list is checked against the code that fetches the files (tests/test_early_downloads.py).
"""

from __future__ import annotations

from precompress import SUFFIX  # a gzipped file's name: <name>.gz

# What the runtime wrapper (site/snapshot/pyodide-snapshot.mjs) loads beside itself: Pyodide's
# module (its static import), the runtime's script that module imports, and the wasm.
RUNTIME_BESIDE_WRAPPER = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")


def early(
    root: str, interpreter: str, stdlib: str, files: list[str], packed: set[str]
) -> list[str]:
    """The files a worker page's Python loads as it starts, besides its `interpreter` (the
    wrapper, a path from the site's root, which the worker imports first), as URLs relative to
    the page (`root`: the way up to the site's root): what the wrapper loads beside itself,
    the standard library `stdlib` (its file name, as sent), then each of `files` (the page's
    config, paths from the root), as `<name>.gz` where `packed` says the build gzipped it."""
    folder = interpreter.rsplit("/", 1)[0] + "/"
    names = [folder + name for name in (*RUNTIME_BESIDE_WRAPPER, stdlib)]
    names += [name + SUFFIX if name in packed else name for name in files]
    return [root + name for name in names]
