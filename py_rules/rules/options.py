"""Declarative game options, validated in one place for the CLI, saved games and the site.

Each game lists its options as specs; `resolve_options` turns what a caller supplied
(strings from a command line, values from JSON) into checked, concrete values, or
raises `BadOption` with a message that names the option and its allowed range.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..i18n import N_, _
from .errors import BadOption, quoted

MAX_SEED = 2**63 - 1
# A whole number as text: an optional sign and ASCII digits, at most 19 of them (the
# seed's range), so nothing like "--5", "1_000", " 5 5" or a megabyte of digits gets
# as far as int().
WHOLE_NUMBER = re.compile(r"[+-]?[0-9]{1,19}")


@dataclass(frozen=True)
class IntOption:
    """A whole number in [low, high]; with `allow_random`, also the word "random"."""

    name: str
    low: int
    high: int
    default: int | str
    help: str
    allow_random: bool = False
    secret: bool = False

    def parse(self, value: Any) -> int | str:
        if self.allow_random and value == "random":
            return "random"
        number = _whole_number(self.name, value)
        if not self.low <= number <= self.high:
            message = (
                _('{name} must be between {low} and {high} or "random", not {number}')
                if self.allow_random
                else _("{name} must be between {low} and {high}, not {number}")
            )
            raise BadOption(
                message.format(name=self.name, low=self.low, high=self.high, number=number),
                self.name,
            )
        return number


@dataclass(frozen=True)
class FlagOption:
    """An on/off variant, off by default."""

    name: str
    help: str
    default: bool = False
    secret: bool = False

    def parse(self, value: Any) -> bool:
        if isinstance(value, bool):
            return value
        if value in ("true", "1", 1, "yes", "on"):
            return True
        if value in ("false", "0", 0, "no", "off"):
            return False
        raise BadOption(
            _("{name} must be true or false, not {value}").format(
                name=self.name, value=_show(value)
            ),
            self.name,
        )


@dataclass(frozen=True)
class OrderOption:
    """A hidden arrangement: the numbers 1..K in some order, or None to shuffle.

    K comes from another option (`size_option`), so the check runs after that one.
    """

    name: str
    size_option: str
    help: str
    default: None = None
    secret: bool = True  # a hidden arrangement: never in a link while the game runs

    def parse(self, value: Any) -> tuple[int, ...] | None:
        if value is None:
            return None
        if isinstance(value, str):
            parts = [part.strip() for part in value.split(",")]
        elif isinstance(value, list | tuple):
            parts = list(value)
        else:
            raise BadOption(
                _("{name} must be a list of numbers such as 5,3,1,2,4").format(name=self.name),
                self.name,
            )
        return tuple(_whole_number(self.name, part) for part in parts)

    def check(self, order: tuple[int, ...], size: int) -> None:
        if sorted(order) != list(range(1, size + 1)):
            raise BadOption(
                _(
                    "{name} must list each of the numbers 1 to {size} exactly once, not {order}"
                ).format(name=self.name, size=size, order=quoted(",".join(map(str, order)))),
                self.name,
            )


OptionSpec = IntOption | FlagOption | OrderOption

FIRST = IntOption("first", 1, 2, 1, N_('who moves first: 1, 2 or "random"'), allow_random=True)


def _show(value: Any) -> str:
    if isinstance(value, int) and abs(value) > MAX_SEED:
        return _("a huge number")
    return quoted(value)


def _whole_number(name: str, value: Any) -> int:
    if isinstance(value, bool):
        raise BadOption(
            _("{name} must be a whole number, not {value}").format(name=name, value=_show(value)),
            name,
        )
    if isinstance(value, int):
        if abs(value) > MAX_SEED:  # also keeps int-to-text limits out of our messages
            raise BadOption(_("{name} is far too large").format(name=name), name)
        return value
    if isinstance(value, str):
        text = value.strip()
        if WHOLE_NUMBER.fullmatch(text):
            return int(text)
    raise BadOption(
        _("{name} must be a whole number, not {value}").format(name=name, value=_show(value)),
        name,
    )


def stream(seed: int, purpose: str) -> random.Random:
    """The random stream of one purpose ("first", "order1", "computer2", ...) in a game
    with this seed. Streams of different purposes are independent (each is seeded with
    a SHA-512 of its own name and the seed), so a choice that a player sees, such as
    who moves first or where the computer attacks, never gives away a hidden one, such
    as a shuffled order; and the same seed still replays every one of them exactly."""
    return random.Random(f"{purpose}:{seed}")


def resolve_options(
    specs: tuple[OptionSpec, ...], supplied: Mapping[str, Any] | None
) -> tuple[dict[str, Any], random.Random]:
    """Check `supplied` against `specs`; return concrete values and the game's RNG.

    The seed is always recorded: given one, the game replays exactly; without one a
    fresh seed is drawn, so a saved game still replays exactly.
    """
    supplied = dict(supplied or {})
    known = {spec.name for spec in specs} | {"first", "seed"}
    unknown = sorted(set(supplied) - known)
    if unknown:
        raise BadOption(
            _("unknown option {option}; known: {known}").format(
                option=quoted(unknown[0]), known=", ".join(sorted(known))
            )
        )
    seed = supplied.get("seed")
    if seed is None:
        seed = random.SystemRandom().randrange(MAX_SEED)
    else:
        seed = _whole_number("seed", seed)
        if not 0 <= seed <= MAX_SEED:
            raise BadOption(_("seed must be between 0 and {high}").format(high=MAX_SEED), "seed")
    rng = random.Random(seed)
    values: dict[str, Any] = {}
    for spec in (FIRST, *specs):
        raw = supplied.get(spec.name)
        values[spec.name] = spec.default if raw is None else spec.parse(raw)
    for spec in specs:
        if isinstance(spec, OrderOption) and values[spec.name] is not None:
            spec.check(values[spec.name], values[spec.size_option])
    if values["first"] == "random":
        values["first"] = stream(seed, "first").choice((1, 2))
    values["seed"] = seed
    return values, rng


def spec_summary(spec: OptionSpec) -> dict[str, Any]:
    """A JSON-able description of one option, for building forms and --help."""
    summary: dict[str, Any] = {"name": spec.name, "help": spec.help, "default": spec.default}
    if isinstance(spec, IntOption):
        summary.update(kind="int", low=spec.low, high=spec.high, random=spec.allow_random)
    elif isinstance(spec, FlagOption):
        summary["kind"] = "flag"
    else:
        summary.update(kind="order", size_option=spec.size_option)
    return summary
