"""The headless session (py_rules.play.session) under a Hypothesis state machine.

Random mixes of moves, computer turns at every level, undo, redo, history steps,
playing from an earlier position, arranging, hand-overs, and save and load. The model
is the record as a plain list of move texts and the position shown; after every step
the session must agree with a plain replay of that record, undo against the computer
must land on the human's turn, a game that forbids take-backs must never allow one
while it runs, and the screen behind a hand-over must show no hidden number.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule
from strategies import game_setups

import py_rules
from py_rules import BadSave, Phase, Session, SessionError
from py_rules.engine.players import LEVELS
from py_rules.engine.solving import clear_caches
from py_rules.registry import BUILT_IN
from py_rules.rules.core import other


def hidden_numbers(view: dict[str, Any], player: int) -> list[int]:
    """The numbers of `player`'s row a view shows that are not public (face up)."""
    rows = view.get("rows") or {}
    return [
        card["number"]
        for card in rows.get(str(player), [])
        if card["occupied"] and card["number"] is not None and not card["face_up"]
    ]


class SessionMachine(RuleBasedStateMachine):
    """Every draw is a function of Hypothesis's data alone, so that a failing example
    replays (and shrinks) exactly. The perfect player keeps a memo of solved positions
    across examples, and within its node budget a warm memo proves a best move where a
    cold one gives up and plays a strong move instead: a different game, so different
    rules and draws on replay (Hypothesis's FlakyStrategyDefinition). Each example
    therefore starts with every memo cleared (`start`), as a page's first game does."""

    def __init__(self) -> None:
        super().__init__()
        self.session: Any = None
        self.record: list[str] = []
        self.at = 0
        self.rng = random.Random(0)

    @initialize(
        setup=game_setups(),
        computer=st.sampled_from([None, 1, 2]),
        level=st.sampled_from(LEVELS),
        arrange=st.booleans(),
    )
    def start(
        self, setup: tuple[str, dict[str, Any]], computer: int | None, level: str, arrange: bool
    ) -> None:
        clear_caches()  # the computer's moves must not depend on earlier examples
        slug, options = setup
        if level == "perfect" and py_rules.game_class(slug).has_hidden_information:
            # the exact search over hidden orders takes seconds above four numbers
            options = {"numbers": 4, "seed": options["seed"]}
        self.session = Session.new(slug, options, None, computer, level, arrange)
        self.record, self.at = [], 0
        self.options = self.session.game.options

    # ----- the model ------------------------------------------------------------------

    def replay(self, moves: list[str]) -> Any:
        game = py_rules.new_game(self.session.game.slug, self.session.game.options)
        for move in moves:
            game.play(move)
        return game

    @invariant()
    def agrees_with_a_plain_replay(self) -> None:
        s = self.session
        assert [s.game.move_text(m) for m in s.game.moves] == self.record[: self.at]
        assert s.future == self.record[self.at :]
        assert s.game.state == self.replay(self.record[: self.at]).state
        assert s.record_over == self.replay(self.record).is_over

    @invariant()
    def no_take_back_while_a_secret_game_runs(self) -> None:
        s = self.session
        if s.game.has_hidden_information and not s.record_over:
            assert s.undo_target() is None and s.redo_target() is None
            assert not s.can_step and not s.future

    @invariant()
    def the_hand_over_screen_hides_every_secret(self) -> None:
        s = self.session
        view = s.seen()
        if s.phase is Phase.HAND_OVER:
            assert s.viewer is None
            assert hidden_numbers(view, 1) == [] and hidden_numbers(view, 2) == []
        elif not s.reveal_all and s.viewer is not None:
            assert hidden_numbers(view, other(s.viewer)) == []

    @invariant()
    def phase_matches_the_position(self) -> None:
        s, phase = self.session, self.session.phase
        game = s.game
        assert (phase is Phase.OVER) == game.is_over
        if phase is Phase.COMPUTER:
            assert game.to_move == s.computer and not s.future
        if phase is Phase.HUMAN:
            assert game.to_move in s.humans
        if phase is Phase.ARRANGE:
            assert s.arranging and s.arranging[0] in s.humans and not game.moves

    # ----- actions --------------------------------------------------------------------

    @precondition(lambda self: self.session.phase is Phase.HUMAN)
    @rule(data=st.data())
    def play(self, data: st.DataObject) -> None:
        legal = self.session.game.legal_move_texts()
        text = legal[data.draw(st.integers(0, len(legal) - 1))]
        assert self.session.play(text) == text
        self.record[self.at :] = [text]  # playing from an earlier position drops the rest
        self.at += 1

    @precondition(lambda self: self.session.phase is Phase.COMPUTER)
    @rule()
    def computer_plays(self) -> None:
        text = self.session.computer_move(self.rng)
        self.record[self.at :] = [text]
        self.at += 1

    @precondition(lambda self: self.session.phase not in (Phase.HUMAN, Phase.COMPUTER))
    @rule()
    def moves_are_refused_out_of_turn(self) -> None:
        s = self.session
        before = s.to_data()
        legal = s.game.legal_move_texts()
        with pytest.raises(SessionError):
            s.play(legal[0] if legal else "1")
        with pytest.raises(SessionError):
            s.computer_move(self.rng)
        assert s.to_data() == before

    @rule()
    def undo(self) -> None:
        s = self.session
        target = s.undo_target()
        if target is None:
            with pytest.raises(SessionError):
                s.undo()
            return
        assert target < self.at
        s.undo()
        self.at = target
        if s.computer is not None:
            assert s.game.to_move != s.computer  # back on the human's turn
            assert s.game.to_move is not None

    @rule()
    def redo(self) -> None:
        s = self.session
        target = s.redo_target()
        if target is None:
            with pytest.raises(SessionError):
                s.redo()
            return
        assert target > self.at
        s.redo()
        self.at = target

    @rule(where=st.sampled_from(["first", "prev", "next", "last"]) | st.integers(-2, 120))
    def step(self, where: str | int) -> None:
        s = self.session
        if not s.can_step:
            before = s.to_data()
            with pytest.raises(SessionError):
                s.step(where)
            assert s.to_data() == before
            return
        s.step(where)
        wanted = {"first": 0, "prev": self.at - 1, "next": self.at + 1, "last": len(self.record)}
        target = wanted[where] if isinstance(where, str) else where
        self.at = max(0, min(len(self.record), target))

    @precondition(lambda self: self.session.phase is Phase.HAND_OVER)
    @rule()
    def reveal(self) -> None:
        self.session.reveal()
        assert self.session.phase in (Phase.HUMAN, Phase.ARRANGE)

    @precondition(lambda self: self.session.phase is Phase.ARRANGE)
    @rule(data=st.data())
    def arrange(self, data: st.DataObject) -> None:
        s = self.session
        player = s.arranging[0]
        order = s.arrangement()
        i = data.draw(st.integers(1, len(order)))
        j = data.draw(st.integers(1, len(order)))
        s.swap(i, j)
        swapped = list(order)
        swapped[i - 1], swapped[j - 1] = swapped[j - 1], swapped[i - 1]
        assert s.arrangement() == tuple(swapped) == s.game.arrangement(player)

    @precondition(lambda self: self.session.phase is Phase.ARRANGE)
    @rule()
    def done_arranging(self) -> None:
        s = self.session
        before = list(s.arranging)
        s.done_arranging()
        assert s.arranging == before[1:]

    @rule(share=st.booleans())
    def save_and_load(self, share: bool) -> None:
        s = self.session
        data = s.to_data(share=share)
        text = json.dumps(data)
        try:
            loaded = Session.from_data(json.loads(text), s.game.slug, from_link=share)
        except BadSave:
            raise AssertionError("a session's own save or link must load") from None
        if share and s.game.secret_options() and not s.record_over:
            # a running secret game is shared as its settings only: a fresh game
            assert data["game"]["moves"] == [] and data["at"] == 0
            assert not set(data["game"]["options"]) & set(s.game.secret_options())
            assert loaded.game.moves == [] and loaded.future == []
            return
        assert loaded.to_data() == s.to_data()
        assert (loaded.computer, loaded.level, loaded.arranging) == (
            s.computer,
            s.level,
            s.arranging,
        )
        self.session = loaded


TestSession = SessionMachine.TestCase


# ----- single cases ---------------------------------------------------------------------


def test_a_game_with_secrets_forbids_take_backs_while_it_runs() -> None:
    for cls in py_rules.GAMES.values():
        if cls.has_hidden_information:
            assert not cls.take_back_while_running and cls.take_back_refusal
            assert cls.secret_options()


def test_arranging_survives_a_save() -> None:
    s = Session.new("number-duel", {"seed": 4}, ("Ann", "Bob"), None, "easy", arrange=True)
    s.reveal()
    s.swap(1, 2)
    s.done_arranging()
    loaded = Session.from_data(json.loads(json.dumps(s.to_data())), "number-duel")
    assert loaded.arranging == [2]
    assert loaded.phase is Phase.HAND_OVER
    loaded.reveal()
    assert loaded.phase is Phase.ARRANGE and loaded.seat == 2
    assert loaded.game.arrangement(1) == s.game.arrangement(1)


def test_against_the_computer_the_human_arranges_without_a_hand_over() -> None:
    s = Session.new("number-duel", {"seed": 4, "first": 2}, None, 2, "easy", arrange=True)
    assert s.arranging == [1] and s.phase is Phase.ARRANGE and s.seat == 1
    with pytest.raises(SessionError):
        s.computer_move(random.Random(1))  # the computer waits until the human is done
    s.done_arranging()
    assert s.phase is Phase.COMPUTER


def test_a_game_with_nothing_to_arrange_starts_at_once() -> None:
    s = Session.new("circle-duel", {"seed": 1}, arrange=True)
    assert s.arranging == [] and s.phase is Phase.HUMAN


@pytest.mark.parametrize(
    "change",
    [
        {"arrange": [3]},
        {"arrange": [2, 2]},
        {"arrange": "1"},
        {"arrange": [True]},
        {"mode": "cpu2", "arrange": [2]},  # the computer never arranges
    ],
)
def test_a_bad_arranging_step_is_refused(change: dict[str, Any]) -> None:
    data = Session.new("number-duel", {"seed": 4}, arrange=True).to_data()
    with pytest.raises(BadSave, match="not valid"):
        Session.from_data({**data, **change}, "number-duel")


def test_arranging_after_the_first_move_is_refused() -> None:
    s = Session.new("number-duel", {"seed": 4}, None, 2)
    s.play(s.game.legal_move_texts()[0])
    data = {**s.to_data(), "arrange": [1]}
    with pytest.raises(BadSave, match="arranging"):
        Session.from_data(data, "number-duel")


@pytest.mark.parametrize("slug", [kit.slug for kit in BUILT_IN])
@pytest.mark.parametrize("level", LEVELS)
def test_think_finds_the_move_computer_move_plays_from_the_same_random_stream(
    slug: str, level: str
) -> None:
    """A page computes the computer's move first and plays it later (if nothing changed):
    the move, and the random numbers it takes, are those of `computer_move`."""
    session = Session.new(slug, names=("Computer", "Ann"), computer=1, level=level)
    thought = 0
    for seed in range(3):
        if session.phase is not Phase.COMPUTER:
            break
        twin = copy.deepcopy(session)
        one, two = random.Random(seed), random.Random(seed)
        clear_caches()
        move, proved = session.think(one)
        assert session.game.moves == twin.game.moves  # nothing played
        clear_caches()
        text = twin.computer_move(two)
        assert session.game.move_text(move) == text and proved == twin.proved
        assert one.random() == two.random()  # the stream went as far in both
        thought += 1
        session = twin
        if session.phase is Phase.HUMAN:
            session.play(session.game.legal_moves()[0])
    assert thought  # at least the first move (a short game may end after it)
