"""The board the build draws (scripts/build/early_board.py): what it writes into each game
page is what the front end draws, Python starts on it without changing it, a first press
shown from the build's data (in the page, or in a file of its own) is what Python shows for
it, the build's presses played in one run are checked to go back to the fresh board, and
Number Duel's hidden rows are never in the page: its hand-over is a file for every row the
page may deal, each showing what Python shows with that row dealt."""

from __future__ import annotations

import asyncio
import itertools
import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import early_board
import page_templates
import press_data
import pytest
from app import main, worker
from app.browser import page_diff
from app.browser.mirror import FIRST_NEW_ID, Document
from hypothesis import given, settings
from hypothesis import strategies as st
from page_worker import game_page

import py_rules

TEMPLATES = Path(__file__).resolve().parent.parent / "site" / "templates"

# The build runs in CPython (its runs start the front end with asyncio.run, which Pyodide's
# event loop cannot do from a test).
pytestmark = pytest.mark.no_wasm

# The site's games (a test elsewhere may register a game of its own, with no page).
SLUGS = [
    slug for slug in py_rules.GAMES if (page_templates.SITE / "content" / f"{slug}.html").exists()
]
MARKERS = re.compile(r' data-nd-(?:id|end|built)(?:="[^"]*")?| style="[^"]*"')


@cache
def drawn(slug: str) -> early_board.Drawn:
    return early_board.early_board(game_page(slug), slug, None)


def built(slug: str) -> str:
    return drawn(slug).page


def board_data(page: str) -> dict[str, Any]:
    start = page.index(f'id="{early_board.DATA_ID}">') + len(early_board.DATA_ID) + 6
    data: dict[str, Any] = json.loads(page[start : page.index("</script>", start)])
    return data


def parts(doc: Document) -> str:
    """What the build writes of a page, without its own markers and the styles (and SVG's
    viewBox as Python's HTML parser names it: a browser's keeps its case)."""
    found = [doc.querySelector(f"{tag}.{cls}") for tag, cls in early_board.PARTS]
    text = "".join(node.outer_html() for node in found if node is not None)
    return MARKERS.sub("", text).replace("viewBox", "viewbox")


def filed(slug: str) -> list[dict[str, Any]]:
    """The first presses the build put in files of their own for `slug`, in their order."""
    data = board_data(built(slug))
    found = []
    for n, key in enumerate(data.get("files", {}).get("keys", [])):
        press = json.loads(drawn(slug).files[f"{data['files']['at']}{n}.json"])
        assert press["key"] == key
        found.append(press)
    return found


def recorded(slug: str) -> dict[str, dict[str, Any]]:
    """Every first press the build recorded for `slug` with no row dealt: in the page, or in
    files of their own."""
    found = dict(board_data(built(slug))["presses"])
    for press in filed(slug):
        if "dealt" not in press:
            found[press.pop("key")] = press
    return found


def written(slug: str) -> Document:
    html_attributes, tree = early_board.page_tree(built(slug))
    return Document(tree, html_attributes)


class Posted:
    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self.nodes = dict(doc.nodes)
        self.ops: list[Any] = []

    def __call__(self, message: dict[str, Any]) -> None:
        message = json.loads(json.dumps(message))
        if message["kind"] == "ops":
            self.ops += message["ops"]
            early_board.apply_ops(self.doc, self.nodes, message["ops"], [])


def start_as_the_page_does(
    slug: str, first: str | None = None, dealt: Any = None
) -> tuple[Document, Posted]:
    """Python started on the built page as page-worker.js sends it (`sent_tree`), with
    the first press the page took, if any (and the row it dealt for it); the mirror Python
    holds then, and what it posted."""
    page = written(slug)
    tree = early_board.sent_tree(page)
    sent = Document(tree, {"lang": "en"})
    posted = Posted(sent)
    board = sent.querySelector("#board")
    assert board is not None
    message = {
        "kind": "start",
        "slug": slug,
        "tree": tree,
        "html": {"lang": "en"},
        "location": {"href": f"https://example.org/games/{slug}/worker.html"},
        "storage": {},
        "media": {"forcedColors": False, "dark": False},
        "pixelRatio": early_board.PIXEL_RATIO,
        "sizes": {str(board.nodeId): [early_board.BUILD_WIDTH, 420]},
        "site": "https://example.org/",
    }

    def then(channel: Any) -> None:
        if first is not None:
            dealt_row = {} if dealt is None else {"dealt": dealt}
            worker.play_first(channel, {"kind": "first", "key": first, **dealt_row})

    channel = asyncio.run(
        worker.start(message, posted, early_board.StoppedClock(), worker.no_fetch, then)
    )
    return channel.document, posted


@pytest.mark.parametrize("slug", SLUGS)
def test_the_page_holds_the_board_the_front_end_draws(slug: str) -> None:
    run = early_board.Run(game_page(slug), slug, None, "light")
    assert parts(written(slug)) == parts(run.replica)
    assert run.channel.document.querySelector("#targets button[data-key]") is not None
    assert 'data-state="loading"' in built(slug)  # still Python's to make playable


@pytest.mark.parametrize("slug", SLUGS)
def test_python_starts_on_the_written_board_and_draws_it_unchanged(slug: str) -> None:
    mirror, posted = start_as_the_page_does(slug)
    assert parts(mirror) == parts(written(slug))
    made = [op[1] for op in posted.ops if op[0] == "new"]
    builds = {int(node.getAttribute("data-nd-id") or 0) for node in written(slug).nodes.values()}
    assert set(made) <= builds, "Python made elements the build did not: the page would flash"


def as_shown(doc: Document) -> dict[int, Any]:
    """`shapes` of a page, each style as its declarations: the page sets a made element's
    style one declaration at a time (in name order), which Python may have written in
    another order into the same style."""
    return {
        node_id: (tag, {**attrs, "style": page_diff.declarations(attrs.get("style"))}, kids)
        for node_id, (tag, attrs, kids) in page_diff.shapes(doc).items()
    }


def shows_what_python_shows(slug: str, key: str, press: dict[str, Any]) -> None:
    """The press recorded for `key`, applied to the fresh page, gives the page and the
    picture that a fresh start and that one press give; Python started on the built page
    with that press shows the same."""
    data = board_data(built(slug))
    dealt = press.get("dealt")
    mirror, posted = start_as_the_page_does(slug, key, dealt)
    before = early_board.Run(game_page(slug), slug, None, "light")  # the page, fresh
    early_board.apply_ops(before.replica, before.nodes, press["ops"], [])
    after = early_board.Run(game_page(slug), slug, None, "light")
    after.press(key, None if dealt is None else tuple(dealt))
    assert as_shown(before.replica) == as_shown(after.replica), key
    assert parts(mirror) == parts(after.replica), key
    assert any(op[:2] == ["effect", "mark"] for op in posted.ops)
    drawn_calls = page_diff.last_picture(after.ops, data["canvas"])
    patch = press["pictures"].get("light")
    shown = (
        data["pictures"]["light"]
        if patch is None
        else press_data.patched(data["pictures"]["light"], patch)
    )
    assert shown == drawn_calls, key


@pytest.mark.parametrize("slug", SLUGS)
def test_each_recorded_press_s_dark_picture_is_what_a_dark_start_and_that_press_draw(
    slug: str,
) -> None:
    """The build records the dark picture by the page's theme switch after a press (one run
    plays both themes): it must be what a dark start and that one press draw."""
    data = board_data(built(slug))
    presses = recorded(slug)
    assert presses, "no press recorded"
    for key in list(presses)[:: max(1, len(presses) // 6)]:  # a few of Digit Chain's 99
        run = early_board.Run(game_page(slug), slug, None, "dark")
        run.press(key)
        drawn_calls = page_diff.last_picture(run.ops, data["canvas"])
        patch = presses[key]["pictures"].get("dark")
        fresh = data["pictures"]["dark"]
        assert (fresh if patch is None else press_data.patched(fresh, patch)) == drawn_calls, key


@pytest.mark.parametrize("slug", [slug for slug in SLUGS if slug != "digit-chain"])
def test_each_first_press_the_build_recorded_shows_what_python_shows_for_it(slug: str) -> None:
    presses = board_data(built(slug))["presses"]
    assert presses, "no press recorded"
    for key, press in presses.items():
        shows_what_python_shows(slug, key, press)


def test_digit_chains_presses_are_files_of_their_own_one_for_each_number() -> None:
    """Too heavy for the page together (each redraws most of the board), each small alone."""
    data = board_data(built("digit-chain"))
    assert data["presses"] == {}
    keys = [str(n) for n in range(1, 100)]
    assert data["files"]["keys"] == keys
    assert sorted(recorded("digit-chain")) == sorted(keys)
    files = drawn("digit-chain").files
    assert len(files) == len(keys)
    assert all(name.startswith(data["files"]["at"]) for name in files)
    assert max(len(text.encode()) for text in files.values()) < early_board.PRESSES_BUDGET / 10


@settings(max_examples=4)
@given(st.sampled_from([str(n) for n in range(1, 100)]))
def test_a_digit_chain_press_from_its_file_shows_what_python_shows_for_it(key: str) -> None:
    shows_what_python_shows("digit-chain", key, recorded("digit-chain")[key])


class NoNewGame(early_board.Run):
    """A run whose New game does not give the fresh board: nothing, or an Undo (the move is
    taken back, but Redo stays offered)."""

    undo = False

    def new_game(self) -> list[Any]:
        if not self.undo:
            return []
        button = self.channel.document.querySelector('button[data-action="undo"]')
        assert button is not None
        before = len(self.ops)
        click = {"kind": "event", "node": button.nodeId, "type": "click", "target": button.nodeId}
        self.channel.receive({**click, "key": None, "detail": None, "focus": None})
        return self.ops[before:]


@pytest.mark.parametrize("slug", SLUGS)
def test_a_runs_page_taken_again_from_what_its_ops_changed_is_the_whole_page(slug: str) -> None:
    """`Run.shapes` shapes again only the elements the ops changed: after a start, presses,
    theme switches and New games it is what shaping the whole page gives."""
    with early_board.page_state_kept():
        run = early_board.Run(game_page(slug), slug, None, "light")
        assert run.shapes() == page_diff.shapes(run.replica)
        for key in run.keys()[:3]:
            for step in ("press", "dark", "new game", "light"):
                if step == "press":
                    run.press(key)
                elif step == "new game":
                    run.new_game()
                else:
                    run.switch_theme(step)
                assert run.shapes() == page_diff.shapes(run.replica), (key, step)
                assert list(run.shapes()) == list(page_diff.shapes(run.replica))  # its order


SELECT = [
    "body",
    {},
    [
        [
            "select",
            {"id": "s"},
            [["option", {"value": "a", "selected": ""}, ["A"]], ["option", {}, ["b"]]],
        ],
        ["p", {"class": "x"}, ["text", ["b", {}, ["bold"]]]],
        ["ul", {}, [["li", {}, ["1"]], ["li", {}, ["2"]]]],
    ],
]
# Ops on SELECT (body 1, select 2, its options 3 and 4, p 5, b 6, ul 7, its items 8 and 9).
RESHAPING = {
    "value": [["prop", 2, "value", "b"]],
    "selected": [["prop", 4, "selected", True]],
    "text": [["prop", 5, "textContent", "plain"]],
    "attributes": [["attr", 6, "title", "t"], ["class", 5, "y", True], ["style", 7, "top", "1px"]],
    "made": [
        ["new", FIRST_NEW_ID, "li"],
        ["append", FIRST_NEW_ID, ["3"]],
        ["append", 7, [FIRST_NEW_ID]],
    ],
    "emptied": [["new", 7, "ul"], ["children", 5, [8]]],
    "moved": [["children", 7, [9, 6]], ["prepend", 2, [8]]],
    "beside": [["before", 6, [8]], ["after", 2, [9]], ["insert", 1, 7, 2]],
    "removed": [["remove", 6], ["remove", 8]],
}


@pytest.mark.parametrize("ops", RESHAPING.values(), ids=RESHAPING.keys())
def test_the_elements_ops_may_reshape_are_all_that_a_page_must_shape_again(ops: list[Any]) -> None:
    doc = Document(SELECT)
    nodes = dict(doc.nodes)
    before = page_diff.shapes(doc)
    changed = early_board.apply_ops(doc, nodes, ops, [])
    assert early_board.reshaped(before, doc.body, changed) == page_diff.shapes(doc)
    assert early_board.reshaped(before, doc.body, changed) != before


@pytest.mark.parametrize("undo", [False, True], ids=["nothing", "undo"])
def test_the_build_raises_when_a_press_does_not_go_back_to_the_fresh_board(undo: bool) -> None:
    slug = "sequence-duel"
    with early_board.page_state_kept():
        run = NoNewGame(game_page(slug), slug, None, "light")
        run.undo = undo
        canvas = run.board.querySelector("canvas")
        assert canvas is not None
        picture = page_diff.last_picture(run.ops, canvas.nodeId) or []
        with pytest.raises(ValueError, match="is not the fresh board"):
            early_board.play_each(
                run, [("3", None), ("7", None)], canvas.nodeId, {"light": picture}
            )
        fine = early_board.Run(game_page(slug), slug, None, "light")
        presses = [("3", None), ("7", None)]
        assert len(early_board.play_each(fine, presses, canvas.nodeId, {"light": picture})) == 2


def test_number_duels_hidden_rows_are_never_in_the_page() -> None:
    slug = "number-duel"
    rows = []
    for _ in range(5):  # two games whose hidden rows differ (1 in 14,400 draws the same)
        early_board.Run(game_page(slug), slug, None, "light")
        board: Any = main._boards[-1]
        rows.append(board.session.game.state.rows)
        if len(set(rows)) > 1:
            break
    assert len(set(rows)) > 1
    page = built(slug)
    assert built(slug) == early_board.early_board(game_page(slug), slug, None).page
    for row in rows:
        for text in (",".join(map(str, row[1])), " ".join(map(str, row[1]))):
            assert text not in page


def test_a_press_whose_outcome_is_chance_is_not_recorded_without_a_row_dealt() -> None:
    """Every Number Duel press the build recorded with no row dealt (a position, refused
    behind the hand-over) shows the same whatever the hidden rows: it makes no element."""
    presses = recorded("number-duel")
    assert sorted(presses) == ["p1", "p2", "p3", "p4", "p5"]
    for press in presses.values():
        assert all(op[0] != "new" or op[1] >= FIRST_NEW_ID for op in press["ops"])


def row_shown(press: dict[str, Any]) -> list[int]:
    """The numbers a press's ops write into the buttons it makes, in the order made."""
    made = [op[1] for op in press["ops"] if op[0] == "new"]
    words = {op[1]: op[2] for op in press["ops"] if op[0] == "children" and op[1] in made}
    return [int(words[node][0]) for node in made]


def test_number_duels_hand_over_is_a_file_for_every_row_each_showing_its_own() -> None:
    """The hand-over before Python: the page draws one of these files at random, so each
    row must be there once, and each file must show the row it deals (and no other)."""
    presses = filed("number-duel")
    rows = [tuple(press["dealt"]) for press in presses]
    assert {press["key"] for press in presses} == {"hand-over"}
    assert sorted(rows) == sorted(itertools.permutations(range(1, 6)))  # each once
    for press in presses:
        assert row_shown(press) == press["dealt"]
    assert "hand-over" not in board_data(built("number-duel"))["presses"]


@settings(max_examples=4)
@given(st.integers(0, 119))
def test_a_dealt_hand_over_shows_what_python_shows_with_that_row(n: int) -> None:
    press = filed("number-duel")[n]
    shows_what_python_shows("number-duel", press["key"], press)


class DealsAnotherRow(early_board.Run):
    """A run whose press shows another row than the one dealt (a row left to chance)."""

    shift = 0

    def press(self, key: str, dealt: early_board.Dealt = None) -> list[Any]:
        rows = self.rows_to_deal()
        if dealt is not None and rows:
            self.shift += 1
            dealt = rows[(rows.index(dealt) + self.shift) % len(rows)]
        return super().press(key, dealt)


def test_a_press_that_shows_chance_beyond_the_row_dealt_is_left_to_python() -> None:
    slug = "number-duel"
    with early_board.page_state_kept():
        fine = early_board.Run(game_page(slug), slug, None, "light")
        canvas = fine.board.querySelector("canvas")
        assert canvas is not None
        picture = page_diff.last_picture(fine.ops, canvas.nodeId) or []
        dealt = early_board.dealt_presses(fine, ["hand-over"], canvas.nodeId, {"light": picture})
        assert len(dealt) == 120
        other = DealsAnotherRow(game_page(slug), slug, None, "light")
        assert (
            early_board.dealt_presses(other, ["hand-over"], canvas.nodeId, {"light": picture}) == []
        )


def test_a_refused_row_leaves_the_press_to_the_row_python_drew(capsys: Any) -> None:
    """A row the page deals that Python will not take (not an order of the numbers) is
    reported and changes nothing: the hand-over shows the row Python drew."""
    mirror, _posted = start_as_the_page_does("number-duel", "hand-over", [1, 1, 2, 3, 4])
    board: Any = main._boards[-1]
    row = board.session.game.arrangement(1)
    assert sorted(row) == [1, 2, 3, 4, 5]
    buttons = mirror.querySelectorAll("#targets button[data-key]")
    shown = [b.textContent for b in buttons if (b.getAttribute("data-key") or "").isdigit()]
    assert shown == [str(n) for n in row]
    assert "BadOption" in capsys.readouterr().err


def test_only_a_page_whose_python_runs_in_a_worker_may_start_one_from_a_data_url() -> None:
    """In a sandboxed iframe (an opaque origin) the game page starts its worker from a `data:`
    URL (assets/page-worker.js): its policy allows that, and no other page's does."""
    import offline

    def head(template: str) -> str:
        text = (TEMPLATES / template).read_text(encoding="utf-8")
        return text.replace("${root}", "../../")

    assert "worker-src 'self' data:;" in offline.policy(head("python-worker-head.html"))
    for page in (head("python-page-head.html"), built("circle-duel"), "<p>no worker</p>"):
        assert "data:" not in offline.policy(page)


def test_the_pages_policy_allows_the_boards_style_by_its_hash_only() -> None:
    import offline

    page = built("circle-duel")
    policy = offline.policy(page)
    assert policy.count("'sha256-") == 1
    assert "unsafe-inline" not in policy
    assert offline.policy("<p>no style</p>") == offline.CSP
