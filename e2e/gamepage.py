"""A small driver for one loaded game page: press buttons by their accessible names.

Tests talk to the page the way a player does (buttons named "10", "+", "Position 3")
and wait with Playwright's auto-waiting `expect`, never with sleeps.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import Locator, Page, expect

import py_rules

# How long a broken page is waited for (never a pace: every wait ends at the page's own signal),
# set here so that the benchmarks, which drive pages with this module, wait as the tests do.
EXPECT_TIMEOUT_MS = 30_000
expect.set_options(timeout=EXPECT_TIMEOUT_MS)

SITE = Path(__file__).resolve().parent.parent / "_site"
READY_TIMEOUT_MS = 90_000  # a cold Pyodide start on a busy 2-core machine
SLUGS = list(py_rules.GAMES)  # every game page, from the rules' registry
# An init script: every lesson event on the page, in order, as a host page's script sees
# it (`window.events`; `plain`: the detail is an ordinary object with an array of moves).
RECORD_LESSON_EVENTS = """
window.events = [];
for (const name of ["number-duels:move", "number-duels:end"]) {
  document.addEventListener(name, (event) => window.events.push({
    name: event.type,
    board: event.target.dataset.game,
    plain: Object.getPrototypeOf(event.detail) === Object.prototype
      && Array.isArray(event.detail.moves),
    detail: event.detail,
  }));
}
"""


def worker_page() -> str:
    """The file, in games/<slug>/, of the game page whose Python runs in a Web Worker: the
    game's address ("") but in a build made with `ND_GAME_PAGES=page`, which puts the page
    whose Python runs on its main thread there and this one beside it as worker.html
    (scripts/build/build_site.py)."""
    return "worker.html" if (SITE / "games" / "sequence-duel" / "worker.html").is_file() else ""


# How Python started on a game page ({path, reason, ms}: site/snapshot/pyodide-snapshot.mjs
# keeps `ndPythonBoot` where Python runs): asked of the page's worker through the protocol's
# `run` message, or read on the page where Python runs on its main thread.
PYTHON_BOOT = """async () => {
  const path = document.documentElement.dataset.pythonBoot;
  if (!window.ndPython) return {path, reason: ndPythonBoot.reason, ms: ndPythonBoot.ms};
  const [reason, ms] = await window.ndPython.run(
    "import js\\nresult = [js.ndPythonBoot.reason, js.ndPythonBoot.ms]");
  return {path, reason, ms};
}"""


def run_python(page: Page, code: str) -> Any:
    """Run Python `code` where the page's Python runs (its worker, through the protocol's `run`
    message: docs/worker-protocol.md) and return the value `code` leaves in `result`, as
    JSON carries it. (A page whose Python runs on its main thread: in its interpreter.)"""
    return page.evaluate(
        """async (code) => {
          if (window.ndPython) return window.ndPython.run(code);
          const pyodide = ndPythonBoot.pyodide;
          const names = pyodide.toPy({});
          pyodide.runPython(code, { globals: names });
          const value = names.get("result");
          return value && value.toJs ? value.toJs() : value;
        }""",
        code,
    )


# Python's timers held where it runs in a worker, as Playwright's paused clock holds a
# page's own (it does not reach a worker): the worker page's clock (`worker_page.Clock`) is
# wrapped; what is due waits until `resume`, which starts each held timer then, in order.
HOLD_WORKER_TIMERS = """
from app.browser import dom


class Held:
    def __init__(self, number):
        self.number = number


class HeldClock:
    def __init__(self, clock):
        self.clock, self.paused, self.held, self.started = clock, True, {}, {}
        self.count = 0

    def set_timeout(self, callback, delay_ms):
        if not self.paused:
            return self.clock.set_timeout(callback, delay_ms)
        self.count += 1
        timer = Held(self.count)
        self.held[timer.number] = (callback, delay_ms)
        return timer

    def cancel(self, timer):
        if not isinstance(timer, Held):
            return self.clock.cancel(timer)
        self.held.pop(timer.number, None)
        if timer.number in self.started:
            self.clock.cancel(self.started.pop(timer.number))

    def after_messages(self, callback):
        self.clock.after_messages(callback)

    def resume(self):
        self.paused = False
        for number, (callback, delay_ms) in sorted(self.held.items()):
            self.started[number] = self.clock.set_timeout(callback, delay_ms)
        self.held = {}


page = dom.mirrored()
page.clock = HeldClock(page.clock)
"""


def hold_timers(page: Page) -> Callable[[], None]:
    """Hold the timers of the page's Python (a review's steps, the computer's pause) until
    the function returned is called: in its worker, or on the page with Playwright's clock
    where Python runs on the main thread."""
    if page.evaluate("Boolean(window.ndPython)"):
        run_python(page, HOLD_WORKER_TIMERS)
        return lambda: run_python(page, "dom.mirrored().clock.resume()")
    page.clock.install()
    page.clock.pause_at(time.time() + 1)
    return page.clock.resume


def until(page: Page, predicate: str, arg: Any = None, timeout: float = EXPECT_TIMEOUT_MS) -> None:
    """Wait until the JavaScript function `predicate` (given `arg`) holds on the page, checked
    at every frame the page draws: for the signals that come late (Python's start, the
    computer's move, a board drawn again). Playwright's `expect` retries on a schedule of its
    own (after 0, 20, 50, 100 and 100 ms, then every 500 ms): a signal that comes after 0.3 s
    is seen up to half a second late, 0.3 s on average for a start of Python."""
    page.wait_for_function(predicate, arg=arg, polling="raf", timeout=timeout)


# Whether the page's Python has answered every message the page sent it (docs/worker-protocol.md).
ANSWERED = """() => {
  const root = document.documentElement;
  return root !== null && !root.hasAttribute("data-nd-pending");
}"""


def wait_answered(page: Page) -> None:
    """Wait until the page's Python has answered every message the page sent it (see
    GamePage.answered), checked at every frame (`until`): the answer comes a moment after
    the action, and `expect`'s schedule (0, 20, 50, 100, 100 ms, then every 500 ms) would
    see an answer that took 0.3 s at 0.77 s, at every press of every game played."""
    until(page, ANSWERED)


def wait_started(page: Page) -> None:
    """Wait until a game page (just opened, or reloaded) says it is ready to play."""
    until(page, "() => document.body?.dataset.state === 'ready'", timeout=READY_TIMEOUT_MS)


def wait_embeds_ready(page: Page) -> None:
    """Wait until every board embedded in the page (embed.js) is ready to play. Asked at every
    frame from the navigation on, so also before the new document has its <html>."""
    until(
        page,
        "() => document.documentElement?.dataset.ndEmbeds === 'ready'",
        timeout=READY_TIMEOUT_MS,
    )


def storage_key(site_url: str, name: str) -> str:
    """Where the site at `site_url` keeps `name` (a game's slug, "puzzles-solved") in
    localStorage: named after the site's folder, as two deployments share one origin."""
    return f"number-duels:{urlsplit(site_url).path}{name}"


class GamePage:
    def __init__(self, page: Page, slug: str) -> None:
        self.page = page
        self.slug = slug

    # ----- loading ------------------------------------------------------------------

    def open(self, base_url: str, query: str = "") -> GamePage:
        # Not until "load" or even DOMContentLoaded: PyScript's module holds both back until
        # Python has started, which a normal start on a busy machine makes long. Readiness
        # is what the page itself says below.
        self.page.goto(f"{base_url}games/{self.slug}/{query}", wait_until="commit")
        return self.wait_ready()

    def wait_ready(self) -> GamePage:
        """Wait until the page (just opened, or reloaded by the page itself) says it is ready."""
        wait_started(self.page)
        expect(self.page.locator("#loading")).to_be_hidden()
        return self

    # ----- parts of the page --------------------------------------------------------

    @property
    def status(self) -> Locator:
        return self.page.get_by_role("status")

    @property
    def message(self) -> Locator:
        return self.page.locator("#message")

    @property
    def history(self) -> Locator:
        return self.page.locator("#history li:not(.empty):not(.future)")

    def target(self, name: str) -> Locator:
        """A button on the board, by its exact accessible name."""
        return self.page.locator("#targets").get_by_role("button", name=name, exact=True)

    def choice(self, name: str) -> Locator:
        """A button in the bar under the board (+, −, Pass)."""
        return self.page.locator("#choices").get_by_role("button", name=name, exact=True)

    def turn(self) -> str:
        return self.page.locator("body").get_attribute("data-turn") or ""

    def legal(self, where: str = "#targets") -> list[str]:
        """Names of the buttons that are legal choices right now, in page order."""
        return self.page.locator(f'{where} button[aria-disabled="false"]').all_inner_texts()

    def snapshot(self) -> dict[str, Any]:
        """Everything a refused press must leave exactly as it was."""
        return self.page.evaluate(
            """() => ({
                canvas: document.querySelector('#board-canvas').toDataURL(),
                status: document.querySelector('#status').textContent,
                history: document.querySelector('#history').textContent,
                players: document.querySelector('#players').textContent,
                disabled: [...document.querySelectorAll('#targets button, #choices button')]
                    .map(b => b.textContent + ':' + b.getAttribute('aria-disabled')).join(' '),
            })"""
        )

    # ----- actions ------------------------------------------------------------------

    def in_front(self) -> GamePage:
        """Bring this tab to the front, as a person's tab is when they press in it: Chromium
        answers a page opened before the newest one in its context slowly (a new game and a
        press about 3 s, against 0.1-0.3 s in front). A tab left behind still gets what a
        background tab gets (another tab's storage events)."""
        self.page.bring_to_front()
        return self

    def answered(self) -> None:
        """Wait until Python has answered everything the page sent it. A page whose Python
        runs in a Web Worker marks <html data-nd-pending> until then (docs/worker-protocol.md):
        what a press changes shows a moment after the click. (Where Python runs on the page's
        main thread, the click itself waits for it, and the mark never shows.) Work Python
        starts for later (the computer's move after its pause) has signals of its own."""
        wait_answered(self.page)

    def click(self, control: Locator) -> None:
        """Click `control` as a person does and wait until Python has answered the click:
        what it changes is on the page then."""
        control.click()
        self.answered()

    def press(self, name: str) -> None:
        """Press a legal board button and wait until the page has taken the move."""
        before = self.history.count()
        button = self.target(name)
        expect(button).to_have_attribute("aria-disabled", "false")
        button.click()
        # Taken: half a move (the button stays pressed) or a whole one (at least one more
        # entry: against the computer its reply may follow at once). Waited for either way:
        # a page whose Python runs in a worker answers the click a moment later.
        self.answered()
        half = button.and_(self.page.locator('[aria-pressed="true"]'))
        expect(half.or_(self.history.nth(before)).first).to_be_attached()

    def press_refused(self, name: str, where: str = "#targets") -> None:
        """Click a button that is not a legal choice (a real click, as a person would)."""
        button = self.page.locator(where).get_by_role("button", name=name, exact=True)
        expect(button).to_have_attribute("aria-disabled", "true")
        button.click(force=True)  # Playwright would otherwise wait for it to be enabled
        self.answered()

    def new_game(self, **fields: str | bool) -> None:
        """Fill the options form (by field name) and start a new game."""
        self.fill_options(**fields)
        self.page.get_by_role("button", name="New game").click()
        self.answered()

    def fill_options(self, **fields: str | bool) -> None:
        """Fill the options form, by field name."""
        form = self.page.locator("#options")
        for name, value in fields.items():
            control = form.locator(f'[name="{name}"]')
            tag = control.evaluate("e => e.tagName + ':' + e.type")
            if tag == "SELECT:select-one":
                control.select_option(str(value))
            elif tag == "INPUT:checkbox":
                control.set_checked(bool(value))
            else:
                control.fill(str(value))
        self.answered()

    def reveal(self) -> None:
        """Past the hand-over screen: the next player shows their numbers."""
        self.click(self.page.get_by_role("button", name=re.compile(r"^Show .*'s numbers$")))
        expect(self.page.locator("#handover")).to_be_hidden()

    def wait_for_my_turn(self) -> str:
        """Wait until a person may act (or the game is over); return data-turn."""
        until(self.page, "() => /^(human|handover|over)$/.test(document.body?.dataset.turn)")
        return self.turn()
