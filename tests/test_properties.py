"""One generic set of properties, applied to every game with random valid options.

In the spirit of OpenSpiel's random-simulation test: play random legal games and check,
at every step, what every game must satisfy whatever its rules.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from reference import reference_for
from rule_spy import rules_asked
from strategies import JUNK_TEXTS, SLUGS, move_bound, new_games, pick, played_games

from py_rules import Game, IllegalMove, RulesError, load_game


def snapshot(game: Game[Any]) -> tuple[Game[Any], str]:
    return game.copy(), game.to_json()


def assert_unchanged(game: Game[Any], before: tuple[Game[Any], str]) -> None:
    copy, text = before
    assert game == copy
    assert game.to_json() == text


def assert_consistent(game: Game[Any]) -> None:
    """What holds in every position of every game."""
    legal = game.legal_moves()
    texts = game.legal_move_texts()
    assert len(set(texts)) == len(texts), "a legal move is listed twice"
    assert [game.move_text(game.parse_move(t)) for t in texts] == texts, "notation round trip"
    over = game.is_over
    assert (game.to_move is None) == over
    assert (not legal) == over, "a game is over exactly when there is no legal move"
    if over:
        assert game.winner in (1, 2) or game.is_draw
        assert not (game.winner and game.is_draw)
        if game.is_draw:
            assert reference_for(game.slug, game.options).can_draw, "this game has no draws"
        assert game.why_illegal("1") is not None
    else:
        assert game.to_move in (1, 2)
        assert game.winner is None and not game.is_draw
        for text in texts:
            assert game.why_illegal(text) is None


def assert_round_trips(game: Game[Any]) -> None:
    text = game.to_json()
    loaded = load_game(text)
    assert loaded == game
    assert loaded.to_json() == text
    assert loaded.legal_move_texts() == game.legal_move_texts()
    assert load_game(game.to_dict()) == game


@pytest.mark.parametrize("slug", SLUGS)
@given(data=st.data())
def test_random_play_ends_and_is_consistent(slug: str, data: st.DataObject) -> None:
    game = data.draw(new_games([slug]))
    bound, reference = move_bound(game), reference_for(slug, game.options)
    assert_consistent(game)
    assert_round_trips(game)
    history: list[str] = []
    while not game.is_over and len(history) < bound:
        before = snapshot(game)
        mover = game.to_move
        move = pick(data.draw, game.legal_moves())
        assert game.play(move) == move
        history.append(game.move_text(move))
        assert [game.move_text(m) for m in game.moves] == history
        assert game.turn == len(history)
        assert_consistent(game)
        assert_round_trips(game)
        if game.is_over and reference.mover_wins:
            # The winner is the player who moved last (the opponent cannot move, or the
            # target was hit); in Number Duel the defender can win the final attack.
            assert game.winner == mover
        # Undo restores exactly the previous state; replaying the move gives this one back.
        after = snapshot(game)
        assert game.undo() == move
        assert_unchanged(game, before)
        game.play(game.move_text(move))
        assert_unchanged(game, after)
    if reference.longest() is not None:
        assert game.is_over, f"{slug} did not end within {bound} moves"
    # Undo all the way back to the start.
    while game.moves:
        game.undo()
    with pytest.raises(RulesError):
        game.undo()
    assert game.to_json() == load_game(game.to_json()).to_json()
    assert game.legal_moves()


PADDING = (" ", "\t", "0", "1", "9")


def move_texts_to_try(draw: st.DrawFn, game: Game[Any], seen: list[str]) -> str:
    """A move text that may or may not be legal now."""
    legal = game.legal_move_texts()
    played = [game.move_text(m) for m in game.moves]
    kind = draw(st.integers(0, 4))
    if kind == 1 and seen:
        return pick(draw, seen)  # legal at some earlier point of this game
    if kind == 2 and played:
        return pick(draw, played)  # claimed numbers, used attacks, old steps
    if kind == 3 and legal:
        return pick(draw, legal)
    if kind == 4 and legal:
        # A near miss: a legal move with padding or a digit stuck to it.
        text, pad = pick(draw, legal), pick(draw, list(PADDING))
        return text + pad if pad.isspace() else pad + text
    return draw(JUNK_TEXTS)


@pytest.mark.parametrize("slug", SLUGS)
@given(data=st.data())
def test_illegal_moves_are_refused_and_change_nothing(slug: str, data: st.DataObject) -> None:
    game = data.draw(new_games([slug]))
    seen: list[str] = []
    for _ in range(min(move_bound(game), 40)):
        legal = game.legal_move_texts()
        seen.extend(legal)
        for _ in range(3):
            text = move_texts_to_try(data.draw, game, seen)
            try:
                canonical = game.move_text(game.parse_move(text))
            except IllegalMove:
                canonical = None
            is_legal = canonical is not None and canonical in legal
            before = snapshot(game)
            reason = game.why_illegal(text)
            assert_unchanged(game, before)
            if is_legal:
                assert reason is None, f"{text!r} is legal but refused: {reason}"
                if text in legal:
                    assert canonical == text
            else:
                # Refused with a message for a person, and nothing changed.
                assert isinstance(reason, str) and reason.strip(), repr(text)
                with pytest.raises(IllegalMove) as refused:
                    game.play(text)
                assert str(refused.value) == reason
                assert_unchanged(game, before)
        if not legal:
            break
        game.play(pick(data.draw, legal))


@given(game=played_games(max_moves=30), value=st.one_of(st.none(), st.booleans(), st.floats()))
def test_non_move_objects_are_refused(game: Game[Any], value: Any) -> None:
    before = snapshot(game)
    with pytest.raises(IllegalMove):
        game.play(value)
    assert game.why_illegal(value) is not None
    assert_unchanged(game, before)


@given(data=st.data())
def test_a_verdict_is_played_as_judged_here_and_judged_again_elsewhere(
    data: st.DataObject,
) -> None:
    """`check` once, then `play` the verdict: at the position it was made in the rules
    are not asked again; at any other position the move is judged afresh."""
    game = data.draw(played_games(max_moves=30))
    legal = game.legal_move_texts()
    if not legal:
        assert not game.check(data.draw(JUNK_TEXTS)).legal
        return
    verdict = game.check(pick(data.draw, legal))
    assert verdict.legal and game.judged_here(verdict) and game.copy().judged_here(verdict)
    clone = game.copy()
    asked = rules_asked(clone)
    assert clone.play(verdict) == verdict.move and asked == []
    # One move on, the same verdict is judged again (a picked number is now refused).
    later = game.copy()
    later.play(verdict.move)
    assert not later.judged_here(verdict)
    asked = rules_asked(later)
    before = snapshot(later)
    reason = later.why_illegal(verdict.given)
    if reason is None:
        assert later.play(verdict) == verdict.move and len(asked) == 2
    else:
        with pytest.raises(IllegalMove, match=re.escape(reason)):
            later.play(verdict)
        assert_unchanged(later, before)


@given(game=played_games(max_moves=30))
def test_copy_is_independent(game: Game[Any]) -> None:
    before = snapshot(game)
    clone = game.copy()
    if clone.legal_moves():
        clone.play(clone.legal_moves()[0])
        assert clone != game
    elif clone.moves:
        clone.undo()
        assert clone != game
    assert_unchanged(game, before)
