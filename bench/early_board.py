"""The board before Python: how soon a first visit sees the board and has a press taken.

For each game page whose Python runs in a worker (the page holding the board the build drew)
and, to compare, the game page with Python on the main thread (the board drawn once Python
runs), as this build has them (bench/_browser.py, python_places), Chromium with a fresh profile
visits the page over a throttled connection (DevTools' `Network.emulateNetworkConditions`, as
bench/first_visit.py does), presses the first legal button as soon as it can, and prints, in
ms from navigation: the largest contentful paint, when the press was shown
(`nd-first-press-shown`; today's page: the board ready, `board-ready`, then the press), and
when Python confirmed it (`nd-first-press-confirmed`; today's page: the move on the board).
The press goes through Playwright, so its times include Playwright's own latency (tens of ms).
"""

from __future__ import annotations

import sys
import tempfile
from typing import Any

from _browser import FLAGS, chromium_path, load_parser, python_places, require_site, serve_site

SLUGS = ("circle-duel", "number-circle", "sequence-duel", "digit-chain", "number-duel")
NETWORKS = {"10 Mbit/s, 40 ms": (10, 40), "2 Mbit/s, 150 ms": (2, 150)}
LCP = """() => new Promise((done) => new PerformanceObserver((list) => {
  const entries = list.getEntries();
  done(entries[entries.length - 1].startTime);
}).observe({ type: "largest-contentful-paint", buffered: true }))"""
MARK = "(name) => performance.getEntriesByName(name)[0]?.startTime ?? null"
LEGAL = '#targets button[data-key][aria-disabled="false"], #choices button[aria-disabled="false"]'


def conditions(mbit: float, latency: float) -> dict[str, Any]:
    rate = mbit * 1e6 / 8
    return {
        "offline": False,
        "latency": latency,
        "downloadThroughput": rate,
        "uploadThroughput": rate,
    }


def visit(
    p: Any, chromium: str, url: str, network: tuple[float, float], worker: bool
) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="nd-bench-") as profile:
        context = p.chromium.launch_persistent_context(
            profile, executable_path=chromium, args=FLAGS, headless=True
        )
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", conditions(*network))
        page.goto(url, wait_until="commit")
        button = page.locator(LEGAL).first
        button.wait_for(state="visible", timeout=180_000)
        history = page.locator("#history li:not(.empty)")
        button.click(timeout=180_000)
        page.wait_for_function(
            "() => ['ready', 'failed'].includes(document.body.dataset.state)", timeout=180_000
        )
        history.first.wait_for(timeout=180_000)
        found = {
            "lcp": page.evaluate(LCP),
            "shown": page.evaluate(MARK, "nd-first-press-shown" if worker else "board-ready"),
            "confirmed": page.evaluate(
                MARK, "nd-first-press-confirmed" if worker else "board-ready"
            ),
            "ready": page.evaluate(MARK, "board-ready"),
        }
        context.close()
        return found


def main(argv: list[str] | None = None) -> None:
    parser = load_parser(__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(SLUGS), help="comma-separated slugs")
    args = parser.parse_args(argv)
    require_site()
    from playwright.sync_api import sync_playwright

    server, base = serve_site()
    chromium = chromium_path(args.chromium)
    print("ms from navigation: largest contentful paint, press shown, Python confirmed it")
    try:
        with sync_playwright() as p:
            for name, network in NETWORKS.items():
                for slug in args.games.split(","):
                    for where, page_name in python_places().items():
                        url = f"{base}games/{slug}/{page_name}"
                        got = visit(p, chromium, url, network, where == "worker")
                        label = "build's board" if where == "worker" else "main-thread page"
                        print(
                            f"{name:18} {slug:14} {label:14} LCP {got['lcp']:7.0f}"
                            f"  shown {got['shown'] or 0:7.0f}"
                            f"  confirmed {got['confirmed'] or 0:7.0f}"
                            f"  Python ready {got['ready'] or 0:7.0f}",
                            flush=True,
                        )
    finally:
        server.shutdown()


if __name__ == "__main__":
    sys.exit(main())
