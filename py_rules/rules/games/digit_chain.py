"""Digit Chain Duel (seed 003): each number starts with the last digit of the one before."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...i18n import N_, _
from ..core import other
from ..options import FlagOption, IntOption
from ..picking import PickingGame


def first_digit(number: int) -> int:
    while number >= 10:  # arithmetic, not str(): the solvers call this a lot
        number //= 10
    return number


def last_digit(number: int) -> int:
    return number % 10


# The numbers 1..99 that start with each digit, in order (d, then 10d..10d+9; none with 0).
STARTING_WITH = [(), *((d, *range(10 * d, 10 * d + 10)) for d in range(1, 10))]


@dataclass(frozen=True)
class DigitChainState:
    pool: frozenset[int]
    last: int | None
    player: int


class DigitChain(PickingGame[DigitChainState]):
    slug = "digit-chain"
    title = N_("Digit Chain Duel")
    summary = N_("Pick a number that starts with the last digit of the one before; stuck loses.")
    option_specs = (
        IntOption("pool", 10, 99, 99, N_("the pool holds the numbers 1 to M")),
        FlagOption(
            "no_tens", N_("leave 10, 20, ..., 90 out of the pool (they end the game at once)")
        ),
    )

    def initial_state(self) -> DigitChainState:
        numbers: list[int] = list(range(1, self.options["pool"] + 1))
        if self.options["no_tens"]:
            numbers = [n for n in numbers if n % 10]
        return DigitChainState(frozenset(numbers), None, self.options["first"])

    def moves_in(self, state: DigitChainState) -> list[int]:
        if state.last is None:
            return sorted(state.pool)
        pool = state.pool
        return [n for n in STARTING_WITH[last_digit(state.last)] if n in pool]

    def pick_rule_broken(self, state: DigitChainState, number: int) -> str | None:
        top = self.options["pool"]
        if not 1 <= number <= top:
            return _("There is no {number} in the pool: the numbers are 1 to {top}.").format(
                number=number, top=top
            )
        if number % 10 == 0 and self.options["no_tens"]:
            return _("Multiples of 10 are not in the pool in this game.")
        if number not in state.pool:
            return _("{number} has already been picked.").format(number=number)
        if state.last is not None and first_digit(number) != last_digit(state.last):
            digit = last_digit(state.last)
            return _("Your number must start with {digit}, the last digit of {last}.").format(
                digit=digit, last=state.last
            )
        return None

    def after(self, state: DigitChainState, move: int) -> DigitChainState:
        return DigitChainState(state.pool - {move}, move, other(state.player))

    def public_view(self) -> dict[str, Any]:
        return {**super().public_view(), "pool": sorted(self.state.pool), "last": self.state.last}
