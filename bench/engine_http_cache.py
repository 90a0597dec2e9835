"""Whether each test browser's HTTP cache serves a file asked for again: the yardstick for
the cross-engine suite's byte counts.

A first visit to a game page asks for the runtime's files three times over (the worker that
starts Python, the worker that makes the snapshot for the next visit, the service worker's
precache); the two later requests are meant to be served by the browser's HTTP cache (every
file goes out with `max-age=600`, as on GitHub Pages), and in Chromium and Firefox they are
(e2e/test_early_downloads.py counts each file sent once). WebKitGTK under WebDriver sends each
of them again. This asks whether that is the page's doing: a plain page (the site's notices
page) fetches one small cacheable file three times in a row, nothing else between, in each
engine of `e2e/webkit_firefox/` (WebKitGTK by WebDriver, Firefox by WebDriver BiDi), and the
server counts how many times it sent that file's body. Where a plain page's second fetch goes
out again, the browser keeps no HTTP cache in that session (WebKitGTK's automation session is
an ephemeral one), and no page can do better there.

    .venv/bin/python bench/engine_http_cache.py
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import engines
from site_server import SITE_DIR, ByteMeter, start_server

PREFIX = "/number-duels/"
FILE = "assets/print.js"  # small, cacheable, and asked for by no page until printing
FETCHES = 3
FETCH_AGAIN = f"""async (url) => {{
  for (let i = 0; i < {FETCHES}; i++) await (await fetch(url)).text();
  return true;
}}"""


def sent_bodies(engine: str, site: Path) -> int:
    """How many times the server sent FILE's body while a page of `engine` fetched it
    FETCHES times."""
    meter = ByteMeter()
    server, url = start_server(site, prefix=PREFIX, meter=meter)
    tab = engines.open_tab(engine)
    try:
        tab.goto(url + "notices.html")
        tab.wait_for("() => document.readyState === 'complete'", what="the page loaded")
        before = meter.bodies.get(PREFIX + FILE, 0)
        tab.run(FETCH_AGAIN, url + FILE)
        return meter.bodies.get(PREFIX + FILE, 0) - before
    finally:
        tab.close()
        server.shutdown()
        server.server_close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=SITE_DIR, help="the built site to serve")
    args, _ = parser.parse_known_args(argv)
    unavailable = engines.missing()
    if unavailable:
        print(f"engine_http_cache: skipped, missing {', '.join(unavailable)} (make engines)")
        return 0
    print(f"{FILE} fetched {FETCHES} times in a row by one page; bodies the server sent:")
    for engine in ("webkit", "firefox"):
        sent = sent_bodies(engine, args.site)
        verdict = "served from its HTTP cache" if sent == 1 else "no HTTP cache in this session"
        print(f"  {engine:8} {sent}  ({verdict})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
