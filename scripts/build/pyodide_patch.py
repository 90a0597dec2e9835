"""One change to Pyodide's pyodide.asm.mjs as the build copies it: the shared memory of its
synchronous sleep is made on first use instead of when the module loads.

Pyodide makes a one-page `WebAssembly.Memory({shared: true})` at load for `syncSleep`, which
only Node.js calls (retrying a read that said EAGAIN). Its buffer is a SharedArrayBuffer, and
Chromium reports every page that makes one without cross-origin isolation ("SharedArrayBuffer
will require cross-origin isolation", a deprecation Lighthouse's best practices count). The
pages never call it, so made lazily it is never made; where it is called, it behaves as
before (a failure to make it fails the sleep, as a failed wait did). The build stops if the
code is not found exactly once (a new Pyodide), rather than ship an unchanged file silently.
The file stays under Pyodide's license (MPL-2.0); the notice below says what changed.
"""

from __future__ import annotations

import re

TARGET = "pyodide.asm.mjs"
EAGER = re.compile(
    r"var (?P<buf>[\w$]+)=new Int32Array\(new WebAssembly\.Memory\("
    r"\{shared:!0,initial:1,maximum:1\}\)\.buffer\);"
    r"function (?P<sleep>[\w$]+)\((?P<t>[\w$]+)\)\{try\{return Atomics\.wait\("
    r"(?P=buf),0,0,(?P=t)\),!0\}catch\{return!1\}\}"
)
LAZY = (
    "var {buf};function {sleep}({t}){{try{{return {buf}??=new Int32Array(new "
    "WebAssembly.Memory({{shared:!0,initial:1,maximum:1}}).buffer),"
    "Atomics.wait({buf},0,0,{t}),!0}}catch{{return!1}}}}"
)
NOTICE = (
    "/* Changed by Number Duels' build (scripts/build/pyodide_patch.py): syncSleep's shared memory "
    "is made on first use, not at load. */\n"
)


class PatchNotApplicable(Exception):
    """Pyodide's code is not what the patch expects."""


def patched(source: str) -> str:
    """pyodide.asm.mjs with its sleep's shared memory made lazily, and a notice saying so."""
    found = list(EAGER.finditer(source))
    if len(found) != 1:
        raise PatchNotApplicable(
            f"{TARGET}: expected syncSleep's eager shared memory once, found {len(found)}"
        )
    match = found[0]
    lazy = LAZY.format(**match.groupdict())
    return NOTICE + source[: match.start()] + lazy + source[match.end() :]
