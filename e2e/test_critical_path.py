"""What a game page's first press waits on, in the built site (no browser): the requests of
its <head> that block the board (bench/critical_path.py reads them as the browser's preload
scanner does) fit in one round of a browser's six connections per host, so that the board
takes a press two request round trips after the navigation, over HTTP/1.1 as over HTTP/2."""

from __future__ import annotations

import critical_path
import pytest
from conftest import SITE

from py_rules import GAMES


@pytest.mark.parametrize("slug", list(GAMES))
def test_a_game_pages_board_waits_on_two_round_trips(slug: str) -> None:
    path = critical_path.critical_path(SITE, f"games/{slug}/index.html")
    blocking = [r.path for r in path.needed[1:]]
    assert "assets/page-worker.js" in blocking  # the listeners that take the first press
    assert len(blocking) <= critical_path.CONNECTIONS_HTTP1, blocking
    assert critical_path.round_trips(path.needed, critical_path.CONNECTIONS_HTTP1) == 2
    # Nothing served on its own that the build joins into another file or folds into style.css.
    assert not {"assets/page-dom.js", "assets/offline.css"} & {r.path for r in path.needed}
    assert {r.path for r in path.deferred} >= {"assets/offline.js"}
    # A deferred script is asked for after every blocking one: over HTTP/1.1 Chromium lets one
    # such request take a connection while the head's blocking ones are under way.
    order = [r.why for r in critical_path.requests_of(SITE, f"games/{slug}/index.html")]
    last_blocking = max(i for i, why in enumerate(order) if why != "deferred")
    assert last_blocking < order.index("deferred"), order


def test_the_joined_script_and_the_folded_styles_hold_their_parts() -> None:
    joined = (SITE / "assets" / "page-worker.js").read_text(encoding="utf-8")
    assert joined.index("function ndPageDom(") < joined.index("ndPageDom({ send")
    assert not (SITE / "assets" / "page-dom.js").exists()
    assert ".update-notice {" in (SITE / "assets" / "style.css").read_text(encoding="utf-8")
    assert not (SITE / "assets" / "offline.css").exists()
    # offline.js (deferred) comes after every request the first paint waits on.
    for page in sorted(SITE.rglob("*.html")):
        head = page.read_text(encoding="utf-8").split("</head>")[0]
        assert head.rstrip().endswith('assets/offline.js" defer></script>'), page
