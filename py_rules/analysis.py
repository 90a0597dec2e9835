"""Who wins each game with perfect play, for every size option, as data for the site.

`analyse(slug)` returns one game's analysis; `analyse_all()` all five, ready for JSON
(`scripts/analysis.py` writes it to data/analysis.json and prints the README table).
Each entry says, for one set of size options: who wins with perfect play ("first" or
"second" player; for Number Duel the first player's chance, a draw counting half), the
winning first moves (Number Duel: the best ones) and how it was found ("solver", or
"mirror strategy" for odd Sequence Duel lines too long to search, or "not computed").
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

from . import GAMES, new_game
from .solvers import clear_caches, number_duel, solve, solver_for
from .solvers.base import BudgetExceeded, node_budget

# Limits that keep a full run to a few minutes on one CPython core.
SEQUENCE_DUEL_SOLVED_UP_TO = 30
NUMBER_DUEL_SOLVED_UP_TO = 7
DIGIT_CHAIN_NODE_BUDGET = 400_000


def size_options(slug: str) -> Iterator[dict[str, Any]]:
    """Every combination of the options that change the rules (not first/seed/orders)."""
    if slug in ("circle-duel", "sequence-duel"):
        spec = next(s for s in GAMES[slug].option_specs if s.name == "size")
        for n in range(spec.low, spec.high + 1):
            yield {"size": n}
    elif slug == "number-circle":
        for flag in (False, True):
            for target in range(10, 21):
                yield {"target": target, "no_negative": flag}
    elif slug == "digit-chain":
        for flag in (False, True):
            for pool in range(10, 100):
                yield {"pool": pool, "no_tens": flag}
    elif slug == "number-duel":
        for k in range(3, 10):
            yield {"numbers": k}


def is_standard(slug: str, options: dict[str, Any]) -> bool:
    defaults = {s.name: s.default for s in GAMES[slug].option_specs}
    return all(defaults.get(k) == v for k, v in options.items())


def entry(slug: str, options: dict[str, Any]) -> dict[str, Any]:
    game = new_game(slug, {**options, "first": 1, "seed": 1})
    found: dict[str, Any] = {"options": options, "standard": is_standard(slug, options)}
    if slug == "number-duel":
        if options["numbers"] > NUMBER_DUEL_SOLVED_UP_TO:
            return {**found, "value": None, "first_moves": None, "method": "not computed"}
        value, best = number_duel.value_and_best(game)  # type: ignore[arg-type]
        numbers = sorted({m.number for m in best})
        return {**found, "value": round(value, 6), "first_moves": numbers, "method": "solver"}
    if slug == "sequence-duel" and options["size"] > SEQUENCE_DUEL_SOLVED_UP_TO:
        size = options["size"]
        if size % 2:
            # Claim the middle, then answer n with size + 1 - n: always legal, never stuck.
            middle = [str((size + 1) // 2)]
            return {
                **found,
                "winner": "first",
                "first_moves": middle,
                "all_moves": False,
                "method": "mirror strategy",
            }
        return {**found, "winner": None, "first_moves": None, "method": "not computed"}
    if slug == "digit-chain":
        try:
            with node_budget(solver_for(game), DIGIT_CHAIN_NODE_BUDGET):
                report = solve(game)
        except BudgetExceeded:
            return {**found, "winner": None, "first_moves": None, "method": "not computed"}
    else:
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
    standard = next(e for e in entries if e["standard"])
    solved = [e for e in entries if e["method"] == "solver"]
    if slug == "circle-duel":
        return (
            "Only the size matters: after the second move every move is forced, so the first "
            "player wins on odd circles (with any number) and loses on even ones, the "
            "standard 10 included."
        )
    if slug == "number-circle":
        return (
            "The first player always wins with perfect play: the two races never touch, both "
            "need equally many turns from the start and the first player gets there first; "
            f"at the standard target 15 it opens with {' or '.join(standard['first_moves'])}."
        )
    if slug == "sequence-duel":
        firsts = all(e["winner"] == "first" for e in solved)
        largest = max(e["options"]["size"] for e in solved)
        return (
            ("The first player wins every line solved " if firsts else "Results vary: ")
            + f"(2 to {largest} numbers; odd lines of any length by claiming the middle and "
            "mirroring); on the standard line of 20 any first number except 1 and 20 wins."
        )
    if slug == "digit-chain":
        return (
            "As written, the game is decided at once: the first player picks a multiple of "
            "10 and the opponent has no move; without the tens the full pool 1-99 is a win "
            "for the second player, who answers every a->b number with one from b back to a."
        )
    value = standard["value"]
    return (
        "No one can force a win, and the second player has the edge: with best play on "
        f"both sides the first player's chance in the standard game is {value:.0%} (a draw "
        f"counts half), best opening with a {standard['first_moves'][0]}."
    )


def analyse(slug: str, progress: Callable[[str], None] | None = None) -> dict[str, Any]:
    entries = []
    for options in size_options(slug):
        start = time.perf_counter()
        entries.append(entry(slug, options))
        if progress:
            progress(f"{slug} {options}: {time.perf_counter() - start:.2f}s")
    clear_caches()
    cls = GAMES[slug]
    return {"title": cls.title, "sentence": sentence(slug, entries), "sizes": entries}


def analyse_all(progress: Callable[[str], None] | None = None) -> dict[str, Any]:
    return {
        "format": "number-duels-analysis/1",
        "games": {slug: analyse(slug, progress) for slug in GAMES},
    }
