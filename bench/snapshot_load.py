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

import argparse
import re
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from serve import SITE_DIR, start_server  # noqa: E402

SLUGS = ("circle-duel", "number-circle", "sequence-duel", "digit-chain", "number-duel")
WARM_TARGET = 0.5
COLD_TARGET = 0.6
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


def visit(page: Any, url: str) -> dict[str, Any]:
    page.goto(url)
    page.wait_for_function(
        "() => ['ready', 'failed'].includes(document.body.dataset.state)",  # CSP: no eval
        timeout=120_000,
    )
    if page.evaluate("document.body.dataset.state") != "ready":
        raise SystemExit(f"{url} failed to load")
    return page.evaluate(MEASURE)


def run(rounds: int, chromium: str, site: Path) -> dict[str, dict[str, list[Any]]]:
    from playwright.sync_api import sync_playwright

    extra = {"/bench/floor.html": FLOOR_PAGE}
    for slug in SLUGS:
        built = (site / "games" / slug / "index.html").read_text(encoding="utf-8")
        extra[f"/games/{slug}/plain.html"] = without_snapshot(built).encode()
    server, base = start_server(site, prefix="/number-duels/", extra=extra)
    pages = {"floor": f"{base}bench/floor.html"}
    for slug in SLUGS:
        pages[f"{slug} snapshot"] = f"{base}games/{slug}/"
        pages[f"{slug} plain"] = f"{base}games/{slug}/plain.html"
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
                want = "snapshot" if name.endswith("snapshot") else ""
                if cold["boot"] != want or warm["boot"] != want:
                    raise SystemExit(f"{name}: Python started by {cold['boot']!r}/{warm['boot']!r}")
                results[name]["cold"].append(cold["ready"])
                results[name]["warm"].append(warm["ready"])
                results[name]["bytes"].append(cold["bytes"])
            print(f"  round {round_no}/{rounds} done", file=sys.stderr, flush=True)
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
    parser = argparse.ArgumentParser(description="Time the game pages with and without snapshot.")
    parser.add_argument("--rounds", type=int, default=3, help="cold+warm visits per page")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--check", action="store_true", help="exit 1 if a target is missed")
    parser.add_argument("--site", type=Path, default=SITE_DIR, help="the built site")
    args, _ = parser.parse_known_args(argv)
    if not (args.site / "index.html").is_file():
        raise SystemExit(f"no {args.site}/index.html: run `make site` first")
    ok = report(run(args.rounds, args.chromium, args.site), args.rounds, args.site)
    return 0 if ok or not args.check else 1


if __name__ == "__main__":
    sys.exit(main())
