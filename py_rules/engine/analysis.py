"""Who wins each game with perfect play, for every size option, as data for the site.

`analyse(slug)` returns one game's analysis; `analyse_all()` all five, ready for JSON
(`scripts/data/analysis.py` writes it to data/analysis.json and prints the README table).
Each entry says, for one set of size options: who wins with perfect play ("first" or
"second" player; for a game with hidden information the first player's chance, a draw
counting half), the winning first moves (with hidden information: the best ones) and
how it was found: "solver" (every first move judged), or a method of the game's own.

The sizes are every combination of the options that change the rules (see
`size_options`). Each game's engine (`py_rules.kit.Engine`, reached through its kit)
says the rest: `sentence(entries)`, one plain sentence on what perfect play means for
its players; optionally `entry(game)`, its own way to judge a size (None: judge every
first move with the exact solver), and `is_quick(options)`, whether an entry recomputes
in well under a second (the tests recompute those).
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterator
from typing import Any

from ..kit import Engine
from ..registry import GAMES, kit_of, new_game
from ..rules.options import FlagOption, IntOption
from .solving import clear_caches, solve


def engine(slug: str) -> Engine:
    """The game's engine, which declares its analysis."""
    return kit_of(slug).engine()


def size_options(slug: str) -> Iterator[dict[str, Any]]:
    """Every combination of the options that change the rules: each whole-number option
    over its range and each flag off and on (not first, seed or secrets), the last
    option varying slowest."""
    specs = [
        s
        for s in GAMES[slug].option_specs
        if isinstance(s, IntOption | FlagOption) and not s.secret
    ]
    values = [
        range(s.low, s.high + 1) if isinstance(s, IntOption) else (False, True) for s in specs
    ]
    for combination in itertools.product(*reversed(values)):
        yield {s.name: v for s, v in zip(specs, reversed(combination), strict=True)}


def is_standard(slug: str, options: dict[str, Any]) -> bool:
    defaults = {s.name: s.default for s in GAMES[slug].option_specs}
    return all(defaults.get(k) == v for k, v in options.items())


def is_quick(slug: str, options: dict[str, Any]) -> bool:
    """Does this entry recompute in well under a second? (The game says; by default yes.)"""
    return engine(slug).is_quick(options)


def entry(slug: str, options: dict[str, Any]) -> dict[str, Any]:
    game = new_game(slug, {**options, "first": 1, "seed": 1})
    found: dict[str, Any] = {"options": options, "standard": is_standard(slug, options)}
    own = engine(slug).entry
    judged = own(game) if own is not None else None
    if judged is not None:
        return {**found, **judged}
    report = solve(game)
    winner = "first" if report["value"] == "win" else "second"
    return {
        **found,
        "winner": winner,
        "first_moves": report["winning_moves"],
        "all_moves": True,
        "method": "solver",
    }


def sentence(slug: str, entries: list[dict[str, Any]]) -> str:
    """One plain sentence on what perfect play means for players of this game."""
    return engine(slug).sentence(entries)


def analyse(slug: str, progress: Callable[[str], None] | None = None) -> dict[str, Any]:
    """One game's analysis, with the seconds it took to compute (`build_seconds` on the
    clock, `cpu_seconds` of this process: on a busy machine the second is the fair one)."""
    entries = []
    began, cpu = time.perf_counter(), time.process_time()
    for options in size_options(slug):
        start = time.perf_counter()
        entries.append(entry(slug, options))
        if progress:
            progress(f"{slug} {options}: {time.perf_counter() - start:.2f}s")
    clear_caches()
    cls = GAMES[slug]
    return {
        "title": cls.title,
        "sentence": sentence(slug, entries),
        "build_seconds": round(time.perf_counter() - began, 1),
        "cpu_seconds": round(time.process_time() - cpu, 1),
        "sizes": entries,
    }


def analyse_all(progress: Callable[[str], None] | None = None) -> dict[str, Any]:
    return {
        "format": "number-duels-analysis/1",
        "games": {slug: analyse(slug, progress) for slug in GAMES},
    }
