"""The shipped analysis table (data/analysis.json) must agree with the solvers.

The table is precomputed because some sizes take minutes; every entry that solves
quickly is recomputed here, so an engine or solver change that alters a result
cannot leave a stale table on the site.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from strategies import SHIPPED

from py_rules.engine.analysis import entry, is_quick, sentence, size_options

DATA = json.loads((Path(__file__).parent.parent / "data" / "analysis.json").read_text("utf-8"))


CASES = [
    (slug, e)
    for slug, game in DATA["games"].items()
    for e in game["sizes"]
    if is_quick(slug, e["options"])
]


def test_the_table_covers_every_game_with_one_standard_setup() -> None:
    assert list(DATA["games"]) == SHIPPED
    for game in DATA["games"].values():
        assert sum(e["standard"] for e in game["sizes"]) == 1
        assert game["sentence"]


@pytest.mark.parametrize("slug", SHIPPED)
def test_each_sentence_is_the_games_own_words_for_its_shipped_entries(slug: str) -> None:
    game = DATA["games"][slug]
    assert sentence(slug, game["sizes"]) == game["sentence"]


@pytest.mark.parametrize(("slug", "shipped"), CASES, ids=lambda v: str(v)[:40])
def test_shipped_entries_match_the_solvers(slug: str, shipped: dict[str, Any]) -> None:
    assert entry(slug, shipped["options"]) == shipped


# Sizes allowed to stay "not computed" (none today: every offered size is solved).
NOT_COMPUTED_ALLOWED: list[tuple[str, dict[str, Any]]] = []


def test_every_offered_size_is_solved_and_names_its_method() -> None:
    methods = {"solver", "mirror strategy", "solver, one first move"}
    for slug, game in DATA["games"].items():
        assert [e["options"] for e in game["sizes"]] == list(size_options(slug))
        for shipped in game["sizes"]:
            if shipped["method"] == "not computed":
                assert (slug, shipped["options"]) in NOT_COMPUTED_ALLOWED
                continue
            assert shipped["method"] in methods, (slug, shipped["options"])
            assert shipped.get("winner") or shipped.get("value") is not None
