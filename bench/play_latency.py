"""How long the main thread is held while a game is played: long tasks and press-to-paint.

    .venv/bin/python bench/play_latency.py            # or `make bench`: the perfect computer
    .venv/bin/python bench/play_latency.py --full     # every computer level
    .venv/bin/python bench/play_latency.py --games sequence-duel --baseline none

Each game page (and Sequence Duel at size 40 besides its default 20) is opened in Chromium
with `?delay=0`, served as GitHub Pages serves it, and loaded again before each game (so
that every game is a first game: no solver cache filled by the one before). After the page
says it is ready, for each computer level, unthrottled and then with the CPU slowed 4x
(DevTools protocol `Emulation.setCPUThrottlingRate`), one game is played by real clicks, as
e2e/test_games.py plays: New game against the computer, the computer moving first; Hint on
the first turn, waiting for its words; the first legal choice on every turn until the game
is over; then the review of the finished game in the move list, until no move reads
"reviewing…". A PerformanceObserver installed before the page's own scripts records every
long task (`longtask`: a main-thread task over 50 ms) and every Event Timing entry of 16 ms
or more (`event`, durationThreshold 16: an interaction's duration runs from the press to
the next paint, what Interaction to Next Paint takes); each is counted in the phase it
started in: "play" (the computer's moves and the person's presses), "hint" and "review".

Prints per game, level, CPU rate and build: the longest task and the count over 50 ms and
over 100 ms, the worst press-to-next-paint, and the longest task while the hint was computed
and while the review ran. Today's build (`--baseline REF`, bench/_baseline.py) is played in
the same run, page by page beside this one. Targets: throttled 4x no task over 100 ms and
every press painted within 200 ms; unthrottled no task over 50 ms.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from _baseline import add_baseline_option, baseline_site
from _browser import FLAGS, chromium_path, load_average, require_site, serve_site, wait_ready
from _perf_figures import Phase, Worst, overall, worst_by_phase
from page_lighthouse import add_quiet_option, wait_for_quiet
from site_server import SITE_DIR

LEVELS = ("easy", "medium", "perfect")
THROTTLES = (1, 4)
REVIEW_TIMEOUT_MS = 600_000  # a long review, throttled, on a busy machine
TURN_TIMEOUT_MS = 300_000  # the perfect computer on a big board, throttled
MAX_TURNS = 200
TARGETS = {1: (50, None), 4: (100, 200)}  # CPU rate -> (longest task, worst press) in ms


@dataclass(frozen=True)
class Setup:
    """A game page and the options it is played with."""

    slug: str
    options: tuple[tuple[str, str], ...] = ()

    @property
    def name(self) -> str:
        return " ".join([self.slug, *(value for _name, value in self.options)])


SETUPS = (
    Setup("circle-duel"),
    Setup("number-circle"),
    Setup("sequence-duel"),
    Setup("sequence-duel", (("size", "40"),)),
    Setup("digit-chain"),
    Setup("number-duel"),
)

# Before the page's own scripts: every long task and Event Timing entry, kept in the page.
OBSERVE = """(() => {
  const seen = window.__ndSeen = {tasks: [], events: []};
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) seen.tasks.push([e.startTime, e.duration]);
    }).observe({type: "longtask"});
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        seen.events.push([e.startTime, e.duration, e.name, e.interactionId || 0]);
    }).observe({type: "event", durationThreshold: 16});
  } catch (error) { seen.error = String(error); }
})();"""
# Taken after two frames, so that the entries of what was just done have been delivered.
TAKE = """() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(
  () => setTimeout(() => resolve(window.__ndSeen), 50))))"""
NOW = "() => performance.now()"
MOVES = "#history li:not(.empty):not(.future)"
REVIEW_DONE = """() => {
  const marks = document.querySelectorAll('#history .review-mark');
  return marks.length > 0 && !document.querySelector('#history .review-mark.reviewing');
}"""


class Player:
    """Plays one game page by clicks, as a person does (the e2e suite's way)."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.phases: list[Phase] = []

    def phase(self, name: str) -> None:
        self.phases.append(Phase(name, self.page.evaluate(NOW)))

    def legal(self, where: str = "#targets") -> list[str]:
        buttons = self.page.locator(f'{where} button[aria-disabled="false"]')
        return list(buttons.all_inner_texts())

    def wait_turn(self) -> str:
        self.page.wait_for_function(
            "() => ['human', 'handover', 'over'].includes(document.body.dataset.turn)",
            timeout=TURN_TIMEOUT_MS,
        )
        return str(self.page.evaluate("document.body.dataset.turn"))

    def moves(self) -> int:
        return int(self.page.locator(MOVES).count())

    def press(self, name: str, where: str = "#targets") -> None:
        self.page.locator(where).get_by_role("button", name=name, exact=True).click()

    def take_turn(self, slug: str) -> None:
        """The first legal move, in as many presses as the game needs."""
        before = self.moves()
        if slug == "number-circle":
            if self.legal():
                self.press(self.legal()[0])
                self.page.wait_for_selector('#targets button[aria-pressed="true"]')
            choices = self.legal("#choices")
            self.press("+" if "+" in choices else choices[0], "#choices")
        elif slug == "number-duel":
            self.press(next(x for x in self.legal() if x.isdigit()))
            self.page.wait_for_function(
                "() => [...document.querySelectorAll('#targets button[aria-disabled=\"false\"]')]"
                ".some((b) => b.textContent.startsWith('Position '))"
            )
            self.press(next(x for x in self.legal() if x.startswith("Position ")))
        else:
            self.press(self.legal()[0])
        self.page.wait_for_function(
            f"() => document.querySelectorAll('{MOVES}').length > {before}",
            timeout=TURN_TIMEOUT_MS,
        )

    def new_game(self, setup: Setup, level: str) -> None:
        form = self.page.locator("#options")
        form.locator('[name="mode"]').select_option("cpu1")
        form.locator('[name="level"]').select_option(level)
        if form.locator('[name="first"]').count():
            form.locator('[name="first"]').select_option("1")
        for name, value in setup.options:
            form.locator(f'[name="{name}"]').fill(value)
        self.page.get_by_role("button", name="New game").click()

    def play(self, setup: Setup, level: str) -> None:
        """One game: the computer moves first, Hint on the first turn, then to the end."""
        self.phase("play")
        self.new_game(setup, level)
        turn = self.wait_turn()
        hint = self.page.locator('button[data-action="hint"]')
        # The hint's words (or why there is none) all name a hint or a move; a transient
        # "thinking" text would not, and the wait goes on past it.
        if turn == "human" and hint.count():
            self.phase("hint")
            before = self.page.locator("#message").text_content() or ""
            hint.click()
            self.page.wait_for_function(
                "(before) => { const text = document.querySelector('#message').textContent;"
                " return /hint|move/i.test(text) && text !== before; }",
                arg=before,
                timeout=TURN_TIMEOUT_MS,
            )
            self.phase("play")
        for _ in range(MAX_TURNS):
            if self.wait_turn() == "over":
                break
            self.take_turn(setup.slug)
        else:
            raise SystemExit(f"{setup.name}: the game did not end in {MAX_TURNS} turns")
        self.phase("review")
        self.page.wait_for_function(REVIEW_DONE, timeout=REVIEW_TIMEOUT_MS)
        self.phase("after")


Row = dict[str, Worst]


def merge(row: Row, more: Row) -> Row:
    """Two games' worst, phase by phase (the longest of each, the counts added)."""
    return {name: row.get(name, Worst()).merge(more.get(name, Worst())) for name in row | more}


def measure_page(
    context: Any, url: str, setups: list[Setup], levels: tuple[str, ...], rounds: int
) -> dict[tuple[str, str, int], Row]:
    """Every setup of one game page, each level, unthrottled then throttled 4x, `rounds`
    games of each. Each game on a page loaded again (a warm start, not measured), so that
    no game finds the solvers' caches filled by the one before: each is a first game."""
    page = context.new_page()
    page.on("crash", lambda _page: print(f"  {url}: the page CRASHED", file=sys.stderr))
    cdp = context.new_cdp_session(page)
    found: dict[tuple[str, str, int], Row] = {}
    plays = [
        (s, rate, level)
        for _ in range(rounds)
        for s in setups
        for rate in THROTTLES
        for level in levels
    ]
    for setup, rate, level in plays:
        page.goto(url, wait_until="commit")
        wait_ready(page, url)
        player = Player(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
        try:
            player.play(setup, level)
        finally:
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
        seen = page.evaluate(TAKE)
        if seen.get("error"):
            raise SystemExit(f"PerformanceObserver refused: {seen['error']}")
        worst = worst_by_phase(seen["tasks"], seen["events"], player.phases)
        worst.pop("after", None)
        key = (setup.name, level, rate)
        found[key] = merge(found.get(key, {}), worst)
        print(
            f"  {setup.name} {level} x{rate}: longest {overall(worst).longest_task:.0f} ms",
            file=sys.stderr,
            flush=True,
        )
    page.close()
    return found


def run(
    chromium: str,
    sites: dict[str, Path],
    setups: tuple[Setup, ...],
    levels: tuple[str, ...],
    rounds: int,
) -> dict[str, dict[tuple[str, str, int], Row]]:
    from playwright.sync_api import sync_playwright

    servers = {name: serve_site(site) for name, site in sites.items()}
    results: dict[str, dict[tuple[str, str, int], Row]] = {name: {} for name in sites}
    slugs = list(dict.fromkeys(s.slug for s in setups))
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=FLAGS)
            for slug in slugs:
                for build, (_server, base) in servers.items():
                    # No service worker: this measures the game page alone.
                    context = browser.new_context(service_workers="block")
                    context.add_init_script(OBSERVE)
                    mine = [s for s in setups if s.slug == slug]
                    results[build] |= measure_page(
                        context, f"{base}games/{slug}/?delay=0", mine, levels, rounds
                    )
                    context.close()
            browser.close()
    finally:
        for server, _base in servers.values():
            server.shutdown()
    return results


def report(results: dict[str, dict[tuple[str, str, int], Row]]) -> bool:
    ok = True
    print(
        "\nDuring play (ms): longest main-thread task, tasks over 50 / 100 ms, worst press to"
        " next paint;"
    )
    print("the longest task while the hint was computed and while the review ran")
    print(
        f"{'game':18} {'level':8} {'CPU':>4} {'build':16} {'longest':>8} {'>50':>4} {'>100':>5}"
        f" {'press':>6} {'hint':>6} {'review':>7}"
    )
    first = next(iter(results))
    for key in results[first]:
        name, level, rate = key
        for build, rows in results.items():
            row = rows.get(key)
            if row is None:
                continue
            all_ = overall(row)
            hint = row.get("hint", Worst()).longest_task
            review = row.get("review", Worst()).longest_task
            print(
                f"{name:18} {level:8} {'x' + str(rate):>4} {build:16} {all_.longest_task:8.0f}"
                f" {all_.over_50:4d} {all_.over_100:5d} {all_.worst_press:6.0f} {hint:6.0f}"
                f" {review:7.0f}"
            )
            if build == first:
                task_limit, press_limit = TARGETS[rate]
                ok &= all_.longest_task <= task_limit
                ok &= press_limit is None or all_.worst_press <= press_limit
    print(
        "targets (this build): throttled 4x no task over 100 ms and every press painted within"
        f" 200 ms; unthrottled no task over 50 ms: {'met' if ok else 'NOT met'}"
    )
    return ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--full", action="store_true", help="every computer level (default: perfect)"
    )
    parser.add_argument("--rounds", type=int, help="games per game, level and CPU rate (1)")
    parser.add_argument("--levels", nargs="+", choices=LEVELS, help="these levels")
    parser.add_argument("--games", nargs="+", help="only these game pages (slugs)")
    parser.add_argument("--site", type=Path, default=SITE_DIR, help="the build to measure")
    parser.add_argument("--chromium", help="the browser (default: the tests')")
    parser.add_argument("--check", action="store_true", help="exit 1 if a target is missed")
    add_baseline_option(parser)
    add_quiet_option(parser)
    args, _ = parser.parse_known_args(argv)  # bench/run.py passes every benchmark the same
    require_site(args.site)
    levels = tuple(args.levels or (LEVELS if args.full else ("perfect",)))
    setups = tuple(s for s in SETUPS if not args.games or s.slug in args.games)
    sites = {"this build": args.site}
    baseline = baseline_site(args.baseline)
    if baseline is not None:
        sites[f"today {baseline[0]}"] = baseline[1]
    wait_for_quiet(args.quiet_wait)
    print(f"load average before: {load_average()}", flush=True)
    started = time.monotonic()
    rounds = args.rounds or (2 if args.full else 1)
    results = run(chromium_path(args.chromium), sites, setups, levels, rounds)
    print(f"load average after: {load_average()} ({time.monotonic() - started:.0f} s)")
    ok = report(results)
    return 0 if ok or not args.check else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
