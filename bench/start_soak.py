"""Cold page starts by the hundred: how often does a tab crash while Python starts?

    .venv/bin/python bench/start_soak.py            # or `make bench`: 4 rounds, 24 starts a page
    .venv/bin/python bench/start_soak.py --full     # 50 rounds: 300 cold starts per page
    .venv/bin/python bench/start_soak.py --pages floor sequence-duel --rounds 20

Every game page (`?delay=0`) and, as a control, the floor page (nothing but a bare
`loadPyodide()` from the same vendored runtime, bench/_browser.py) are started cold, each in
a fresh browser context (empty cache and storage, service workers allowed, as a first-time
visitor), until the page says it is playable, in each Chromium build at hand (Debian's, the
tests' browser; Playwright's bundled Chromium if it is installed), each way:

- with JSPI (WebAssembly JavaScript Promise Integration, which Chromium ships on and which
  Pyodide uses when `WebAssembly.Suspending` exists) and without it. Chromium 137+ has no
  switch left to turn it off (neither `--js-flags=--no-experimental-wasm-jspi` nor
  `--disable-features=WebAssemblyJSPromiseIntegration` nor the Blink feature of that name
  removes `WebAssembly.Suspending`), so "without" removes it the way Pyodide looks for it:
  `pyodide.asm.mjs` is served with a first line that deletes `WebAssembly.Suspending` and
  `WebAssembly.Suspender` from the realm that runs it (the page, or a worker). "With"
  serves the same file through the same route, unchanged;
- one page at a time, and two pages starting at once (two contexts).

A round starts each page six times: with JSPI alone and two at once, then without JSPI
alone and two at once; rounds follow one another, so that a busy machine touches every setup
alike. A crash is Playwright's page `crash` event ("Target crashed"); a start
that fails or times out without a crash is counted apart. Prints per browser, setup and
page: starts, crashes, other failures, the median and slowest time from navigation to
playable; and with every crash what the machine said (memory available, /dev/shm free, load,
the kernel's OOM lines, Chromium's fatal log lines). The load average is printed before
and after.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from _browser import FLAGS, FLOOR_PATH, chromium_path, load_average, require_site, serve_site
from first_visit import READY_MARKER
from page_lighthouse import add_quiet_option, wait_for_quiet
from site_server import SITE_DIR

SLUGS = ("circle-duel", "number-circle", "sequence-duel", "digit-chain", "number-duel")
START_TIMEOUT_MS = 180_000  # a cold start on a 2-core machine others keep busy
NO_JSPI = b"delete globalThis.WebAssembly?.Suspending; delete globalThis.WebAssembly?.Suspender;\n"
READY = """() => performance.getEntriesByName('bench-ready').length > 0
  || document.body?.dataset.state === 'failed'"""
MEASURE = """() => ({
  ready: performance.getEntriesByName('bench-ready')[0]?.startTime ?? null,
  state: document.body?.dataset.state ?? '',
  boot: document.documentElement.dataset.pythonBoot || '',
  jspi: 'Suspending' in WebAssembly,
})"""
# Where a page runs Python in a worker, the runtime (and what was hidden from it) is there.
JSPI_IN_REALM = "() => 'Suspending' in WebAssembly"


@dataclass
class Tally:
    """The starts of one page in one setup."""

    times: list[float] = field(default_factory=list)
    crashes: int = 0
    failures: int = 0
    jspi_seen: set[bool] = field(default_factory=set)

    @property
    def starts(self) -> int:
        return len(self.times) + self.crashes + self.failures


def machine_state() -> str:
    """What the machine says when a tab crashed: memory, /dev/shm, load, the kernel's OOM."""
    meminfo = dict(
        line.split(":", 1) for line in Path("/proc/meminfo").read_text().splitlines() if ":" in line
    )
    shm = os.statvfs("/dev/shm")
    words = [
        f"MemAvailable {meminfo['MemAvailable'].strip()}",
        f"/dev/shm free {shm.f_bavail * shm.f_frsize // 2**20} MiB",
        f"load {load_average()}",
    ]
    kernel = subprocess.run(["dmesg"], capture_output=True, text=True, check=False).stdout
    words += [k for k in kernel.splitlines() if re.search(r"oom|out of memory|killed", k, re.I)][
        -3:
    ]
    return "; ".join(words)


def browsers_at_hand(given: str | None) -> dict[str, str]:
    """The tests' Chromium, and Playwright's own if it is installed."""
    from playwright.sync_api import sync_playwright

    found = {"Debian/tests' Chromium": chromium_path(given)}
    with sync_playwright() as p:
        bundled = p.chromium.executable_path
    if bundled and Path(bundled).exists():
        found["Playwright's Chromium"] = bundled
    return found


def serve_pyodide(jspi: bool) -> Any:
    """A route handler for pyodide.asm.mjs: unchanged, or with JSPI hidden from Pyodide."""

    from playwright.sync_api import Error as PlaywrightError

    def handle(route: Any) -> None:
        try:
            response = route.fetch()
            body = response.body()
            route.fulfill(response=response, body=body if jspi else NO_JSPI + body)
        except PlaywrightError:  # its context closed meanwhile (the service worker's precache)
            pass

    return handle


def start(browser: Any, url: str, jspi: bool, at_once: int, log: Path) -> list[tuple[str, Any]]:
    """Start `at_once` pages at once, each in a fresh context; ('ok', figures), ('crash',
    why) or ('failed', why) for each."""
    from playwright.sync_api import Error as PlaywrightError

    opened = []
    for _ in range(at_once):
        context = browser.new_context()
        context.route("**/pyodide.asm.mjs", serve_pyodide(jspi))
        context.add_init_script(READY_MARKER)
        page = context.new_page()
        crashed: list[bool] = []
        page.on("crash", lambda _page, crashed=crashed: crashed.append(True))
        opened.append((context, page, crashed))
    for _context, page, _crashed in opened:
        page.goto(url, wait_until="commit")
    outcomes: list[tuple[str, Any]] = []
    for context, page, crashed in opened:
        try:
            page.wait_for_function(READY, timeout=START_TIMEOUT_MS, polling=100)
            found = page.evaluate(MEASURE)
            for worker in page.workers:  # a worker page's Python: the realm that counts
                found["jspi"] = worker.evaluate(JSPI_IN_REALM)
            if found["ready"] is None:
                outcomes.append(("failed", f"state {found['state']}"))
            else:
                outcomes.append(("ok", found))
        except PlaywrightError as error:
            if crashed or re.search(r"crash", str(error), re.I):
                outcomes.append(("crash", f"{machine_state()}; {fatal_lines(log)}"))
            else:
                outcomes.append(("failed", str(error).splitlines()[0]))
        with contextlib.suppress(PlaywrightError):  # its page crashed with it
            context.unroute_all(behavior="ignoreErrors")
            context.close()
    return outcomes


def fatal_lines(log: Path) -> str:
    if not log.is_file():
        return ""
    telling = re.compile(r":(FATAL|ERROR):(?!dbus/)|crash|Check failed|[Oo]ut of memory")
    return " | ".join(
        line for line in log.read_text(errors="replace").splitlines() if telling.search(line)
    )[-600:]


Key = tuple[str, bool, int, str]  # browser, JSPI, pages at once, page


def setups(pages: dict[str, str]) -> list[tuple[str, bool, int]]:
    """One round: every page, with and without JSPI, one and two at once."""
    return [(page, jspi, at_once) for page in pages for jspi in (True, False) for at_once in (1, 2)]


def tally_outcomes(
    tallies: dict[Key, Tally], notes: list[str], key: Key, outcomes: list[tuple[str, Any]]
) -> None:
    tally = tallies.setdefault(key, Tally())
    name, jspi, at_once, page = key
    for outcome, what in outcomes:
        if outcome == "ok":
            tally.times.append(what["ready"])
            tally.jspi_seen.add(what["jspi"])
        elif outcome == "crash":
            tally.crashes += 1
            notes.append(
                f"crash: {name}, JSPI {'on' if jspi else 'off'}, {at_once}, {page}: {what}"
            )
        else:
            tally.failures += 1
            notes.append(f"failed (not a crash): {name}, {page}: {what}")


def run(
    browsers: dict[str, str], pages: dict[str, str], rounds: int, site: Path
) -> dict[Key, Tally]:
    from playwright.sync_api import sync_playwright

    server, base = serve_site(site, floor=True)
    # A context closed after its page is playable cuts the downloads it still runs (the
    # service worker's precache): not worth a traceback each time.
    server.handle_error = lambda _request, _address: None
    tallies: dict[Key, Tally] = {}
    notes: list[str] = []
    try:
        with sync_playwright() as p, tempfile.TemporaryDirectory(prefix="nd-soak-") as logs:
            for name, path in browsers.items():
                log = Path(logs) / "chromium.log"
                flags = [*FLAGS, "--enable-logging", "--v=0", f"--log-file={log}"]
                browser = p.chromium.launch(executable_path=path, args=flags)
                for round_no in range(1, rounds + 1):
                    for page, jspi, at_once in setups(pages):
                        if not browser.is_connected():  # the whole browser went down
                            notes.append(f"{name}: the browser itself was gone; launched again")
                            browser = p.chromium.launch(executable_path=path, args=flags)
                        outcomes = start(browser, base + pages[page], jspi, at_once, log)
                        tally_outcomes(tallies, notes, (name, jspi, at_once, page), outcomes)
                    print(f"  {name}: round {round_no}/{rounds} done", file=sys.stderr, flush=True)
                browser.close()
    finally:
        server.shutdown()
    for line in notes:
        print(f"  {line}")
    return tallies


def report(tallies: dict[Key, Tally]) -> int:
    print("\nCold page starts: crashes, other failures, navigation -> playable (ms)")
    print(
        f"{'browser':24} {'JSPI':>5} {'at once':>7} {'page':16} {'starts':>6} {'crashes':>7}"
        f" {'rate':>6} {'failed':>6} {'median':>7} {'slowest':>8}"
    )
    total_crashes = 0
    in_order = sorted(tallies.items(), key=lambda item: (item[0][0], not item[0][1], item[0][2]))
    for (browser, jspi, at_once, page), tally in in_order:
        total_crashes += tally.crashes
        rate = tally.crashes / tally.starts if tally.starts else 0.0
        median = statistics.median(tally.times) if tally.times else float("nan")
        slowest = max(tally.times, default=float("nan"))
        shown = "on" if jspi else "off"
        if tally.jspi_seen and tally.jspi_seen != {jspi}:
            shown += "?"  # Python's realm did not see what was served
        print(
            f"{browser:24} {shown:>5} {at_once:7d} {page:16} {tally.starts:6d} {tally.crashes:7d}"
            f" {rate:6.1%} {tally.failures:6d} {median:7.0f} {slowest:8.0f}"
        )
    starts = sum(t.starts for t in tallies.values())
    print(f"{total_crashes} crashes in {starts} cold starts")
    return total_crashes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--rounds", type=int, default=4, help="rounds (6 starts of each page per browser each)"
    )
    parser.add_argument("--full", action="store_true", help="50 rounds: 300 starts per page")
    parser.add_argument("--pages", nargs="+", choices=["floor", *SLUGS], help="default: all")
    parser.add_argument("--site", type=Path, default=SITE_DIR, help="the build to start")
    parser.add_argument("--chromium", help="the tests' browser (default: theirs)")
    parser.add_argument("--check", action="store_true", help="exit 1 if a tab crashed")
    add_quiet_option(parser)
    args, _ = parser.parse_known_args(argv)  # bench/run.py passes every benchmark the same
    require_site(args.site)
    rounds = 50 if args.full else args.rounds
    chosen = args.pages or ["floor", *SLUGS]
    pages = {name: FLOOR_PATH if name == "floor" else f"games/{name}/?delay=0" for name in chosen}
    browsers = browsers_at_hand(args.chromium)
    wait_for_quiet(args.quiet_wait)
    print(f"load average before: {load_average()}; {machine_state()}", flush=True)
    began = time.monotonic()
    tallies = run(browsers, pages, rounds, args.site)
    print(f"load average after: {load_average()} ({time.monotonic() - began:.0f} s)")
    crashes = report(tallies)
    return 1 if crashes and args.check else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
