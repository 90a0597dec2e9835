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
    # The stylesheet and one script, which holds the listeners that take the first press: the
    # head's scripts joined (scripts/build/head_scripts.py), since Chromium asks for a
    # blocking script only once the one before it has run on a page with a policy in <meta>.
    assert blocking == [
        "assets/style.css",
        "assets/head-language-theme-no-storage-boot-page-worker.js",
    ], blocking
    assert critical_path.round_trips(path.needed, critical_path.CONNECTIONS_HTTP1) == 2
    # Nothing served on its own that the build joins into another file or folds into style.css.
    assert not {"assets/page-dom.js", "assets/offline.css"} & {r.path for r in path.needed}
    assert {r.path for r in path.deferred} >= {"assets/offline.js"}
    # A deferred script is asked for after every blocking one: over HTTP/1.1 Chromium lets one
    # such request take a connection while the head's blocking ones are under way.
    order = [r.why for r in critical_path.requests_of(SITE, f"games/{slug}/index.html")]
    last_blocking = max(i for i, why in enumerate(order) if why != "deferred")
    assert last_blocking < order.index("deferred"), order


# How each of a game page's head scripts opens, in the order they run.
HEAD_PARTS = (
    "// The page's language, for every page",
    "// The colour theme of every page",
    "// For a page that may not keep anything",
    "// Loading screen for the game pages",
    "// A game page whose Python runs in a Web Worker",
)


def test_the_joined_script_and_the_folded_styles_hold_their_parts() -> None:
    joined = (SITE / "assets/head-language-theme-no-storage-boot-page-worker.js").read_text(
        encoding="utf-8"
    )
    assert joined.index("function ndPageDom(") < joined.index("ndPageDom({ send")
    parts = [joined.index(opening) for opening in HEAD_PARTS]
    assert parts == sorted(parts), "the head's scripts in their order"
    for gone in ("page-dom.js", "page-worker.js", "language.js", "boot.js"):
        assert not (SITE / "assets" / gone).exists(), gone  # served only joined
    assert ".update-notice {" in (SITE / "assets" / "style.css").read_text(encoding="utf-8")
    assert not (SITE / "assets" / "offline.css").exists()
    # offline.js (deferred) comes after every request the first paint waits on.
    for page in sorted(SITE.rglob("*.html")):
        head = page.read_text(encoding="utf-8").split("</head>")[0]
        assert head.rstrip().endswith('assets/offline.js" defer></script>'), page
