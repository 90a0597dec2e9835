"""The board before Python, by construction: what a game page's first press waits on.

Load-independent figures from the built files alone (no browser): a press on the board the
build drew is taken once the page's <head> has run (its classic scripts hold the listeners,
and block the parse of the board below them) and the board is painted (its stylesheets block
the paint). So before a press is taken these requests must complete: the document, then every
stylesheet and every classic script without `defer`/`async` in its <head>. They are asked for
at once only if the build leaves one blocking script after the stylesheet: Chromium's preload
scanner, which would read ahead of a blocked parser, drops what it found on a page whose
Content Security Policy is in a <meta> (all of ours), so each further blocking script waits
for the one before it to run (scripts/build/head_scripts.py joins them). Per page this prints
those requests, their bytes as GitHub Pages sends them (scripts/serve/site_server.py's rules:
gzip where the host compresses, headers not counted), and the round trips they take: one for
the document, then the head's requests in rounds of six over HTTP/1.1 (a browser's connections
per host, as bench/early_board.py's server speaks it) or in one over HTTP/2 (GitHub Pages).
From these, what a quiet link gives by construction, with the network only: DevTools' model (what
bench/early_board.py's throttled visits can show: each request's response `latency` later,
the bytes at the link's rate) and a real cold https visit over HTTP/2 (a TCP and a TLS 1.3
handshake first, and TCP's slow start: a new connection's first flight is about 14.6 kB, each
next one twice the last). The main thread's own work comes on top (bench/early_board.py
prints it, in CPU time).

    .venv/bin/python bench/critical_path.py [--site DIR] [--pages games/circle-duel/index.html]
"""

from __future__ import annotations

import argparse
import math
import sys
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlsplit

from site_server import SITE_DIR, body_of, read_file

CONNECTIONS_HTTP1 = 6  # Chromium's connections per host over HTTP/1.1
# A new TCP connection's first flight (initial window of 10 segments), doubling each round trip.
FIRST_FLIGHT = 14_600
NETWORKS = {"10 Mbit/s, 40 ms": (10.0, 40.0), "2 Mbit/s, 150 ms": (2.0, 150.0)}
GAMES = ("circle-duel", "number-circle", "sequence-duel", "digit-chain", "number-duel")


@dataclass(frozen=True)
class Request:
    path: str  # relative to the site's root
    why: str  # "document", "stylesheet", "script" (blocking), "deferred"
    sent: int  # bytes of the body as the host sends it


class HeadReader(HTMLParser):
    """The <head>'s stylesheets and scripts, in document order."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, str]] = []  # (why, href)
        self.in_head = True

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        if tag == "body":
            self.in_head = False
        if not self.in_head:
            return
        if tag == "link" and named.get("rel") == "stylesheet" and named.get("href"):
            self.found.append(("stylesheet", named["href"] or ""))
        elif tag == "script" and named.get("src"):
            module = named.get("type") == "module"
            deferred = module or "defer" in named or "async" in named
            self.found.append(("deferred" if deferred else "script", named["src"] or ""))


def sent_bytes(site: Path, path: str) -> int:
    data, mtime = read_file(str(site / path))
    return len(body_of(path, data, mtime, gzip_ok=True).data)


def requests_of(site: Path, page: str) -> list[Request]:
    """The page's document and its <head>'s stylesheets and scripts, with the bytes sent."""
    reader = HeadReader()
    reader.feed((site / page).read_text(encoding="utf-8"))
    found = [Request(page, "document", sent_bytes(site, page))]
    base = "https://site.invalid/" + page
    for why, href in reader.found:
        path = urlsplit(urljoin(base, href)).path.removeprefix("/")
        found.append(Request(path, why, sent_bytes(site, path)))
    return found


def before_press(requests: list[Request]) -> list[Request]:
    """What must complete before a press is taken: the document and the blocking requests."""
    return [r for r in requests if r.why in ("document", "stylesheet", "script")]


def round_trips(requests: list[Request], connections: int | None) -> int:
    """Request round trips until every request of `requests` is answered: the document, then
    the head's requests `connections` at a time (None: all at once, as over HTTP/2)."""
    head = len(requests) - 1
    if head <= 0:
        return 1
    return 1 + (1 if connections is None else math.ceil(head / connections))


def by_construction(
    requests: list[Request], mbit: float, latency_ms: float, connections: int | None
) -> float:
    """Milliseconds until the last of `requests` is in, on a quiet link: each round trip's
    latency, and every byte at the link's rate (the head's requests share it)."""
    rate = mbit * 1e6 / 8 / 1000  # bytes per ms
    return round_trips(requests, connections) * latency_ms + sum(r.sent for r in requests) / rate


def flights(sent: int) -> int:
    """Round trips TCP's slow start takes to send `sent` bytes on a new connection."""
    count = 1
    while FIRST_FLIGHT * (2**count - 1) < sent:
        count += 1
    return count


def cold_https(requests: list[Request], mbit: float, latency_ms: float) -> float:
    """Milliseconds until the last of `requests` is in on a cold https visit over HTTP/2: TCP's
    and TLS 1.3's handshakes, the document's request, then as many round trips as slow start
    needs for every byte on the one connection, and the bytes at the link's rate."""
    rate = mbit * 1e6 / 8 / 1000
    sent = sum(r.sent for r in requests)
    return (2 + 1 + flights(sent)) * latency_ms + sent / rate


@dataclass(frozen=True)
class CriticalPath:
    """A page's critical path, as printed."""

    page: str
    needed: list[Request]
    deferred: list[Request]

    @property
    def sent(self) -> int:
        return sum(r.sent for r in self.needed)


def critical_path(site: Path, page: str) -> CriticalPath:
    found = requests_of(site, page)
    return CriticalPath(page, before_press(found), [r for r in found if r.why == "deferred"])


def summary(path: CriticalPath) -> str:
    """One line: requests, round trips (HTTP/1.1, HTTP/2), bytes, and 10 Mbit/s / 40 ms."""
    mbit, latency = NETWORKS["10 Mbit/s, 40 ms"]
    h1 = by_construction(path.needed, mbit, latency, CONNECTIONS_HTTP1)
    return (
        f"{len(path.needed)} requests ({len(path.needed) - 1} in <head>), round trips"
        f" {round_trips(path.needed, CONNECTIONS_HTTP1)} over HTTP/1.1 /"
        f" {round_trips(path.needed, None)} over HTTP/2, {path.sent / 1000:.1f} kB sent;"
        f" at 10 Mbit/s / 40 ms by construction {h1:.0f} ms (DevTools' model, HTTP/1.1)"
    )


def report(site: Path, pages: list[str]) -> None:
    for page in pages:
        path = critical_path(site, page)
        print(f"\n{page}: before the board takes a press, {summary(path)}")
        for request in path.needed:
            print(f"  {request.sent / 1000:6.1f} kB  {request.why:10}  {request.path}")
        for request in path.deferred:
            print(f"  {request.sent / 1000:6.1f} kB  {'(deferred)':10}  {request.path}")
        for name, (mbit, latency) in NETWORKS.items():
            devtools = by_construction(path.needed, mbit, latency, CONNECTIONS_HTTP1)
            print(
                f"  {name}: {devtools:.0f} ms in DevTools' model over HTTP/1.1;"
                f" {cold_https(path.needed, mbit, latency):.0f} ms on a cold https visit over"
                " HTTP/2 (TCP and TLS handshakes, TCP's slow start)"
            )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=SITE_DIR, help="the built site")
    parser.add_argument(
        "--pages",
        default=",".join(f"games/{slug}/index.html" for slug in GAMES),
        help="comma-separated pages, relative to the site",
    )
    args, _ = parser.parse_known_args(argv)
    if not (args.site / "index.html").is_file():
        raise SystemExit(f"no {args.site}/index.html: run `make site` first")
    report(args.site, args.pages.split(","))
    return 0


if __name__ == "__main__":
    sys.exit(main())
