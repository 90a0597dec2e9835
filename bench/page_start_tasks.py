"""The main thread's tasks while a worker game page starts, in thread time, CPU throttled.

    .venv/bin/python bench/page_start_tasks.py [--pages sequence-duel number-duel teach]
                                               [--rate 4] [--runs 3] [--baseline REF|none]
                                               [--fresh]

What Lighthouse's Total Blocking Time adds up, measured so that a busy machine still gives
figures: each page (a game's worker page, or the lesson builder `teach`) is opened in a
fresh Chromium context, its HTTP cache warm from one visit before, with the CPU throttled
(`Emulation.setCPUThrottlingRate`, 4 by default as Lighthouse's mobile preset simulates) and
traced with the categories Lighthouse records (the invalidation tracking included, which
makes every change to the page cost what it costs under Lighthouse). From navigation until
the page is ready (Python drew its board, or the lesson builder's preview) and a second
after, it prints per page and build the median over `--runs` of: the longest main-thread
task in thread time (the time the thread itself ran: the throttling lengthens it as a
slower CPU would, another process's work on the machine hardly does), the tasks over 50 ms,
and the blocking time (each task's time over 50 ms, summed, as Total Blocking Time counts
it, here from navigation on and in thread time). Another commit's build (`--baseline REF`,
bench/_baseline.py; by default main before the worker pages' start was made cheaper) is
measured in the same run, interleaved; a build without worker pages is left out. The load
average is printed before and after.

The warming visit saves a game, so by default the measured visit is one with a save (the
build's board hidden, Python drawing its own). `--fresh` empties the page's storage after
the warming visit: the measured visit is a first one, as Lighthouse's (the build's board
shown, `<html data-nd-board="fresh">`, checked). Also printed: the task that handled the
worker's largest message (Python's first drawing), the style recalculation forced inside
it, and the next task that renders a frame, so that work moved from the one into the other
is not taken for a cut.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path
from typing import Any

from _baseline import baseline_site
from _browser import (
    FLAGS,
    add_chromium_option,
    chromium_path,
    load_average,
    python_places,
    require_site,
    serve_site,
)
from _perf_figures import largest_message_task, main_thread_cpu
from site_server import SITE_DIR

# main before the worker pages' start was made cheaper (the build's board drawn once, the
# page sent after its first frame, Python's first draw applied in place).
DEFAULT_BASELINE = "a59a0de"
# Lighthouse's own trace categories (lighthouse-core's gather/driver/trace), less the
# screenshots and the sampling profiler.
TRACED = [
    "-*",
    "disabled-by-default-lighthouse",
    "loading",
    "v8",
    "v8.execute",
    "blink.user_timing",
    "blink.console",
    "devtools.timeline",
    "disabled-by-default-devtools.timeline",
    "disabled-by-default-devtools.timeline.frame",
    "disabled-by-default-devtools.timeline.stack",
    "disabled-by-default-devtools.timeline.invalidationTracking",
    "toplevel",
]
LINGER_MS = 1000  # traced after the page is ready
READY = """() => document.body?.dataset.state === "ready"
  || document.querySelector(".lesson-builder")?.dataset.lesson === "ready" """


def address(site: Path, page: str) -> str | None:
    """The page's address in `site` (None: that build has no worker game pages)."""
    if page == "teach":
        return "teach/"
    worker = python_places(site).get("worker")
    return None if worker is None else f"games/{page}/{worker}"


def visit(
    browser: Any, url: str, rate: float, keep: Path | None, fresh: bool
) -> tuple[list[float], dict[str, float]]:
    """One throttled, traced start of `url` (its HTTP cache warmed by a visit before; with
    `fresh`, its storage emptied after it); its trace kept as `keep` if given."""
    context = browser.new_context(viewport={"width": 412, "height": 823}, device_scale_factor=1.75)
    page = context.new_page()
    page.goto(url)
    page.wait_for_function(READY, timeout=180_000)
    if fresh:
        page.evaluate("() => localStorage.clear()")
    page.goto("about:blank")
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    browser.start_tracing(page=page, categories=TRACED)
    page.goto(url)
    page.wait_for_function(READY, timeout=180_000)
    page.wait_for_timeout(LINGER_MS)  # a measurement's window, not a synchronisation
    trace = browser.stop_tracing()
    board = page.evaluate("() => document.documentElement.dataset.ndBoard ?? null")
    if fresh and board not in ("fresh", None):
        raise SystemExit(f"{url}: not a fresh visit (data-nd-board={board})")
    if keep is not None:
        keep.write_bytes(trace)
    found = main_thread_cpu(trace), largest_message_task(trace)
    context.close()
    return found


def figures(found: list[float], batch: dict[str, float]) -> dict[str, float]:
    return {
        "longest": max(found, default=0),
        "over50": sum(ms > 50 for ms in found),
        "blocking": sum(ms - 50 for ms in found if ms > 50),
        **batch,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", nargs="+", default=["sequence-duel", "number-duel", "teach"])
    parser.add_argument("--rate", type=float, default=4)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--site", type=Path, default=SITE_DIR, help="the build to measure")
    parser.add_argument(
        "--baseline",
        default=DEFAULT_BASELINE,
        help=f"a git ref whose build is measured beside, or none ({DEFAULT_BASELINE})",
    )
    parser.add_argument("--traces", type=Path, help="keep every trace in this folder")
    parser.add_argument(
        "--fresh", action="store_true", help="measure a first visit (no save), as Lighthouse's"
    )
    add_chromium_option(parser)
    args, _ = parser.parse_known_args(argv)
    require_site(args.site)
    from playwright.sync_api import sync_playwright

    sites = {"this build": args.site}
    baseline = baseline_site(args.baseline)
    if baseline is not None:
        sites[f"today {baseline[0]}"] = baseline[1]
    servers = {name: serve_site(site) for name, site in sites.items()}
    found: dict[tuple[str, str], list[dict[str, float]]] = {}
    print(f"load average before: {load_average()}", flush=True)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium_path(args.chromium), args=FLAGS)
            for run_no in range(1, args.runs + 1):
                for page in args.pages:
                    for name, (_server, base) in servers.items():
                        where = address(sites[name], page)
                        if where is None:
                            continue
                        url = base + where
                        keep = None
                        if args.traces:
                            args.traces.mkdir(parents=True, exist_ok=True)
                            keep = args.traces / f"{page}-{name.split()[0]}-{run_no}.json"
                        result = figures(*visit(browser, url, args.rate, keep, args.fresh))
                        found.setdefault((page, name), []).append(result)
                        print(
                            f"  run {run_no} {page} {name}: {result}", file=sys.stderr, flush=True
                        )
            browser.close()
    finally:
        for server, _base in servers.values():
            server.shutdown()
    print(f"load average after: {load_average()}")
    visit_kind = "fresh visit" if args.fresh else "with a save"
    print(
        f"\nmain-thread tasks while the page starts ({visit_kind}),"
        f" CPU {args.rate:g}x, thread time, median of {args.runs}"
    )
    print(
        f"{'page':14} {'build':18} {'longest ms':>11} {'tasks > 50':>11} {'blocking ms':>12}"
        f" {'batch ms':>9} {'its style':>9} {'frame ms':>9}"
    )
    for (page, name), runs in found.items():
        median = {key: statistics.median(r[key] for r in runs) for key in runs[0]}
        print(
            f"{page:14} {name:18} {median['longest']:>11.1f} {median['over50']:>11.0f}"
            f" {median['blocking']:>12.1f} {median['batch']:>9.1f} {median['batch_style']:>9.1f}"
            f" {median['frame']:>9.1f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
