"""Where a warm start goes: each step of Python's start on a game page's second and third
visits, the worker's page beside the page that runs Python on its main thread, in one run.

Needs a build made with `ND_GAME_PAGES=page make site` (the main thread's page at the game's
address, the worker's beside it as worker.html). Served on loopback as GitHub Pages serves
the site (scripts/serve/site_server.py), no throttling: a warm visit reads the runtime from
the service worker's cache and Python from the memory snapshot the first visit kept, so
the network plays no part. Each page gets a fresh profile: a cold visit, then, once its
work for the next visit is done (the snapshot kept, the service worker in control), two
warm visits with the saved game removed (the board the build drew shows again).

Per warm visit, ms from navigation: every `nd-*` mark the page holds, the worker's own
forwarded at their time (the runtime wrapper's: loaded, the kept snapshot read, the wasm
compile started and done, restored, Python ready; the worker host's: its script, the page's
boot message, the bundle unpacked, `app.worker` imported), the runtime files' fetches (from
the resource timing of where Python runs: the worker's, or the page's), and the moment
the page is playable (`<body data-state="ready">`). The figures are medians over
`--rounds`; the load average is printed beside them, since every time here depends on it.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

from _browser import (
    FLAGS,
    PREFIX,
    add_chromium_option,
    chromium_path,
    load_average,
    python_places,
    require_site,
    serve_site,
)
from site_server import SITE_DIR

TIMEOUT_MS = 180_000
# Installed before the page's own scripts: marks when the page says it is playable.
READY_MARK = """(() => {
  new MutationObserver((records, seen) => {
    if (document.body?.dataset.state === 'ready') {
      performance.mark('bench-ready');
      seen.disconnect();
    }
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-state'] });
})();"""
# After the cold visit: the work for the next visit is done (the snapshot kept or not, the
# service worker in control), as bench/early_board.py waits for it.
SETTLED = """async () => {
  const done = () => ['nd-snapshot-kept', 'nd-snapshot-not-kept']
    .some((name) => performance.getEntriesByName(name).length > 0);
  while (!done()) await new Promise((r) => setTimeout(r, 100));
  if (window.ndOffline && await ndOffline.registered) await navigator.serviceWorker.ready;
  return true;
}"""
MARKS = """() => Object.fromEntries(performance.getEntriesByType('mark')
  .filter((m) => m.name.startsWith('nd-') || m.name.startsWith('bench-'))
  .map((m) => [m.name, m.startTime]))"""
# The runtime's files as fetched where Python runs, on the page's clock: [name, start, end].
PAGE_FETCHES = """() => performance.getEntriesByType('resource')
  .filter((e) => e.name.includes('/vendor/pyodide/') || e.name.includes('/py/')
    || e.name.includes('python-worker'))
  .map((e) => [e.name.split('/').pop(), e.startTime, e.responseEnd])"""
WORKER_FETCHES = """import js
origin = js.performance.timeOrigin
result = [
    [str(e.name).split("/")[-1], e.startTime, e.responseEnd, origin]
    for e in js.performance.getEntriesByType("resource")
    if "/vendor/pyodide/" in e.name or "/py/" in e.name
]
"""
# The worker's marks are on the page (a build before `nd-worker-start-delivered` and
# `nd-worker-board-posted` has only the earlier ones).
WORKER_MARKS_IN = """() => {
  const has = (name) => performance.getEntriesByName(name).length > 0;
  return has('nd-worker-board-posted')
    || (has('nd-worker-python-ready') && !has('nd-worker-start-delivered'));
}"""
# The steps shown, in the order a start takes them (a mark missing on a kind of page: "-").
STEPS = (
    "nd-worker-start-sent",
    "nd-worker-loaded",
    "nd-worker-boot",
    "nd-wrapper-loaded",
    "nd-snapshot-cache-read",
    "pyodide.asm.mjs fetched",
    "pyodide.asm.wasm fetched",
    "nd-wasm-instantiate",
    "nd-wasm-instantiated",
    "nd-restored",
    "nd-python-ready",
    "nd-worker-files-unpacked",
    "nd-worker-python-ready",
    "nd-worker-start-delivered",
    "nd-worker-board-posted",
    "bench-ready",
)


def fetches(page: Any, kind: str) -> dict[str, float]:
    """When each runtime file's fetch ended (ms from navigation), where Python runs."""
    found: dict[str, float] = {}
    if kind == "worker":
        page_origin = page.evaluate("performance.timeOrigin")
        rows = page.evaluate("(code) => window.ndPython.run(code)", WORKER_FETCHES)
        for name, _start, end, origin in rows:
            found[f"{name} fetched"] = end + origin - page_origin
    else:
        for name, _start, end in page.evaluate(PAGE_FETCHES):
            found[f"{name} fetched"] = end
    return {name.replace(".gz", ""): at for name, at in found.items()}


def warm_visit(page: Any, url: str, kind: str) -> dict[str, Any]:
    page.evaluate("() => { try { localStorage.clear(); } catch {} }")
    page.goto("about:blank")
    page.goto(url)
    page.wait_for_function(
        "() => performance.getEntriesByName('bench-ready').length > 0", timeout=TIMEOUT_MS
    )
    if kind == "worker":  # the worker's last marks come after its ops, after the page's ready
        page.wait_for_function(WORKER_MARKS_IN, timeout=TIMEOUT_MS)
    marks: dict[str, Any] = page.evaluate(MARKS)
    marks.update(fetches(page, kind))
    marks["boot"] = page.evaluate("() => document.documentElement.dataset.pythonBoot ?? ''")
    return marks


def visits(p: Any, chromium: str, url: str, kind: str, warm: int) -> list[dict[str, Any]]:
    """A cold visit in a fresh profile, then `warm` warm ones; the warm visits' figures."""
    with tempfile.TemporaryDirectory(prefix="nd-bench-") as profile:
        context = p.chromium.launch_persistent_context(
            profile, executable_path=chromium, args=FLAGS, headless=True
        )
        context.add_init_script(READY_MARK)
        page = context.new_page()
        try:
            page.goto(url)
            page.wait_for_function(
                "() => performance.getEntriesByName('bench-ready').length > 0",
                timeout=TIMEOUT_MS,
            )
            page.evaluate(SETTLED)
            return [warm_visit(page, url, kind) for _ in range(warm)]
        finally:
            context.close()


def ms(value: float | None) -> str:
    return "-" if value is None else f"{value:,.0f}"


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="circle-duel", help="comma-separated slugs")
    parser.add_argument("--rounds", type=int, default=3, help="profiles per page")
    parser.add_argument("--site", type=Path, default=SITE_DIR, help="the built site to serve")
    parser.add_argument(
        "--baseline", type=Path, help="another build, measured in the same run, interleaved"
    )
    add_chromium_option(parser)
    args, _ = parser.parse_known_args(argv)  # `make bench` passes every benchmark's options
    require_site(args.site)
    places = python_places(args.site)
    if "page" not in places:  # `make bench` on a default build: nothing to compare with
        print("-- skipped: this build has no main-thread page (ND_GAME_PAGES=page make site)")
        return 0
    from playwright.sync_api import sync_playwright

    server, base = serve_site(args.site)
    servers, bases = [server], {"": base}
    if args.baseline:
        require_site(args.baseline)
        other, bases["baseline "] = serve_site(args.baseline)
        servers.append(other)
    chromium = chromium_path(args.chromium)
    kinds = {
        f"{build}{kind}": f"{build}{name}"
        for build in bases
        for kind, name in (("worker", "worker page"), ("page", "main-thread page"))
    }
    results: dict[tuple[str, str, int], list[dict[str, Any]]] = {}
    print(f"load average before: {load_average()}", flush=True)
    try:
        with sync_playwright() as p:
            for round_no in range(1, args.rounds + 1):
                for slug in args.games.split(","):
                    for kind in kinds:
                        build, _, where = kind.rpartition(" ")
                        url = f"{bases[build and build + ' ']}games/{slug}/{places[where]}"
                        try:
                            found = visits(p, chromium, url, where, 2)
                        except Exception as error:  # Playwright's: say which, go on
                            print(f"  {slug} {kind} failed: {error}", file=sys.stderr)
                            continue
                        for n, marks in enumerate(found, 1):
                            results.setdefault((slug, kind, n), []).append(marks)
                        print(
                            f"  round {round_no}: {slug} {kinds[kind]}: ready at "
                            + ", ".join(ms(v.get("bench-ready")) for v in found)
                            + f" ms ({'/'.join(v['boot'] for v in found)}; load {load_average()})",
                            file=sys.stderr,
                            flush=True,
                        )
    finally:
        for running in servers:
            running.shutdown()
    print(f"load average after: {load_average()}")
    for slug in args.games.split(","):
        columns = [(kind, n) for n in (1, 2) for kind in kinds if (slug, kind, n) in results]
        print(f"\n{slug}: ms from navigation, median of {args.rounds} (warm visit 1, 2)")
        print(
            "  "
            + "; ".join(f"{i}: {kinds[kind]}, warm {n}" for i, (kind, n) in enumerate(columns, 1))
        )
        head = "".join(f"{i:>8}" for i in range(1, len(columns) + 1))
        print(f"{'step':28}{head}")
        for step in STEPS:
            row = ""
            for kind, n in columns:
                values = [v[step] for v in results[(slug, kind, n)] if step in v]
                row += f"{ms(statistics.median(values) if values else None):>8}"
            print(f"{step.removeprefix(PREFIX):28}{row}")
        boots = {
            i: sorted({v["boot"] for v in results[(slug, kind, n)]})
            for i, (kind, n) in enumerate(columns, 1)
        }
        print(f"{'python start':28}{boots}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
