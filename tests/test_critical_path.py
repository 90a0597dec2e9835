"""bench/critical_path.py: which of a page's requests a press waits on, and in how many round
trips, read from the built files as a browser's preload scanner finds them."""

from __future__ import annotations

import gzip
from pathlib import Path

import critical_path
import pytest

pytestmark = pytest.mark.no_wasm  # the local server's module (threads, sockets)

PAGE = """<!doctype html><html><head><meta charset="utf-8">
<link rel="stylesheet" href="../../assets/style.css">
<link rel="icon" href="../../assets/favicon.svg">
<script src="../../assets/a.js"></script>
<script src="../../assets/later.js" defer></script>
<script type="module" src="../../assets/m.mjs"></script>
<script src="../../assets/b.js" data-x="1"></script>
</head><body><script src="../../assets/body.js"></script></body></html>"""


def site(tmp_path: Path) -> Path:
    (tmp_path / "games" / "g").mkdir(parents=True)
    (tmp_path / "assets").mkdir()
    (tmp_path / "games" / "g" / "index.html").write_text(PAGE)
    for name in ("style.css", "a.js", "later.js", "m.mjs", "b.js", "body.js", "favicon.svg"):
        (tmp_path / "assets" / name).write_text(f"/* {name} */\n" + "let x = 1;\n" * 500)
    return tmp_path


def test_a_press_waits_on_the_document_and_the_heads_blocking_requests(tmp_path: Path) -> None:
    path = critical_path.critical_path(site(tmp_path), "games/g/index.html")
    assert [(r.path, r.why) for r in path.needed] == [
        ("games/g/index.html", "document"),
        ("assets/style.css", "stylesheet"),
        ("assets/a.js", "script"),
        ("assets/b.js", "script"),
    ]
    assert [r.path for r in path.deferred] == ["assets/later.js", "assets/m.mjs"]
    # As the host sends them: gzipped (the scripts compress well).
    sent = {r.path: r.sent for r in path.needed}
    raw = (tmp_path / "assets" / "a.js").read_bytes()
    assert sent["assets/a.js"] == len(gzip.compress(raw, compresslevel=6, mtime=0))
    assert path.sent == sum(sent.values())


def test_round_trips_count_rounds_of_connections() -> None:
    def requests(count: int) -> list[critical_path.Request]:
        return [critical_path.Request(f"{i}", "script", 1000) for i in range(count)]

    assert critical_path.round_trips(requests(1), 6) == 1  # the document alone
    assert critical_path.round_trips(requests(7), 6) == 2  # the document, then six at once
    assert critical_path.round_trips(requests(8), 6) == 3  # a seventh waits for a connection
    assert critical_path.round_trips(requests(30), None) == 2  # HTTP/2: all at once
    # 10 Mbit/s is 1,250 bytes a millisecond: 8 kB take 6.4 ms, two round trips 80 ms.
    assert critical_path.by_construction(requests(8), 10.0, 40.0, None) == pytest.approx(86.4)


def test_slow_start_sends_a_new_connections_bytes_in_doubling_flights() -> None:
    assert critical_path.flights(14_600) == 1
    assert critical_path.flights(14_601) == 2
    assert critical_path.flights(43_800) == 2
    assert critical_path.flights(43_801) == 3
