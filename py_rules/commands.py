"""Command-line additions for computer players and solvers, registered into `cli`:

    python -m py_rules solve GAME [options] [MOVE...]       # one JSON object
    python -m py_rules review GAME [options] [MOVE...]      # one JSON object
    python -m py_rules puzzles GAME [options]               # a JSON list
    python -m py_rules play GAME --vs easy|medium|perfect [--as 1|2]

`solve` and `review` read options and moves exactly as `replay` does (same errors, exit
status 2); `solve` prints `solvers.solve` for the position after the moves, `review`
judges every move (`py_rules.review`). The whole-site analysis
(every game, every size) is `scripts/analysis.py`, built on `py_rules.analysis`.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from typing import Any

from . import cli, puzzles
from .core import Game, other
from .players import LEVELS, choose_move, perfect_move
from .review import review_report
from .solvers import solve


def add_moves(parser: argparse.ArgumentParser, cls: type[Game[Any]]) -> None:
    parser.add_argument("moves", nargs="*", metavar="MOVE", help="moves in the notation")


def add_opponent(parser: argparse.ArgumentParser, cls: type[Game[Any]]) -> None:
    parser.add_argument(
        "--vs", choices=LEVELS, metavar="|".join(LEVELS), help="play against the computer"
    )
    parser.add_argument(
        "--as",
        dest="human",
        choices=("1", "2"),
        metavar="1|2",
        help="with --vs: the side you play (default 1)",
    )


def run_solve(game: Game[Any], args: argparse.Namespace) -> int:
    cli.play_moves(game, args.moves)
    print(json.dumps(solve(game), ensure_ascii=False))
    return 0


def run_review(game: Game[Any], args: argparse.Namespace) -> int:
    cli.play_moves(game, args.moves)
    print(json.dumps(review_report(game), ensure_ascii=False))
    return 0


def run_puzzles(game: Game[Any], args: argparse.Namespace) -> int:
    for name in ("first", "seed"):
        if getattr(args, name) is not None:
            raise cli.UsageError(f"--{name} does not apply to puzzles (they start with player 1)")
    specs = type(game).option_specs
    given = {s.name: game.options[s.name] for s in specs if getattr(args, s.name) is not None}
    try:
        found = puzzles.matching(game.slug, given)
    except puzzles.NoPuzzleData as error:
        raise cli.UsageError(str(error)) from None
    if game.slug in puzzles.NO_PUZZLES:
        print(puzzles.NO_PUZZLES[game.slug], file=sys.stderr)
    print(json.dumps(found, ensure_ascii=False))
    return 0


def run_play(game: Game[Any], args: argparse.Namespace) -> int:
    from .terminal import play_in_terminal

    if args.vs is None:
        if args.human is not None:
            raise cli.UsageError("--as needs --vs LEVEL (the computer's level)")
        return play_in_terminal(game)
    human = int(args.human or 1)
    rng = random.Random(game.options["seed"])  # the same seed plays the same game
    level = args.vs

    def computer(current: Game[Any]) -> Any:
        if level != "perfect":
            return choose_move(current, level, rng)
        move, exact = perfect_move(current, rng)
        if not exact:  # the exact search is too big here: say so, not "perfect"
            print("(The computer's next move is strong, not proved perfect: too big to solve.)")
        return move

    return play_in_terminal(game, computer={other(human): computer})


cli.COMMANDS["solve"] = "print who wins with perfect play, and the best moves, as JSON"
cli.RUNNERS["solve"] = run_solve
cli.COMMANDS["review"] = "judge every move with the solvers (mistakes, best moves) as JSON"
cli.RUNNERS["review"] = run_review
cli.PARSER_EXTENSIONS.setdefault("review", []).append(add_moves)
cli.COMMANDS["puzzles"] = (
    "print the game's puzzles (positions with one or two winning moves) as JSON"
)
cli.RUNNERS["puzzles"] = run_puzzles
cli.RUNNERS["play"] = run_play
cli.PARSER_EXTENSIONS.setdefault("solve", []).append(add_moves)
cli.PARSER_EXTENSIONS.setdefault("play", []).append(add_opponent)
