"""Site load benchmark: navigation to a playable board, for each game page, in Chromium.

Beside the five game pages it times a floor page that runs nothing but a bare
`loadPyodide()` from the very same files, so the figures say what PyScript, the rules
and the board add on top of starting Python itself. Each round launches Chromium
with a fresh profile (cold visit), then visits the page again (warm visit, HTTP cache
and compiled code kept). Pages are interleaved within each round so a busy machine
slows all of them alike. Prints medians, each ratio to the floor and the bytes a cold
visit transfers. Targets (issue 3): warm within 1.15x of the floor; bytes beyond the
runtime files under 200 KB.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from serve import SITE_DIR, start_server  # noqa: E402

SLUGS = ("circle-duel", "number-circle", "sequence-duel", "digit-chain", "number-duel")
RUNTIME_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
WARM_TARGET = 1.15
EXTRA_BYTES_TARGET = 200_000
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    "--proxy-server=http://127.0.0.1:9",  # nothing but loopback: refused at once
    "--proxy-bypass-list=127.0.0.1",
]
FLOOR_PAGE = b"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Floor: bare loadPyodide()</title></head>
<body><script type="module">
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";
await loadPyodide({ indexURL: "../vendor/pyodide/" });
document.body.dataset.state = "ready";
performance.mark("board-ready");
</script></body></html>
"""
MEASURE = """() => {
  const ready = performance.getEntriesByName('board-ready')[0].startTime;
  const nav = performance.getEntriesByType('navigation')[0];
  const files = performance.getEntriesByType('resource').map(e => [e.name, e.transferSize]);
  return {ready, files: [[nav.name, nav.transferSize], ...files]};
}"""


def visit(page: Any, url: str) -> dict[str, Any]:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    page.goto(url)
    try:
        page.wait_for_function(
            "() => ['ready', 'failed'].includes(document.body.dataset.state)",  # CSP: no eval
            timeout=120_000,
        )
    except PlaywrightTimeout:
        where = page.evaluate(
            "() => [document.body.dataset.state, document.querySelector('#loading')?.dataset.phase,"
            " document.querySelector('#loading-bytes')?.textContent]"
        )
        raise SystemExit(
            f"{url} did not become ready in 120 s (state, phase, bytes: {where})"
        ) from None
    if page.evaluate("document.body.dataset.state") != "ready":
        raise SystemExit(f"{url} failed to load: {page.locator('#loading-reason').inner_text()}")
    return page.evaluate(MEASURE)


def split_bytes(files: list[list[Any]]) -> tuple[int, int, int]:
    """(runtime, PyScript, our own) bytes transferred."""
    runtime = pyscript = own = 0
    for url, size in files:
        name = url.rsplit("/", 1)[-1]
        if "/vendor/pyodide/" in url and name in RUNTIME_FILES:
            runtime += size
        elif "/vendor/pyscript/" in url:
            pyscript += size
        else:
            own += size
    return runtime, pyscript, own


def run(rounds: int, chromium: str) -> dict[str, dict[str, list[Any]]]:
    from playwright.sync_api import sync_playwright

    server, base = start_server(
        SITE_DIR, prefix="/number-duels/", extra={"/bench/floor.html": FLOOR_PAGE}
    )
    pages = {"floor (bare loadPyodide)": f"{base}bench/floor.html"}
    pages |= {slug: f"{base}games/{slug}/" for slug in SLUGS}
    results: dict[str, dict[str, list[Any]]] = {
        name: {"cold": [], "warm": [], "bytes": []} for name in pages
    }
    with sync_playwright() as p:
        for round_no in range(1, rounds + 1):
            for name, url in pages.items():
                with tempfile.TemporaryDirectory(prefix="nd-bench-") as profile:
                    context = p.chromium.launch_persistent_context(
                        profile, executable_path=chromium, args=FLAGS, headless=True
                    )
                    page = context.new_page()
                    cold = visit(page, url)
                    page.goto("about:blank")
                    warm = visit(page, url)
                    context.close()
                results[name]["cold"].append(cold["ready"])
                results[name]["warm"].append(warm["ready"])
                results[name]["bytes"].append(split_bytes(cold["files"]))
            print(f"  round {round_no}/{rounds} done", file=sys.stderr, flush=True)
    server.shutdown()
    return results


def report(results: dict[str, dict[str, list[Any]]], rounds: int) -> bool:
    floor_name = next(iter(results))
    floor_cold = statistics.median(results[floor_name]["cold"])
    floor_warm = statistics.median(results[floor_name]["warm"])
    ok = True
    print(f"\nSite load: navigation -> playable board, median of {rounds} (ms)")
    print(
        f"{'page':26} {'cold':>7} {'x floor':>8} {'warm':>7} {'x floor':>8} "
        f"{'cold bytes':>11} {'beyond runtime':>15} {'(PyScript':>10} {'+ ours)':>8}"
    )
    for name, r in results.items():
        cold, warm = statistics.median(r["cold"]), statistics.median(r["warm"])
        runtime, pyscript, own = r["bytes"][-1]
        beyond = pyscript + own
        is_floor = name == floor_name
        warm_ratio = warm / floor_warm
        if not is_floor:
            ok &= warm_ratio <= WARM_TARGET and beyond < EXTRA_BYTES_TARGET
        print(
            f"{name:26} {cold:7.0f} {cold / floor_cold:7.2f}x {warm:7.0f} {warm_ratio:7.2f}x "
            f"{runtime + beyond:11,d} {beyond:15,d} {pyscript:10,d} {own:8,d}"
        )
    print(
        f"\ntargets: warm <= {WARM_TARGET:.2f}x floor, bytes beyond runtime < "
        f"{EXTRA_BYTES_TARGET // 1000} KB: {'met' if ok else 'NOT met'}"
    )
    return ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Time the game pages against bare Pyodide.")
    parser.add_argument("--rounds", type=int, default=3, help="cold+warm visits per page")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--check", action="store_true", help="exit 1 if a target is missed")
    args = parser.parse_args(argv)
    if not (SITE_DIR / "index.html").is_file():
        raise SystemExit("no _site/: run `make site` first")
    ok = report(run(args.rounds, args.chromium), args.rounds)
    return 0 if ok or not args.check else 1


if __name__ == "__main__":
    sys.exit(main())
