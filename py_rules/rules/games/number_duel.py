"""Number Duel (seed 004): attack the opponent's hidden numbers with your own.

The only game with hidden information: each player's order is secret. Every number
that leaves play is revealed, so what is hidden is only where the opponent's remaining
numbers sit. `observation(player)` is the single door through which a front end or a
computer player looks at the game, and it never shows the opponent's hidden order.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...i18n import N_, _, ngettext
from ..core import Game, Outcome, Reason, other
from ..errors import SHORT_ECHO, BadOption, IllegalMove, quoted
from ..options import IntOption, OrderOption, stream

ATTACK = re.compile(r"^\s*(\d{1,2})\s*@\s*(\d{1,2})\s*$")


@dataclass(frozen=True)
class Attack:
    """Attack with your `number` the opponent's number at `position` (1..K)."""

    number: int
    position: int

    def __str__(self) -> str:
        return f"{self.number}@{self.position}"


@dataclass(frozen=True)
class Encounter:
    """One resolved attack: public once played (both numbers are revealed)."""

    attacker: int
    number: int
    position: int
    defender_number: int

    @property
    def winner(self) -> int | None:
        """The player whose number won the encounter; None for a tie."""
        if self.number == self.defender_number:
            return None
        return self.attacker if self.number > self.defender_number else other(self.attacker)


@dataclass(frozen=True)
class NumberDuelState:
    rows: tuple[tuple[int | None, ...], tuple[int | None, ...]]  # per player, None = empty
    face_up: tuple[frozenset[int], frozenset[int]]  # positions revealed by a surviving defence
    encounters: tuple[Encounter, ...]
    player: int
    result: Outcome | None = None

    def remaining(self, player: int) -> list[int]:
        return sorted(n for n in self.rows[player - 1] if n is not None)

    def occupied(self, player: int) -> list[int]:
        return [i for i, n in enumerate(self.rows[player - 1], start=1) if n is not None]


class NumberDuel(Game[NumberDuelState]):
    slug = "number-duel"
    title = N_("Number Duel")
    summary = N_("Attack your opponent's hidden numbers with your own; higher number wins.")
    has_hidden_information = True
    # An attack shows numbers: taking it back would let a player try again knowing them.
    take_back_while_running = False
    has_arrangement = True
    take_back_refusal = N_(
        "Not in Number Duel while it runs: an attack shows numbers, "
        "so taking it back would let you try again knowing them."
    )
    option_specs = (
        IntOption("numbers", 3, 9, 5, N_("each player holds the numbers 1 to K")),
        OrderOption("order1", "numbers", N_("player 1's hidden order, e.g. 5,3,1,2,4")),
        OrderOption("order2", "numbers", N_("player 2's hidden order")),
    )

    def resolve_random_options(self, values: dict[str, Any], rng: random.Random) -> dict[str, Any]:
        for name in ("order1", "order2"):
            if values[name] is None:
                order = list(range(1, values["numbers"] + 1))
                # each order from a stream of its own: neither tells anything of the other
                stream(values["seed"], name).shuffle(order)
                values[name] = tuple(order)
        return values

    def arrangement(self, player: int) -> tuple[int, ...] | None:
        """A player's own order, left to right; theirs to change before the first move."""
        order: tuple[int, ...] = tuple(self.options[f"order{player}"])
        return order

    def arranged(self, player: int, order: Sequence[int] | str) -> NumberDuel:
        if self.moves:
            raise BadOption(_("the numbers can only be arranged before the first move"))
        key = f"order{player}"
        game = self.restarted({key: order if isinstance(order, str) else tuple(order)})
        assert isinstance(game, NumberDuel)
        return game

    @property
    def size(self) -> int:
        numbers: int = self.options["numbers"]
        return numbers

    def initial_state(self) -> NumberDuelState:
        rows = (tuple(self.options["order1"]), tuple(self.options["order2"]))
        return NumberDuelState(rows, (frozenset(), frozenset()), (), self.options["first"])

    def parse_move(self, text: str) -> Attack:
        match = ATTACK.match(text)
        if not match:
            shown = quoted(text.strip() or _("nothing"), SHORT_ECHO)
            raise IllegalMove(
                _("{text} is not an attack: write your number @ a position, e.g. 3@2.").format(
                    text=shown
                )
            )
        return Attack(int(match[1]), int(match[2]))

    def moves_in(self, state: NumberDuelState) -> list[Attack]:
        if state.result:
            return []
        targets = state.occupied(other(state.player))
        return [Attack(n, p) for n in state.remaining(state.player) for p in targets]

    def rule_broken(self, state: NumberDuelState, move: Any) -> str | None:
        if not isinstance(move, Attack):
            return _("A move is an attack such as 3@2.")
        mine = state.remaining(state.player)
        if move.number not in mine:
            if 1 <= move.number <= self.size:
                return _("Your {number} has already been used or eliminated.").format(
                    number=move.number
                )
            return _("You have no {number}: your numbers are 1 to {size}.").format(
                number=move.number, size=self.size
            )
        targets = state.occupied(other(state.player))
        listed = ngettext("position {positions}", "one of positions {positions}", len(targets))
        listed = listed.format(positions=_(", ").join(map(str, targets)))
        if not 1 <= move.position <= self.size:
            return _("There is no position {position}: attack {targets}.").format(
                position=move.position, targets=listed
            )
        if move.position not in targets:
            return _("Position {position} is empty: attack {targets}.").format(
                position=move.position, targets=listed
            )
        return None

    def after(self, state: NumberDuelState, move: Attack) -> NumberDuelState:
        attacker, defender = state.player, other(state.player)
        rows = [list(state.rows[0]), list(state.rows[1])]
        face_up = [set(state.face_up[0]), set(state.face_up[1])]
        defending = rows[defender - 1][move.position - 1]
        assert defending is not None
        encounter = Encounter(attacker, move.number, move.position, defending)
        own = rows[attacker - 1]
        own_slot = own.index(move.number)
        own[own_slot] = None  # the attacking number is used up, win or lose
        face_up[attacker - 1].discard(own_slot + 1)
        if encounter.winner == defender:
            face_up[defender - 1].add(move.position)
        else:
            rows[defender - 1][move.position - 1] = None
            face_up[defender - 1].discard(move.position)
        new_rows = (tuple(rows[0]), tuple(rows[1]))
        left = [any(n is not None for n in row) for row in new_rows]
        result = None
        if not left[0] and not left[1]:
            result = Outcome(encounter.winner, Reason.LAST_ENCOUNTER)  # a tie: a draw
        elif not left[attacker - 1] or not left[defender - 1]:
            result = Outcome(attacker if left[attacker - 1] else defender, Reason.NO_NUMBERS)
        return NumberDuelState(
            new_rows,
            (frozenset(face_up[0]), frozenset(face_up[1])),
            (*state.encounters, encounter),
            defender,
            result,
        )

    def to_move_in(self, state: NumberDuelState) -> int | None:
        return None if state.result else state.player

    def outcome_of(self, state: NumberDuelState) -> Outcome | None:
        return state.result

    # ----- what each side may see ---------------------------------------------------

    def _row_view(self, player: int, reveal: bool) -> list[dict[str, Any]]:
        """One row of cards; a hidden card shows only that the position is occupied."""
        state = self.state
        cards = []
        for position, number in enumerate(state.rows[player - 1], start=1):
            face_up = position in state.face_up[player - 1]
            shown = number if (reveal or face_up) else None
            cards.append(
                {
                    "position": position,
                    "occupied": number is not None,
                    "face_up": face_up,
                    "number": shown,
                }
            )
        return cards

    def public_view(self) -> dict[str, Any]:
        """What a spectator sees: every revealed number, no hidden order."""
        state = self.state
        gone: dict[int, list[int]] = {1: [], 2: []}
        for e in state.encounters:
            winner = e.winner
            gone[e.attacker].append(e.number)
            if winner != other(e.attacker):
                gone[other(e.attacker)].append(e.defender_number)
        return {
            **super().public_view(),
            "numbers": self.size,
            "rows": {str(p): self._row_view(p, reveal=False) for p in (1, 2)},
            "remaining": {str(p): state.remaining(p) for p in (1, 2)},
            "gone": {str(p): sorted(gone[p]) for p in (1, 2)},
            "encounters": [
                {
                    "attacker": e.attacker,
                    "number": e.number,
                    "position": e.position,
                    "defender_number": e.defender_number,
                    "winner": e.winner,
                }
                for e in state.encounters
            ],
            "over": self.is_over,
            "winner": self.winner,
            "draw": self.is_draw,
        }

    def revealed_view(self) -> dict[str, Any]:
        """Both rows face up: for a finished game, when every number is public."""
        view = self.public_view()
        view["rows"] = {str(p): self._row_view(p, reveal=True) for p in (1, 2)}
        return view

    def observation(self, player: int) -> dict[str, Any]:
        """What `player` may see: the public view plus their own order."""
        view = self.public_view()
        view["player"] = player
        view["rows"][str(player)] = self._row_view(player, reveal=True)
        return view
