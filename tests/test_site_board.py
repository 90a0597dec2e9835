"""The page's board logic (site/app/board.py) without a browser, for every game.

How presses become moves is plain Python, so it is checked here, in CPython and in
Pyodide: every legal move can be made by pressing the board's buttons, and every
refused press changes nothing and says why.
"""

from __future__ import annotations

from typing import Any

from app.headless.board import Board, Change, Done
from app.renderers import RENDERERS, renderer_class
from hypothesis import given
from hypothesis import strategies as st
from rule_spy import rules_asked
from strategies import SHIPPED, pick, played_games

from py_rules import Phase, Session
from py_rules.registry import BUILT_IN

WIDTH = 600.0  # CSS pixels: any width lays out every button


def board_for(game: Any) -> Board:
    """Two people at one screen, the screen shown to the player to move."""
    session = Session(game)
    if session.phase is Phase.HAND_OVER:
        session.reveal()
    return Board(session, renderer_class(game.slug)(type(game)))


def keys(board: Board) -> list[str]:
    """Every button the page shows now (board targets and choice-bar buttons)."""
    layout = board.renderer.layout(board.session.game, board.view(), WIDTH)
    return [t.key for t in layout.targets]


def state(board: Board) -> tuple[Any, ...]:
    """Everything a press could change."""
    return board.session.to_data(), board.pending, list(board.log), board.session.phase


def canonical(game: Any, text: str) -> str:
    return str(game.move_text(game.parse_move(text)))


def text_of(game: Any, done: Done) -> str:
    """The text of the move a press completed (a verdict the rules made here)."""
    assert done.move is not None and done.move.legal and game.judged_here(done.move)
    return str(game.move_text(done.move.move))


def check_refusal(board: Board, before: tuple[Any, ...], done: Done) -> None:
    if done.change is Change.NONE and done.move is None:
        assert done.refused and done.message, "a press that does nothing says why"
        assert state(board) == before, "a refused press changes nothing"


def moves_by_presses(board: Board) -> dict[str, list[str]]:
    """Each move one or two presses make (a half-move, then what completes it), with
    the presses, checking every refusal met on the way."""
    game = board.session.game
    found: dict[str, list[str]] = {}
    for first in keys(board):
        before = state(board)
        done = board.press(first)
        check_refusal(board, before, done)
        if done.move is not None:
            assert state(board) == before, "a completed move is not played by the press"
            found.setdefault(text_of(game, done), [first])
        elif done.change is Change.VIEW and board.pending is not None:
            assert board.session.to_data() == before[0], "a half-move changes no game"
            held = board.pending
            for second in keys(board):
                board.pending = held
                inner = state(board)
                then = board.press(second)
                check_refusal(board, inner, then)
                if then.move is not None:
                    found.setdefault(text_of(game, then), [first, second])
        board.pending = None
    return found


def test_every_game_that_ships_has_its_renderer() -> None:
    assert set(RENDERERS) == set(BUILT_IN)


@given(st.data())
def test_every_legal_move_can_be_made_by_presses(data: st.DataObject) -> None:
    game = data.draw(played_games(SHIPPED))
    board = board_for(game)
    found = moves_by_presses(board)
    if board.session.phase is not Phase.HUMAN:  # the game is over
        assert game.is_over and found == {}
        return
    assert set(found) == {canonical(game, t) for t in game.legal_move_texts()}
    move = pick(data.draw, sorted(found))
    last = Done(Change.NONE)
    for key in found[move]:
        last = board.press(key)
    assert last.move is not None and text_of(game, last) == move
    before = board.session.game.turn
    player = board.session.game.to_move
    done = board.play(last.move)
    assert done.change is Change.SESSION and done.message == ""
    assert board.session.game.turn == before + 1 and board.pending is None
    assert len(board.log) == board.session.at
    assert board.log[-1] == board.renderer.describe(board.session.game, move, player or 1)


def drawn(board: Board) -> dict[str, bool]:
    """What the page does before each press: lay out the buttons and grey the refused."""
    return {key: board.refused(key) for key in keys(board)}


@given(st.data())
def test_each_rule_is_asked_once_for_the_button_and_the_move(data: st.DataObject) -> None:
    """The verdict that greys a button is the one its press uses and the session plays:
    after the page has drawn the buttons, pressing them and playing the move they make
    asks the rules nothing more; and a button is greyed exactly when its press is refused."""
    game = data.draw(played_games(SHIPPED))
    board = board_for(game)
    found = moves_by_presses(board)
    if not found:
        return
    presses = found[pick(data.draw, sorted(found))]
    asked = rules_asked(board.session.game)
    done = Done(Change.NONE)
    for key in presses:
        greyed = drawn(board)
        judged, held = len(asked), board.pending
        for button, grey in greyed.items():  # each button looks as its press does
            board.pending = held
            before = state(board)
            then = board.press(button)
            assert grey == then.refused, button
            if grey:
                assert state(board) == before
        board.pending = held
        done = board.press(key)
        assert len(asked) == judged, "a press uses the verdict its button was drawn with"
    assert done.move is not None
    judged = len(asked)
    assert board.play(done.move).change is Change.SESSION
    assert len(asked) == judged, "the session plays the board's verdict without judging again"


@given(st.data())
def test_a_move_the_rules_refuse_changes_nothing_and_says_why(data: st.DataObject) -> None:
    game = data.draw(played_games(SHIPPED))
    board = board_for(game)
    junk = data.draw(st.sampled_from(["0", "999", "", "pass", "1@9", "12+", "x"]))
    if game.why_illegal(junk) is None:
        return  # a legal move after all
    before = state(board)
    done = board.play(junk)
    assert done.refused and done.message
    assert state(board) == before


@given(st.data())
def test_arranging_swaps_the_two_cards_pressed_and_done_ends_it(data: st.DataObject) -> None:
    seed = data.draw(st.integers(0, 1000))
    session = Session.new("number-duel", {"seed": seed}, arrange=True)
    board = Board(session, renderer_class("number-duel")(type(session.game)))
    assert session.phase is Phase.HAND_OVER  # the screen is handed to the first player
    before = state(board)
    check_refusal(board, before, board.press("a1"))
    session.reveal()
    assert session.phase is Phase.ARRANGE
    seat = session.seat
    cards = [k for k in keys(board) if k != "done"]
    first, second = data.draw(st.permutations(cards))[:2]
    order = list(session.arrangement())
    assert board.press(first).change is Change.VIEW and board.pending == first
    assert board.press(second).change is Change.SESSION and board.pending is None
    a, b = int(first[1:]) - 1, int(second[1:]) - 1
    order[a], order[b] = order[b], order[a]
    assert list(session.arrangement()) == order
    assert board.press("done").change is Change.SESSION
    assert session.phase is not Phase.ARRANGE or session.seat != seat
