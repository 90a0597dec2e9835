"""How long a puzzle board holds the page per move, beside a Hint at the same positions.

    python bench/puzzle_moves.py       # or `make bench` (bench/run.py runs every main)

A puzzle board judges the player's move at once (`PuzzleSession.play`, before the move
is drawn) and works out each solver answer after the computer's pause
(`PuzzleSession.reply`). Every shipped puzzle is played once, solvers cold for each: a
wrong move (the first legal one that is not winning) and its refutation, then the
winning line (the first winning move at each turn). Figures per game: the median and
the longest judgement and answer, and as a baseline the Hint button's work
(`players.hint`) at the very positions the answers were worked out from, with the
ratio of the longest answer to the longest hint. CPython, then inside Pyodide under
Node.js (bench/pyodide_measure.mjs) when it is there.
"""

from __future__ import annotations

import statistics
import sys
import time
from typing import Any

from _in_pyodide import print_both

from py_rules.engine.players import hint
from py_rules.engine.puzzles import load
from py_rules.engine.solving import clear_caches, solver_for
from py_rules.play.puzzle_session import PuzzleSession, Stage


def timed(action: Any) -> tuple[Any, float]:
    start = time.perf_counter()
    result = action()
    return result, time.perf_counter() - start


def answer_all(session: PuzzleSession, times: dict[str, list[float]]) -> None:
    """Every answer due, each timed, and a Hint timed at the same position first."""
    while session.reply_due:
        game = session.game.copy()
        clear_caches()
        times["hint"].append(timed(lambda game=game: hint(game))[1])
        clear_caches()
        times["answer"].append(timed(session.reply)[1])


def play_one(slug: str, puzzle: dict[str, Any], times: dict[str, list[float]]) -> None:
    session = PuzzleSession(slug, puzzle)
    legal = session.game.legal_move_texts()
    wrong = next(m for m in legal if m not in puzzle["winning_moves"])
    clear_caches()
    times["judge"].append(timed(lambda: session.play(wrong))[1])
    answer_all(session, times)
    session.retry()
    while session.stage is Stage.SOLVING:
        game = session.game
        move = game.move_text(solver_for(game).winning_moves(game.state)[0])
        clear_caches()
        times["judge"].append(timed(lambda move=move: session.play(move))[1])
        answer_all(session, times)


def measure() -> dict[str, Any]:
    results: dict[str, Any] = {}
    for slug, entry in load()["games"].items():
        if not entry["puzzles"]:
            continue
        times: dict[str, list[float]] = {"judge": [], "answer": [], "hint": []}
        for puzzle in entry["puzzles"]:
            play_one(slug, puzzle, times)
        ms = {k: [round(1000 * t, 1) for t in v] for k, v in times.items()}
        results[slug] = {
            "puzzles": len(entry["puzzles"]),
            "judgements": len(ms["judge"]),
            "answers": len(ms["answer"]),
            "judge_ms_median_max": [statistics.median(ms["judge"]), max(ms["judge"])],
            "answer_ms_median_max": [statistics.median(ms["answer"]), max(ms["answer"])],
            "hint_ms_median_max": [statistics.median(ms["hint"]), max(ms["hint"])],
            "longest_answer_per_longest_hint": round(max(ms["answer"]) / max(ms["hint"]), 2),
        }
    return results


def main(argv: list[str] | None = None) -> int:
    return print_both("puzzle_moves", measure, "solvers cold for each move")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
