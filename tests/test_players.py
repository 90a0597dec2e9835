"""Computer players: legal, deterministic for a seed, each level doing what it says;
Number Duel's players never look at the opponent's hidden order; hints; the `solve` and
`play --vs` commands; the analysis data."""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from solver_reference import minimax
from strategies import every_game, random_position

import py_rules
from py_rules.engine.analysis import analyse, entry, sentence
from py_rules.engine.players import LEVELS, choose_move, hint, is_exact, perfect_move
from py_rules.engine.solvers.sequence_duel import PlainSegmentSolver, segments_of
from py_rules.engine.solving import solver_for
from py_rules.play.session import Session
from py_rules.rules.core import other
from py_rules.terminal import cli
from py_rules.terminal.presenters import base as presenters_base

SMALL_OPTIONS = every_game(
    {
        "circle-duel": {"size": 7},
        "number-circle": {"target": 12},
        "sequence-duel": {"size": 9},
        "digit-chain": {"pool": 30, "no_tens": True},
        "number-duel": {"numbers": 4},
        "take-away": {"pile": 9},
    }
)


@given(
    slug=st.sampled_from(sorted(SMALL_OPTIONS)),
    level=st.sampled_from(LEVELS),
    plies=st.integers(0, 5),
    seed=st.integers(0, 2**32),
)
def test_every_level_plays_a_legal_move_and_the_same_one_for_the_same_seed(
    slug: str, level: str, plies: int, seed: int
) -> None:
    game = random_position(slug, SMALL_OPTIONS[slug], plies, seed)
    if game.is_over:
        with pytest.raises(ValueError):
            choose_move(game, level, random.Random(seed))
        return
    before = game.copy()
    move = choose_move(game, level, random.Random(seed))
    assert game == before  # choosing does not touch the game
    assert game.why_illegal(move) is None
    assert choose_move(game, level, random.Random(seed)) == move


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown level"):
        choose_move(py_rules.new_game("circle-duel"), "grandmaster", random.Random(1))


@pytest.mark.parametrize("seed", range(10))
def test_easy_takes_a_win_that_is_there(seed: int) -> None:
    game = py_rules.new_game("digit-chain")  # any multiple of 10 wins at once
    assert choose_move(game, "easy", random.Random(seed)) % 10 == 0
    game = py_rules.new_game("circle-duel", {"size": 6})
    for move in ("1", "2", "3", "4", "5"):
        game.play(move)
    assert choose_move(game, "easy", random.Random(seed)) == 6


@pytest.mark.parametrize("seed", range(10))
def test_medium_sets_up_a_win_two_turns_ahead(seed: int) -> None:
    # Sequence Duel, 1..5 after 1 and 5: claiming 3 leaves the opponent nothing;
    # claiming 2 or 4 lets the opponent reply on the other side and win.
    game = py_rules.new_game("sequence-duel", {"size": 5})
    game.play("1")
    game.play("5")
    assert choose_move(game, "medium", random.Random(seed)) == 3
    assert choose_move(game, "easy", random.Random(seed)) in (2, 3)


def test_medium_avoids_a_move_that_hands_over_an_immediate_win() -> None:
    game = py_rules.new_game("digit-chain", {"pool": 25})  # 1..25: tens 10 and 20
    game.play("11")  # player 2 on 1 could take 10; say they take 13 instead
    game.play("13")
    # On 3: 3 is the only move (30 > 25). Build a choice: play on from 2.
    game = py_rules.new_game("digit-chain", {"pool": 25})
    game.play("12")  # player 2 on 2: 2, 20..25; 20 wins at once
    for seed in range(10):
        assert choose_move(game, "medium", random.Random(seed)) == 20


@pytest.mark.parametrize(
    ("slug", "options"), [("circle-duel", {"size": 8}), ("sequence-duel", {"size": 7})]
)
def test_perfect_holds_out_longest_from_a_lost_position(slug: str, options: dict[str, Any]) -> None:
    memo: dict[Any, Any] = {}
    checked = 0
    for seed in range(30):
        game = random_position(slug, options, seed % 3, seed)
        if game.is_over or minimax(game, game.state, memo)[0]:
            continue
        lengths = {m: minimax(game, game.after(game.state, m), memo)[1] for m in game.legal_moves()}
        move = choose_move(game, "perfect", random.Random(seed))
        assert lengths[move] == max(lengths.values())
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize("slug", ["circle-duel", "sequence-duel", "digit-chain"])
def test_perfect_wins_soonest_when_it_can(slug: str) -> None:
    memo: dict[Any, Any] = {}
    options = {
        "circle-duel": {"size": 9},
        "sequence-duel": {"size": 8},
        "digit-chain": {"pool": 14},
    }
    for seed in range(12):
        game = random_position(slug, options[slug], seed % 3, seed)
        if game.is_over or not minimax(game, game.state, memo)[0]:
            continue
        move = choose_move(game, "perfect", random.Random(seed))
        won, length = minimax(game, game.after(game.state, move), memo)
        assert not won
        if not solver_for(game).first_win_enough:  # else it takes its first winning move
            best = min(
                minimax(game, game.after(game.state, m), memo)[1]
                for m in game.legal_moves()
                if not minimax(game, game.after(game.state, m), memo)[0]
            )
            assert length == best


# ----- Number Duel: the opponent's hidden order is never read -------------------------


def consistent_orders(game: Any) -> list[tuple[int, ...]]:
    """Every order of the opponent's numbers agreeing with what the mover has seen."""
    mover = game.to_move
    theirs = other(mover)
    view = game.observation(mover)
    row = game.state.rows[theirs - 1]
    original = list(game.options[f"order{theirs}"])
    shown = {c["position"] for c in view["rows"][str(theirs)] if c["face_up"]}
    gone = {c["position"] for c in view["rows"][str(theirs)] if not c["occupied"]}
    fixed = shown | gone  # positions whose number the mover has seen
    free = [p for p in range(1, len(original) + 1) if p not in fixed]
    numbers = [original[p - 1] for p in free]
    assert all(row[p - 1] is not None for p in free)
    orders = []
    for perm in itertools.permutations(numbers):
        order = list(original)
        for position, number in zip(free, perm, strict=True):
            order[position - 1] = number
        orders.append(tuple(order))
    return orders


def twins(game: Any) -> list[Any]:
    """The same game replayed under every hidden order the mover cannot tell apart."""
    theirs = other(game.to_move)
    result = []
    for order in consistent_orders(game):
        twin = py_rules.new_game(
            "number-duel", {**game.options, f"order{theirs}": ",".join(map(str, order))}
        )
        for move in game.moves:
            twin.play(move)
        assert twin.observation(game.to_move) == game.observation(game.to_move)
        result.append(twin)
    return result


@pytest.mark.parametrize("seed", range(8))
def test_number_duel_move_is_the_same_for_every_hidden_order_agreeing_with_what_was_seen(
    seed: int,
) -> None:
    game = random_position("number-duel", {"numbers": 5}, seed % 4 + 1, seed)
    if game.is_over:
        return
    alike = twins(game)
    assert len(alike) >= 2 or seed % 4 >= 2
    for level in LEVELS:
        chosen = {choose_move(twin, level, random.Random(99)) for twin in alike}
        assert len(chosen) == 1, (level, chosen)


@pytest.mark.parametrize("seed", range(2))
def test_number_duel_perfect_at_seven_reads_no_hidden_order(seed: int) -> None:
    # The exact player at 7 numbers (shipped opening values, then search): a few orders
    # agreeing with what was seen must all get the same move.
    game = random_position("number-duel", {"numbers": 7}, 3 + seed, seed)
    alike = twins(game)
    sample = alike[:: max(1, len(alike) // 4)]
    assert len(sample) >= 2
    chosen = set()
    for twin in sample:
        move, exact = perfect_move(twin, random.Random(99))
        assert exact
        chosen.add(move)
    assert len(chosen) == 1, chosen


def test_number_duel_easy_takes_a_sure_win() -> None:
    found = 0
    for seed in range(60):
        game = random_position("number-duel", {"numbers": 3}, 2 + seed % 3, seed)
        if game.is_over:
            continue
        mover = game.to_move
        sure = []
        for move in game.legal_moves():  # wins at once whatever the hidden order
            wins = []
            for twin in twins(game):
                twin.play(move)
                wins.append(twin.winner == mover)
            if all(wins):
                sure.append(move)
        if sure:
            found += 1
            assert choose_move(game, "easy", random.Random(seed)) in sure
    assert found >= 3


# ----- hints ------------------------------------------------------------------------


def test_hint_says_when_every_move_loses() -> None:
    lost = hint(py_rules.new_game("circle-duel"))  # even circle: the first player loses
    assert lost["winning"] is False and lost["value"] == "loss"
    won = hint(py_rules.new_game("circle-duel", {"size": 9}))
    assert won["winning"] is True and won["move"] in won["moves"]
    duel = hint(py_rules.new_game("number-duel"))
    assert duel["winning"] is None and duel["value"] == pytest.approx(0.390625)
    assert duel["move"].startswith("2@")


def test_hint_move_is_a_winning_move() -> None:
    game = py_rules.new_game("sequence-duel", {"size": 12})
    suggestion = hint(game)
    assert suggestion["winning"] is True
    assert solver_for(game).move_wins(game.state, game.parse_move(suggestion["move"]))


def test_moves_not_proved_best_are_labelled_strong() -> None:
    """The page runs the hint on its only thread: where the exact search is too big
    (Number Duel above 7 numbers) the quick estimate answers, marked not exact."""
    big_duel = py_rules.new_game("number-duel", {"numbers": 8, "seed": 1})
    assert not is_exact(big_duel)
    suggestion = hint(big_duel)
    assert suggestion["exact"] is False and suggestion["move"] in big_duel.legal_move_texts()
    move, exact = perfect_move(big_duel, random.Random(1))
    assert move in big_duel.legal_moves() and exact is False
    assert is_exact(py_rules.new_game("number-duel", {"numbers": 7}))
    deep = py_rules.new_game("digit-chain", {"no_tens": True, "seed": 1})
    for text in ("12", "23", "34"):
        deep.play(text)
    answer = hint(deep)
    assert answer["exact"] is True
    assert answer["winning"] == solver_for(deep).move_wins(
        deep.state, deep.parse_move(answer["move"])
    )
    assert perfect_move(deep, random.Random(1))[1] is True


# ----- commands -----------------------------------------------------------------------


def run_cli(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = cli.main(args)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_solve_prints_one_json_object(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_cli(["solve", "circle-duel", "--size", "9", "4", "5"], capsys)
    assert status == 0
    assert json.loads(out) == {"to_move": 1, "value": "win", "winning_moves": ["6"]}
    status, out, _ = run_cli(["solve", "number-duel", "--numbers", "3"], capsys)
    report = json.loads(out)
    assert report["to_move"] == 1 and report["best_moves"] == ["2@1", "2@2", "2@3"]
    assert report["value"] == pytest.approx(5 / 12)
    status, out, _ = run_cli(["solve", "circle-duel", "--size", "3", "1", "2", "3"], capsys)
    assert json.loads(out) == {
        "to_move": None,
        "value": None,
        "winner": 1,
        "draw": False,
        "winning_moves": [],
    }


def test_solve_reports_errors_like_replay(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run_cli(["solve", "circle-duel", "4", "7"], capsys)
    assert status == 2 and out == ""
    assert err.startswith("python -m py_rules: error: move 2 ('7') is illegal: You must select")
    status, _, err = run_cli(["solve", "sequence-duel", "--size", "99"], capsys)
    assert status == 2 and "size must be between 2 and 60" in err
    assert run_cli(["solve", "nonsense"], capsys)[0] == 2


def keyboard(answers: list[str]) -> Any:
    pending = list(answers)

    def read(prompt: str) -> str:
        print(prompt, end="")
        if not pending:
            raise EOFError
        return pending.pop(0)

    return read


def test_play_against_the_perfect_computer(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Circle of 4, the human second: the computer (first) is lost, the human wins by
    # simply following the circle.
    monkeypatch.setattr(presenters_base, "read_line", keyboard(["1", "2", "3", "4"] * 2))
    status = cli.main(["play", "circle-duel", "--size", "4", "--vs", "perfect", "--as", "2"])
    out = capsys.readouterr().out
    assert status == 0
    assert out.rstrip().endswith("Player 1 has no valid move.\nPlayer 2 wins the game!")


def test_play_as_needs_vs(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run_cli(["play", "circle-duel", "--as", "2"], capsys)
    assert status == 2 and "--as needs --vs" in err
    status, _, err = run_cli(["play", "circle-duel", "--vs", "genius"], capsys)
    assert status == 2


# ----- analysis -------------------------------------------------------------------------


def test_analysis_of_circle_duel_is_parity() -> None:
    data = analyse("circle-duel")
    assert [e["winner"] for e in data["sizes"]] == [
        "first" if n % 2 else "second" for n in range(3, 41)
    ]
    assert "odd" in data["sentence"]


def test_analysis_entries() -> None:
    assert entry("sequence-duel", {"size": 5}) == {
        "options": {"size": 5},
        "standard": False,
        "winner": "first",
        "first_moves": ["3"],
        "all_moves": True,
        "method": "solver",
    }
    mirror = entry("sequence-duel", {"size": 41})
    assert mirror["method"] == "mirror strategy" and mirror["first_moves"] == ["21"]
    long_even = entry("sequence-duel", {"size": 32})
    assert long_even["winner"] == "first" and long_even["first_moves"] == ["2"]
    assert long_even["all_moves"] is False
    standard = entry("digit-chain", {"pool": 99, "no_tens": False})
    assert standard["standard"] and standard["first_moves"][0] == "10"
    duel = entry("number-duel", {"numbers": 3})
    assert duel["value"] == pytest.approx(5 / 12, abs=1e-6) and duel["first_moves"] == [2]
    assert sentence("number-duel", [{**entry("number-duel", {"numbers": 5})}]).startswith("No one")


@pytest.mark.parametrize("size", [22, 26])
def test_every_move_labelled_perfect_was_solved_and_the_rest_are_labelled_strong(
    size: int, capsys: pytest.CaptureFixture[str]
) -> None:
    """Long Sequence Duel lines: the perfect player falls back to the medium move where
    its node budget runs out (the opening from about 20 numbers). A move it calls
    proved must win whenever the position is won (checked by the plain solver, without
    a budget); every other move is labelled strong in the terminal, on the page
    (`Session.proved`) and by `is_exact`."""
    plain = PlainSegmentSolver()
    rng = random.Random(size)
    computer = cli.computer_player("perfect", rng)
    session = Session.new("sequence-duel", {"size": size, "seed": 1}, computer=1, level="perfect")
    labels = []
    while not session.game.is_over:
        game = session.game
        before = tuple(sorted(segments_of(game.state, size)))
        exact_before = is_exact(game)
        capsys.readouterr()
        if game.to_move == 1:
            text = session.computer_move(rng)
            proved = session.proved
        else:
            move = computer(game)
            proved = "strong, not proved perfect" not in capsys.readouterr().out
            text = session.play(move)
        labels.append(proved)
        if exact_before:
            assert proved
        if proved:
            won = plain.wins(before)
            after = tuple(sorted(segments_of(session.game.state, size)))
            assert won == (not plain.wins(after)), (text, session.game.moves)
    assert labels[0] is False and True in labels  # the opening falls back, the end is proved


def test_is_exact_says_no_where_the_perfect_player_falls_back() -> None:
    line = py_rules.new_game("sequence-duel", {"size": 60})
    assert not is_exact(line)
    assert perfect_move(line, random.Random(1))[1] is False
    assert is_exact(py_rules.new_game("sequence-duel", {"size": 12}))
