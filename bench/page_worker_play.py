"""How long the main thread is held during play: Python on the page against Python in a worker.

    python bench/page_worker_play.py [--rates 1 4] [--games sequence-duel:40 ...]

Each game page is opened twice, as built: Python on the page's main thread (PyScript) and
Python in a Web Worker (assets/page-worker.js), whichever of them is the game's address
(`ND_GAME_PAGES=worker make site` puts the worker's there; bench/_browser.py, python_places).
A person plays a whole game against
the perfect computer (`?delay=0`: it answers at once), pressing the first legal button each
turn, with the CPU unthrottled and throttled (Chromium's `Emulation.setCPUThrottlingRate`).
Printed for each: the time to a playable board (from navigation, the HTTP cache warm), the
longest main-thread task after it, how many exceed 50 and 100 ms, and the worst press-to-paint
(Event Timing: an event's duration is from the press to the next paint after its handlers).
Targets (issue: Python never holds the page): throttled 4x no task over 100 ms and every press
painted within 200 ms; unthrottled no task over 50 ms.
Number Duel is left out: its hand is arranged before play, which a first-legal-button player
does not do.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from _browser import (
    FLAGS,
    add_chromium_option,
    chromium_path,
    python_places,
    require_site,
    serve_site,
)
from site_server import SITE_DIR

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e"))
from gamepage import GamePage  # e2e/gamepage.py: presses by accessible name

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
READY_MS = "() => performance.getEntriesByName('board-ready')[0]?.startTime ?? null"


def play(
    page: Any, base: str, slug: str, file: str, size: str | None, rate: float
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
    presses = 0
    while gp.wait_for_my_turn() != "over" and presses < MAX_PRESSES:
        legal = gp.legal() or gp.legal("#choices")
        if not legal:
            break
        if gp.legal():
            gp.press(legal[0])
        else:
            gp.choice(legal[0]).click()
        presses += 1
    long_tasks = page.evaluate("window.ndLong")
    events = page.evaluate("window.ndEvents")
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    return {
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
    add_chromium_option(parser)
    args = parser.parse_args(argv)
    require_site()
    from playwright.sync_api import sync_playwright

    server, base = serve_site()
    where = python_places(SITE_DIR)
    print(
        f"{'game':<18} {'python':<7} {'cpu':>4} {'ready ms':>9} {'longest':>8} "
        f"{'>50':>4} {'>100':>5} {'press-paint':>12} {'presses':>8}"
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
                        r = play(page, base, slug, file, size or None, rate)
                        context.close()
                        print(
                            f"{game:<18} {name:<7} {rate:>3g}x {r['ready']:>9.0f} "
                            f"{r['longest']:>8.0f} {r['over50']:>4} {r['over100']:>5} "
                            f"{r['paint']:>12.0f} {r['presses']:>8}",
                            flush=True,
                        )
            browser.close()
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
