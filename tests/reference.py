"""Reference rules: a tiny, independent, brute-force move generator per game.

Written from ../shared/RULINGS.md, not from py_rules: it imports nothing from the engine
and shares none of its code. Each game is the most literal reading of the rules text,
favouring obviousness over speed (every candidate move is tried against every rule).
The tests compare the engine with it move by move (legal moves, whose turn, result) and
by perft counts (how many move sequences of each length there are from the start).

A reference game takes the engine's *resolved* options (an engine game's `.options`:
"first" is 1 or 2, number-circle's "target" a number, number-duel's orders fixed), so
that what is left to chance is the only thing it does not re-derive. States are plain
immutable tuples; moves are move texts in the notation of the issue (e.g. "4", "3+",
"pass", "3@2").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

DRAW = "draw"


def opponent(player: int) -> int:
    return 2 if player == 1 else 1


class Reference:
    """The interface every reference game has, and what the generic tests need to know
    of each game (declared here, beside its reference, never by testing its slug)."""

    slug = ""  # the engine game it mirrors
    can_draw = False  # may a game end in a draw?
    mover_wins = True  # does the player who made the last move always win?
    number_range = ""  # the option bounding the numbers a move names, for candidate texts

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.options = dict(options)

    def longest(self) -> int | None:
        """The most moves a game can last, from the rules (None: no bound)."""
        raise NotImplementedError

    def candidate_texts(self) -> list[str]:
        """Every well-formed move text that could be legal in some position (and some
        just out of range), to check legality both ways."""
        return [str(x) for x in range(0, self.options[self.number_range] + 2)]

    def check(self, game: Any, state: Any) -> None:
        """Whatever else the engine `game` must agree on in `state` (default: nothing)."""

    def start(self) -> Any:
        raise NotImplementedError

    def legal(self, state: Any) -> list[str]:
        """Every legal move text in `state` (empty when the game is over)."""
        raise NotImplementedError

    def play(self, state: Any, move: str) -> Any:
        raise NotImplementedError

    def result(self, state: Any) -> int | str | None:
        """1 or 2 (the winner), DRAW, or None while the game goes on."""
        raise NotImplementedError

    def to_move(self, state: Any) -> int | None:
        return None if self.result(state) is not None else state[-1]

    def replay(self, moves: list[str]) -> Any:
        state = self.start()
        for move in moves:
            if move not in self.legal(state):
                raise AssertionError(f"reference: {move} is illegal after {moves}")
            state = self.play(state, move)
        return state


# ----- circle-duel: numbers 1..N on a circle, each pick adjacent to the last pick ----------


class CircleDuelRef(Reference):
    # state: (claimed: frozenset, last: int | None, player)

    slug = "circle-duel"
    number_range = "size"

    def longest(self) -> int:
        return int(self.options["size"])  # every pick removes a number

    def adjacent(self, a: int, b: int) -> bool:
        n = self.options["size"]
        return abs(a - b) == 1 or {a, b} == {1, n}

    def start(self) -> Any:
        return (frozenset(), None, self.options["first"])

    def legal(self, state: Any) -> list[str]:
        claimed, last, _ = state
        out = []
        for x in range(1, self.options["size"] + 1):
            if x in claimed:
                continue
            if last is not None and not self.adjacent(x, last):
                continue
            out.append(str(x))
        return out

    def play(self, state: Any, move: str) -> Any:
        claimed, _, player = state
        return (claimed | {int(move)}, int(move), opponent(player))

    def result(self, state: Any) -> int | str | None:
        # A player with no legal move loses; the other player wins.
        return None if self.legal(state) else opponent(state[-1])


# ----- number-circle: markers on the circle 1..9, add or subtract to hit the target ---------


class NumberCircleRef(Reference):
    # state: (positions, came_from, totals, player); each a pair indexed by player - 1

    slug = "number-circle"

    def longest(self) -> None:
        return None  # a total can go up and down for ever

    def candidate_texts(self) -> list[str]:
        return [f"{to}{op}" for to in range(0, 11) for op in "+-"] + ["pass"]

    def start(self) -> Any:
        return ((1, 1), (None, None), (0, 0), self.options["first"])

    @staticmethod
    def adjacent(a: int, b: int) -> bool:
        return abs(a - b) == 1 or {a, b} == {1, 9}

    def result(self, state: Any) -> int | str | None:
        totals = state[2]
        for player in (1, 2):
            if totals[player - 1] == self.options["target"]:
                return player
        return None

    def steps(self, state: Any) -> list[str]:
        positions, came_from, totals, player = state
        me = player - 1
        out = []
        for to in range(1, 10):
            if not self.adjacent(positions[me], to):
                continue
            if to == came_from[me]:  # no backtracking
                continue
            for op in "+-":
                total = totals[me] + to if op == "+" else totals[me] - to
                if total > self.options["target"]:
                    continue
                if self.options["no_negative"] and total < 0:
                    continue
                out.append(f"{to}{op}")
        return out

    def legal(self, state: Any) -> list[str]:
        if self.result(state) is not None:
            return []
        return self.steps(state) or ["pass"]

    def play(self, state: Any, move: str) -> Any:
        positions, came_from, totals, player = state
        me = player - 1

        def set_mine(pair: tuple, value: Any) -> tuple:
            as_list = list(pair)
            as_list[me] = value
            return tuple(as_list)

        if move == "pass":
            # On a pass you move away from nothing: next turn no backtracking limit.
            return (positions, set_mine(came_from, None), totals, opponent(player))
        to, op = int(move[:-1]), move[-1]
        total = totals[me] + to if op == "+" else totals[me] - to
        return (
            set_mine(positions, to),
            set_mine(came_from, positions[me]),
            set_mine(totals, total),
            opponent(player),
        )


# ----- sequence-duel: claim numbers on a line, never next to the opponent's ---------------


class SequenceDuelRef(Reference):
    # state: (claimed by player 1, claimed by player 2, player)

    slug = "sequence-duel"
    number_range = "size"

    def longest(self) -> int:
        return int(self.options["size"])  # every claim removes a number

    def start(self) -> Any:
        return (frozenset(), frozenset(), self.options["first"])

    def legal(self, state: Any) -> list[str]:
        player = state[2]
        mine, theirs = state[player - 1], state[2 - player]
        out = []
        for x in range(1, self.options["size"] + 1):
            if x in mine or x in theirs:
                continue
            if any(abs(x - y) == 1 for y in theirs):
                continue
            out.append(str(x))
        return out

    def play(self, state: Any, move: str) -> Any:
        one, two, player = state
        if player == 1:
            return (one | {int(move)}, two, 2)
        return (one, two | {int(move)}, 1)

    def result(self, state: Any) -> int | str | None:
        return None if self.legal(state) else opponent(state[2])


# ----- digit-chain: each pick starts with the last digit of the pick before ---------------


class DigitChainRef(Reference):
    # state: (pool, last, player)

    slug = "digit-chain"
    number_range = "pool"

    def longest(self) -> int:
        return int(self.options["pool"])  # every pick removes a number

    def start(self) -> Any:
        pool = set(range(1, self.options["pool"] + 1))
        if self.options["no_tens"]:
            pool -= {10, 20, 30, 40, 50, 60, 70, 80, 90}
        return (frozenset(pool), None, self.options["first"])

    @staticmethod
    def first_digit(x: int) -> int:
        while x >= 10:
            x //= 10
        return x

    def legal(self, state: Any) -> list[str]:
        pool, last, _ = state
        return [str(x) for x in sorted(pool) if last is None or self.first_digit(x) == last % 10]

    def play(self, state: Any, move: str) -> Any:
        pool, _, player = state
        return (pool - {int(move)}, int(move), opponent(player))

    def result(self, state: Any) -> int | str | None:
        return None if self.legal(state) else opponent(state[2])


# ----- number-duel: attack the opponent's hidden numbers ------------------------------------


class NumberDuelRef(Reference):
    # state: (row of player 1, row of player 2, result, player); a row is a tuple with the
    # number at each position 1..K, 0 where the position is empty.

    slug = "number-duel"
    can_draw = True  # the last two numbers may tie
    mover_wins = False  # the defender may win the last encounter

    def longest(self) -> int:
        return 2 * int(self.options["numbers"])  # every attack uses up the attacker's number

    def candidate_texts(self) -> list[str]:
        k = self.options["numbers"]
        return [f"{n}@{p}" for n in range(0, k + 2) for p in range(0, k + 2)]

    def check(self, game: Any, state: Any) -> None:
        for player in (1, 2):
            assert game.public_view()["remaining"][str(player)] == self.remaining(state, player)

    def start(self) -> Any:
        rows = (tuple(self.options["order1"]), tuple(self.options["order2"]))
        return (rows[0], rows[1], None, self.options["first"])

    def result(self, state: Any) -> int | str | None:
        return state[2]

    def to_move(self, state: Any) -> int | None:
        return None if state[2] is not None else state[3]

    @staticmethod
    def remaining(state: Any, player: int) -> list[int]:
        return sorted(x for x in state[player - 1] if x)

    def legal(self, state: Any) -> list[str]:
        if state[2] is not None:
            return []
        player = state[3]
        theirs = state[2 - player]
        return [
            f"{number}@{position}"
            for number in self.remaining(state, player)
            for position in range(1, len(theirs) + 1)
            if theirs[position - 1]
        ]

    def play(self, state: Any, move: str) -> Any:
        player = state[3]
        number, position = (int(part) for part in move.split("@"))
        rows = [list(state[0]), list(state[1])]
        mine, theirs = rows[player - 1], rows[2 - player]
        defending = theirs[position - 1]
        mine[mine.index(number)] = 0  # the attacking number is used up, win or lose
        if number > defending:
            theirs[position - 1] = 0
            won = player
        elif number < defending:
            won = opponent(player)
        else:
            theirs[position - 1] = 0
            won = DRAW
        left_mine, left_theirs = any(mine), any(theirs)
        result: int | str | None = None
        if not left_mine and not left_theirs:
            result = won
        elif not left_mine:
            result = opponent(player)
        elif not left_theirs:
            result = player
        return (tuple(rows[0]), tuple(rows[1]), result, opponent(player))


REFERENCES: dict[str, type[Reference]] = {
    cls.slug: cls
    for cls in (CircleDuelRef, NumberCircleRef, SequenceDuelRef, DigitChainRef, NumberDuelRef)
}


def reference_for(slug: str, options: Mapping[str, Any]) -> Reference:
    return REFERENCES[slug](options)


def perft(ref: Reference, depth: int, state: Any = None) -> int:
    """How many legal move sequences of exactly `depth` moves start from `state`."""
    if state is None:
        state = ref.start()
    if depth == 0:
        return 1
    return sum(perft(ref, depth - 1, ref.play(state, move)) for move in ref.legal(state))
