"""Command line: `python -m py_rules play|replay|solve GAME [options] [MOVE...]`.

    python -m py_rules replay GAME [options] [MOVE...]      # the position as JSON
    python -m py_rules solve GAME [options] [MOVE...]       # who wins, best moves (JSON)
    python -m py_rules review GAME [options] [MOVE...]      # every move judged (JSON)
    python -m py_rules puzzles GAME [options]               # the game's puzzles (JSON)
    python -m py_rules play GAME [--vs easy|medium|perfect [--as 1|2]]

The options of each game are built from its option specs, so the command line, saved
games and the web pages all check options the same way. `solve` and `review` read
options and moves exactly as `replay` does; `review` judges every move
(`py_rules.engine.review`). Errors are one line on stderr and exit status 2, so
scripts can rely on them. The whole-site analysis (every game, every size) is
`scripts/data/analysis.py`, built on `py_rules.engine.analysis`.
"""

from __future__ import annotations

import argparse
import json
import random
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from .. import i18n
from ..engine import puzzles
from ..engine.players import choose_move, perfect_move
from ..engine.review import review_report
from ..engine.solving import solve, solves_quickly
from ..i18n import N_, _
from ..registry import GAMES, game_class
from ..rules.core import Game, other
from ..rules.errors import SHORT_ECHO, BadOption, RulesError, quoted
from ..rules.options import stream
from .arguments import PROG, UsageError, game_parser

EXIT_GAVE_UP = 1  # `solve --budget`: no answer within the time given
EXIT_INTERRUPTED = 130  # Ctrl-C: 128 + SIGINT, the shell's convention
COMMANDS: dict[str, str] = {
    "play": N_("play in the terminal, two people at one keyboard"),
    "replay": N_("play the given moves and print the position as JSON"),
    "solve": N_("print who wins with perfect play, and the best moves, as JSON"),
    "review": N_("judge every move with the solvers (mistakes, best moves) as JSON"),
    "puzzles": N_("print the game's puzzles (positions with one or two winning moves) as JSON"),
    "link": N_("play a friend by link: each move is a link to send (link --help)"),
}


def game_from_args(cls: type[Game[Any]], args: argparse.Namespace) -> Game[Any]:
    names = ("first", "seed", *(spec.name for spec in cls.option_specs))
    options = {name: getattr(args, name) for name in names if getattr(args, name) is not None}
    return cls(options, (args.name1, args.name2))


def position_report(game: Game[Any]) -> dict[str, Any]:
    """The JSON printed by `replay` (and read by tools and tests)."""
    report: dict[str, Any] = {
        "game": game.slug,
        "options": game.to_dict()["options"],
        "moves": [game.move_text(m) for m in game.moves],
        "over": game.is_over,
        "winner": game.winner,
        "draw": game.is_draw,
        "to_move": game.to_move,
        "legal": game.legal_move_texts(),
    }
    if game.has_hidden_information:
        report["remaining"] = game.public_view()["remaining"]
    return report


def play_moves(game: Game[Any], moves: Sequence[str]) -> None:
    """Play moves in order; an illegal one is reported with its index (from 1)."""
    for index, text in enumerate(moves, start=1):
        try:
            game.play(text)
        except RulesError as error:
            raise UsageError(
                _("move {index} ({move}) is illegal: {error}").format(
                    index=index, move=quoted(text, SHORT_ECHO), error=error
                )
            ) from None


def run_replay(game: Game[Any], args: argparse.Namespace) -> int:
    play_moves(game, args.moves)
    print(json.dumps(position_report(game), ensure_ascii=False))
    return 0


def run_solve(game: Game[Any], args: argparse.Namespace) -> int:
    """Print the solution; first say so on stderr when it may take long (a probe with a
    small node budget did not settle it), and give up after `--budget` seconds."""
    play_moves(game, args.moves)
    if not solves_quickly(game):
        if args.budget:
            slow = _(
                "this position is too big to solve quickly and may take a long time; "
                "it stops after {seconds} s (--budget)."
            ).format(seconds=f"{args.budget:g}")
        else:
            slow = _(
                "this position is too big to solve quickly and may take a long time; "
                "press Ctrl-C to stop, or give --budget SECONDS."
            )
        print(f"{PROG}: {slow}", file=sys.stderr)
        sys.stderr.flush()
    try:
        with time_limit(args.budget):
            report = solve(game)
    except OutOfTime:
        gave_up = _("not solved within {seconds} s (--budget).").format(seconds=f"{args.budget:g}")
        print(f"{PROG}: {gave_up}", file=sys.stderr)
        return EXIT_GAVE_UP
    print(json.dumps(report, ensure_ascii=False))
    return 0


class OutOfTime(Exception):
    """The time given with --budget ran out."""


@contextmanager
def time_limit(budget: float | None) -> Iterator[None]:
    """Raise OutOfTime in the block once `budget` seconds have passed (None: no limit).
    A real-time timer signal, so any solver stops wherever it is."""
    if budget is None:
        yield
        return
    if not hasattr(signal, "setitimer"):
        raise UsageError(_("--budget needs a system with interval timers"))

    def expired(_signum: int, _frame: Any) -> None:
        raise OutOfTime

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, budget)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def run_review(game: Game[Any], args: argparse.Namespace) -> int:
    play_moves(game, args.moves)
    print(json.dumps(review_report(game), ensure_ascii=False))
    return 0


def run_puzzles(game: Game[Any], args: argparse.Namespace) -> int:
    for name in ("first", "seed"):
        if getattr(args, name) is not None:
            raise UsageError(
                _("--{option} does not apply to puzzles (they start with player 1)").format(
                    option=name
                )
            )
    specs = type(game).option_specs
    given = {s.name: game.options[s.name] for s in specs if getattr(args, s.name) is not None}
    try:
        found = puzzles.matching(game.slug, given)
    except puzzles.NoPuzzleData as error:
        raise UsageError(str(error)) from None
    if game.slug in puzzles.NO_PUZZLES:
        print(_(puzzles.NO_PUZZLES[game.slug]), file=sys.stderr)
    print(json.dumps(found, ensure_ascii=False))
    return 0


def run_play(game: Game[Any], args: argparse.Namespace) -> int:
    from .loop import play_in_terminal

    if args.vs is None:
        if args.human is not None:
            raise UsageError(_("--as needs --vs LEVEL (the computer's level)"))
        return play_in_terminal(game)
    player = other(int(args.human or 1))
    computer = computer_player(args.vs, stream(game.options["seed"], f"computer{player}"))
    return play_in_terminal(game, computer={player: computer})


def computer_player(level: str, rng: random.Random) -> Callable[[Game[Any]], Any]:
    """The terminal's computer player at `level`, choosing with `rng`: a stream of its
    own (`options.stream`), never the one that shuffled hidden orders, so its moves
    give none of them away while the same seed still replays the same game."""

    def computer(current: Game[Any]) -> Any:
        if level != "perfect":
            return choose_move(current, level, rng)
        move, exact = perfect_move(current, rng)
        if not exact:  # the exact search is too big here: say so, not "perfect"
            print(_("(The computer's next move is strong, not proved perfect: too big to solve.)"))
        return move

    return computer


RUNNERS: dict[str, Callable[[Game[Any], argparse.Namespace], int]] = {
    "play": run_play,
    "replay": run_replay,
    "solve": run_solve,
    "review": run_review,
    "puzzles": run_puzzles,
}


def usage() -> str:
    lines = [
        _("usage: {prog} COMMAND GAME [options] [MOVE...]").format(prog=PROG),
        "",
        _("commands:"),
    ]
    lines += [f"  {name:8} {_(text)}" for name, text in COMMANDS.items()]
    lines += ["", _("games:")]
    lines += [f"  {slug:14} {_(cls.title)}: {_(cls.summary)}" for slug, cls in GAMES.items()]
    lines += ["", _("options of a game: {prog} COMMAND GAME --help").format(prog=PROG)]
    lines += [_("the language: --lang LANGUAGE (e.g. es), else LANG and LC_MESSAGES")]
    return "\n".join(lines)


def choose_language(argv: list[str]) -> list[str]:
    """Use the language of `--lang LANGUAGE` (anywhere on the command line), else the
    environment's (LANGUAGE, LC_ALL, LC_MESSAGES, LANG); the arguments without --lang.
    A language without a catalogue is English, without an error."""
    rest: list[str] = []
    chosen: str | None = None
    words = iter(argv)
    for word in words:
        if word == "--lang":
            chosen = next(words, "")
        elif word.startswith("--lang="):
            chosen = word.removeprefix("--lang=")
        else:
            rest.append(word)
    if chosen is None:
        i18n.use_environment()
    else:
        i18n.use(chosen)
    return rest


def main(argv: Sequence[str] | None = None) -> int:
    argv = choose_language(list(sys.argv[1:] if argv is None else argv))
    if not argv or argv[0] in ("-h", "--help"):
        print(usage())
        return 0
    command = argv[0]
    if command == "link":  # its own arguments: a link, a game's id, or a new game
        from .link import main as link_main

        return link_main(argv[1:])
    try:
        if command not in RUNNERS:
            raise UsageError(
                _("unknown command {command}; commands: {commands}").format(
                    command=quoted(command), commands=", ".join(COMMANDS)
                )
            )
        if len(argv) < 2:
            if command == "play":
                from .loop import choose_game

                return choose_game()
            raise UsageError(_("name a game: {games}").format(games=", ".join(GAMES)))
        if argv[1] in ("-h", "--help"):
            print(usage())
            return 0
        cls = game_class(argv[1])
        try:
            args = game_parser(command, cls).parse_args(argv[2:])
        except SystemExit as done:  # argparse's --help: report its status, don't exit
            return int(done.code or 0)
        game = game_from_args(cls, args)
        return RUNNERS[command](game, args)
    except (UsageError, BadOption) as error:
        print(_("{prog}: error: {error}").format(prog=PROG, error=error), file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # Ctrl-C: the shell's convention, without a traceback
        print(_("{prog}: interrupted.").format(prog=PROG), file=sys.stderr)
        return EXIT_INTERRUPTED
