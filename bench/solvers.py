"""Solver and perfect-player benchmark: CPython, then Pyodide under Node.js.

    python bench/solvers.py            # or `make bench` (bench/run.py runs every main)

Figures, per game at its standard size:
  * solve: a full solve of the start (value and every winning / best first move),
    from cold caches;
  * perfect move: the perfect player's time per move over whole games (perfect against
    a random player, both sides), the first move from cold caches, then p50/p95/max
    over all the moves of the warmed games;
  * Sequence Duel at size 20: the full solve by the segment solver and by a plain
    memoised segment solver, in the same run, and the speed-up.
The same measurement runs inside Pyodide (bench/pyodide_measure.mjs) when Node.js and
the npm package pyodide are there. Targets (from issue 4): a warmed perfect move under
50 ms at the 95th percentile in Pyodide, the first under 1 s; Sequence Duel's solve at
least 10 times faster than the plain segment solver.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from _in_pyodide import pyodide_results  # noqa: E402

import py_rules  # noqa: E402
from py_rules.players import choose_move  # noqa: E402
from py_rules.solvers import clear_caches, solve  # noqa: E402
from py_rules.solvers.sequence_duel import PlainSegmentSolver, SegmentSolver  # noqa: E402

STANDARD: list[tuple[str, dict[str, Any]]] = [
    ("circle-duel", {}),
    ("number-circle", {}),
    ("sequence-duel", {}),
    ("digit-chain", {}),
    ("digit-chain", {"no_tens": True}),
    ("number-duel", {}),
]
GAMES_PER_SETUP = 6
TARGET_P95_MS = 50.0
TARGET_FIRST_MS = 1000.0
TARGET_SPEEDUP = 10.0


def label(slug: str, options: dict[str, Any]) -> str:
    flags = " ".join(f"--{k.replace('_', '-')}" for k, v in options.items() if v is True)
    return f"{slug} {flags}".strip()


def ms(seconds: float) -> float:
    return round(seconds * 1000, 2)


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def time_solve(slug: str, options: dict[str, Any]) -> float:
    clear_caches()
    game = py_rules.new_game(slug, {**options, "seed": 1})
    start = time.perf_counter()
    solve(game)
    return time.perf_counter() - start


def time_games(slug: str, options: dict[str, Any], games: int) -> dict[str, Any]:
    """Perfect against random, the perfect player on each side in turn."""
    clear_caches()
    first = None
    times: list[float] = []
    for index in range(games):
        rng = random.Random(index)
        game = py_rules.new_game(slug, {**options, "seed": index})
        perfect = 1 + index % 2
        while not game.is_over:
            if game.to_move == perfect:
                start = time.perf_counter()
                move = choose_move(game, "perfect", rng)
                elapsed = time.perf_counter() - start
                if first is None:
                    first = elapsed
                else:
                    times.append(elapsed)
            else:
                move = rng.choice(game.legal_moves())
            game.play(move)
    times = times or [first or 0.0]
    return {
        "first_ms": ms(first or 0.0),
        "moves": len(times),
        "p50_ms": ms(percentile(times, 0.5)),
        "p95_ms": ms(percentile(times, 0.95)),
        "max_ms": ms(max(times)),
    }


def sequence_duel_speedup(size: int = 20) -> dict[str, Any]:
    """Full solve of the start (every first move) by both solvers, from cold."""
    game = py_rules.new_game("sequence-duel", {"size": size, "seed": 1})
    fast = SegmentSolver(game)
    start = time.perf_counter()
    winning = fast.winning_moves(game.state)
    fast_s = time.perf_counter() - start
    plain = PlainSegmentSolver()
    position = fast.position(game.state)
    start = time.perf_counter()
    plain_winning = [c for c in plain.children(position) if not plain.wins(c)]
    plain_s = time.perf_counter() - start
    assert bool(winning) == bool(plain_winning)
    return {
        "size": size,
        "segment_solver_ms": ms(fast_s),
        "plain_solver_ms": ms(plain_s),
        "speedup": round(plain_s / fast_s, 1),
        "positions": {"segment": len(fast.memo), "plain": len(plain.memo)},
    }


def measure(games: int = GAMES_PER_SETUP) -> dict[str, Any]:
    """Every figure, as plain data (also called inside Pyodide)."""
    results: dict[str, Any] = {"python": sys.version.split()[0], "platform": sys.platform}
    results["solve_ms"] = {label(s, o): ms(time_solve(s, o)) for s, o in STANDARD}
    results["perfect_move"] = {label(s, o): time_games(s, o, games) for s, o in STANDARD}
    results["sequence_duel_20"] = sequence_duel_speedup(20)
    return results


def report(results: dict[str, Any], where: str) -> list[str]:
    """Print the figures; return the targets missed (checked for Pyodide only)."""
    print(f"-- {where}: Python {results['python']} ({results['platform']})")
    print(
        f"   {'game (standard size)':28} {'solve':>10} {'first':>10} "
        f"{'p50':>8} {'p95':>8} {'max':>9} {'moves':>6}"
    )
    for name, solve_ms in results["solve_ms"].items():
        p = results["perfect_move"][name]
        print(
            f"   {name:28} {solve_ms:>8.1f}ms {p['first_ms']:>8.1f}ms {p['p50_ms']:>6.1f}ms "
            f"{p['p95_ms']:>6.1f}ms {p['max_ms']:>7.1f}ms {p['moves']:>6}"
        )
    sd = results["sequence_duel_20"]
    print(
        f"   sequence-duel 20 full solve: segment solver {sd['segment_solver_ms']:.1f} ms, "
        f"plain segment solver {sd['plain_solver_ms']:.1f} ms: {sd['speedup']}x "
        f"({sd['positions']['segment']} vs {sd['positions']['plain']} positions)"
    )
    missed = []
    if sd["speedup"] < TARGET_SPEEDUP:
        missed.append(f"sequence-duel speed-up {sd['speedup']}x < {TARGET_SPEEDUP}x")
    if results["platform"] == "emscripten":
        for name, p in results["perfect_move"].items():
            if p["p95_ms"] > TARGET_P95_MS:
                missed.append(f"{name}: p95 {p['p95_ms']} ms > {TARGET_P95_MS} ms")
            if p["first_ms"] > TARGET_FIRST_MS:
                missed.append(f"{name}: first move {p['first_ms']} ms > {TARGET_FIRST_MS} ms")
    for line in missed:
        print(f"   target missed: {line}")
    return missed


def main(argv: list[str] | None = None) -> int:
    report(measure(), "CPython")
    results = pyodide_results("solvers")
    if results is not None:
        report(results, "Pyodide under Node.js")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
