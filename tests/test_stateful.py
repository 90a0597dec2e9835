"""A Hypothesis state machine that plays, undoes, saves and loads, against a model.

The model is just the list of move texts played so far; from it (and the options) the
game must always be rebuildable, and the independent reference (tests/reference.py)
must agree on the legal moves.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)
from reference import DRAW, reference_for
from strategies import JUNK_TEXTS, game_setups

from py_rules import IllegalMove, RulesError, load_game, new_game


class PlayUndoSave(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.game: Any = None
        self.model: list[str] = []
        self.saves: list[tuple[str, list[str]]] = []

    @initialize(setup=game_setups())
    def start(self, setup: tuple[str, dict[str, Any]]) -> None:
        slug, options = setup
        self.game = new_game(slug, options)
        self.ref = reference_for(slug, self.game.options)
        self.model = []

    @precondition(lambda self: not self.game.is_over)
    @rule(data=st.data())
    def play(self, data: st.DataObject) -> None:
        legal = self.game.legal_move_texts()
        text = legal[data.draw(st.integers(0, len(legal) - 1))]
        self.game.play(text)
        self.model.append(text)

    @rule(text=JUNK_TEXTS)
    def try_junk(self, text: str) -> None:
        before = self.game.to_json()
        if self.game.why_illegal(text) is None:
            self.game.play(text)
            self.model.append(self.game.move_text(self.game.moves[-1]))
        else:
            try:
                self.game.play(text)
            except IllegalMove:
                pass
            else:
                raise AssertionError(f"{text!r} was refused by why_illegal but played")
            assert self.game.to_json() == before

    @rule()
    def undo(self) -> None:
        if self.model:
            undone = self.game.undo()
            assert self.game.move_text(undone) == self.model.pop()
        else:
            try:
                self.game.undo()
            except RulesError:
                pass
            else:
                raise AssertionError("undo with no move played")

    @rule()
    def save(self) -> None:
        self.saves.append((self.game.to_json(), list(self.model)))

    @precondition(lambda self: bool(self.saves))
    @rule(data=st.data())
    def load(self, data: st.DataObject) -> None:
        # Back to an earlier (or later) save of this game: its moves become the model.
        text, moves = self.saves[data.draw(st.integers(0, len(self.saves) - 1))]
        self.game, self.model = load_game(text), list(moves)
        assert self.game.to_json() == text

    @rule()
    def reload(self) -> None:
        self.game = load_game(self.game.to_json())

    @invariant()
    def matches_model(self) -> None:
        if self.game is None:
            return
        game = self.game
        assert [game.move_text(m) for m in game.moves] == self.model
        rebuilt = new_game(game.slug, game.options, game.names)
        for text in self.model:
            rebuilt.play(text)
        assert rebuilt == game and rebuilt.to_json() == game.to_json()
        state = self.ref.replay(self.model)
        assert sorted(game.legal_move_texts()) == sorted(self.ref.legal(state))
        result = self.ref.result(state)
        assert game.is_over == (result is not None)
        assert (DRAW if game.is_draw else game.winner) == result
        assert (game.to_move is None) == game.is_over


TestPlayUndoSave = PlayUndoSave.TestCase
