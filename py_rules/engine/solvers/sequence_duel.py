"""Sequence Duel: Snort on a path, solved as a sum of independent segments.

The free numbers fall into segments: maximal runs of free numbers that at least one
player may still claim. A segment is its length and what lies beyond each end: the
edge of the line (E), a number of the player to move (M) or of the opponent (O). A free
number next to both players' numbers is dead and belongs to no segment. Moves in one
segment never affect another, so a position is a multiset of segments, always seen
from the player to move (so the colour swap is built in), and a segment is written
with its ends in order (so the mirror image is the same segment).

`PlainSegmentSolver` memoises on that multiset; it is the yardstick. The real solver,
`SegmentSolver`, adds what combinatorial game theory knows about sums:

* a segment only one player can ever use is an integer (its number of moves, + for the
  player to move, - for the opponent), and all integers add up into one number;
* a segment and its colour-swapped twin sum to zero, and adding zero never changes who
  wins, so such pairs are dropped (a segment that is its own twin cancels in pairs).

Both are exact: tests check them against plain minimax (lines up to 12) and each other
(lines up to 20).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ...i18n import _
from ...kit import Engine
from ...rules.games.sequence_duel import SequenceDuel, SequenceDuelState
from .base import BudgetExceeded, Solver

EDGE, OWN, OPP = 0, 1, 2  # edge, the player to move's number, the opponent's number
SWAP = (EDGE, OPP, OWN)
Segment = tuple[int, int, int]  # (length, end, end) with end <= end
Multiset = tuple[Segment, ...]  # sorted

# One-sided segments: nobody else can move there, so they are just a count of moves.
INTEGERS: dict[Segment, int] = {
    (1, OWN, OWN): 1,
    (2, OWN, OWN): 2,
    (1, EDGE, OWN): 1,
    (1, OPP, OPP): -1,
    (2, OPP, OPP): -2,
    (1, EDGE, OPP): -1,
}


def segment(length: int, left: int, right: int) -> Segment | None:
    """The canonical segment, or None if it is empty or dead."""
    if length <= 0 or (length == 1 and left != right and EDGE not in (left, right)):
        return None
    return (length, left, right) if left <= right else (length, right, left)


def swapped(seg: Segment) -> Segment:
    n, a, b = seg
    a, b = SWAP[a], SWAP[b]
    return (n, a, b) if a <= b else (n, b, a)


def playable(seg: Segment) -> range:
    """The cells (0-based) the player to move may claim; one side only if symmetric."""
    n, a, b = seg
    first = 1 if a == OPP else 0
    last = n - 2 if b == OPP else n - 1
    if a == b:  # mirror symmetric: cells i and n-1-i lead to the same position
        last = min(last, (n - 1) // 2)
    return range(first, last + 1)


def split(seg: Segment, cell: int) -> list[Segment]:
    """What the player to move leaves of `seg` by claiming `cell`."""
    n, a, b = seg
    parts = (segment(cell, a, OWN), segment(n - 1 - cell, OWN, b))
    return [p for p in parts if p is not None]


def segments_of(state: SequenceDuelState, size: int) -> list[Segment]:
    """The segments of a real position, seen from the player to move."""
    mine, theirs = state.claimed[state.player - 1], state.claimed[2 - state.player]

    def kind(number: int) -> int:
        if number in mine:
            return OWN
        if number in theirs:
            return OPP
        return EDGE  # the edge, or a dead cell (which bounds nothing)

    found: list[Segment] = []
    start = None
    for n in range(1, size + 2):
        free = n <= size and n not in mine and n not in theirs
        dead = free and {kind(n - 1), kind(n + 1)} >= {OWN, OPP}
        if free and not dead:
            if start is None:
                start = n
        elif start is not None:
            seg = segment(n - start, kind(start - 1), kind(n))
            if seg is not None:
                found.append(seg)
            start = None
    return found


class PlainSegmentSolver:
    """Memoised negamax over the multiset of segments, nothing more (the yardstick)."""

    def __init__(self) -> None:
        self.memo: dict[Multiset, bool] = {}

    def children(self, position: Multiset) -> Iterable[Multiset]:
        for index, seg in enumerate(position):
            if index and position[index - 1] == seg:
                continue
            rest = position[:index] + position[index + 1 :]
            for cell in playable(seg):
                yield tuple(sorted(swapped(s) for s in (*rest, *split(seg, cell))))

    def wins(self, position: Multiset) -> bool:
        known = self.memo.get(position)
        if known is None:
            known = False
            for child in self.children(position):  # a loop: see base._length
                if not self.wins(child):
                    known = True
                    break
            self.memo[position] = known
        return known


Reduced = tuple[tuple[int, ...], int]  # (sorted ids of non-integer segments, integer sum)


class SegmentSolver(Solver):
    """Exact solver for Sequence Duel on reduced sums of segments.

    Segments are numbered (ids) as they are met; for each id the solver keeps its colour
    swapped twin, its integer value if it has one, and, once, the parts each move leaves
    (already seen from the opponent), so the search itself only shuffles small ints.
    """

    game: SequenceDuel

    def __init__(self, game: SequenceDuel) -> None:
        super().__init__(game)
        self.size = game.size
        self.memo: dict[Reduced, bool] = {}
        self.ids: dict[Segment, int] = {}
        self.segments: list[Segment] = []
        self.twin: list[int] = []
        self.value: list[int | None] = []  # an integer value, or None if not one
        self._moves: list[list[tuple[int, ...]] | None] = []
        # New positions the search may still visit (None: no limit); past it, it raises
        # BudgetExceeded (long lines take minutes: a review gives up on those).
        self.node_budget: int | None = None
        self._bias: list[int] = []

    # Positions for lengths are plain multisets (the reductions change game lengths).
    def position(self, state: SequenceDuelState) -> Multiset:
        return tuple(sorted(segments_of(state, self.size)))

    def children(self, position: Multiset) -> list[Multiset]:
        return list(PlainSegmentSolver.children(None, position))  # type: ignore[arg-type]

    def wins(self, position: Multiset) -> bool:
        return self.reduced_wins(self.reduce([self.id(s) for s in position], 0))

    # ----- segment ids and their values ----------------------------------------------

    def id(self, seg: Segment) -> int:
        known = self.ids.get(seg)
        if known is not None:
            return known
        twin = swapped(seg)
        pair = [seg] if twin == seg else [seg, twin]
        for item in pair:
            self.ids[item] = len(self.segments)
            self.segments.append(item)
            self.value.append(INTEGERS.get(item))
            self._moves.append(None)
        first = self.ids[seg]
        self.twin += [first] if twin == seg else [first + 1, first]
        return first

    def moves(self, ident: int) -> list[tuple[int, ...]]:
        """For each move in the segment: the parts left, as ids seen by the opponent."""
        known = self._moves[ident]
        if known is None:
            seg = self.segments[ident]
            known = [
                tuple(self.id(swapped(part)) for part in split(seg, cell)) for cell in playable(seg)
            ]
            self._moves[ident] = known
        return known

    def reduce(self, ids: list[int], number: int) -> Reduced:
        """Fold integer segments into `number` and drop pairs that sum to zero."""
        kept: list[int] = []
        value, twin = self.value, self.twin
        for ident in ids:
            v = value[ident]
            if v is not None:
                number += v
            elif twin[ident] in kept:
                kept.remove(twin[ident])  # a segment plus its twin is 0 (a self-twin too)
            else:
                kept.append(ident)
        kept.sort()
        return tuple(kept), number

    # ----- the search ----------------------------------------------------------------

    def edge(self, position: Reduced) -> int:
        """A rough score of a position for its player to move (cells only they can
        still claim count for them, cells only the opponent can claim against them):
        the search tries the moves that leave the opponent the least first."""
        hot, number = position
        bias = self._bias
        for ident in hot:
            while len(bias) <= ident:
                _, a, b = self.segments[len(bias)]
                bias.append((b == OWN) + (a == OWN) - (b == OPP) - (a == OPP))
            number += bias[ident]
        return number

    def reduced_children(self, position: Reduced) -> list[Reduced]:
        hot, number = position
        twin = self.twin
        children = []
        for index, ident in enumerate(hot):
            if index and hot[index - 1] == ident:
                continue
            rest = [twin[i] for i in hot[:index] + hot[index + 1 :]]
            for parts in self.moves(ident):
                children.append(self.reduce([*rest, *parts], -number))
        if number > 0:
            children.append((tuple(sorted(twin[i] for i in hot)), 1 - number))
        return children

    def reduced_wins(self, position: Reduced) -> bool:
        known = self.memo.get(position)
        if known is not None:
            return known
        if self.node_budget is not None:
            self.node_budget -= 1
            if self.node_budget < 0:
                raise BudgetExceeded
        hot, number = position
        if not hot:
            known = number > 0
        else:
            # Children already solved first: a known lost one settles it at no cost.
            children = self.reduced_children(position)
            memo = self.memo
            known = any(memo.get(c) is False for c in children)
            if not known:
                children.sort(key=self.edge)
                for child in children:  # a loop, not any(): see base._length
                    if not self.reduced_wins(child):
                        known = True
                        break
        self.memo[position] = known
        return known


def solver(game: Any) -> SegmentSolver:
    return SegmentSolver(game)


# ----- the analysis of every line (`py_rules.engine.analysis`) ---------------------------------

# Lines longer than this: odd ones by the mirror strategy, even ones by proving one
# winning first move (judging every first move would take hours).
SOLVED_UP_TO = 30
# The first move proved on long even lines (it wins on every line tried, and its proof
# is the smallest: the number 1 is left to the first player alone).
LONG_EVEN_LINE_MOVE = 2
# One segment solver for every long line: segments do not depend on the line's length,
# so each line reuses what the shorter ones proved.
_LONG_LINES: list[SegmentSolver] = []


def clear_caches() -> None:
    _LONG_LINES.clear()


def analysis_entry(game: Any) -> dict[str, Any] | None:
    """A line too long to judge every first move: odd ones by mirroring, even ones by
    proving one first move (None: short enough for the solver)."""
    size = game.size
    if size <= SOLVED_UP_TO:
        return None
    if size % 2:
        # Claim the middle, then answer n with size + 1 - n: always legal, never stuck.
        middle = [str((size + 1) // 2)]
        return {
            "winner": "first",
            "first_moves": middle,
            "all_moves": False,
            "method": "mirror strategy",
        }
    if not _LONG_LINES:
        _LONG_LINES.append(SegmentSolver(game.copy()))
    after = game.after(game.state, LONG_EVEN_LINE_MOVE)
    position = tuple(sorted(segments_of(after, size)))
    if _LONG_LINES[0].wins(position):
        return {"winner": None, "first_moves": None, "method": "not computed"}
    return {
        "winner": "first",
        "first_moves": [str(LONG_EVEN_LINE_MOVE)],
        "all_moves": False,
        "method": "solver, one first move",
    }


def analysis_is_quick(options: dict[str, Any]) -> bool:
    """Lines up to 20 judge every first move in well under a second, as do the first
    two long lines (the proofs of the longer ones build on theirs)."""
    size: int = options["size"]
    return size <= 20 or size in (SOLVED_UP_TO + 1, SOLVED_UP_TO + 2)


def analysis_sentence(entries: list[dict[str, Any]]) -> str:
    """What perfect play means for players (`py_rules.engine.analysis`)."""
    solved = [e for e in entries if e["method"] == "solver"]
    firsts = all(e["winner"] == "first" for e in entries)
    largest = max(e["options"]["size"] for e in solved)
    how = _(
        "every first move judged up to {largest} numbers; beyond, odd lines by claiming the "
        "middle and mirroring, even lines by a search proving that 2 wins"
    ).format(largest=largest)
    if firsts:
        return _(
            "The first player wins every line ({how}); on the standard line of 20 any first "
            "number except 1 and 20 wins."
        ).format(how=how)
    return _(
        "Results vary ({how}); on the standard line of 20 any first number except 1 and 20 wins."
    ).format(how=how)


ENGINE = Engine(
    solver=solver,
    sentence=analysis_sentence,
    entry=analysis_entry,
    is_quick=analysis_is_quick,
    clear_caches=clear_caches,
)
