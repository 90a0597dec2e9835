"""Time to a playable page in WebKit and in Firefox, cold and warm, against each engine's floor.

The engines of the cross-engine suite (scripts/browsers/engines.py: WebKitGTK over
WebDriver, Firefox ESR over WebDriver BiDi), on the built site served on loopback
(scripts/serve/site_server.py, gzip as a static host sends it). For a game page and the
floor (a bare `loadPyodide()` from the very same vendored runtime, then `import json,
random`: see bench/_browser.py), each round opens the engine with a fresh profile and
visits the page (cold: a first-time visitor), lets the page finish what it does for the
next visit (the snapshot kept, the service worker in control), then visits it again (warm).
Pages are interleaved so that a busy machine slows all alike; the load average is printed
before and after, since these engines cannot be throttled like Chromium and measure the
machine too.

Prints, per engine: medians of the time from navigation to playable (the page's own
`board-ready` mark), each as a ratio to the same engine's floor in the same run, and how
Python started (snapshot, normal).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from typing import Any

import engines
from _browser import FLOOR_PATH, load_average, require_site, serve_site
from first_visit import SETTLED

FLOOR = "floor (bare loadPyodide)"
# A game page marks `board-ready` itself (as the floor does); the embeds of the tutorial mark
# nothing, and these engines' automation cannot add the observer bench/first_visit.py adds.
PAGES = {FLOOR: FLOOR_PATH, "sequence-duel": "games/sequence-duel/?delay=0"}
READY = """() => {
  const [mark] = performance.getEntriesByName("board-ready");
  return mark ? { ready: mark.startTime, boot: document.documentElement.dataset.pythonBoot || "" }
    : null;
}"""
READY_S = 300  # a cold start in a slow engine on a busy machine


def visit(tab: engines.Tab, url: str) -> dict[str, Any]:
    tab.goto(url)
    found: dict[str, Any] = tab.wait_for(READY, what=f"{url} playable", timeout=READY_S)
    return found


Visits = dict[str, list[dict[str, Any]]]  # "cold"/"warm" -> one READY answer per round


def run(names: list[str], rounds: int) -> tuple[dict[str, str], dict[str, dict[str, Visits]]]:
    """Every page of PAGES, cold then warm, `rounds` times in each engine: (versions, visits)."""
    server, base = serve_site(floor=True)
    versions: dict[str, str] = {}
    results: dict[str, dict[str, Visits]] = {}
    try:
        for engine in names:
            by_page = results.setdefault(engine, {})
            for round_no in range(1, rounds + 1):
                for name, path in PAGES.items():
                    tab = engines.open_tab(engine)
                    try:
                        versions[engine] = tab.version
                        visits = by_page.setdefault(name, {"cold": [], "warm": []})
                        visits["cold"].append(visit(tab, base + path))
                        tab.run(SETTLED)
                        tab.goto("about:blank")
                        visits["warm"].append(visit(tab, base + path))
                    finally:
                        tab.close()
                print(f"  {engine}: round {round_no}/{rounds} done", file=sys.stderr, flush=True)
    finally:
        server.shutdown()
    return versions, results


def report(versions: dict[str, str], results: dict[str, dict[str, Visits]], rounds: int) -> None:
    for engine, by_page in results.items():
        version = versions[engine]
        floor = by_page[FLOOR]
        f_cold = statistics.median(v["ready"] for v in floor["cold"])
        f_warm = statistics.median(v["ready"] for v in floor["warm"])
        print(f"\n{version}: navigation -> playable at loopback, median of {rounds}")
        print(f"{'page':26} {'cold ms':>8} {'x floor':>8} {'warm ms':>8} {'x floor':>8}  started")
        for name in PAGES:
            cold = statistics.median(v["ready"] for v in by_page[name]["cold"])
            warm = statistics.median(v["ready"] for v in by_page[name]["warm"])
            boots = [v["boot"] for v in by_page[name]["cold"] + by_page[name]["warm"]]
            started = "/".join(sorted(set(boots))) or "-"
            print(
                f"{name:26} {cold:8.0f} {cold / f_cold:7.2f}x {warm:8.0f} {warm / f_warm:7.2f}x"
                f"  {started}"
            )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Time to playable in WebKit and Firefox.")
    parser.add_argument("--rounds", type=int, default=2, help="cold+warm visits per page")
    parser.add_argument("--engines", default=",".join(engines.ENGINES), help="webkit,firefox")
    args, _ = parser.parse_known_args(argv)
    require_site()
    absent = engines.missing()
    if absent:
        raise SystemExit("; ".join(absent))
    names = [n for n in args.engines.split(",") if n]
    print(f"load average before: {load_average()}")
    versions, results = run(names, args.rounds)
    report(versions, results, args.rounds)
    print(f"\nload average after: {load_average()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
