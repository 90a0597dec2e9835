"""The review of a game against the exact solvers (`py_rules.engine.review`).

Games are kept small (the solvers settle every position at once), so the same tests run
quickly inside Pyodide too.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given
from hypothesis import strategies as st
from strategies import PERFECT_INFORMATION, every_game

from py_rules import Game, new_game
from py_rules.engine.players import choose_move
from py_rules.engine.review import MISTAKE_MARGIN, MoveReview, describe, review, review_steps
from py_rules.engine.solvers import number_duel
from py_rules.engine.solving import solve

# Small sizes of every game: every position solves in milliseconds.
SMALL: dict[str, st.SearchStrategy[dict[str, Any]]] = every_game(
    {
        "circle-duel": st.fixed_dictionaries({"size": st.integers(3, 14)}),
        "number-circle": st.fixed_dictionaries(
            {"target": st.integers(10, 20), "no_negative": st.booleans()}
        ),
        "sequence-duel": st.fixed_dictionaries({"size": st.integers(2, 14)}),
        "digit-chain": st.fixed_dictionaries(
            {"pool": st.integers(10, 30), "no_tens": st.booleans()}
        ),
        "number-duel": st.fixed_dictionaries({"numbers": st.integers(3, 4)}),
        "take-away": st.fixed_dictionaries({"pile": st.integers(1, 30), "most": st.integers(2, 5)}),
    }
)
WIN_LOSS = PERFECT_INFORMATION
# Number Circle has no turn limit: random walks are capped.
MAX_PLIES = 40


@st.composite
def small_games(draw: st.DrawFn, slugs: list[str] | None = None) -> Game[Any]:
    slug = draw(st.sampled_from(slugs or list(SMALL)))
    options = draw(SMALL[slug])
    seed = draw(st.integers(0, 2**32))
    return new_game(slug, {**options, "first": draw(st.sampled_from([1, 2])), "seed": seed})


def play_out(game: Game[Any], levels: tuple[str, str], rng: random.Random) -> None:
    """Play on to the end (or the cap), player 1 at levels[0] and player 2 at levels[1]."""
    while not game.is_over and game.turn < MAX_PLIES:
        game.play(choose_move(game, levels[game.to_move - 1], rng))


def mistakes(reviews: list[MoveReview]) -> list[int]:
    return [index for index, item in enumerate(reviews) if item.mistake]


def positions(game: Game[Any]) -> list[Game[Any]]:
    """The game before each of its moves, and after the last one."""
    start = game.copy()
    while start.moves:
        start.undo()
    found = [start.copy()]
    for move in game.moves:
        start.play(move)
        found.append(start.copy())
    return found


@given(small_games(), st.integers(0, 2**32))
def test_perfect_play_on_both_sides_makes_no_mistake(game: Game[Any], seed: int) -> None:
    play_out(game, ("perfect", "perfect"), random.Random(seed))
    reviews = review(game)
    assert len(reviews) == game.turn
    assert mistakes(reviews) == []
    if not game.has_hidden_information:
        # The winner always had the win; the loser never did.
        for item in reviews:
            assert item.before == item.after != None  # noqa: E711
            if game.is_over:
                assert item.after == ("win" if item.player == game.winner else "loss")


def losing_move(game: Game[Any], rng: random.Random) -> Any | None:
    """A move that gives away the position: a win turned into a loss, or in Number Duel an
    attack more than the margin worse than the best. None if there is none."""
    if game.has_hidden_information:
        values = number_duel.move_values(game)  # type: ignore[arg-type]
        best = max(v for _, v in values)
        bad = [m for m, v in values if v < best - MISTAKE_MARGIN - 1e-9]
    else:
        report = solve(game)
        if report["value"] != "win":
            return None
        bad = [m for m in game.legal_move_texts() if m not in report["winning_moves"]]
    return rng.choice(bad) if bad else None


@given(small_games(), st.integers(0, 2**32), st.integers(0, 12))
def test_a_thrown_away_position_is_a_mistake_at_exactly_that_move(
    game: Game[Any], seed: int, perfect_plies: int
) -> None:
    rng = random.Random(seed)
    while not game.is_over and game.turn < perfect_plies:
        game.play(choose_move(game, "perfect", rng))
    blunder = None
    while not game.is_over and game.turn < MAX_PLIES and blunder is None:
        bad = losing_move(game, rng)
        if bad is None:
            game.play(choose_move(game, "perfect", rng))
        else:
            blunder = game.turn
            best = solve(game)
            game.play(bad)
    play_out(game, ("perfect", "perfect"), rng)
    reviews = review(game)
    if blunder is None:
        assert mistakes(reviews) == []
        return
    assert mistakes(reviews) == [blunder]
    key = "best_moves" if game.has_hidden_information else "winning_moves"
    assert list(reviews[blunder].best_moves or ()) == best[key]
    assert describe(reviews[blunder]).startswith("Mistake")


@given(small_games(), st.integers(0, 2**32))
def test_review_agrees_with_solve_position_by_position(game: Game[Any], seed: int) -> None:
    play_out(game, ("easy", "medium"), random.Random(seed))
    reviews = review(game)
    steps = positions(game)
    for item, here, there in zip(reviews, steps, steps[1:], strict=False):
        now = solve(here)
        assert item.player == now["to_move"] and item.move == there.move_text(there.moves[-1])
        if game.has_hidden_information:
            chosen = dict(number_duel.move_values(here))[there.moves[-1]]  # type: ignore[arg-type]
            assert item.before == now["value"] and item.after == round(chosen, 12)
            if item.mistake:
                assert list(item.best_moves or ()) == now["best_moves"]
            continue
        assert item.before == now["value"]
        later = solve(there)
        if there.is_over:
            assert item.after == ("win" if there.winner == item.player else "loss")
        else:
            same = later["to_move"] == item.player
            assert item.after == (later["value"] if same else flip(later["value"]))
        assert item.mistake == (item.before == "win" and item.after == "loss")
        expected = now["winning_moves"] if item.mistake else []
        assert list(item.best_moves or ()) == expected


@given(small_games(), st.integers(0, 2**32), st.integers(0, 3))
def test_the_review_step_by_step_is_the_whole_review(
    game: Game[Any], seed: int, taken_back: int
) -> None:
    play_out(game, ("easy", "medium"), random.Random(seed))
    played = game.copy()
    steps = review_steps(game)
    for _ in range(min(taken_back, game.turn)):
        game.undo()  # the steps judge the game as it was when they were asked for
    found = list(steps)
    indices = [index for index, _ in found]
    forward = list(range(played.turn))
    # One step per move: the win/loss games from the last move back, Number Duel forward.
    assert indices == (forward if played.has_hidden_information else forward[::-1])
    assert [item for _, item in sorted(found, key=lambda pair: pair[0])] == review(played)


def flip(value: str) -> str:
    return "loss" if value == "win" else "win"


@given(small_games(WIN_LOSS), st.integers(0, 2**32), st.integers(0, 30))
def test_a_small_budget_gives_not_solved_never_a_wrong_answer(
    game: Game[Any], seed: int, budget: int
) -> None:
    play_out(game, ("easy", "easy"), random.Random(seed))
    exact = review(game)
    for cut, full in zip(review(game, budget), exact, strict=True):
        for key in ("before", "after", "mistake"):
            assert getattr(cut, key) in (None, getattr(full, key))
        assert cut.best_moves in (None, full.best_moves)


def test_too_deep_positions_are_not_solved() -> None:
    # The longest Sequence Duel line after two claims: far too deep for 10 new positions.
    game = new_game("sequence-duel", {"size": 60, "seed": 1})
    for move in ("20", "41"):
        game.play(move)
    reviews = review(game, budget=10)
    assert [r.before for r in reviews[:2]] == [None, None]
    assert all(r.mistake is None and r.best_moves is None for r in reviews[:2])
    assert all(describe(r) == "Not solved." for r in reviews[:2])
    # Number Duel with 9 numbers: its opening is beyond the exact search; with 7 it is not.
    duel = new_game("number-duel", {"numbers": 9, "seed": 1})
    duel.play("9@1")
    (item,) = review(duel)
    assert (item.before, item.after, item.mistake, item.best_moves) == (None, None, None, None)
    duel = new_game("number-duel", {"numbers": 7, "seed": 1})
    duel.play("7@1")
    (item,) = review(duel)
    assert item.before == solve(positions(duel)[0])["value"] and isinstance(item.after, float)


def test_the_words_for_each_kind_of_move() -> None:
    game = new_game("sequence-duel", {"size": 8, "seed": 1})
    winning = ", ".join(solve(game)["winning_moves"])
    for move in ("1", "5", "8"):  # 1 throws the win away; 5 keeps it; 8 is already lost
        game.play(move)
    words = [describe(item) for item in review(game)]
    assert words == [
        f"Mistake: this turned a won position into a lost one. Winning moves were: {winning}.",
        "Kept the win.",
        "The position was already lost.",
    ]
    duel = new_game("number-duel", {"numbers": 3, "order1": "1,2,3", "order2": "3,1,2"})
    duel.play("3@1")  # the best opening is a 2
    (item,) = review(duel)
    assert describe(item) == "Mistake: chance to win 25% (best 42%). Best attacks: 2@1, 2@2, 2@3."


@given(st.integers(3, 5), st.permutations(range(1, 6)), st.integers(0, 2**32))
def test_number_duel_is_judged_from_the_movers_view_only(
    size: int, shuffled: list[int], seed: int
) -> None:
    """The opponent's hidden order never changes the verdict on an attack."""
    order = [n for n in shuffled if n <= size]
    mine = ",".join(map(str, range(1, size + 1)))
    first = new_game("number-duel", {"numbers": size, "order1": mine, "seed": seed})
    attack = random.Random(seed).choice(first.legal_moves())
    verdicts = set()
    for theirs in (order, sorted(order)):
        game = new_game(
            "number-duel",
            {"numbers": size, "order1": mine, "order2": ",".join(map(str, theirs))},
        )
        game.play(attack)
        verdicts.add(review(game)[0])
    assert len(verdicts) == 1
