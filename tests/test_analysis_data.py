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

from py_rules import GAMES
from py_rules.analysis import entry

DATA = json.loads((Path(__file__).parent.parent / "data" / "analysis.json").read_text("utf-8"))


def quick(slug: str, options: dict[str, Any]) -> bool:
    """Entries cheap enough to recompute in the test run (well under a second each)."""
    if slug == "sequence-duel":
        return options["size"] <= 20
    if slug == "digit-chain":
        return not options["no_tens"] or options["pool"] <= 40
    if slug == "number-duel":
        return options["numbers"] <= 5
    return True


CASES = [
    (slug, e)
    for slug, game in DATA["games"].items()
    for e in game["sizes"]
    if quick(slug, e["options"])
]


def test_the_table_covers_every_game_with_one_standard_setup() -> None:
    assert list(DATA["games"]) == list(GAMES)
    for game in DATA["games"].values():
        assert sum(e["standard"] for e in game["sizes"]) == 1
        assert game["sentence"]


@pytest.mark.parametrize(("slug", "shipped"), CASES, ids=lambda v: str(v)[:40])
def test_shipped_entries_match_the_solvers(slug: str, shipped: dict[str, Any]) -> None:
    assert entry(slug, shipped["options"]) == shipped
