"""First-visit benchmark: time and bytes to a playable page over real network speeds.

The built site is served on loopback by scripts/serve/site_server.py with GitHub Pages' rules
(gzip only for the types mime-db marks compressible, so a `.zip` goes as it is;
`max-age=600`; no CSP header), and Chromium's own network throttling (DevTools protocol
`Network.emulateNetworkConditions`) makes the connection slow: 10 Mbit/s with 40 ms latency,
2 Mbit/s with 150 ms (a school network), and loopback unthrottled. For every game page, the
tutorial page (two embedded boards) and the floor (a page that runs nothing but a bare
`loadPyodide()` from the very same vendored runtime, served under the same rules, then
`import json, random`), each round launches Chromium with a fresh profile and visits the page
(cold: a first-time visitor), lets the page finish what it does after becoming playable
(the service worker's precache, making and keeping the snapshot for the next visit), then
visits it again (warm). Pages are interleaved so a busy machine slows all alike. The first
game page is also visited asking for the build's snapshot (`?python-start=snapshot`:
downloaded on the cold visit, restored on the warm one), to compare a warm start from it
with one from the snapshot a first visit makes in the browser, and in Spanish, French and
Arabic (its page under es/, fr/, ar/; a language the build lacks is left out); `--site`
serves another build, e.g. an older one to compare with (one without language folders shows
Spanish through ?lang=es).

Prints the load average before and after, and per network: medians of the time from
navigation to a playable page, the bytes on the wire until then, and both as ratios to the
floor measured in the same run; the way Python started; and at loopback the steps of a warm
and a cold start (performance marks nd-*). A first visit does not end there: the page goes on
(the service worker's precache, the snapshot for the next visit), so the cold visit also
stays throttled until the network has been quiet for QUIET_S seconds, and reports every byte
the server sent from navigation until then (counted at the server, scripts/serve/
site_server.py's ByteMeter, so that the service worker's own requests count too), the time
of the last one, and where those bytes went (per file, the first page, first network).
Targets (ratios to the floor): 10 Mbit/s cold time
<= 0.80x and bytes <= 0.72x; loopback cold <= 0.6x and warm <= 0.5x; every byte of a first
visit until the network is quiet at most the floor's (1.0x); and, a moonshot, a first visit
under 4.5 MB on the wire.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from _browser import (
    FLAGS,
    FLOOR_PATH,
    chromium_path,
    load_average,
    load_parser,
    python_places,
    require_site,
    serve_site,
)
from site_server import SITE_DIR, ByteMeter

SLUGS = ("circle-duel", "number-circle", "sequence-duel", "digit-chain", "number-duel")
FLOOR = "floor (bare loadPyodide)"
TUTORIAL = "tutorial (2 embeds)"
# Asks the page to download the build's snapshot when it keeps none (a later visit restores
# the kept one whatever the address says).
BUILD_SNAPSHOT = "python-start=snapshot"
# Such a page's name ends so: a reference, as the floor is, held to no target.
WITH_BUILD_SNAPSHOT = ", build's snapshot"
# The languages the first game page is also visited in (a Latin script, the one right to left).
VISITED = {"es": "Spanish", "fr": "French", "ar": "Arabic"}


def language_address(site: Path, slug: str, tag: str) -> str | None:
    """A game page in language `tag`: its own page in <tag>/ (written in it by the build); a
    build from before the language folders (`--site`, to compare) showed Spanish with
    ?lang=es; None when the build has no such language."""
    if (site / tag / "games" / slug).is_dir():
        return f"{tag}/games/{slug}/{python_places(site)['worker']}?delay=0"
    return f"games/{slug}/?lang=es&delay=0" if tag == "es" else None


@dataclass(frozen=True)
class Network:
    name: str
    mbit: float | None  # None: loopback, unthrottled
    latency_ms: float
    rounds: int

    def conditions(self) -> dict[str, Any]:
        if self.mbit is None:
            return {
                "offline": False,
                "latency": 0,
                "downloadThroughput": -1,
                "uploadThroughput": -1,
            }
        rate = self.mbit * 1e6 / 8  # bytes per second
        return {
            "offline": False,
            "latency": self.latency_ms,
            "downloadThroughput": rate,
            "uploadThroughput": rate,
        }


NETWORKS = (
    Network("10 Mbit/s, 40 ms", 10, 40, rounds=2),
    Network("loopback", None, 0, rounds=2),
    Network("2 Mbit/s, 150 ms", 2, 150, rounds=1),
)
TARGETS = {  # (network, cold/warm, time/bytes) -> the most a page may take, as x floor
    ("10 Mbit/s, 40 ms", "cold", "time"): 0.80,
    ("10 Mbit/s, 40 ms", "cold", "bytes"): 0.72,
    ("loopback", "cold", "time"): 0.6,
    ("loopback", "warm", "time"): 0.5,
    ("10 Mbit/s, 40 ms", "cold", "quiet bytes"): 1.0,
    ("2 Mbit/s, 150 ms", "cold", "quiet bytes"): 1.0,
    ("loopback", "cold", "quiet bytes"): 1.0,
}
# A first visit has ended when the server has sent nothing for this long (after the page was
# playable): the service worker starts its precache and the page its snapshot within moments.
QUIET_S = 5.0
MOONSHOT_BYTES = 4.5e6  # a first visit on a throttled network, every page

# Marks the moment a page is playable: a game page's body says data-state="ready", the
# tutorial's <html> data-nd-embeds="ready" (both also for the floor page's body).
READY_MARKER = """(() => {
  const ready = () => document.body?.dataset.state === "ready" ||
    document.documentElement.dataset.ndEmbeds === "ready";
  const seen = new MutationObserver(() => {
    if (ready() && !performance.getEntriesByName("bench-ready").length) {
      performance.mark("bench-ready");
      seen.disconnect();
    }
  });
  seen.observe(document, { attributes: true, subtree: true,
                           attributeFilter: ["data-state", "data-nd-embeds"] });
})();"""
MEASURE = """() => {
  const ready = performance.getEntriesByName('bench-ready')[0].startTime;
  const nav = performance.getEntriesByType('navigation')[0];
  const files = performance.getEntriesByType('resource').filter(e => e.responseEnd <= ready);
  const marks = Object.fromEntries(performance.getEntriesByType('mark')
    .filter(m => m.name.startsWith('nd-') || m.name === 'board-ready')
    .map(m => [m.name.replace(/^nd-/, ''), m.startTime]));
  return {ready, bytes: [nav, ...files].reduce((sum, e) => sum + e.transferSize, 0),
          boot: document.documentElement.dataset.pythonBoot || '', marks};
}"""
LAST_RESPONSE = """() => Math.max(0, ...performance.getEntriesByType('resource')
  .map((e) => e.responseEnd))"""
# After the cold visit: the page's work for next time is done (the snapshot kept, the service
# worker installed and in control), or there is none (the floor page).
SETTLED = """async () => {
  const boot = document.documentElement.dataset.pythonBoot;
  const done = () => ['nd-snapshot-kept', 'nd-snapshot-not-kept']
    .some((name) => performance.getEntriesByName(name).length > 0);
  if (boot) {
    while (!done()) await new Promise((r) => setTimeout(r, 100));
  }
  if (boot && window.ndOffline && await ndOffline.registered) {
    await navigator.serviceWorker.ready;
  }
  return globalThis.ndSnapshotMade?.ms ?? null;
}"""


@dataclass
class Visits:
    cold: list[dict[str, Any]] = field(default_factory=list)
    warm: list[dict[str, Any]] = field(default_factory=list)


def wait_playable(page: Any, url: str) -> None:
    try:
        page.wait_for_function(
            "() => performance.getEntriesByName('bench-ready').length > 0 ||"
            " ['failed'].includes(document.body?.dataset.state)",
            timeout=600_000,  # a cold start on a 2-core machine that others keep busy
        )
    except Exception as error:  # Playwright's TimeoutError: say which page
        raise SystemExit(f"{url} did not become playable: {error}") from None
    if page.evaluate("document.body?.dataset.state") == "failed":
        raise SystemExit(f"{url} failed to load")


def visit(
    page: Any, cdp: Any, url: str, network: Network, meter: ByteMeter | None = None
) -> dict[str, Any]:
    """One visit until the page is playable; with `meter`, on until the network is quiet."""
    cdp.send("Network.emulateNetworkConditions", network.conditions())
    if meter is not None:
        meter.reset()
    started = time.monotonic()
    page.goto(url, wait_until="commit")
    wait_playable(page, url)
    measured = page.evaluate(MEASURE)
    if meter is not None:
        while time.monotonic() - meter.last < QUIET_S:
            time.sleep(0.1)  # a benchmark's poll of the server, not a test's synchronisation
        # The server hands a file to the socket sooner than a throttled browser reads it: the
        # page's own last response counts too (the service worker's are not throttled).
        last_response = page.evaluate(LAST_RESPONSE)
        measured |= {
            "quiet bytes": meter.sent,
            "quiet": max((meter.last - started) * 1000, last_response),
            "files": dict(meter.paths),
        }
    return measured


def run(
    chromium: str, networks: tuple[Network, ...], slugs: tuple[str, ...], site: Path = SITE_DIR
) -> dict:
    from playwright.sync_api import sync_playwright

    meter = ByteMeter()
    server, base = serve_site(site, floor=True, meter=meter)
    pages = {FLOOR: f"{base}{FLOOR_PATH}", TUTORIAL: f"{base}tutorial.html"}
    # The game pages whose Python runs in a worker (worker.html in a build that also has the
    # old page, bench/_browser.py's python_places).
    worker = python_places(site)["worker"]
    pages |= {slug: f"{base}games/{slug}/{worker}?delay=0" for slug in slugs}
    # The first game as before a first visit made its own snapshot: it downloads the build's
    # (as it did on a fast network), and its warm visit restores that one, beside the warm
    # visit of the page above, which restores the snapshot made in the browser.
    pages[slugs[0] + WITH_BUILD_SNAPSHOT] = (
        f"{base}games/{slugs[0]}/{worker}?delay=0&{BUILD_SNAPSHOT}"
    )
    for tag, language in VISITED.items():
        address = language_address(site, slugs[0], tag)
        if address is not None:
            pages[f"{slugs[0]} in {language}"] = base + address
    results = {n.name: {name: Visits() for name in pages} for n in networks}
    unthrottled = Network("loopback", None, 0, rounds=1)
    with sync_playwright() as p:
        for network in networks:
            for round_no in range(1, network.rounds + 1):
                for name, url in pages.items():
                    with tempfile.TemporaryDirectory(prefix="nd-bench-") as profile:
                        context = p.chromium.launch_persistent_context(
                            profile, executable_path=chromium, args=FLAGS, headless=True
                        )
                        context.add_init_script(READY_MARKER)
                        page = context.new_page()
                        cdp = context.new_cdp_session(page)
                        cdp.send("Network.enable")
                        cdp.send("Network.setCacheDisabled", {"cacheDisabled": False})
                        results[network.name][name].cold.append(
                            visit(page, cdp, url, network, meter)
                        )
                        cdp.send("Network.emulateNetworkConditions", unthrottled.conditions())
                        results[network.name][name].cold[-1]["made"] = page.evaluate(SETTLED)
                        page.goto("about:blank")
                        results[network.name][name].warm.append(visit(page, cdp, url, network))
                        context.close()
                print(
                    f"  {network.name}: round {round_no}/{network.rounds} done",
                    file=sys.stderr,
                    flush=True,
                )
    server.shutdown()
    return results


def median(visits: list[dict[str, Any]], key: str) -> float:
    return statistics.median(v[key] for v in visits)


def report(results: dict[str, dict[str, Visits]], networks: tuple[Network, ...]) -> bool:
    ok = True
    for network in networks:
        by_page = results[network.name]
        floor = by_page[FLOOR]
        f_cold, f_warm = median(floor.cold, "ready"), median(floor.warm, "ready")
        f_bytes = median(floor.cold, "bytes")
        print(f"\nFirst visit, {network.name}: navigation -> playable, median of {network.rounds}")
        print(
            f"{'page':30} {'cold ms':>8} {'x floor':>8} {'cold MB':>8} {'x floor':>8} "
            f"{'warm ms':>8} {'x floor':>8} {'warm MB':>8}  started (cold/warm)"
        )
        figures: dict[tuple[str, str], list[float]] = {}
        heaviest = 0.0
        for name, visits in by_page.items():
            cold, warm = median(visits.cold, "ready"), median(visits.warm, "ready")
            cold_bytes, warm_bytes = median(visits.cold, "bytes"), median(visits.warm, "bytes")
            boots = "/".join(
                sorted({v["boot"] for v in visits.cold}) + sorted({v["boot"] for v in visits.warm})
            )
            print(
                f"{name:30} {cold:8.0f} {cold / f_cold:7.2f}x {cold_bytes / 1e6:8.2f} "
                f"{cold_bytes / f_bytes:7.2f}x {warm:8.0f} {warm / f_warm:7.2f}x "
                f"{warm_bytes / 1e6:8.2f}  {boots or '-'}"
            )
            if name != FLOOR and not name.endswith(WITH_BUILD_SNAPSHOT):
                heaviest = max(heaviest, cold_bytes)
                figures.setdefault(("cold", "time"), []).append(cold / f_cold)
                figures.setdefault(("cold", "bytes"), []).append(cold_bytes / f_bytes)
                figures.setdefault(("warm", "time"), []).append(warm / f_warm)
        print(f"\nEvery byte of the first visit, {network.name}, until {QUIET_S:.0f} s quiet")
        print(
            f"{'page':30} {'bytes MB':>9} {'x floor':>8} {'quiet at ms':>12} "
            f"{'snapshot made in ms':>20}"
        )
        for name, visits in by_page.items():
            quiet_bytes, quiet = median(visits.cold, "quiet bytes"), median(visits.cold, "quiet")
            made = [v["made"] for v in visits.cold if v.get("made") is not None]
            print(
                f"{name:30} {quiet_bytes / 1e6:9.2f} "
                f"{quiet_bytes / median(floor.cold, 'quiet bytes'):7.2f}x {quiet:12.0f} "
                f"{statistics.median(made) if made else '-':>20}"
            )
            if name != FLOOR and not name.endswith(WITH_BUILD_SNAPSHOT):
                figures.setdefault(("cold", "quiet bytes"), []).append(
                    quiet_bytes / median(floor.cold, "quiet bytes")
                )
        for (visit_kind, what), ratios in figures.items():
            limit = TARGETS.get((network.name, visit_kind, what))
            if limit is None:
                continue
            worst = max(ratios)
            met = worst <= limit
            ok &= met
            print(
                f"target {visit_kind} {what} <= {limit}x floor: worst page {worst:.2f}x, "
                f"{'met' if met else 'NOT met'}"
            )
        if network.mbit is not None:
            met = heaviest < MOONSHOT_BYTES
            print(
                f"moonshot: first visit under {MOONSHOT_BYTES / 1e6} MB: heaviest page "
                f"{heaviest / 1e6:.2f} MB, {'met' if met else 'not met'}"
            )
    print_files(results[networks[0].name])
    if "loopback" in results:
        print_steps(results["loopback"])
    return ok


def print_files(by_page: dict[str, Visits]) -> None:
    """Where the bytes of one first visit went until the network was quiet, file by file."""
    for name, visits in by_page.items():
        if name == FLOOR:
            continue
        files = visits.cold[0]["files"]
        print(f"\nEvery file of the first cold visit of {name} (bytes sent, headers included)")
        for path, sent in sorted(files.items(), key=lambda item: -item[1]):
            if sent >= 10_000:
                print(f"  {sent / 1e6:6.3f} MB  {path}")
        small = [sent for sent in files.values() if sent < 10_000]
        print(f"  {sum(small) / 1e6:6.3f} MB  {len(small)} files of under 10 KB each")
        return


STEPS = (
    "wrapper-loaded",
    "snapshot-cache-read",
    "decided",
    "snapshot-downloaded",
    "snapshot-unpacked",
    "restored",
    "started-normally",
    "python-ready",
    "pyscript-ready",
    "pyscript-package",
    "phase-rules",
    "board-ready",
)


def print_steps(by_page: dict[str, Visits]) -> None:
    """Where a start spends its time: each nd-* mark (ms since navigation), medians."""
    for kind in ("warm", "cold"):
        print(f"\nSteps of a {kind} start at loopback (ms since navigation, median of all pages)")
        visits = [v for name, vs in by_page.items() if name != FLOOR for v in getattr(vs, kind)]
        for step in STEPS:
            times = [v["marks"][step] for v in visits if step in v["marks"]]
            if times:
                print(f"  {step:22} {statistics.median(times):7.0f}  ({len(times)} visits)")


def main(argv: list[str] | None = None) -> int:
    parser = load_parser("Time a first and a second visit over throttled networks.")
    parser.add_argument(
        "--quick", action="store_true", help="one round, one game page, 10 Mbit/s and loopback"
    )
    parser.add_argument(
        "--site", type=Path, default=SITE_DIR, help="the built site to serve (default: _site)"
    )
    args, _ = parser.parse_known_args(argv)
    require_site(args.site)
    networks, slugs = NETWORKS, SLUGS
    if args.quick:
        networks = tuple(replace(n, rounds=1) for n in NETWORKS if n.mbit != 2)
        slugs = SLUGS[:1]
    print(f"load average before: {load_average()}", flush=True)
    results = run(chromium_path(args.chromium), networks, slugs, args.site)
    print(f"load average after: {load_average()}")
    ok = report(results, networks)
    return 0 if ok or not args.check else 1


if __name__ == "__main__":
    sys.exit(main())
