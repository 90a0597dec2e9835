"""How long the main thread is held during play: Python on the page against Python in a worker.

    python bench/page_worker_play.py [--rates 1 4] [--games sequence-duel:40 ...] [--site DIR]
                                     [--cpu]

Each game page is opened as built: Python in a Web Worker (assets/page-worker.js), the only
game page of a default build, and Python on the page's main thread (PyScript) where the build
has it too (`ND_GAME_PAGES=page make site` puts it at the game's address, the worker's beside
it; bench/_browser.py, python_places).
A person plays a whole game against
the perfect computer (`?delay=0`: it answers at once), pressing the first legal button each
turn, with the CPU unthrottled and throttled (Chromium's `Emulation.setCPUThrottlingRate`).
Printed for each: the time to a playable board (from navigation, the HTTP cache warm), the
longest main-thread task after it, how many exceed 50 and 100 ms, and the worst press-to-paint
(Event Timing: an event's duration is from the press to the next paint after its handlers).
With `--cpu`, also the same from a Chromium trace in the main thread's own time (thread time:
the throttling counts, another process's work on the machine hardly does), so that a busy
machine still gives figures; Playwright's own queries of the page run there too, and count.
Targets (issue: Python never holds the page): throttled 4x no task over 100 ms and every press
painted within 200 ms; unthrottled no task over 50 ms.
Number Duel is left out: its hand is arranged before play, which a first-legal-button player
does not do.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from _browser import (
    FLAGS,
    add_chromium_option,
    chromium_path,
    e2e_helper,
    load_average,
    python_places,
    require_site,
    serve_site,
)
from _perf_figures import main_thread_cpu
from playwright.sync_api import expect
from site_server import SITE_DIR

GamePage = e2e_helper("gamepage").GamePage  # the e2e tests' driver: the page's parts and signals

GAMES = ("circle-duel", "number-circle", "sequence-duel", "sequence-duel:40", "digit-chain")
MAX_PRESSES = 200
# Every main-thread task over 50 ms, and every event's press-to-paint, from now on.
RECORD = """() => {
  window.ndLong = [];
  window.ndEvents = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.ndLong.push(entry.duration);
  }).observe({ type: "longtask" });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.ndEvents.push(entry.duration);
  }).observe({ type: "event", durationThreshold: 16 });
}"""
# The trace's categories that hold the main thread's tasks with their thread time (--cpu).
TRACED = ["toplevel", "devtools.timeline", "disabled-by-default-devtools.timeline"]
READY_MS = "() => performance.getEntriesByName('board-ready')[0]?.startTime ?? null"


def press_first_legal(page: Any, gp: GamePage) -> bool:
    """Click the first legal board button (else choice; a choice first after a half move) and
    wait until the page took it.
    By CSS selectors, not by accessible names: Playwright's role queries run on the page's
    main thread (10-45 ms each at CPU 4x on Sequence Duel 40's board), which this measures."""
    # A half move (Number Circle's number, pressed) is finished on the choices (+ or -).
    half_move = page.locator('#targets button[aria-pressed="true"]').count()
    for where in ("#choices", "#targets") if half_move else ("#targets", "#choices"):
        legal = page.locator(f'{where} button[aria-disabled="false"]')
        if legal.count():
            key = legal.first.get_attribute("data-key")
            button = page.locator(f"{where} button[data-key={json.dumps(key)}]")
            break
    else:
        return False
    before = gp.history.count()
    button.click()
    half = button.and_(page.locator('[aria-pressed="true"]'))
    expect(half.or_(gp.history.nth(before)).first).to_be_attached()
    return True


def play(
    page: Any, base: str, slug: str, file: str, size: str | None, rate: float, cpu: bool = False
) -> dict[str, Any]:
    page.goto(f"{base}games/{slug}/{file}?delay=0", wait_until="commit")
    gp = GamePage(page, slug).wait_ready()
    ready = page.evaluate(READY_MS)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    fields = {"mode": "cpu2", "level": "perfect", "first": "1", "name1": "", "name2": ""}
    if size:
        fields["size"] = size
    gp.new_game(**fields)
    page.evaluate(RECORD)
    browser = page.context.browser
    if cpu:
        browser.start_tracing(page=page, categories=TRACED)
    presses = 0
    while gp.wait_for_my_turn() != "over" and presses < MAX_PRESSES:
        if not press_first_legal(page, gp):
            break
        presses += 1
    long_tasks = page.evaluate("window.ndLong")
    events = page.evaluate("window.ndEvents")
    tasks = main_thread_cpu(browser.stop_tracing()) if cpu else []
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    return {
        "cpu": max(tasks, default=0),
        "cpu50": sum(ms > 50 for ms in tasks),
        "cpu100": sum(ms > 100 for ms in tasks),
        "ready": ready,
        "longest": max(long_tasks, default=0),
        "over50": sum(ms > 50 for ms in long_tasks),
        "over100": sum(ms > 100 for ms in long_tasks),
        "paint": max(events, default=0),
        "presses": presses,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rates", type=float, nargs="+", default=[1, 4])
    parser.add_argument("--games", nargs="+", default=list(GAMES), help="slug or slug:size")
    parser.add_argument("--site", type=Path, default=SITE_DIR, help="the build to measure")
    parser.add_argument(
        "--cpu",
        action="store_true",
        help="also the main thread's tasks in thread time, from a trace (longest, >50, >100 ms)",
    )
    add_chromium_option(parser)
    args = parser.parse_args(argv)
    require_site(args.site)
    from playwright.sync_api import sync_playwright

    server, base = serve_site(args.site)
    where = python_places(args.site)
    print(f"{args.site}, load average before: {load_average()}", flush=True)
    print(
        f"{'game':<18} {'python':<7} {'cpu':>4} {'ready ms':>9} {'longest':>8} "
        f"{'>50':>4} {'>100':>5} {'press-paint':>12} {'presses':>8}"
        + (f" {'thread longest':>15} {'>50':>4} {'>100':>5}" if args.cpu else "")
    )
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium_path(args.chromium), args=FLAGS)
            for game in args.games:
                slug, _, size = game.partition(":")
                for rate in args.rates:
                    for name, file in where.items():
                        context = browser.new_context(viewport={"width": 1280, "height": 800})
                        page = context.new_page()
                        r = play(page, base, slug, file, size or None, rate, args.cpu)
                        context.close()
                        print(
                            f"{game:<18} {name:<7} {rate:>3g}x {r['ready']:>9.0f} "
                            f"{r['longest']:>8.0f} {r['over50']:>4} {r['over100']:>5} "
                            f"{r['paint']:>12.0f} {r['presses']:>8}"
                            + (
                                f" {r['cpu']:>15.1f} {r['cpu50']:>4} {r['cpu100']:>5}"
                                if args.cpu
                                else ""
                            ),
                            flush=True,
                        )
            browser.close()
    finally:
        server.shutdown()
    print(f"load average after: {load_average()}")


if __name__ == "__main__":
    main()
