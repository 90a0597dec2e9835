"""The three ways input can be refused, so callers can tell them apart.

Every error carries a message written for a person (a player, a teacher, a tool user):
the front ends show it as it is.
"""


class RulesError(ValueError):
    """Base class: something a caller supplied was refused; nothing was changed."""


class IllegalMove(RulesError):
    """A move that breaks a rule, or text that is not a move in the game's notation."""


class BadOption(RulesError):
    """An option that is unknown, malformed or out of its range."""


class BadSave(RulesError):
    """A saved game (JSON) that is corrupt, truncated, from another version or hostile."""
