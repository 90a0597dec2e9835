"""Number Duel: exact expectimax over the public state.

Everything that leaves play is revealed, so both players know which numbers each side
still holds and which of them sit face up (a defender that survived). The only secret
is which hidden number sits in which hidden position, and by symmetry every hidden
order agreeing with what was seen is equally likely. So a position is, seen from the
player to move: my hidden numbers, my face-up numbers, the opponent's hidden numbers,
the opponent's face-up numbers. An attack picks one of my numbers and either a face-up
number (known) or any hidden position (all alike: the defender is uniformly one of the
opponent's hidden numbers). Both players maximise their own chance of winning, a draw
counting half; the value is that chance for the player to move.

The solver reads `game.observation(player)` and nothing else, so it never sees the
opponent's order; its own order does not matter either (the opponent cannot see it).
"""

from __future__ import annotations

import struct
import sys
from pathlib import Path
from typing import Any

from ...i18n import _, percent
from ...kit import Engine
from ...rules.core import Game, other
from ...rules.games.number_duel import Attack

Position = tuple[int, int, int, int]
# (my hidden, my face-up, their hidden, their face-up): bitmasks, bit n = the number n.
HIDDEN = 0  # the target "a hidden position" (a face-up target is the defending number)
EPSILON = 1e-12
BITS: list[tuple[int, ...]] = [
    tuple(n for n in range(1, 10) if mask >> n & 1) for mask in range(1 << 10)
]


# For each set of numbers still in play: every subset of it renamed to 1, 2, 3, ...
_RENAMES: dict[int, dict[int, int]] = {}


def renaming(live: int) -> dict[int, int]:
    """Each subset of the numbers `live` (a bitmask), renamed in order to 1, 2, 3, ...

    An encounter only compares my number with theirs (higher wins, equal both go), so an
    order-preserving renaming of the numbers in play changes no outcome, and numbers
    that left play do not matter at all: positions that differ only by which numbers
    are gone share one memo entry.
    """
    table = _RENAMES.get(live)
    if table is None:
        table = {0: 0}
        for rank, n in enumerate(BITS[live], start=1):
            bit, to = 1 << n, 1 << rank
            for mask, renamed in list(table.items()):
                table[mask | bit] = renamed | to
        _RENAMES[live] = table
    return table


def canonical(position: Position) -> Position:
    """The position with the numbers in play renamed 1, 2, 3, ... (see `renaming`)."""
    rename = renaming(position[0] | position[1] | position[2] | position[3])
    return rename[position[0]], rename[position[1]], rename[position[2]], rename[position[3]]


class NumberDuelSolver:
    """Win chances (a draw counts half) for public positions of one size."""

    def __init__(self) -> None:
        # Keyed by the canonical position packed into one int (small and quick to hash).
        self.memo: dict[int, float] = {}
        # Skip an attack's remaining outcomes once it cannot beat the best so far? (Off
        # to tabulate every position of a game, pruned or not.)
        self.prune = True

    def value(self, position: Position) -> float:
        """The chance that the player to move wins, with best play on both sides."""
        return self._value(*position)

    def _value(self, mh: int, mu: int, th: int, tu: int) -> float:
        rename = _RENAMES.get(mh | mu | th | tu) or renaming(mh | mu | th | tu)
        mh, mu, th, tu = rename[mh], rename[mu], rename[th], rename[tu]
        key = mh | mu << 10 | th << 20 | tu << 30
        known = self.memo.get(key)
        if known is None:
            known = 0.0
            position = (mh, mu, th, tu)
            for x, target in self.attacks(position):  # a loop, not max(): see base._length
                value = self.attack_value(position, x, target, known if self.prune else -1.0)
                if value > known:
                    known = value
            self.memo[key] = known
        return known

    @staticmethod
    def attacks(position: Position) -> list[tuple[int, int]]:
        """(my number, target): the target is a face-up defender's number, or HIDDEN."""
        mine_hidden, mine_up, their_hidden, their_up = position
        targets = list(BITS[their_up]) + ([HIDDEN] if their_hidden else [])
        return [(x, t) for x in BITS[mine_hidden | mine_up] for t in targets]

    def attack_value(self, position: Position, x: int, target: int, floor: float = -1.0) -> float:
        """The attack's win chance; or, once it surely cannot beat `floor`, some value
        not above `floor` (the search then skips the rest of this attack's outcomes)."""
        mine_hidden, mine_up, their_hidden, their_up = position
        gone = ~(1 << x)
        mine_hidden &= gone  # the attacking number is used up, win or lose
        mine_up &= gone
        mine_left = bool(mine_hidden | mine_up)
        ys: tuple[int, ...]
        if target != HIDDEN:
            ys, hidden = (target,), False
        else:
            ys, hidden = BITS[their_hidden], True
        total = 0.0
        cut = floor * len(ys)  # the outcomes not yet seen add at most 1 each
        left = len(ys)
        for y in ys:
            if total + left <= cut:
                return total / len(ys)
            left -= 1
            hid, up = their_hidden, their_up
            bit = 1 << y
            if x >= y:  # y is eliminated (both are, on a tie)
                if hidden:
                    hid &= ~bit
                else:
                    up &= ~bit
            elif hidden:  # y survives and is now face up
                hid &= ~bit
                up |= bit
            if not mine_left:
                if hid | up:
                    continue  # 0: I have nothing left
                total += 1.0 if x > y else 0.5  # both gone: the encounter decides
            elif not hid | up:
                total += 1.0
            else:
                total += 1.0 - self._value(hid, up, mine_hidden, mine_up)
        return total / len(ys)


SOLVERS: dict[int, NumberDuelSolver] = {}
# Precomputed values near the start, by size (loaded on first use; see `openings`).
OPENINGS: dict[int, dict[int, float]] = {}
# The largest size the perfect player and Hint solve exactly in the page: up to 6 the
# whole game solves in about a second; at 7 only with the precomputed openings.
EXACT_MAX = 7


def is_exact(game: Game[Any]) -> bool:
    """Are this game's moves valued exactly here (False: the quick estimate)?"""
    numbers: int = game.options["numbers"]
    return numbers <= EXACT_MAX


# In bigger games, a position is still valued exactly once the numbers left on both sides
# are at most this many (as many as a whole game of 6 numbers: about a second).
EXACT_FROM_LEFT = 12


def solves_exactly(game: Game[Any]) -> bool:
    """Can this position's attacks be valued exactly here (for a review of the game)?"""
    state = game.state
    return is_exact(game) or len(state.remaining(1)) + len(state.remaining(2)) <= EXACT_FROM_LEFT


# Written by scripts/data/number_duel_openings.py: the values near the start of a 7-number game.
# Beside the package (as data/puzzles.json); the pages that can show Number Duel get it too.
_TOP_PACKAGE = Path(sys.modules[__name__.split(".")[0]].__file__ or ".").parent
OPENINGS_FILE = _TOP_PACKAGE.parent / "data" / "number_duel_openings.bin"
OPENINGS_MAGIC = b"NDOPEN1\n"
OPENINGS_HEAD = "<BIH"  # the size K, how many positions, how many distinct values


def read_openings(data: bytes) -> tuple[int, dict[int, float]]:
    """(K, {position key: value}) from the bytes of an openings file.

    The file: the magic line, the head, each distinct value (float64), each position's value
    as an index into them (uint16), then the keys in increasing order, each as a varint of
    its distance from the one before (keys as packed in `NumberDuelSolver.memo`).
    """
    if not data.startswith(OPENINGS_MAGIC):
        raise ValueError("not a Number Duel openings file")
    at = len(OPENINGS_MAGIC)
    try:
        size, count, distinct = struct.unpack_from(OPENINGS_HEAD, data, at)
        at += struct.calcsize(OPENINGS_HEAD)
        values = struct.unpack_from(f"<{distinct}d", data, at)
        at += 8 * distinct
        indices = struct.unpack_from(f"<{count}H", data, at)
        at += 2 * count
        table: dict[int, float] = {}
        key = step = shift = 0
        for byte in data[at:]:
            step |= (byte & 127) << shift
            shift += 7
            if byte & 128:
                continue
            key += step
            table[key] = values[indices[len(table)]]
            step = shift = 0
    except (struct.error, IndexError):
        raise ValueError("the Number Duel openings file is damaged") from None
    if len(table) != count or shift:
        raise ValueError("the Number Duel openings file is damaged")
    return size, table


def openings(size: int) -> dict[int, float]:
    """The shipped opening values for `size` (empty if there are none, or the file is not
    there: the solver then finds every value itself, as exactly, only slower)."""
    if size not in OPENINGS:
        OPENINGS[size] = {}
        if size == EXACT_MAX and OPENINGS_FILE.is_file():
            shipped, values = read_openings(OPENINGS_FILE.read_bytes())
            OPENINGS[size] = values if size == shipped else {}
    return OPENINGS[size]


def solver_for_size(size: int) -> NumberDuelSolver:
    """One shared solver per K (the memo is valid for every game of that size)."""
    if size not in SOLVERS:
        SOLVERS[size] = NumberDuelSolver()
        SOLVERS[size].memo.update(openings(size))
    return SOLVERS[size]


def public_position(observation: dict[str, Any]) -> Position:
    """The position seen by the observing player, who must be the one to move."""
    me = observation["player"]
    masks: list[int] = []
    for player in (me, other(me)):
        up = {
            card["number"]
            for card in observation["rows"][str(player)]
            if card["occupied"] and card["face_up"]
        }
        remaining = observation["remaining"][str(player)]
        masks.append(sum(1 << n for n in remaining if n not in up))
        masks.append(sum(1 << n for n in up))
    return masks[0], masks[1], masks[2], masks[3]


def _public_view(game: Game[Any]) -> tuple[Position, list[int], dict[int, int]] | None:
    """From the mover's observation: the public position, the positions of the
    opponent's hidden numbers, and the position of each face-up one (None if over)."""
    player = game.to_move
    if player is None:
        return None
    observation = game.observation(player)
    rows = observation["rows"][str(other(player))]
    hidden_positions = [c["position"] for c in rows if c["occupied"] and not c["face_up"]]
    up_positions = {c["number"]: c["position"] for c in rows if c["occupied"] and c["face_up"]}
    return public_position(observation), hidden_positions, up_positions


def move_values(game: Game[Any]) -> list[tuple[Attack, float]]:
    """Every legal attack of the player to move with its win chance, from their view only."""
    view = _public_view(game)
    if view is None:
        return []
    position, hidden_positions, up_positions = view
    solver = solver_for_size(game.options["numbers"])
    values = []
    for x, target in solver.attacks(position):
        value = solver.attack_value(position, x, target)
        spots = hidden_positions if target == HIDDEN else [up_positions[target]]
        values += [(Attack(x, spot), value) for spot in spots]
    values.sort(key=lambda item: (item[0].number, item[0].position))
    return values


def value_and_best(game: Game[Any]) -> tuple[float, list[Attack]]:
    """The player to move's win chance and every attack that achieves it."""
    values = move_values(game)
    best = max(v for _, v in values)
    return best, [m for m, v in values if v >= best - EPSILON]


def quick_values(game: Game[Any]) -> list[tuple[Attack, bool, float]]:
    """For the lighter levels: each attack, whether it surely wins at once, and a one-ply
    estimate of the chance to win (a finished game counts exactly; otherwise each side's
    share of the total strength left). From the mover's observation only."""
    view = _public_view(game)
    if view is None:
        return []
    (mh, mu, th, tu), hidden_positions, up_positions = view
    found = []
    for x, target in NumberDuelSolver.attacks((mh, mu, th, tu)):
        mine = (mh | mu) & ~(1 << x)
        ys = BITS[th] if target == HIDDEN else (target,)
        scores = []
        for y in ys:
            theirs = (th | tu) & ~(1 << y) if x >= y else th | tu
            if not mine and not theirs:
                scores.append(1.0 if x > y else 0.5)
            elif not mine or not theirs:
                scores.append(0.0 if not mine else 1.0)
            else:
                strength = sum(BITS[mine]), sum(BITS[theirs])
                scores.append(strength[0] / (strength[0] + strength[1]))
        sure = all(s == 1.0 for s in scores)  # 1.0 only for a won game
        estimate = sum(scores) / len(scores)
        spots = hidden_positions if target == HIDDEN else [up_positions[target]]
        found += [(Attack(x, spot), sure, estimate) for spot in spots]
    found.sort(key=lambda item: (item[0].number, item[0].position))
    return found


# ----- the analysis of every size (`py_rules.engine.analysis`) ---------------------------------

# The largest K analysed (9 takes most of an hour: `scripts/data/analysis.py --max-numbers`).
ANALYSED_UP_TO = 9


def clear_caches() -> None:
    SOLVERS.clear()


def analysis_entry(game: Game[Any]) -> dict[str, Any]:
    """The first player's chance with best play on both sides, and the best first
    numbers (whatever the position attacked: every target is hidden)."""
    if game.options["numbers"] > ANALYSED_UP_TO:
        return {"value": None, "first_moves": None, "method": "not computed"}
    value, best = value_and_best(game)
    numbers = sorted({m.number for m in best})
    return {"value": round(value, 6), "first_moves": numbers, "method": "solver"}


def analysis_is_quick(options: dict[str, Any]) -> bool:
    """Up to 5 numbers a player the whole game solves in well under a second."""
    numbers: int = options["numbers"]
    return numbers <= 5


def analysis_sentence(entries: list[dict[str, Any]]) -> str:
    """What perfect play means for players (`py_rules.engine.analysis`)."""
    standard = next(e for e in entries if e["standard"])
    value = standard["value"]
    return _(
        "No one can force a win, and the second player has the edge: with best play on "
        "both sides the first player's chance in the standard game is {chance} (a draw "
        "counts half), best opening with a {move}."
    ).format(chance=percent(value), move=standard["first_moves"][0])


class NumberDuelChances:
    """Number Duel's moves valued as chances (the `Chances` of its kit)."""

    epsilon = EPSILON

    def move_values(self, game: Game[Any]) -> list[tuple[Any, float]]:
        return move_values(game)

    def value_and_best(self, game: Game[Any]) -> tuple[float, list[Any]]:
        return value_and_best(game)

    def quick_values(self, game: Game[Any]) -> list[tuple[Any, bool, float]]:
        return quick_values(game)

    def is_exact(self, game: Game[Any]) -> bool:
        return is_exact(game)

    def solves_exactly(self, game: Game[Any]) -> bool:
        return solves_exactly(game)


ENGINE = Engine(
    chances=NumberDuelChances(),
    sentence=analysis_sentence,
    entry=analysis_entry,
    is_quick=analysis_is_quick,
    clear_caches=clear_caches,
)
