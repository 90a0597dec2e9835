"""The engine against an independent reference (tests/reference.py), python-chess style.

Perft: the number of distinct move sequences of each length from the start. The golden
counts below are derived by hand from RULINGS.md (the derivations are in the comments);
the reference, written separately from the rules text, must agree with them, and the
engine must agree with both. Then the engine and the reference are compared move by
move along random games with random options.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import IN_WASM
from hypothesis import given
from hypothesis import strategies as st
from reference import DRAW, REFERENCES, perft, reference_for
from strategies import SLUGS, every_game, move_bound, new_games, pick

from py_rules import Game, new_game


def engine_perft(game: Game[Any], depth: int) -> int:
    """Count move sequences with the engine's own move generator, play and undo."""
    if depth == 0:
        return 1
    total = 0
    for move in game.legal_moves():
        game.play(move)
        total += engine_perft(game, depth - 1)
        game.undo()
    return total


def circle_duel_counts(n: int) -> list[int]:
    # Any first pick (n). The second player then has both neighbours (2). From then on the
    # number behind the last pick is claimed, so only the one ahead is left (1), until all
    # n numbers are gone: 2n sequences for every length 2..n, none longer.
    return [1, n] + [2 * n] * (n - 1) + [0]


def sequence_duel_counts(n: int) -> list[int]:
    # Any first pick (n). The reply may be any other number except the first pick's
    # neighbours: n - 2 after an end (1 or n), n - 3 after one of the n - 2 inner numbers.
    return [1, n, 2 * (n - 2) + (n - 2) * (n - 3)]


GOLDEN: list[tuple[str, dict[str, Any], list[int]]] = [
    *(("circle-duel", {"size": n}, circle_duel_counts(n)) for n in (3, 4, 10, 13)),
    ("sequence-duel", {}, sequence_duel_counts(20)),  # 1, 20, 342
    ("sequence-duel", {"size": 2}, [1, 2, 0]),  # after either pick the other is adjacent
    ("sequence-duel", {"size": 60}, sequence_duel_counts(60)),
    # Digit Chain 1..99: any first pick (99). Eleven numbers start with each digit 1..9
    # (d and 10d..10d+9), none with 0. For each last digit d there are 10 first picks ending
    # in d: d and dd start with d themselves (10 replies left), the other 8 leave all 11:
    # 9 * (2 * 10 + 8 * 11) = 972. The 9 multiples of 10 leave no reply.
    ("digit-chain", {}, [1, 99, 972]),
    # Without multiples of 10: 90 numbers, ten start with each digit, every last digit is
    # 1..9: 9 * (2 * 9 + 8 * 10) = 882.
    ("digit-chain", {"no_tens": True}, [1, 90, 882]),
    # Pool 1..10: any first pick (10). The numbers starting with d are d alone, except
    # for 1 (1 and 10): after 1 the only reply is 10; after d >= 2 it would be d itself,
    # already gone; after 10 nothing starts with 0. Then 10 ends in 0: no third move.
    ("digit-chain", {"pool": 10}, [1, 10, 1, 0]),
    # Number Circle, target 15: each player's first move is 2+, 2-, 9+ or 9- (4, then
    # 4 * 4 = 16). A player's second move continues in the same direction: from 2 to 3
    # with either sign (totals 2 +- 3, -2 +- 3 are all <= 15); from 9 to 8, where 9 + 8 =
    # 17 > 15 is refused: 2 + 2 + 1 + 2 = 7 two-move lines per player. The players never
    # interact, so depth 3 is 7 * 4 = 28 and depth 4 is 7 * 7 = 49.
    ("number-circle", {"target": 15}, [1, 4, 16, 28, 49]),
    # Number Duel, K = 5, whatever the orders: 5 numbers x 5 positions = 25 first attacks.
    # The attacker's number is used up, so the defender attacks one of 4 positions with
    # 5 numbers if its number survived, 4 if not. Over the 25 pairs (attacking n, defending
    # d, each 1..5) the defence survives (n < d) in 10: 4 * (10 * 5 + 15 * 4) = 440.
    ("number-duel", {"order1": "1,2,3,4,5", "order2": "5,4,3,2,1"}, [1, 25, 440]),
    ("number-duel", {"order1": "3,1,5,2,4", "order2": "2,5,1,4,3", "first": 2}, [1, 25, 440]),
    # K = 3: 9 first attacks; survivals (n < d) in 3 of the 9 pairs: 2 * (3 * 3 + 6 * 2) = 42.
    ("number-duel", {"numbers": 3, "order1": "1,2,3", "order2": "1,2,3"}, [1, 9, 42]),
]


@pytest.mark.parametrize(("slug", "options", "counts"), GOLDEN)
def test_golden_perft(slug: str, options: dict[str, Any], counts: list[int]) -> None:
    game = new_game(slug, {"seed": 1, **options})
    ref = reference_for(slug, game.options)
    for depth, expected in enumerate(counts):
        assert perft(ref, depth) == expected, f"reference, depth {depth}"
        assert engine_perft(game, depth) == expected, f"engine, depth {depth}"
    assert game.moves == []


# Deeper counts, engine against reference (no hand-derived number): every game at its
# standard size, and a few variants, as deep as stays quick.
DEEP: list[tuple[str, dict[str, Any], int]] = [
    ("circle-duel", {}, 11),
    ("sequence-duel", {}, 3),
    ("sequence-duel", {"size": 7}, 8),
    ("digit-chain", {}, 3),
    ("digit-chain", {"no_tens": True, "pool": 35}, 6),
    ("number-circle", {}, 6),
    ("number-circle", {"target": 10, "no_negative": True}, 8),
    ("number-duel", {"order1": "4,1,5,3,2", "order2": "2,3,5,1,4"}, 3),
    ("number-duel", {"numbers": 3, "order1": "2,3,1", "order2": "3,1,2", "first": 2}, 6),
]


@pytest.mark.parametrize(("slug", "options", "depth"), DEEP)
def test_deep_perft_matches_reference(slug: str, options: dict[str, Any], depth: int) -> None:
    if IN_WASM:
        depth = min(depth, 3)  # WebAssembly is several times slower; same checks, shallower
    game = new_game(slug, {"seed": 7, **options})
    ref = reference_for(slug, game.options)
    for d in range(depth + 1):
        assert engine_perft(game, d) == perft(ref, d), f"depth {d}"


def test_number_circle_no_negative_can_pass() -> None:
    """With no negative totals a player can be stuck and must pass: with target 10, a
    player who walked 2+ 3+ 4- 5+ 6- 7+ stands on 7 with total 7, and the only step
    ahead, to 8, gives 15 > 10 or -1 < 0. The pass loses the turn, not the game, and
    moves the player away from nothing: next turn both neighbours are open again."""
    game = new_game("number-circle", {"target": 10, "no_negative": True, "seed": 1})
    ref = reference_for("number-circle", game.options)
    path = find_line(ref, lambda state: ref.legal(state) == ["pass"], depth=12)
    assert path is not None, "no pass reachable within 12 moves"
    state = ref.replay(path)
    for text in path:
        game.play(text)
    assert game.legal_move_texts() == ["pass"]
    assert game.why_illegal("8+") and game.why_illegal("8-") and game.why_illegal("6-")
    game.play("pass")
    state = ref.play(state, "pass")
    assert not game.is_over and game.to_move == 2
    reply = game.legal_move_texts()[0]
    game.play(reply)
    state = ref.play(state, reply)
    assert sorted(game.legal_move_texts()) == sorted(ref.legal(state))
    assert {text[:-1] for text in game.legal_move_texts()} == {"6"}  # 8 still out


def find_line(ref: Any, goal: Any, depth: int) -> list[str] | None:
    """A shortest move sequence from the start to a state meeting `goal` (breadth first)."""
    frontier: list[tuple[Any, list[str]]] = [(ref.start(), [])]
    seen = set()
    for _ in range(depth + 1):
        following = []
        for state, path in frontier:
            if goal(state):
                return path
            for move in ref.legal(state):
                nxt = ref.play(state, move)
                if nxt not in seen:
                    seen.add(nxt)
                    following.append((nxt, [*path, move]))
        frontier = following
    return None


def outcome(game: Game[Any]) -> int | str | None:
    if not game.is_over:
        return None
    return DRAW if game.is_draw else game.winner


@pytest.mark.parametrize("slug", SLUGS)
@given(data=st.data())
def test_engine_matches_reference_along_random_games(slug: str, data: st.DataObject) -> None:
    game = data.draw(new_games([slug]))
    ref = reference_for(slug, game.options)
    state = ref.start()
    for _ in range(move_bound(game) + 1):
        legal = ref.legal(state)
        assert sorted(game.legal_move_texts()) == sorted(legal), game.moves
        assert game.to_move == ref.to_move(state)
        assert outcome(game) == ref.result(state)
        if not legal:
            break
        # Check legality of every candidate text a move could be, both ways.
        for text in ref.candidate_texts():
            assert (game.why_illegal(text) is None) == (text in legal), text
        move = pick(data.draw, legal)
        game.play(move)
        state = ref.play(state, move)
    ref.check(game, state)


def test_every_registered_game_has_reference_rules_and_is_in_every_table() -> None:
    assert every_game(REFERENCES) is REFERENCES
    assert all(cls.slug == slug for slug, cls in REFERENCES.items())
    for slug in SLUGS:  # a table that leaves out any one game is refused
        with pytest.raises(AssertionError, match=f"missing \\['{slug}'\\]"):
            every_game({other: None for other in SLUGS if other != slug})
