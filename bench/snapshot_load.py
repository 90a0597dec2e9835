"""Snapshot load benchmark (issue 6): time to a playable board with and without the snapshot.

For each game page, in one run on the same Chromium: the page as built (Python restored
from the build-time memory snapshot) and the same page without it (PyScript starting the
plain `pyodide.mjs`, as before issue 6), beside a floor page that runs nothing but a bare
`loadPyodide()` from the same files. Each round launches Chromium with a fresh profile
(cold visit), then visits the page again (warm: HTTP cache and compiled code kept); pages
are interleaved so a busy machine slows all of them alike. Prints medians, ratios to the
floor and to the page without the snapshot, and the bytes a cold visit transfers.
Targets: warm <= 0.5x the floor, cold <= 0.6x, and a first visit downloads no more extra
than the gzip snapshot.
"""

from __future__ import annotations

import re
import statistics
import sys
from pathlib import Path
from typing import Any

from _browser import (
    FLOOR_PATH,
    SITE_DIR,
    chromium_path,
    cold_and_warm,
    load_parser,
    require_site,
    serve_site,
)

SLUGS = ("circle-duel", "number-circle", "sequence-duel", "digit-chain", "number-duel")
WARM_TARGET = 0.5
COLD_TARGET = 0.6
MEASURE = """() => {
  const ready = performance.getEntriesByName('board-ready')[0].startTime;
  const nav = performance.getEntriesByType('navigation')[0];
  const files = performance.getEntriesByType('resource').map(e => e.transferSize);
  return {ready, bytes: [nav.transferSize, ...files].reduce((a, b) => a + b, 0),
          boot: document.documentElement.dataset.pythonBoot || ''};
}"""


def without_snapshot(page: str) -> str:
    """A built game page as it was before the snapshot: PyScript starts plain pyodide.mjs."""
    page = re.sub(r'\s*<link rel="preload" href="[^"]*/snapshot-[^"]*"[^>]*>', "", page)
    wrapper_tag = r'\s*<script type="module" src="[^"]*/pyodide-snapshot-[^"]*"></script>'
    page = re.sub(wrapper_tag, "", page)
    page, count = re.subn(r"pyodide-snapshot-[0-9a-f]+\.mjs", "pyodide.mjs", page)
    assert count == 1, "the page names the snapshot wrapper as its interpreter"
    return page


def run(rounds: int, chromium: str, site: Path) -> dict[str, dict[str, list[Any]]]:
    extra: dict[str, bytes] = {}
    for slug in SLUGS:
        built = (site / "games" / slug / "index.html").read_text(encoding="utf-8")
        extra[f"/games/{slug}/plain.html"] = without_snapshot(built).encode()
    server, base = serve_site(site, extra, floor=True)
    pages = {"floor": f"{base}{FLOOR_PATH}"}
    for slug in SLUGS:
        pages[f"{slug} snapshot"] = f"{base}games/{slug}/"
        pages[f"{slug} plain"] = f"{base}games/{slug}/plain.html"
    results: dict[str, dict[str, list[Any]]] = {
        name: {"cold": [], "warm": [], "bytes": []} for name in pages
    }
    for name, cold, warm in cold_and_warm(pages, rounds, chromium, MEASURE):
        want = "snapshot" if name.endswith("snapshot") else ""
        if cold["boot"] != want or warm["boot"] != want:
            raise SystemExit(f"{name}: Python started by {cold['boot']!r}/{warm['boot']!r}")
        results[name]["cold"].append(cold["ready"])
        results[name]["warm"].append(warm["ready"])
        results[name]["bytes"].append(cold["bytes"])
    server.shutdown()
    return results


def report(results: dict[str, dict[str, list[Any]]], rounds: int, site: Path) -> bool:
    med = {
        name: {k: statistics.median(v) for k, v in r.items() if k != "bytes"}
        | {"bytes": int(statistics.median(r["bytes"]))}
        for name, r in results.items()
    }
    floor = med["floor"]
    (gz,) = (site / "vendor" / "pyodide").glob("snapshot-*.gz")
    gz_bytes = gz.stat().st_size
    ok = True
    print(f"\nSnapshot: navigation -> playable board, median of {rounds} (ms)")
    print(
        f"{'page':24} {'cold':>6} {'x floor':>8} {'warm':>6} {'x floor':>8} "
        f"{'x plain':>8} {'cold bytes':>11} {'extra':>10}"
    )
    print(f"{'floor (bare loadPyodide)':24} {floor['cold']:6.0f} {'':8} {floor['warm']:6.0f}")
    for slug in SLUGS:
        snap, plain = med[f"{slug} snapshot"], med[f"{slug} plain"]
        extra = snap["bytes"] - plain["bytes"]
        for label, m in (("snapshot", snap), ("plain", plain)):
            print(
                f"{slug + ' ' + label:24} {m['cold']:6.0f} {m['cold'] / floor['cold']:7.2f}x "
                f"{m['warm']:6.0f} {m['warm'] / floor['warm']:7.2f}x "
                f"{m['warm'] / plain['warm']:7.2f}x {m['bytes']:11,d} "
                f"{extra if label == 'snapshot' else 0:10,d}"
            )
        ok &= snap["warm"] <= WARM_TARGET * floor["warm"]
        ok &= snap["cold"] <= COLD_TARGET * floor["cold"]
        ok &= extra <= gz_bytes
    snap_warm = statistics.median(med[f"{s} snapshot"]["warm"] for s in SLUGS)
    snap_cold = statistics.median(med[f"{s} snapshot"]["cold"] for s in SLUGS)
    plain_warm = statistics.median(med[f"{s} plain"]["warm"] for s in SLUGS)
    plain_cold = statistics.median(med[f"{s} plain"]["cold"] for s in SLUGS)
    print(
        f"\nall games: snapshot cold {snap_cold:.0f} ms ({snap_cold / floor['cold']:.2f}x floor, "
        f"{snap_cold / plain_cold:.2f}x plain), warm {snap_warm:.0f} ms "
        f"({snap_warm / floor['warm']:.2f}x floor, {snap_warm / plain_warm:.2f}x plain); "
        f"gzip snapshot {gz_bytes:,d} bytes"
    )
    print(
        f"targets: warm <= {WARM_TARGET}x floor, cold <= {COLD_TARGET}x floor, extra download "
        f"<= gzip snapshot: {'met' if ok else 'NOT met'}"
    )
    return ok


def main(argv: list[str] | None = None) -> int:
    parser = load_parser("Time the game pages with and without snapshot.")
    parser.add_argument("--site", type=Path, default=SITE_DIR, help="the built site")
    args, _ = parser.parse_known_args(argv)
    require_site(args.site)
    ok = report(run(args.rounds, chromium_path(args.chromium), args.site), args.rounds, args.site)
    return 0 if ok or not args.check else 1


if __name__ == "__main__":
    sys.exit(main())
