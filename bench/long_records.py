"""Long Number Circle records: loading, stepping and reviewing, CPython.

    python bench/long_records.py      # or `make bench` (bench/run.py runs every main)

Number Circle has no turn limit, so its records are the longest a page meets (at most
`core.MAX_MOVES` moves are kept). Figures: for records of 125, 250 and 500 moves in
which both totals sink ever further below zero, the time to load the record at its
first move (`Session.from_data`), step to the end and back, and review it with the
page's node budget; then the ratio of 500 moves to 125 (about 4 when linear, 16 when
quadratic), and each time against the baseline measured in the same run: replaying
the same moves into a fresh game.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any

from py_rules import new_game
from py_rules.engine import review
from py_rules.engine.solving import clear_caches
from py_rules.play.session import Session
from py_rules.rules.core import MAX_MOVES, Game

LENGTHS = (MAX_MOVES // 4, MAX_MOVES // 2, MAX_MOVES)


def sinking(moves: int) -> Game[Any]:
    """Both players walk round the circle subtracting: totals fall about 5 a turn."""
    game = new_game("number-circle", {"first": 1, "seed": 1})
    while game.turn < moves:
        here = game.state.position[game.to_move - 1]
        game.play(f"{here % 9 + 1}-")
    return game


def best_of(work: Callable[[], object], repeats: int = 3) -> float:
    """The fastest of `repeats` runs, in milliseconds (solver caches cleared first)."""
    times = []
    for _ in range(repeats):
        clear_caches()
        start = time.perf_counter()
        work()
        times.append(1000 * (time.perf_counter() - start))
    return min(times)


def main(argv: list[str] | None = None) -> int:
    rows: dict[str, list[float]] = {"replay": [], "load+step": [], "review": []}
    for length in LENGTHS:
        game = sinking(length)
        data = {"v": 1, "mode": "2p", "level": "easy", "at": 0, "game": game.to_dict()}
        texts = data["game"]["moves"]

        def replay(texts: list[str] = texts) -> None:
            fresh = new_game("number-circle", {"first": 1, "seed": 1})
            for text in texts:
                fresh.play(text)

        def load_and_step(data: dict[str, Any] = data) -> None:
            session = Session.from_data(data, "number-circle")
            session.step("last")
            session.step("first")

        rows["replay"].append(best_of(replay))
        rows["load+step"].append(best_of(load_and_step))
        rows["review"].append(best_of(lambda game=game: review.review(game), repeats=1))
    print(f"{'moves':>10}" + "".join(f"{n:>10}" for n in LENGTHS) + "   500/125   vs replay")
    for name, times in rows.items():
        ratio = times[-1] / times[0]
        baseline = times[-1] / rows["replay"][-1]
        cells = "".join(f"{t:>8.1f}ms" for t in times)
        print(f"{name:>10}{cells}{ratio:>10.1f}{baseline:>11.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
