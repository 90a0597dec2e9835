"""How long the page's review holds the page: its longest step against the whole review.

    python bench/review_ticks.py       # or `make bench` (bench/run.py runs every main)

The game pages judge a finished game one move per timer tick (`py_rules.engine.review.
review_steps`), so the page waits at most one step at a time, never the whole review.
Figures, for games of medium players after two random moves (as in the README's review
figures), solvers cold for each game: the whole review, the longest single step, and
their ratio (the share of the whole review the page may be held at once), in CPython and
then inside Pyodide under Node.js (bench/pyodide_measure.mjs) when it is there.
"""

from __future__ import annotations

import random
import sys
import time
from typing import Any

from _in_pyodide import print_both

import py_rules
from py_rules.engine.players import choose_move
from py_rules.engine.review import review_steps
from py_rules.engine.solving import clear_caches

SETUPS: list[tuple[str, dict[str, Any]]] = [
    ("sequence-duel", {"size": 60}),
    ("sequence-duel", {}),
    ("digit-chain", {"no_tens": True}),
    ("number-duel", {"numbers": 9}),
]
GAMES = 3


def played(slug: str, options: dict[str, Any], seed: int) -> py_rules.Game[Any]:
    rng = random.Random(seed)
    game = py_rules.new_game(slug, {**options, "seed": seed})
    for _ in range(2):
        game.play(rng.choice(game.legal_moves()))
    while not game.is_over:
        game.play(choose_move(game, "medium", rng))
    return game


def measure() -> dict[str, Any]:
    results: dict[str, Any] = {}
    for slug, options in SETUPS:
        wholes, longest, steps = [], [], 0
        for seed in range(GAMES):
            game = played(slug, options, seed)
            clear_caches()
            times = []
            judging = review_steps(game)
            start = time.perf_counter()
            while True:
                tick = time.perf_counter()
                if next(judging, None) is None:
                    break
                times.append(time.perf_counter() - tick)
            wholes.append(time.perf_counter() - start)
            longest.append(max(times))
            steps += len(times)
        name = " ".join([slug, *(f"{k}={v}" for k, v in options.items())])
        results[name] = {
            "moves": steps,
            "whole_review_ms": round(1000 * max(wholes)),
            "longest_step_ms": round(1000 * max(longest)),
            "longest_step_share": round(
                max(x / w for x, w in zip(longest, wholes, strict=True)), 3
            ),
        }
    return results


def main(argv: list[str] | None = None) -> int:
    return print_both("review_ticks", measure, f"per setup: the slowest of {GAMES} games")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
