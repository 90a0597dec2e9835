"""The exact solvers agree with plain brute force, from the start and from random
positions, on every size where brute force finishes quickly; the perfect player never
loses a position the solver calls won."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import reference_for
from solver_reference import duel_expectimax, minimax, race_result, spread, winning_moves
from strategies import PERFECT_INFORMATION, every_game, random_position

import py_rules
from py_rules.engine.players import choose_move
from py_rules.engine.solvers import number_duel
from py_rules.engine.solvers.number_circle import NumberCircleSolver
from py_rules.engine.solvers.sequence_duel import PlainSegmentSolver, SegmentSolver, segments_of
from py_rules.engine.solving import solve, solver_for
from py_rules.rules.games.digit_chain import DigitChainState


def check_against_minimax(game: Any, memo: dict[Any, Any], lengths: bool = True) -> None:
    solver = solver_for(game)
    state = game.state
    expected = winning_moves(game, state, memo)
    assert solver.winning_moves(state) == expected
    assert solver.state_wins(state) == bool(expected) or game.is_over
    if lengths and not game.is_over:
        assert solver.state_length(state, budget=10**6) == minimax(game, state, memo)[1]


# ----- Circle Duel -------------------------------------------------------------------


@pytest.mark.parametrize("size", range(3, 12))
def test_circle_duel_matches_minimax_from_the_start_and_random_positions(size: int) -> None:
    memo: dict[Any, Any] = {}
    check_against_minimax(py_rules.new_game("circle-duel", {"size": size}), memo)
    for seed in range(6):
        game = random_position("circle-duel", {"size": size}, seed % 4 + 1, seed)
        check_against_minimax(game, memo)


def test_circle_duel_is_decided_by_parity() -> None:
    for size in range(3, 41):
        report = solve(py_rules.new_game("circle-duel", {"size": size}))
        assert report["value"] == ("win" if size % 2 else "loss")
        assert len(report["winning_moves"]) == (size if size % 2 else 0)


# ----- Sequence Duel -----------------------------------------------------------------


@pytest.mark.parametrize("size", range(2, 11))
def test_sequence_duel_matches_minimax_from_the_start(size: int) -> None:
    check_against_minimax(py_rules.new_game("sequence-duel", {"size": size}), {})


@pytest.mark.parametrize("size", [6, 9, 12])
def test_sequence_duel_matches_minimax_from_random_positions(size: int) -> None:
    memo: dict[Any, Any] = {}
    for seed in range(8):
        game = random_position("sequence-duel", {"size": size}, 2 + seed % 4, seed)
        check_against_minimax(game, memo, lengths=size < 12)


@pytest.mark.parametrize("size", [13, 16, 20])
def test_segment_solver_agrees_with_the_plain_segment_solver(size: int) -> None:
    plain = PlainSegmentSolver()
    for seed in range(6):
        game = random_position("sequence-duel", {"size": size}, 2 + seed, seed)
        if game.is_over:
            continue
        solver = solver_for(game)
        assert isinstance(solver, SegmentSolver)
        position = tuple(sorted(segments_of(game.state, size)))
        assert solver.wins(position) == plain.wins(position)


def test_sequence_duel_segments_see_dead_cells_and_mirror_images() -> None:
    game = py_rules.new_game("sequence-duel", {"size": 7})
    for move in ("2", "4"):  # 3 is next to both: dead for both players
        game.play(move)
    # Player 1 to move: 1 (edge..own 2), 3 dead, 5..7 (opponent's 4..edge)
    assert sorted(segments_of(game.state, 7)) == [(1, 0, 1), (3, 0, 2)]
    mirrored = py_rules.new_game("sequence-duel", {"size": 7})
    for move in ("6", "4"):
        mirrored.play(move)
    assert sorted(segments_of(mirrored.state, 7)) == sorted(segments_of(game.state, 7))


# ----- Digit Chain -------------------------------------------------------------------


@pytest.mark.parametrize("pool", [10, 12, 14, 16, 19, 21, 23])
@pytest.mark.parametrize("no_tens", [False, True])
def test_digit_chain_matches_minimax_from_the_start(pool: int, no_tens: bool) -> None:
    check_against_minimax(py_rules.new_game("digit-chain", {"pool": pool, "no_tens": no_tens}), {})


@pytest.mark.parametrize("no_tens", [False, True])
def test_digit_chain_matches_minimax_from_random_positions(no_tens: bool) -> None:
    memo: dict[Any, Any] = {}
    for seed in range(12):
        pool = 24 + seed
        game = random_position(
            "digit-chain", {"pool": pool, "no_tens": no_tens}, 1 + seed % 3, seed
        )
        if game.is_over or game.state.last is None:
            continue
        check_against_minimax(game, memo, lengths=False)


# Numbers on at most four digits, so brute force over any pool of them is quick; pairs
# like 12/21 and double loops like 3/33 are common, which is what the reduction is about.
SMALL_DIGIT_NUMBERS = [n for n in range(1, 100) if {int(c) for c in str(n)} <= {0, 1, 2, 3, 4}]


@settings(max_examples=60, deadline=None)
@given(
    pool=st.sets(st.sampled_from(SMALL_DIGIT_NUMBERS), min_size=1, max_size=14),
    last=st.sampled_from([1, 2, 3, 4, 12, 21, 34]),
)
def test_digit_chain_unpaired_edges_decide_any_pool(pool: set[int], last: int) -> None:
    # Any pool at all (not only 1..M): the solver plays geography on the unpaired edges,
    # brute force on every number.
    game = py_rules.new_game("digit-chain", {"pool": 99})
    state = DigitChainState(frozenset(pool - {last}), last, 1)
    solver = solver_for(game)
    memo: dict[Any, Any] = {}
    assert solver.state_wins(state) == minimax(game, state, memo)[0]
    assert solver.winning_moves(state) == winning_moves(game, state, memo)


def test_digit_chain_standard_game_is_won_at_once_with_a_ten() -> None:
    report = solve(py_rules.new_game("digit-chain"))
    assert report == {
        "to_move": 1,
        "value": "win",
        "winning_moves": ["10", "20", "30", "40", "50", "60", "70", "80", "90"],
    }


def test_digit_chain_without_tens_is_lost_for_the_first_player() -> None:
    # The second player answers each a->b with b->a (and a loop with the other loop).
    game = py_rules.new_game("digit-chain", {"no_tens": True})
    assert solve(game) == {"to_move": 1, "value": "loss", "winning_moves": []}
    game.play("37")
    assert "73" in solve(game)["winning_moves"]


# ----- Number Circle -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("target", "no_negative"), [(10, False), (10, True), (14, True), (17, False), (19, True)]
)
def test_number_circle_race_rule_matches_a_plain_game_tree_search(
    target: int, no_negative: bool
) -> None:
    options = {"target": target, "no_negative": no_negative}
    for seed in range(4):
        game = random_position("number-circle", options, 2 * seed, seed)
        if game.is_over:
            continue
        solver = solver_for(game)
        length = solver.length(game.state)
        found = race_result(game, game.state, min(length, 11))
        if length > 11:
            assert found is None  # nobody forces a win sooner than the solver says
            continue
        assert found == (solver.state_wins(game.state), length)


def test_number_circle_margin_is_deep_enough() -> None:
    game = py_rules.new_game("number-circle", {"target": 20})
    shallow, deep = NumberCircleSolver(game), NumberCircleSolver(game)
    deep.margin = 80
    for total in range(-40, 21):
        for here in range(1, 10):
            for came_from in (None, here % 9 + 1):
                race = (here, came_from, total)
                assert shallow.turns_needed(race) == deep.turns_needed(race)


def test_number_circle_first_player_wins_every_target() -> None:
    for target in range(10, 21):
        for no_negative in (False, True):
            game = py_rules.new_game(
                "number-circle", {"target": target, "no_negative": no_negative}
            )
            assert solve(game)["value"] == "win"


def test_number_circle_pass_lifts_the_backtracking_limit() -> None:
    # Under no-negative totals a stuck player passes; afterwards both neighbours are open.
    game = py_rules.new_game("number-circle", {"target": 10, "no_negative": True})
    solver = solver_for(game)
    stuck = (2, 3, 0)  # on 2, came from 3, total 0: only 1 is allowed, and 1- goes below 0
    after = solver.steps(stuck, 0)
    assert (2, 3, 0) not in after
    assert all(race[0] == 1 for race in after if race[1] is not None)


# ----- Number Duel -------------------------------------------------------------------


def test_number_duel_matches_expectimax_over_explicit_deals_from_the_start() -> None:
    game = py_rules.new_game("number-duel", {"numbers": 3, "seed": 4})
    expected = duel_expectimax(game, game.state, {})
    assert solve(game)["value"] == pytest.approx(expected, abs=1e-9)


@pytest.mark.parametrize("seed", range(4))
def test_number_duel_matches_expectimax_from_random_positions(seed: int) -> None:
    game = random_position("number-duel", {"numbers": 3 + seed % 2}, 3 + seed % 2, seed)
    if game.is_over:
        return
    memo: dict[Any, float] = {}
    expected = duel_expectimax(game, game.state, memo)
    value, best = number_duel.value_and_best(game)
    assert value == pytest.approx(expected, abs=1e-9)
    for move in game.legal_moves():  # every best move reaches the value, no other does
        after = game.copy()
        after.play(move)
        groups: dict[Any, Any] = {}

        for full in spread(game.state):
            child = game.after(full, move)
            groups.setdefault(child.encounters[-1].defender_number, []).append(child)
        total = 0.0
        count = sum(len(g) for g in groups.values())
        for group in groups.values():
            child = group[0]
            if child.result is not None:
                won = child.result.winner
                score = 0.5 if won is None else float(won == game.to_move)
            else:
                score = 1.0 - duel_expectimax(game, child, memo)
            total += score * len(group) / count
        assert (move in best) == (total >= expected - 1e-9)


def test_number_duel_standard_values() -> None:
    assert solve(py_rules.new_game("number-duel"))["value"] == pytest.approx(0.390625)
    report = solve(py_rules.new_game("number-duel", {"numbers": 3}))
    assert report["value"] == pytest.approx(5 / 12)
    assert report["best_moves"] == ["2@1", "2@2", "2@3"]


# ----- the perfect player against anything -----------------------------------------

SMALL = every_game(
    {
        "circle-duel": st.fixed_dictionaries({"size": st.integers(3, 12)}),
        "sequence-duel": st.fixed_dictionaries({"size": st.integers(2, 14)}),
        "digit-chain": st.fixed_dictionaries(
            {"pool": st.integers(10, 40), "no_tens": st.booleans()}
        ),
        "number-circle": st.fixed_dictionaries(
            {"target": st.integers(10, 20), "no_negative": st.booleans()}
        ),
        "take-away": st.fixed_dictionaries({"pile": st.integers(1, 30), "most": st.integers(2, 5)}),
    },
    PERFECT_INFORMATION,
)


@given(
    slug=st.sampled_from(sorted(SMALL)),
    data=st.data(),
    prefix=st.integers(0, 6),
    seed=st.integers(0, 2**32),
)
def test_perfect_player_never_loses_a_won_position(
    slug: str, data: st.DataObject, prefix: int, seed: int
) -> None:
    options = data.draw(SMALL[slug])
    game = py_rules.new_game(slug, {**options, "seed": 1})
    for _ in range(prefix):
        if game.is_over:
            return
        game.play(data.draw(st.sampled_from(game.legal_moves())))
    if game.is_over:
        return
    solver = solver_for(game)
    hero = game.to_move
    if not solver.state_wins(game.state):
        return
    rng = random.Random(seed)
    for _ in range(200):
        if game.is_over:
            break
        if game.to_move == hero:
            game.play(choose_move(game, "perfect", rng))
        else:
            game.play(data.draw(st.sampled_from(game.legal_moves())))
    assert game.winner == hero


def test_number_duel_opening_values_match_a_fresh_search() -> None:
    # The shipped values near the start of a 7-number game (the page's perfect player
    # relies on them): a sample of the smallest, re-solved from nothing.
    SIZE, VALUES = number_duel.read_openings(number_duel.OPENINGS_FILE.read_bytes())
    assert SIZE == 7 and len(VALUES) > 1000
    assert number_duel.openings(7) == VALUES
    fresh = number_duel.NumberDuelSolver()
    smallest = sorted(
        VALUES, key=lambda k: (sum(((k >> s) & 1023).bit_count() for s in (0, 10, 20, 30)), k)
    )
    for key in smallest[:: len(smallest) // 5][:3]:
        position = tuple((key >> shift) & 1023 for shift in (0, 10, 20, 30))
        assert fresh.value(position) == VALUES[key]  # type: ignore[arg-type]


@pytest.mark.parametrize("no_negative", [False, True])
def test_the_perfect_number_circle_player_wins_in_the_turns_its_race_needs(
    no_negative: bool,
) -> None:
    """Number Circle can go round for ever: the perfect player must take the quickest
    win, hitting the target in exactly the own turns its race needs, whatever the reply."""
    for target in range(10, 21):
        for seed in range(3):
            game = py_rules.new_game(
                "number-circle", {"target": target, "no_negative": no_negative, "seed": 1}
            )
            solver = solver_for(game)
            assert isinstance(solver, NumberCircleSolver) and solver.state_wins(game.state)
            needed = solver.turns_needed(solver.races(game.state)[0])
            rng, turns = random.Random(seed), 0
            while not game.is_over:
                if game.to_move == 1:
                    game.play(choose_move(game, "perfect", rng))
                    turns += 1
                else:
                    game.play(rng.choice(game.legal_moves()))
            assert game.winner == 1 and turns == needed, (target, seed)


# ----- every game against plain minimax ---------------------------------------------

# Sizes small enough for a full minimax, for every perfect-information game whose rules
# bound its length (Number Circle's endless race is checked by its own rule above).
BOUNDED = [
    slug
    for slug in PERFECT_INFORMATION
    if reference_for(slug, py_rules.new_game(slug).options).longest() is not None
]
BRUTE_FORCE = every_game(
    {
        "circle-duel": {"size": 9},
        "sequence-duel": {"size": 9},
        "digit-chain": {"pool": 19, "no_tens": True},
        "take-away": {"pile": 20, "most": 3},
    },
    BOUNDED,
)


@pytest.mark.parametrize("slug", sorted(BRUTE_FORCE))
@given(plies=st.integers(0, 6), seed=st.integers(0, 2**16))
def test_every_solver_matches_plain_minimax(slug: str, plies: int, seed: int) -> None:
    check_against_minimax(random_position(slug, BRUTE_FORCE[slug], plies, seed), {})
