"""Lighthouse's performance audit of every game page, the tutorial and the lesson builder.

    .venv/bin/python bench/page_lighthouse.py                  # or `make bench`
    .venv/bin/python bench/page_lighthouse.py --quick          # Sequence Duel (and worker.html)
    .venv/bin/python bench/page_lighthouse.py --pages sequence-duel teach --runs 3
    .venv/bin/python bench/page_lighthouse.py --preset mobile --baseline none

Lighthouse 12.2.3 (audit/'s own npm install, `make audit/node_modules/.installed`) in
Debian's Chromium with the tests' flags, every request but loopback refused, by the command
line `make audit` runs (scripts/browsers/lighthouse_run.py); only the performance
category. The mobile preset (Lighthouse's default: simulated slow 4G, CPU 4x slower) and
the desktop preset. The site is served as GitHub Pages serves it
(scripts/serve/site_server.py: gzip for the compressible types, no CSP header). Today's build
(`--baseline REF`, bench/_baseline.py) is served beside it and measured in the same run,
interleaved page by page, so that a busy machine slows both alike.

Prints per page, preset and build the median over `--runs` of: the performance score, Total
Blocking Time, max potential First Input Delay, Largest Contentful Paint, Cumulative Layout
Shift, the bytes on the wire, and the longest main-thread task with the count of long tasks
(Lighthouse's `long-tasks` audit: simulated durations, at most 20 listed). Target: Total
Blocking Time at most 200 ms on every game page, mobile. Reports are kept in
.build/bench-lighthouse/. The load average is printed before and after.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

from _baseline import add_baseline_option, baseline_site
from _browser import chromium_path, load_average, require_site
from _perf_figures import lighthouse_figures, medians
from lighthouse_run import LIGHTHOUSE, ROOT, lighthouse
from site_server import SITE_DIR, start_server, warm_gzip_cache

REPORTS = ROOT / ".build" / "bench-lighthouse"
SLUGS = ("circle-duel", "number-circle", "sequence-duel", "digit-chain", "number-duel")
# Page name -> its address in the site.
PAGES = {
    **{slug: f"games/{slug}/" for slug in SLUGS},
    "tutorial": "tutorial.html",
    "teach": "teach/",
    # The same games with their Python in a Web Worker beside a main-thread game page (a
    # build made with `ND_GAME_PAGES=page`, or an older one); a build without them (a
    # default one, whose game pages are the worker's) leaves them out.
    **{f"{slug}-worker": f"games/{slug}/worker.html" for slug in SLUGS},
}
PRESETS = ("mobile", "desktop")
TBT_TARGET_MS = 200
BUSY_LOAD = 3.0  # wait for the 1-minute load average to fall under this before starting


def audit(chromium: str, url: str, preset: str, report: Path) -> dict[str, float] | None:
    """One page's figures; a run Lighthouse gives up on (on a busy machine it may time out
    waiting for Chromium) is tried once more, then left out and named in the report."""
    for _attempt in range(2):
        try:
            result = lighthouse(chromium, url, report, ["performance"], preset, timeout_s=900)
            return lighthouse_figures(result)
        except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as error:
            print(f"  Lighthouse failed on {url} ({preset}): {error}", file=sys.stderr)
    return None


def add_quiet_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--quiet-wait",
        type=int,
        default=600,
        metavar="SECONDS",
        help=f"wait at most this long for a load average under {BUSY_LOAD} first (600)",
    )


def wait_for_quiet(most_s: int, limit: float = BUSY_LOAD) -> None:
    """Wait (at most `most_s`) until the machine is not busy with others' work."""
    waited = 0
    while os.getloadavg()[0] >= limit and waited < most_s:
        if waited == 0:
            print(
                f"  load {os.getloadavg()[0]:.1f}: waiting for < {limit}",
                file=sys.stderr,
                flush=True,
            )
        time.sleep(15)
        waited += 15


def page_file(site: Path, address: str) -> Path:
    """The file a page's address serves (a folder's index.html)."""
    return site / (address + "index.html" if address.endswith("/") else address)


def run(
    chromium: str, sites: dict[str, Path], pages: list[str], presets: list[str], runs: int
) -> dict[tuple[str, str, str], list[dict[str, float]]]:
    """Every page, preset and build, `runs` times, interleaved; figures by (page, preset, build)."""
    REPORTS.mkdir(parents=True, exist_ok=True)
    servers = {}
    for name, site in sites.items():
        warm_gzip_cache(site)
        servers[name] = start_server(site)
    found: dict[tuple[str, str, str], list[dict[str, float]]] = {}
    failed: list[str] = []
    try:
        for run_no in range(1, runs + 1):
            for page in pages:
                for preset in presets:
                    for build, (_server, base) in servers.items():
                        if not page_file(sites[build], PAGES[page]).is_file():
                            continue
                        report = REPORTS / f"{page}-{preset}-{build.split()[0]}-{run_no}.json"
                        figures = audit(chromium, base + PAGES[page], preset, report)
                        if figures is None:
                            failed.append(f"{page} {preset} {build}")
                            continue
                        found.setdefault((page, preset, build), []).append(figures)
                        print(
                            f"  {page} {preset} {build}: TBT {figures['tbt_ms']:.0f} ms",
                            file=sys.stderr,
                            flush=True,
                        )
    finally:
        for server, _base in servers.values():
            server.shutdown()
    for what in failed:
        print(f"Lighthouse failed twice, left out: {what}")
    return found


COLUMNS = (
    ("score", "score", "{:.0f}"),
    ("TBT ms", "tbt_ms", "{:,.0f}"),
    ("max FID", "max_fid_ms", "{:,.0f}"),
    ("LCP ms", "lcp_ms", "{:,.0f}"),
    ("CLS", "cls", "{:.3f}"),
    ("MB", "bytes", "{:.2f}"),
    ("longest", "longest_task_ms", "{:,.0f}"),
    ("long tasks", "long_tasks", "{:.0f}"),
)


def report(found: dict[tuple[str, str, str], list[dict[str, float]]], runs: int) -> bool:
    ok = True
    judged = 0
    print(f"\nLighthouse 12.2.3, performance: median of {runs} run(s) per page, preset and build")
    header = f"{'page':14} {'preset':8} {'build':18}" + "".join(
        f" {title:>10}" for title, _k, _f in COLUMNS
    )
    print(header)
    for (page, preset, build), runs_found in found.items():
        figures = medians(runs_found)
        figures["bytes"] /= 1e6
        cells = "".join(f" {fmt.format(figures[key]):>10}" for _t, key, fmt in COLUMNS)
        print(f"{page:14} {preset:8} {build:18}{cells}")
        if (
            build.startswith("this")
            and preset == "mobile"
            and page.removesuffix("-worker") in SLUGS
        ):
            ok &= figures["tbt_ms"] <= TBT_TARGET_MS
            judged += 1
    verdict = ("met" if ok else "NOT met") if judged else "no game page measured on mobile"
    print(
        f"target: Total Blocking Time <= {TBT_TARGET_MS} ms on every game page (mobile),"
        f" this build: {verdict}"
    )
    return ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", nargs="+", choices=list(PAGES), help="default: all")
    parser.add_argument("--runs", type=int, default=1, help="runs per page, preset and build")
    parser.add_argument("--preset", choices=[*PRESETS, "both"], default="both")
    parser.add_argument(
        "--quick",
        action="store_true",
        help="Sequence Duel only (on the page and in a worker), one run",
    )
    parser.add_argument("--site", type=Path, default=SITE_DIR, help="the build to measure")
    parser.add_argument("--chromium", help="the browser (default: the tests')")
    parser.add_argument("--check", action="store_true", help="exit 1 if the target is missed")
    add_baseline_option(parser)
    add_quiet_option(parser)
    args, _ = parser.parse_known_args(argv)  # bench/run.py passes every benchmark the same
    require_site(args.site)
    if not LIGHTHOUSE.exists():
        print(
            "Lighthouse is not installed: run `make audit/node_modules/.installed`", file=sys.stderr
        )
        return 2
    pages = ["sequence-duel", "sequence-duel-worker"] if args.quick else args.pages or list(PAGES)
    runs = 1 if args.quick else args.runs
    presets = list(PRESETS) if args.preset == "both" else [args.preset]
    sites = {"this build": args.site}
    baseline = baseline_site(args.baseline)
    if baseline is not None:
        sites[f"today {baseline[0]}"] = baseline[1]
    wait_for_quiet(args.quiet_wait)
    print(f"load average before: {load_average()}", flush=True)
    started = time.monotonic()
    found = run(chromium_path(args.chromium), sites, pages, presets, runs)
    print(f"load average after: {load_average()} ({time.monotonic() - started:.0f} s)")
    ok = report(found, runs)
    return 0 if ok or not args.check else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
