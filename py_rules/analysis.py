"""Who wins each game with perfect play, for every size option, as data for the site.

`analyse(slug)` returns one game's analysis; `analyse_all()` all five, ready for JSON
(`scripts/analysis.py` writes it to data/analysis.json and prints the README table).
Each entry says, for one set of size options: who wins with perfect play ("first" or
"second" player; for Number Duel the first player's chance, a draw counting half), the
winning first moves (Number Duel: the best ones) and how it was found: "solver" (every
first move judged), "mirror strategy" (odd Sequence Duel lines too long to search: a
proof), "solver, one first move" (even Sequence Duel lines too long to judge every first
move: the solver proves that claiming 2 wins, and `all_moves` is false).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

from .options import IntOption
from .registry import GAMES, new_game
from .solvers import clear_caches, number_duel, solve
from .solvers.sequence_duel import SegmentSolver, segments_of

# Sequence Duel lines longer than this: odd ones by the mirror strategy, even ones by
# proving one winning first move (judging every first move would take hours).
SEQUENCE_DUEL_SOLVED_UP_TO = 30
# The first move the solver proves on long even lines (it wins on every line tried, and
# its proof is the smallest: the number 1 is left to the first player alone).
LONG_EVEN_LINE_MOVE = 2
NUMBER_DUEL_SOLVED_UP_TO = 9


def size_options(slug: str) -> Iterator[dict[str, Any]]:
    """Every combination of the options that change the rules (not first/seed/orders)."""
    if slug in ("circle-duel", "sequence-duel"):
        spec = next(s for s in GAMES[slug].option_specs if s.name == "size")
        assert isinstance(spec, IntOption)
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
        value, best = number_duel.value_and_best(game)
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
        return {**found, **long_even_line(game)}
    report = solve(game)
    winner = "first" if report["value"] == "win" else "second"
    return {
        **found,
        "winner": winner,
        "first_moves": report["winning_moves"],
        "all_moves": True,
        "method": "solver",
    }


# One segment solver for every long line: segments do not depend on the line's length,
# so each line reuses what the shorter ones proved.
_LONG_LINES: list[SegmentSolver] = []


def long_even_line(game: Any) -> dict[str, Any]:
    """Who wins a long even line, from a proof that claiming `LONG_EVEN_LINE_MOVE` wins."""
    if not _LONG_LINES:
        _LONG_LINES.append(SegmentSolver(game.copy()))
    after = game.after(game.state, LONG_EVEN_LINE_MOVE)
    position = tuple(sorted(segments_of(after, game.size)))
    if _LONG_LINES[0].wins(position):
        return {"winner": None, "first_moves": None, "method": "not computed"}
    return {
        "winner": "first",
        "first_moves": [str(LONG_EVEN_LINE_MOVE)],
        "all_moves": False,
        "method": "solver, one first move",
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
        firsts = all(e["winner"] == "first" for e in entries)
        largest = max(e["options"]["size"] for e in solved)
        return (
            ("The first player wins every line " if firsts else "Results vary: ")
            + f"(every first move judged up to {largest} numbers; beyond, odd lines by "
            "claiming the middle and mirroring, even lines by a search proving that 2 "
            "wins); on the standard line of 20 any first number except 1 and 20 wins."
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
    _LONG_LINES.clear()
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
