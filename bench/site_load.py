"""Site load benchmark: navigation to a playable board, for each game page, in Chromium.

Beside the five game pages it times a floor page that runs nothing but a bare
`loadPyodide()` from the very same files, so the figures say what PyScript, the rules
and the board add on top of starting Python itself. Each round launches Chromium
with a fresh profile (cold visit), then visits the page again (warm visit, HTTP cache
and compiled code kept). Pages are interleaved within each round so a busy machine
slows all of them alike. Prints medians, each ratio to the floor and the bytes a cold
visit transfers. Targets: warm within 1.15x of the floor; bytes beyond the
runtime files under 200 KB.
"""

from __future__ import annotations

import statistics
import sys
from typing import Any

from _browser import FLOOR_PATH, chromium_path, cold_and_warm, load_parser, require_site, serve_site
from snapshot import RUNTIME_FILES  # scripts/build/snapshot.py (on the path: make deps)

SLUGS = ("circle-duel", "number-circle", "sequence-duel", "digit-chain", "number-duel")
WARM_TARGET = 1.15
EXTRA_BYTES_TARGET = 200_000
MEASURE = """() => {
  const ready = performance.getEntriesByName('board-ready')[0].startTime;
  const nav = performance.getEntriesByType('navigation')[0];
  const files = performance.getEntriesByType('resource').map(e => [e.name, e.transferSize]);
  return {ready, files: [[nav.name, nav.transferSize], ...files]};
}"""


def split_bytes(files: list[list[Any]]) -> tuple[int, int, int, int]:
    """(runtime, snapshot, PyScript, our own) bytes transferred.

    The memory snapshot is runtime state, not page weight: it is counted on its own,
    not against this page-weight target."""
    runtime = snapshot = pyscript = own = 0
    for url, size in files:
        name = url.rsplit("/", 1)[-1]
        if "/vendor/pyodide/" in url and name in RUNTIME_FILES:
            runtime += size
        elif "/vendor/pyodide/" in url and name.startswith("snapshot-"):
            snapshot += size
        elif "/vendor/pyscript/" in url:
            pyscript += size
        else:
            own += size
    return runtime, snapshot, pyscript, own


def run(rounds: int, chromium: str) -> dict[str, dict[str, list[Any]]]:
    server, base = serve_site(floor=True)
    pages = {"floor (bare loadPyodide)": f"{base}{FLOOR_PATH}"}
    pages |= {slug: f"{base}games/{slug}/" for slug in SLUGS}
    results: dict[str, dict[str, list[Any]]] = {
        name: {"cold": [], "warm": [], "bytes": []} for name in pages
    }
    for name, cold, warm in cold_and_warm(pages, rounds, chromium, MEASURE):
        results[name]["cold"].append(cold["ready"])
        results[name]["warm"].append(warm["ready"])
        results[name]["bytes"].append(split_bytes(cold["files"]))
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
        f"{'cold bytes':>11} {'snapshot':>10} {'beyond runtime':>15} {'(PyScript':>10} "
        f"{'+ ours)':>8}"
    )
    for name, r in results.items():
        cold, warm = statistics.median(r["cold"]), statistics.median(r["warm"])
        runtime, snapshot, pyscript, own = r["bytes"][-1]
        beyond = pyscript + own
        is_floor = name == floor_name
        warm_ratio = warm / floor_warm
        if not is_floor:
            ok &= warm_ratio <= WARM_TARGET and beyond < EXTRA_BYTES_TARGET
        print(
            f"{name:26} {cold:7.0f} {cold / floor_cold:7.2f}x {warm:7.0f} {warm_ratio:7.2f}x "
            f"{runtime + snapshot + beyond:11,d} {snapshot:10,d} {beyond:15,d} {pyscript:10,d} "
            f"{own:8,d}"
        )
    print(
        f"\ntargets: warm <= {WARM_TARGET:.2f}x floor, bytes beyond runtime < "
        f"{EXTRA_BYTES_TARGET // 1000} KB: {'met' if ok else 'NOT met'}"
    )
    return ok


def main(argv: list[str] | None = None) -> int:
    # bench/run.py passes every benchmark the same arguments: ignore the others' options.
    args, _ = load_parser("Time the game pages against bare Pyodide.").parse_known_args(argv)
    require_site()
    ok = report(run(args.rounds, chromium_path(args.chromium)), args.rounds)
    return 0 if ok or not args.check else 1


if __name__ == "__main__":
    sys.exit(main())
