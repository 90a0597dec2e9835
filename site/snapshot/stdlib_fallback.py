"""Safety net of the trimmed standard library: a module it lacks is loaded from the full one.

The pages start Python with a standard library cut to the files they were seen to use
(scripts/build/stdlib_trim.py). Should a page import anything else, this finder, last on
`sys.meta_path`, fetches Pyodide's full `python_stdlib.zip` once (synchronously: an import
cannot wait), writes it beside the trimmed one and loads the module from it, so the page
works, only slower. Each such module is reported (a console warning and the
`data-stdlib-fallback` attribute of <html>), and the end-to-end tests fail on any report.

Built into the trimmed zip as `_nd_stdlib_fallback`, with FULL_ONLY filled in: the modules
that only the full zip has, so that a module missing everywhere fails as usual, at once.
"""

from __future__ import annotations

import sys
import zipimport
from collections.abc import Callable
from typing import Any

FULL_ONLY: frozenset[str] = frozenset()
FULL_ZIP = "/lib/python_stdlib_full.zip"

served: list[str] = []  # modules loaded from the full zip, in the order asked for


class FullStdlibFinder:
    """Finds the modules of FULL_ONLY in the full standard library zip."""

    def __init__(self, fetch: Callable[[], Any], report: Callable[[str], Any]) -> None:
        self.fetch = fetch  # JavaScript: () => Uint8Array of the full zip
        self.report = report  # JavaScript: (module name) => void
        self.ready = False

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> Any:
        if fullname not in FULL_ONLY:
            return None
        if not self.ready:
            with open(FULL_ZIP, "wb") as file:
                file.write(self.fetch().to_bytes())
            self.ready = True
        package = fullname.rpartition(".")[0]
        folder = package.replace(".", "/") + "/" if package else ""
        spec = zipimport.zipimporter(f"{FULL_ZIP}/{folder}").find_spec(fullname)
        if spec is not None:
            served.append(fullname)
            self.report(fullname)
        return spec


def install(fetch: Callable[[], Any], report: Callable[[str], Any]) -> None:
    """Put the finder last on sys.meta_path (once)."""
    if not any(isinstance(finder, FullStdlibFinder) for finder in sys.meta_path):
        sys.meta_path.append(FullStdlibFinder(fetch, report))
