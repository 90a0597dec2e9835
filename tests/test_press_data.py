"""A first press as data (scripts/build/press_data.py): a picture's patch stands for the
picture it was made from, and reuses the fresh picture's calls wherever they come; a page
made again under other ids is named as the fresh page names it, and one that differs is
refused, saying where."""

from __future__ import annotations

from typing import Any

import press_data
import pytest
from app.browser.page_diff import Shape, canvas_pictures, last_picture
from hypothesis import given
from hypothesis import strategies as st

pytestmark = pytest.mark.no_wasm

# A few calls, so that pictures share many of them, in runs and out of order.
CALLS = st.sampled_from(
    [["beginPath"], ["fill"], ["=", "fillStyle", "#fff"], ["=", "fillStyle", "#000"]]
    + [["fillText", str(n), 10 * n, 5] for n in range(4)]
)


@given(st.lists(CALLS, max_size=40), st.lists(CALLS, max_size=40))
def test_a_picture_s_patch_stands_for_the_picture(fresh: list[Any], after: list[Any]) -> None:
    patch = press_data.picture_patch(fresh, after)
    assert press_data.patched(fresh, patch) == after
    assert all(call not in fresh for call in patch["calls"])  # what the fresh picture lacks
    assert len({repr(call) for call in patch["calls"]}) == len(patch["calls"])  # once each


@given(st.lists(st.sampled_from("abc"), min_size=2, max_size=30), st.data())
def test_a_run_is_the_longest_from_its_place_and_the_first_of_the_longest(
    table: list[str], data: st.DataObject
) -> None:
    wanted = data.draw(st.lists(st.sampled_from("abc"), min_size=2, max_size=30))
    starts = [at for at in range(len(table) - 1) if table[at : at + 2] == wanted[:2]]
    if not starts:
        return

    def length(start: int) -> int:
        found = 0
        while found < len(wanted) and start + found < len(table):
            if table[start + found] != wanted[found]:
                break
            found += 1
        return found

    longest = max(length(start) for start in starts)
    first = next(start for start in starts if length(start) == longest)
    assert press_data.longest_run(table, wanted, 0, starts) == (first, longest)


def test_a_picture_drawn_again_in_another_order_is_written_by_number() -> None:
    cells = [[["beginPath"], ["rect", n], ["=", "fillStyle", "gold"], ["fill"]] for n in range(50)]
    fresh = [call for cell in cells for call in cell]
    after = [call for cell in reversed(cells) for call in cell]  # the same cells, backwards
    patch = press_data.picture_patch(fresh, after)
    assert patch["calls"] == []
    assert press_data.patched(fresh, patch) == after
    assert len(patch["order"]) < len(after) / 2  # runs of the fresh calls, not one by one
    assert press_data.patched(fresh, {"calls": [], "order": [[0, len(fresh)]]}) == fresh


def page(ids: list[int]) -> dict[int, Shape]:
    """A body (1) holding a list (ids[0]) of two items (ids[1], ids[2])."""
    first, second, third = ids
    return {
        1: ("body", {}, [first]),
        first: ("ul", {"id": "moves"}, [second, "and", third]),
        second: ("li", {}, ["a"]),
        third: ("li", {"class": "empty"}, []),
    }


def test_a_page_made_again_is_named_as_the_fresh_page_names_it() -> None:
    fresh, again = page([1_000_001, 1_000_002, 1_000_003]), page([1_000_001, 1_000_009, 1_000_010])
    names = press_data.matched(again, fresh)
    assert names[1_000_009] == 1_000_002 and names[1_000_010] == 1_000_003
    name = press_data.Names(names, made=1_000_011, first=1_000_004)
    assert press_data.renamed(again, name) == fresh
    assert name(1_000_011) == 1_000_004  # the press's first new element, as a fresh start's
    with pytest.raises(ValueError, match="has no name"):
        name(1_000_005)  # made going back, and not in the page: no fresh element is it


@pytest.mark.parametrize(
    "change",
    [
        lambda p: p[1_000_003][1].update({"class": "full"}),
        lambda p: p[1_000_001][2].pop(),
        lambda p: p[1_000_001][2].__setitem__(1, "or"),
    ],
    ids=["an attribute", "a child", "a text"],
)
def test_a_page_that_is_not_the_fresh_one_is_refused(change: Any) -> None:
    fresh, other = page([1_000_001, 1_000_002, 1_000_003]), page([1_000_001, 1_000_002, 1_000_003])
    change(other)
    with pytest.raises(ValueError):
        press_data.matched(other, fresh)


def test_a_canvas_s_last_picture_is_what_was_drawn_after_its_size_was_last_set() -> None:
    ops: list[Any] = [
        ["draw", 5, [["fill"]]],
        ["attr", 5, "width", "10"],
        ["draw", 5, [["stroke"]]],
        ["draw", 5, [["fillText", "1", 0, 0]]],
        ["attr", 7, "width", "10"],  # an image, or a canvas sized and left blank
    ]
    assert last_picture(ops, 5) == [["stroke"], ["fillText", "1", 0, 0]]
    assert last_picture(ops, 7) == []  # named a canvas: cleared
    assert last_picture(ops, 8) is None  # neither cleared nor drawn
    assert canvas_pictures(ops) == {5: [["stroke"], ["fillText", "1", 0, 0]]}
