"""Counting how often a game's rules are asked, to show that one verdict serves twice."""

from __future__ import annotations

from typing import Any

from py_rules import Game


def rules_asked(game: Game[Any]) -> list[Any]:
    """From now on, every move `game.rule_broken` judges is appended to the list returned
    (the game itself behaves as before)."""
    asked: list[Any] = []
    judge = game.rule_broken

    def counted(state: Any, move: Any) -> str | None:
        asked.append(move)
        return judge(state, move)

    game.rule_broken = counted  # type: ignore[method-assign]
    return asked
