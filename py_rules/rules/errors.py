"""The three ways input can be refused, so callers can tell them apart.

Every error carries a message written for a person (a player, a teacher, a tool user):
the front ends show it as it is. A message that repeats what was typed quotes it with
`quoted`, so that no long or invisible text can pass itself off as the message.
"""

from typing import Any

MAX_ECHO = 40  # characters of someone's input that a message repeats
SHORT_ECHO = 12  # ... where a move or an answer is repeated before the rule it breaks


def quoted(value: Any, limit: int = MAX_ECHO) -> str:
    """`value` as a message repeats it: at most `limit` characters, then "...".

    As repr() writes it, so quotes show where it starts and ends, and control, format
    (bidi, zero-width), line-separator and private-use characters show as escapes.
    """
    if isinstance(value, str):
        return repr(value[:limit]) + ("..." if len(value) > limit else "")
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


class RulesError(ValueError):
    """Base class: something a caller supplied was refused; nothing was changed."""


class IllegalMove(RulesError):
    """A move that breaks a rule, or text that is not a move in the game's notation."""


class BadOption(RulesError):
    """An option that is unknown, malformed or out of its range. `field` names what is at
    fault (an option's name, or `name1`/`name2` for a player's name) so that a form can mark
    it whatever language the message is in; None when no one field is."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


class BadSave(RulesError):
    """A saved game (JSON) that is corrupt, truncated, from another version or hostile."""
