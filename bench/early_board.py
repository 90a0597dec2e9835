"""The board before Python: how soon a visit sees the board, has a press taken, and Python's
confirmation of it, cold and warm, against the bare runtime in the same run.

The built site is served as GitHub Pages serves it (scripts/serve/site_server.py, as
bench/first_visit.py serves it) and Chromium's own throttling (DevTools'
`Network.emulateNetworkConditions`) makes the connection 10 Mbit/s with 40 ms latency or
2 Mbit/s with 150 ms. Visited, interleaved within each round, each in a fresh profile:

- every game page whose Python runs in a worker (the board the build drew: a press is taken
  before Python and confirmed by it; marks `nd-first-press-shown`, `nd-first-press-confirmed`);
- every game page whose Python runs on the main thread, as this build has it (`page.html` or
  `worker.html` beside the game's address, bench/_browser.py's python_places): the old
  page, whose board and first move wait for Python: its first move is what Python's
  confirmation is held to;
- the tutorial (two embedded boards; its first board's first legal button);
- the floor: a bare `loadPyodide()` of the same runtime (bench/_browser.py), "confirmed" when
  it has imported what a game needs.

Cold: the first visit of a fresh profile. Warm: the same browser again once the first visit's
work for the next is done (the memory snapshot kept, the service worker in control), with its
saved game removed (localStorage cleared), so that the fresh board shows again: a player who
comes back to a new game. Per visit, in ms from navigation: the largest contentful paint,
the first press shown on the board, Python's confirmation of it (the old page, the tutorial:
the move on the board, which Python draws), and the bytes the server sent until the
confirmation (counted at the server: a worker's downloads are in no page's resource timing).
The press goes through Playwright in the first frame a legal button shows, so "shown"
includes Playwright's own latency (its click's checks: a frame or two, tens of ms). Prints
the load average before and after, medians over `--rounds`, when the server was first asked
for each of the runtime's files (the chain of requests before Python can start), and each
target: board and
first press within 1.0 s cold at 10 Mbit/s and 3.0 s at 2 Mbit/s; the confirmation no later
than the old page's first move.
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import critical_path
from _browser import (
    FLAGS,
    FLOOR_PATH,
    PREFIX,
    chromium_path,
    load_average,
    load_parser,
    python_places,
    require_site,
    serve_site,
)
from first_visit import SETTLED  # the page's work for next time done (its figure unused)
from site_server import SITE_DIR, ByteMeter

SLUGS = ("circle-duel", "number-circle", "sequence-duel", "digit-chain", "number-duel")
NETWORKS = {"10 Mbit/s, 40 ms": (10.0, 40.0), "2 Mbit/s, 150 ms": (2.0, 150.0)}
# Board seen and first press taken, cold, at most (ms).
TARGETS = {"10 Mbit/s, 40 ms": 1000.0, "2 Mbit/s, 150 ms": 3000.0}
TIMEOUT_MS = 300_000  # a cold start at 2 Mbit/s on a busy 2-core machine
LCP = """() => new Promise((done) => new PerformanceObserver((list) => {
  const entries = list.getEntries();
  done(entries[entries.length - 1].startTime);
}).observe({ type: "largest-contentful-paint", buffered: true }))"""
# Installed before the page's own scripts: marks the first frame with a legal button on
# screen (`bench-pressable`: the earliest a person can press; the pages listen for presses
# from <head> on) and the page's answer to the first press (`bench-answered`: the first change
# in the game's part of the page after it, Python's or the build's, such as the move in the
# list or Number Circle's + and -), so that no Playwright latency is counted in the answer.
MARKERS = """(() => {
  const legal = %s;
  const onScreen = (button) => button.getClientRects().length > 0 &&
    getComputedStyle(button).visibility === 'visible';
  const look = () => {
    if ([...document.querySelectorAll(legal)].some(onScreen)) performance.mark('bench-pressable');
    else requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
  document.addEventListener('click', () => {
    new MutationObserver((records, seen) => {
      if (performance.getEntriesByName('bench-answered').length) seen.disconnect();
      else if (records.some((r) => (r.target.closest ? r.target : r.target.parentElement)
          ?.closest('.play, .number-duels'))) {
        performance.mark('bench-answered');
        seen.disconnect();
      }
    }).observe(document, { childList: true, subtree: true, attributes: true,
                           characterData: true });
  }, { capture: true });
})();"""
MARK = "(name) => performance.getEntriesByName(name)[0]?.startTime ?? null"
PRESSABLE = "() => performance.getEntriesByName('bench-pressable').length > 0"
# The page's requests done by the time a legal button was on screen (`bench-pressable`): how
# many (the document too) and their bytes on the wire (headers included, as Chromium counts).
BEFORE_PRESSABLE = """() => {
  const at = performance.getEntriesByName('bench-pressable')[0]?.startTime;
  if (at === undefined) return null;
  const done = performance.getEntriesByType('resource').filter((e) => e.responseEnd <= at);
  const page = performance.getEntriesByType('navigation')[0];
  return { requests: 1 + done.length,
           bytes: done.reduce((sum, e) => sum + e.transferSize, page.transferSize) };
}"""
# The main thread's work so far (DevTools' Performance domain in thread time, so a busy machine
# stretches it less than wall time): every task, and of it the scripts, layout and style.
THREAD_WORK = ("TaskDuration", "ScriptDuration", "LayoutDuration", "RecalcStyleDuration")
# The first thing a person presses: a legal button of the board, or the hand-over card's
# (Number Duel for two: "Show Player 1's numbers", whose row the page deals before Python).
HANDOVER = "#handover button"
LEGAL = {
    "worker": f'#targets button[data-key][aria-disabled="false"], {HANDOVER}',
    "page": f'#targets button[aria-disabled="false"], #choices button[aria-disabled="false"],'
    f" {HANDOVER}",
    "tutorial": '.number-duels .targets button[aria-disabled="false"]',
}
# What says Python has played the press: the worker page's own mark; on the old page and the
# tutorial, the move on the board (only Python draws one there); the floor: its imports done.
CONFIRMED = {
    "worker": "nd-first-press-confirmed",
    "page": "bench-answered",
    "tutorial": "bench-answered",
    "floor": "board-ready",
}
SHOWN = {"worker": "nd-first-press-shown", "page": "bench-answered", "tutorial": "bench-answered"}


class TimedMeter(ByteMeter):
    """The server's byte count, with when each piece was sent: the bytes until a moment."""

    def __init__(self) -> None:
        super().__init__()
        self.sends: list[tuple[float, int, str]] = []

    def add(self, count: int, path: str = "") -> None:
        super().add(count, path)
        self.sends.append((time.monotonic(), count, path))

    def reset(self) -> None:
        super().reset()
        self.sends = []

    def starts(self, since: float) -> dict[str, float]:
        """When each file's first byte was sent, ms after `since` (the server answers at once,
        so this is when the browser asked for it, give or take the link's latency)."""
        first: dict[str, float] = {}
        for at, _, path in self.sends:
            first.setdefault(path, (at - since) * 1000)
        return first

    def until(self, moment: float) -> dict[str, int]:
        """Bytes sent until `moment`, file by file."""
        files: dict[str, int] = {}
        for at, count, path in self.sends:
            if at <= moment:
                files[path] = files.get(path, 0) + count
        return files


@dataclass(frozen=True)
class Page:
    name: str
    url: str
    kind: str  # "worker", "page", "tutorial", "floor"
    file: str = ""  # the page's file in the site


def conditions(mbit: float, latency: float) -> dict[str, Any]:
    rate = mbit * 1e6 / 8
    return {
        "offline": False,
        "latency": latency,
        "downloadThroughput": rate,
        "uploadThroughput": rate,
    }


# After a press on the build's board: shown at once ("shown", also once its file has come,
# for a press the page fetches: its button says `data-nd-pressed` meanwhile), or not taken
# yet ("getting ready"), or Python was there first ("python": it took the press itself);
# waits until the page has said which.
TAKEN = """() => new Promise((done) => {
  const said = () => {
    if (performance.getEntriesByName('nd-first-press-shown').length) done('shown');
    else if (document.querySelector('#board[data-getting-ready]')) done('getting ready');
    else if (document.querySelector('#board [data-nd-pressed]')) requestAnimationFrame(said);
    else if (performance.getEntriesByName('bench-answered').length) done('python');
    else requestAnimationFrame(said);
  };
  said();
})"""


def press(page: Any, legal: str) -> None:
    """Press the first legal button as soon as one shows: the page's own mark of the first
    frame with one on screen, asked at every frame (Playwright's own wait for a visible
    button asks less and less often, up to every 500 ms, which a person does not), then
    Playwright's click (whose checks wait a frame or two for the button to hold still)."""
    page.wait_for_function(PRESSABLE, polling="raf", timeout=TIMEOUT_MS)
    page.locator(f"{legal} >> visible=true").first.click(timeout=TIMEOUT_MS)


def thread_work(cdp: Any) -> dict[str, float]:
    """The main thread's work since the navigation, ms of thread time (THREAD_WORK)."""
    metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    return {name: metrics.get(name, 0.0) * 1000 for name in THREAD_WORK}


def one_visit(page: Any, target: Page, meter: TimedMeter, cdp: Any) -> dict[str, Any]:
    """Navigate, press the first legal button as soon as one shows, wait for Python's
    confirmation; the figures of this visit (ms from navigation, bytes until confirmed)."""
    meter.reset()
    started = time.monotonic()
    # Enabled anew for each document: its counts start at this navigation.
    cdp.send("Performance.disable")
    cdp.send("Performance.enable", {"timeDomain": "threadTicks"})
    page.goto(target.url, wait_until="commit")
    work: dict[str, float] | None = None
    if target.kind == "floor":
        page.wait_for_function("() => document.body?.dataset.state === 'ready'", timeout=TIMEOUT_MS)
    else:
        press(page, LEGAL[target.kind])
        work = thread_work(cdp)  # until the press (Playwright's click has returned)
    confirmed_mark = CONFIRMED[target.kind]
    shown_mark = SHOWN.get(target.kind)
    taken = page.evaluate(TAKEN) if target.kind == "worker" else "shown"
    if taken == "getting ready":
        # A press the build did not record (Number Duel's hand-over) says
        # "getting ready": pressed again once Python is ready, Python answers it.
        page.wait_for_function("() => document.body.dataset.state === 'ready'", timeout=TIMEOUT_MS)
        page.evaluate("() => performance.clearMarks('bench-answered')")
        press(page, LEGAL["page"])
        confirmed_mark, shown_mark = "bench-answered", None
    elif taken == "python":
        confirmed_mark = shown_mark = "bench-answered"
    page.wait_for_function(
        "(name) => performance.getEntriesByName(name).length > 0",
        arg=confirmed_mark,
        timeout=TIMEOUT_MS,
    )
    confirmed = page.evaluate(MARK, confirmed_mark)
    # The page's clock starts at its navigation, the server's count when this visit started
    # (a moment before): the bytes until confirmed are those sent within `confirmed` ms of it.
    found = {
        "lcp": None if target.kind == "floor" else page.evaluate(LCP),
        "pressable": page.evaluate(MARK, "bench-pressable"),
        "before pressable": None if target.kind == "floor" else page.evaluate(BEFORE_PRESSABLE),
        "work": work,
        "shown": None if shown_mark is None else page.evaluate(MARK, shown_mark),
        "confirmed": confirmed,
        "files": (files := meter.until(started + confirmed / 1000)),
        "starts": meter.starts(started),
        "bytes": sum(files.values()),
        "board": page.evaluate("() => document.documentElement.dataset.ndBoard ?? ''"),
        "boot": page.evaluate("() => document.documentElement.dataset.pythonBoot ?? ''"),
    }
    return found


def visit_pair(
    p: Any, chromium: str, target: Page, network: tuple[float, float], meter: TimedMeter
) -> tuple[dict[str, Any], dict[str, Any]]:
    """A cold visit in a fresh profile, then a warm one in the same browser."""
    with tempfile.TemporaryDirectory(prefix="nd-bench-") as profile:
        context = p.chromium.launch_persistent_context(
            profile, executable_path=chromium, args=FLAGS, headless=True
        )
        context.add_init_script(MARKERS % json.dumps(LEGAL.get(target.kind, "#none")))
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", conditions(*network))
        try:
            cold = one_visit(page, target, meter, cdp)
            page.evaluate(SETTLED)
            page.evaluate("() => { try { localStorage.clear(); } catch {} }")
            page.goto("about:blank")
            warm = one_visit(page, target, meter, cdp)
        finally:
            context.close()
    return cold, warm


def pages_of(base: str, slugs: list[str], site: Path) -> list[Page]:
    places = python_places(site)
    pages = [Page("floor (bare loadPyodide)", base + FLOOR_PATH, "floor")]
    for slug in slugs:
        pages.append(
            Page(
                f"{slug}, build's board",
                f"{base}games/{slug}/{places['worker']}",
                "worker",
                f"games/{slug}/{places['worker'] or 'index.html'}",
            )
        )
        if "page" in places:
            pages.append(Page(f"{slug}, old page", f"{base}games/{slug}/{places['page']}", "page"))
    pages.append(Page("tutorial (2 embeds)", f"{base}tutorial.html", "tutorial"))
    return pages


def median(values: list[Any]) -> float | None:
    present = [v for v in values if v is not None]
    return statistics.median(present) if present else None


def ms(value: float | None) -> str:
    return "-" if value is None else f"{value:,.0f}"


def later(*values: float | None) -> float | None:
    """The later of two moments, or None when either did not happen."""
    return None if any(v is None for v in values) else max(v for v in values if v is not None)


def report(
    results: dict[str, dict[str, list[dict[str, Any]]]], pages: list[Page], site: Path
) -> bool:
    """Print medians per network, page and visit, then the targets; True if all are met."""
    ok = True
    for network, by_page in results.items():
        print(
            f"\n{network}: ms from navigation (median of the rounds): largest contentful"
            " paint, a legal button on screen, the first press shown, Python's confirmation;"
            " MB the server sent until then"
        )
        print(
            f"{'page':34} {'visit':5} {'LCP':>7} {'pressable':>10} {'shown':>7}"
            f" {'confirmed':>10} {'MB':>6} {'x floor':>8}  board/boot"
        )
        floor = median([v["confirmed"] for v in by_page[pages[0].name + " cold"]])
        for target in pages:
            for kind in ("cold", "warm"):
                visits = by_page[f"{target.name} {kind}"]
                confirmed = median([v["confirmed"] for v in visits])
                ratio = "" if floor is None or confirmed is None else f"{confirmed / floor:.2f}x"
                mb = median([v["bytes"] for v in visits])
                states = "/".join(
                    sorted({f"{v['board'] or '-'}/{v['boot'] or '-'}" for v in visits})
                )
                print(
                    f"{target.name:34} {kind:5} {ms(median([v['lcp'] for v in visits])):>7}"
                    f" {ms(median([v['pressable'] for v in visits])):>10}"
                    f" {ms(median([v['shown'] for v in visits])):>7} {ms(confirmed):>10}"
                    f" {(mb or 0) / 1e6:6.2f} {ratio:>8}  {states}"
                )
        print_pressable(by_page, pages, site)
        limit = TARGETS[network]
        for target in pages:
            if target.kind != "worker":
                continue
            cold = by_page[f"{target.name} cold"]
            seen = median([later(v["lcp"], v["shown"]) for v in cold])
            pressable = median([later(v["lcp"], v["pressable"]) for v in cold])
            met = seen is not None and seen <= limit
            ok &= met
            verdict = "met" if met else "NOT met"
            if seen is None:
                verdict += " (the press waits for Python)"
            print(
                f"target {target.name}: board and first press within {limit:,.0f} ms cold:"
                f" {ms(seen)} (pressable at {ms(pressable)}), {verdict}"
            )
            old = f"{target.name.split(',')[0]}, old page cold"
            if old in by_page:
                mine = median([v["confirmed"] for v in cold])
                theirs = median([v["confirmed"] for v in by_page[old]])
                if mine is not None and theirs is not None:
                    print(
                        f"  confirmed {ms(mine)} against the old page's first move {ms(theirs)}:"
                        f" {mine / theirs:.2f}x"
                    )
    print_files(results, pages)
    print_chain(results, pages)
    return ok


def print_pressable(
    by_page: dict[str, list[dict[str, Any]]], pages: list[Page], site: Path
) -> None:
    """Before a press is taken (medians of the rounds): the requests done and their bytes at
    the moment a legal button showed, and the main thread's work until the press, in thread
    time; beside them what the build's files give by construction (bench/critical_path.py)."""
    print(
        "before the first press: requests done and kB on the wire when a legal button showed;"
        " the main thread's work until the press, ms of thread time (all tasks: scripts,"
        " layout, style)"
    )
    for target in pages:
        for kind in ("cold", "warm"):
            visits = by_page[f"{target.name} {kind}"]
            done = [v["before pressable"] for v in visits if v.get("before pressable")]
            work = [v["work"] for v in visits if v.get("work")]
            if not done or not work:
                continue
            requests = median([d["requests"] for d in done]) or 0
            sent = median([d["bytes"] for d in done]) or 0
            tasks = [median([w[name] for w in work]) or 0 for name in THREAD_WORK]
            print(
                f"  {target.name:34} {kind:5} {requests:3.0f} requests {sent / 1000:7.1f} kB;"
                f" {tasks[0]:6.0f} ms ({tasks[1]:.0f} scripts, {tasks[2]:.0f} layout,"
                f" {tasks[3]:.0f} style)"
            )
    for target in pages:
        if target.kind == "worker":
            path = critical_path.critical_path(site, target.file)
            print(f"  by construction, {target.file}: {critical_path.summary(path)}")


def print_files(results: dict[str, dict[str, list[dict[str, Any]]]], pages: list[Page]) -> None:
    """Where the bytes of the first cold visit of each kind of page went until Python
    confirmed its first press (first network, first round), file by file."""
    by_page = next(iter(results.values()))
    shown: set[str] = set()
    for target in pages:
        if target.kind in shown:
            continue
        shown.add(target.kind)
        if not by_page[f"{target.name} cold"]:
            continue
        files = by_page[f"{target.name} cold"][0]["files"]
        total = sum(files.values())
        print(f"\n{target.name}, cold: {total / 1e6:.3f} MB until confirmed (headers included)")
        for path, sent in sorted(files.items(), key=lambda item: -item[1]):
            if sent >= 5_000:
                print(f"  {sent / 1e6:6.3f} MB  {path.removeprefix(PREFIX)}")
        small = [sent for sent in files.values() if sent < 5_000]
        print(f"  {sum(small) / 1e6:6.3f} MB  {len(small)} files of under 5 kB each")


# The runtime's files, in the order a worker page asks for them (site/assets/python-worker.mjs,
# the snapshot wrapper, Pyodide), and the old page's PyScript.
RUNTIME = (
    "python-worker.mjs",
    "pyodide-snapshot-",
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib-",
    "number-duels.zip",
    "core.js",
)


def print_chain(results: dict[str, dict[str, list[dict[str, Any]]]], pages: list[Page]) -> None:
    """When the server was first asked for each of the runtime's files (ms from navigation,
    median of the rounds; on a quiet link, one request waiting for another shows as a later
    start) and the kB it sent of each until Python's confirmation (twice a file's size: it was
    downloaded twice). One game's pages, the tutorial's and the floor: the other games'
    pages have the same chain."""
    for network, by_page in results.items():
        print(f"\n{network}: the runtime's requests, ms from navigation (kB sent until confirmed)")
        kinds: set[str] = set()
        for target in pages:
            if target.kind in kinds:
                continue
            kinds.add(target.kind)
            for kind in ("cold", "warm"):
                visits = by_page[f"{target.name} {kind}"]
                if not visits:
                    continue
                seen: dict[str, list[tuple[float, int]]] = {}
                for visit in visits:
                    for path, at in visit["starts"].items():
                        name = path.rsplit("/", 1)[-1]
                        if any(name.startswith(r) for r in RUNTIME):
                            seen.setdefault(name, []).append((at, visit["files"].get(path, 0)))
                cells = sorted(
                    (median([at for at, _ in v]) or 0, name, median([b for _, b in v]) or 0)
                    for name, v in seen.items()
                )
                print(f"  {target.name} {kind}:")
                for at, name, sent in cells:
                    print(f"    {at:7,.0f}  {name} ({sent / 1000:,.0f} kB)")


def main(argv: list[str] | None = None) -> int:
    parser = load_parser(__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(SLUGS), help="comma-separated slugs")
    parser.add_argument(
        "--networks",
        default=",".join(NETWORKS),
        help="which of: " + "; ".join(NETWORKS) + " (comma-separated, by their Mbit/s: 10,2)",
    )
    parser.add_argument("--site", type=Path, default=SITE_DIR, help="the built site to serve")
    parser.set_defaults(rounds=1)
    args, _ = parser.parse_known_args(argv)
    require_site(args.site)
    from playwright.sync_api import sync_playwright

    wanted = {n.split()[0] for n in args.networks.split(",")}
    networks = {name: net for name, net in NETWORKS.items() if name.split()[0] in wanted}
    meter = TimedMeter()
    server, base = serve_site(args.site, floor=True, meter=meter)
    pages = pages_of(base, args.games.split(","), args.site)
    chromium = chromium_path(args.chromium)
    results: dict[str, dict[str, list[dict[str, Any]]]] = {
        n: {f"{t.name} {k}": [] for t in pages for k in ("cold", "warm")} for n in networks
    }
    print(f"load average before: {load_average()}", flush=True)
    try:
        with sync_playwright() as p:
            for name, network in networks.items():
                for round_no in range(1, args.rounds + 1):
                    for target in pages:
                        try:
                            cold, warm = visit_pair(p, chromium, target, network, meter)
                        except Exception as error:  # Playwright's: say which, go on
                            print(f"  {name}: {target.name} failed: {error}", file=sys.stderr)
                            continue
                        results[name][f"{target.name} cold"].append(cold)
                        results[name][f"{target.name} warm"].append(warm)
                        print(
                            f"  {name} round {round_no}: {target.name}: cold shown"
                            f" {ms(cold['shown'])}, confirmed {ms(cold['confirmed'])};"
                            f" warm confirmed {ms(warm['confirmed'])}"
                            f" (load {load_average()})",
                            file=sys.stderr,
                            flush=True,
                        )
    finally:
        server.shutdown()
    print(f"load average after: {load_average()}")
    ok = report(results, pages, args.site)
    return 0 if ok or not args.check else 1


if __name__ == "__main__":
    sys.exit(main())
