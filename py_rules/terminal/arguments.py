"""The terminal's shared argument parsing: each game's options as command-line flags,
made from its option specs, and malformed command lines as one-line errors.

Both commands build on it, `python -m py_rules GAME ...` (`cli`) and its `link` command
(`link`), which parses a new game's options the same way.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Sequence
from typing import Any, NoReturn

from ..engine.players import LEVELS
from ..i18n import _
from ..rules.core import Game
from ..rules.errors import MAX_ECHO, quoted
from ..rules.options import FlagOption, IntOption, OrderOption

PROG = "python -m py_rules"


class UsageError(Exception):
    """A malformed command line; reported as one line, exit status 2."""


class OneLineParser(argparse.ArgumentParser):
    """argparse, with its errors raised as UsageError and what it repeats of the
    command line quoted (`echo_limited`)."""

    def parse_args(self, args: Any = None, namespace: Any = None) -> Any:
        self.given = [str(arg) for arg in args or ()]
        return super().parse_args(args, namespace)

    def error(self, message: str) -> NoReturn:
        raise UsageError(echo_limited(message, getattr(self, "given", [])))


def echo_limited(message: str, given: Sequence[str]) -> str:
    """argparse's `message` with each argument in `given` that it repeats written as
    `quoted` writes it: no more than MAX_ECHO characters of it, escapes shown."""
    for arg in sorted(set(given), key=len, reverse=True):
        if len(arg) <= MAX_ECHO and arg.isprintable():
            continue
        message = message.replace(repr(arg), quoted(arg)).replace(arg, quoted(arg))
    return message


def option_flag(name: str) -> str:
    return "--" + name.replace("_", "-")


def game_parser(command: str, cls: type[Game[Any]]) -> argparse.ArgumentParser:
    """The parser for one command and one game, made from the game's option specs."""
    parser = OneLineParser(prog=f"{PROG} {command} {cls.slug}", description=_(cls.summary))
    parser.add_argument("--first", metavar="1|2|random", help=_("who moves first (default 1)"))
    parser.add_argument("--seed", metavar="S", help=_("seed for everything left to chance"))
    parser.add_argument("--name1", metavar="NAME", help=_("player 1's name"))
    parser.add_argument("--name2", metavar="NAME", help=_("player 2's name"))
    for spec in cls.option_specs:
        flag = option_flag(spec.name)
        if isinstance(spec, FlagOption):
            parser.add_argument(flag, dest=spec.name, action="store_true", default=None)
        elif isinstance(spec, IntOption):
            metavar = f"{spec.low}..{spec.high}" + ("|random" if spec.allow_random else "")
            parser.add_argument(flag, dest=spec.name, metavar=metavar, help=_(spec.help))
        elif isinstance(spec, OrderOption):
            parser.add_argument(flag, dest=spec.name, metavar="5,3,1,2,4", help=_(spec.help))
    if command in ("replay", "solve", "review"):
        parser.add_argument("moves", nargs="*", metavar="MOVE", help=_("moves in the notation"))
    if command == "solve":
        parser.add_argument(
            "--budget",
            type=seconds,
            metavar="SECONDS",
            help=_("give up (exit status 1) if the answer takes longer than this"),
        )
    if command == "play":
        parser.add_argument(
            "--vs", choices=LEVELS, metavar="|".join(LEVELS), help=_("play against the computer")
        )
        parser.add_argument(
            "--as",
            dest="human",
            choices=("1", "2"),
            metavar="1|2",
            help=_("with --vs: the side you play (default 1)"),
        )
    return parser


def seconds(text: str) -> float:
    """A --budget value: a positive number of seconds (argparse reports a bad one)."""
    value = float(text) if re.fullmatch(r"[0-9]{1,6}(\.[0-9]{1,3})?", text) else 0.0
    if value <= 0:
        raise argparse.ArgumentTypeError(
            _("give a number of seconds such as 30, not {text}").format(text=quoted(text))
        )
    return value
