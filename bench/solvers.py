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
the npm package pyodide are there. Also: Digit Chain without tens from 200 positions
after 2-12 random or medium opening moves (standard pool and pools 30-98): the fraction
proved within 50 ms and within 1 s and the perfect move's p95, from cold caches; and
the analysis build time per game recorded in data/analysis.json. Targets: a warmed
perfect move under 50 ms at the 95th percentile in Pyodide, the first under 1 s;
Sequence Duel's solve at least 10 times faster than the plain segment solver; at least
99% of the Digit Chain positions proved within 1 s in Pyodide.
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path
from typing import Any

from _in_pyodide import pyodide_results

import py_rules
from py_rules.engine.players import choose_move, perfect_move
from py_rules.engine.solvers.sequence_duel import PlainSegmentSolver, SegmentSolver
from py_rules.engine.solving import clear_caches, solve, solver_for

ROOT = Path(__file__).resolve().parent.parent


STANDARD: list[tuple[str, dict[str, Any]]] = [
    ("circle-duel", {}),
    ("number-circle", {}),
    ("sequence-duel", {}),
    ("digit-chain", {}),
    ("digit-chain", {"no_tens": True}),
    ("number-duel", {}),
    ("number-duel", {"numbers": 7}),
]
GAMES_PER_SETUP = 6
TARGET_P95_MS = 50.0
TARGET_FIRST_MS = 1000.0
TARGET_SPEEDUP = 10.0
TARGET_PROVED_1S = 0.99
PROOF_POSITIONS = 200


def label(slug: str, options: dict[str, Any]) -> str:
    flags = " ".join(
        f"--{k.replace('_', '-')}" if v is True else f"--{k} {v}" for k, v in options.items()
    )
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


def opening_positions(count: int) -> list[tuple[str, py_rules.Game[Any]]]:
    """Digit Chain without tens after 2-12 opening moves, random or medium, alternately
    from the standard pool and from a random pool of 30-98 (games over already skipped)."""
    found: list[tuple[str, py_rules.Game[Any]]] = []
    seed = 0
    while len(found) < count:
        rng = random.Random(seed)
        seed += 1
        pool = 99 if seed % 2 else rng.randint(30, 98)
        level = "random" if seed % 4 < 2 else "medium"
        game = py_rules.new_game("digit-chain", {"pool": pool, "no_tens": True, "seed": seed})
        for _ in range(rng.randint(2, 12)):
            if game.is_over:
                break
            moves = game.legal_moves()
            game.play(rng.choice(moves) if level == "random" else choose_move(game, level, rng))
        if not game.is_over:
            found.append((f"pool {pool}, {level}, {len(game.moves)} moves", game))
    return found


def digit_chain_proofs(count: int = PROOF_POSITIONS) -> dict[str, Any]:
    """For each opening position, from cold caches: the time to prove who wins, and the
    time of the perfect move; the fractions proved within 50 ms and 1 s."""
    proofs: list[float] = []
    moves: list[float] = []
    exact = 0
    for _, game in opening_positions(count):
        clear_caches()
        solver = solver_for(game)
        start = time.perf_counter()
        solver.state_wins(game.state)
        proofs.append(time.perf_counter() - start)
        clear_caches()
        start = time.perf_counter()
        _, proved = perfect_move(game, random.Random(0))
        moves.append(time.perf_counter() - start)
        exact += proved
    return {
        "positions": count,
        "within_50ms": round(sum(t <= 0.05 for t in proofs) / count, 4),
        "within_1s": round(sum(t <= 1.0 for t in proofs) / count, 4),
        "proof_p95_ms": ms(percentile(proofs, 0.95)),
        "proof_max_ms": ms(max(proofs)),
        "perfect_move_exact": round(exact / count, 4),
        "perfect_move_p95_ms": ms(percentile(moves, 0.95)),
    }


def measure(games: int = GAMES_PER_SETUP) -> dict[str, Any]:
    """Every figure, as plain data (also called inside Pyodide)."""
    results: dict[str, Any] = {"python": sys.version.split()[0], "platform": sys.platform}
    results["solve_ms"] = {label(s, o): ms(time_solve(s, o)) for s, o in STANDARD}
    results["perfect_move"] = {label(s, o): time_games(s, o, games) for s, o in STANDARD}
    results["sequence_duel_20"] = sequence_duel_speedup(20)
    results["digit_chain_proofs"] = digit_chain_proofs()
    return results


def analysis_build_times() -> None:
    """The seconds each game's analysis took when data/analysis.json was last written
    (`python3 -m scripts.data.analysis`; too long to rerun on every benchmark)."""
    data = json.loads((ROOT / "data" / "analysis.json").read_text(encoding="utf-8"))
    times = ", ".join(
        f"{slug} {g.get('cpu_seconds', '?')} s CPU ({g.get('build_seconds', '?')} s wall)"
        for slug, g in data["games"].items()
    )
    print(f"-- analysis build time per game (CPython, as recorded): {times}")


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
    dc = results["digit_chain_proofs"]
    print(
        f"   digit-chain --no-tens, {dc['positions']} positions after 2-12 opening moves: "
        f"proved within 50 ms {100 * dc['within_50ms']:.1f}%, within 1 s "
        f"{100 * dc['within_1s']:.1f}% (proof p95 {dc['proof_p95_ms']} ms, max "
        f"{dc['proof_max_ms']} ms); perfect move exact {100 * dc['perfect_move_exact']:.1f}%, "
        f"p95 {dc['perfect_move_p95_ms']} ms (cold caches)"
    )
    missed = []
    if sd["speedup"] < TARGET_SPEEDUP:
        missed.append(f"sequence-duel speed-up {sd['speedup']}x < {TARGET_SPEEDUP}x")
    if results["platform"] == "emscripten":
        if dc["within_1s"] < TARGET_PROVED_1S:
            missed.append(f"digit-chain proved within 1 s {dc['within_1s']} < {TARGET_PROVED_1S}")
        for name, p in results["perfect_move"].items():
            if p["p95_ms"] > TARGET_P95_MS:
                missed.append(f"{name}: p95 {p['p95_ms']} ms > {TARGET_P95_MS} ms")
            if p["first_ms"] > TARGET_FIRST_MS:
                missed.append(f"{name}: first move {p['first_ms']} ms > {TARGET_FIRST_MS} ms")
    for line in missed:
        print(f"   target missed: {line}")
    return missed


def main(argv: list[str] | None = None) -> int:
    analysis_build_times()
    report(measure(), "CPython")
    results = pyodide_results("solvers")
    if results is not None:
        report(results, "Pyodide under Node.js")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
