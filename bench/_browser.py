"""What the browser benchmarks share: the built site on loopback, Chromium, and page visits.

Not a benchmark itself: bench/run.py skips modules whose name starts with "_". The server
(scripts/serve/site_server.py) and Chromium (scripts/browsers/chromium.py) are on the path
through the virtual environment's .pth file (`make deps`).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
import tempfile
from collections.abc import Iterator, Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

from chromium import CHROMIUM_FLAGS, CHROMIUM_MISSING, find_chromium, proxy_flags
from site_server import SITE_DIR, ByteMeter, start_server, warm_gzip_cache

E2E = Path(__file__).resolve().parents[1] / "e2e"
PREFIX = "/number-duels/"
# Nothing but loopback: every other request goes to a port where nothing listens.
FLAGS = [*CHROMIUM_FLAGS, *proxy_flags()]
# Served beside games/, under the same rules as the site: nothing but a bare `loadPyodide()`
# from the very same files (with Pyodide's full standard library, its `.zip` sent as it is)
# and the two imports every game needs.
FLOOR_PATH = "bench/floor.html"
FLOOR_PAGE = b"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Floor: bare loadPyodide()</title></head>
<body><script type="module" src="floor.mjs"></script></body></html>
"""
# A file of its own, as the pages' Content-Security-Policy would want (no inline script).
FLOOR_SCRIPT = b"""import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";
const pyodide = await loadPyodide({ indexURL: "../vendor/pyodide/" });
pyodide.runPython("import json, random");
document.body.dataset.state = "ready";
performance.mark("board-ready");
"""


def e2e_helper(name: str) -> ModuleType:
    """A helper module of the browser tests (e2e/<name>.py, such as `gamepage`: presses by
    accessible name), loaded from its file once. e2e/ itself stays off the import path: it
    would make the tests' conftest.py everyone's module `conftest`."""
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, E2E / f"{name}.py")
        assert spec is not None and spec.loader is not None, name
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


def python_places(site: Path = SITE_DIR) -> dict[str, str]:
    """Where a game page's Python runs ("worker", "page": its main thread) -> the file of that
    page in games/<slug>/ ("": the game's address), as this build has them
    (scripts/build/build_site.py): only the worker's page at the address by default; with
    `ND_GAME_PAGES=page` the main thread's page there and the worker's beside it
    (worker.html); an older build may have the worker's at the address and the main
    thread's beside it (page.html)."""
    game = site / "games" / "circle-duel"
    if (game / "worker.html").is_file():
        return {"page": "", "worker": "worker.html"}
    if (game / "page.html").is_file():
        return {"page": "page.html", "worker": ""}
    return {"worker": ""}


def require_site(site: Path = SITE_DIR) -> None:
    if not (site / "index.html").is_file():
        raise SystemExit(f"no {site}/index.html: run `make site` first")


def load_average() -> str:
    """The 1, 5 and 15 minute load averages: how busy the machine was (2 cores here), printed
    beside every figure a benchmark measures."""
    return " ".join(f"{n:.1f}" for n in os.getloadavg())


def add_chromium_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--chromium", help="the browser to run (default: $CHROMIUM, else chromium on the PATH)"
    )


def load_parser(description: str) -> argparse.ArgumentParser:
    """The options of the page-load benchmarks: rounds, Chromium and --check."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--rounds", type=int, default=3, help="cold+warm visits per page")
    add_chromium_option(parser)
    parser.add_argument("--check", action="store_true", help="exit 1 if a target is missed")
    return parser


def chromium_path(given: str | None) -> str:
    """The --chromium given, else the one e2e runs (scripts/browsers/chromium.py)."""
    found = given or find_chromium()
    if found is None:
        raise SystemExit(CHROMIUM_MISSING)
    return found


def serve_site(
    site: Path = SITE_DIR,
    extra: Mapping[str, bytes] | None = None,
    *,
    floor: bool = False,
    meter: ByteMeter | None = None,
) -> tuple[Any, str]:
    """Serve the built site on loopback under PREFIX (with the floor page): (server, base URL).
    `meter` counts the bytes the server sends."""
    floor_files = {f"/{FLOOR_PATH}": FLOOR_PAGE, "/bench/floor.mjs": FLOOR_SCRIPT}
    files = floor_files if floor else {}
    warm_gzip_cache(site)
    return start_server(site, prefix=PREFIX, extra={**files, **(extra or {})}, meter=meter)


def wait_ready(page: Any, what: str) -> None:
    """Wait until the page is ready to play (or the floor page has loaded); exit if it is not."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function(
            "() => ['ready', 'failed'].includes(document.body?.dataset.state)",  # CSP: no eval
            timeout=120_000,
        )
    except PlaywrightTimeout:
        where = page.evaluate(
            "() => [document.body.dataset.state, document.querySelector('#loading')?.dataset.phase,"
            " document.querySelector('#loading-bytes')?.textContent]"
        )
        raise SystemExit(
            f"{what} did not become ready in 120 s (state, phase, bytes: {where})"
        ) from None
    if page.evaluate("document.body.dataset.state") != "ready":
        raise SystemExit(f"{what} failed to load: {page.locator('#loading-reason').inner_text()}")


def visit(page: Any, url: str, measure: str) -> Any:
    page.goto(url)
    wait_ready(page, url)
    return page.evaluate(measure)


def cold_and_warm(
    pages: Mapping[str, str], rounds: int, chromium: str, measure: str
) -> Iterator[tuple[str, Any, Any]]:
    """Visit every page cold then warm, `rounds` times over; yield (name, cold, warm) each time.

    Each visit pair launches Chromium with a fresh profile (cold visit), then visits the page
    again (warm: HTTP cache and compiled code kept). Pages are interleaved within each round
    so a busy machine slows all of them alike. `measure` is evaluated in the ready page.
    """
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        for round_no in range(1, rounds + 1):
            for name, url in pages.items():
                with tempfile.TemporaryDirectory(prefix="nd-bench-") as profile:
                    context = p.chromium.launch_persistent_context(
                        profile, executable_path=chromium, args=FLAGS, headless=True
                    )
                    page = context.new_page()
                    cold = visit(page, url, measure)
                    page.goto("about:blank")
                    warm = visit(page, url, measure)
                    context.close()
                yield name, cold, warm
            print(f"  round {round_no}/{rounds} done", file=sys.stderr, flush=True)
