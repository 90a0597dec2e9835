"""A game's options in a few words, for the build's own text: "pool 1-99, no tens".

The analysis table and the puzzles index both name setups this way, in the page's language;
the options' help texts (`py_rules` option specs) are whole sentences, too long for a table
cell, so these short phrases are their own messages.
"""

from __future__ import annotations

from typing import Any

from py_rules.i18n import N_, Catalogue

FLAGS = {"no_tens": N_("no tens"), "no_negative": N_("no negative")}
VALUES = {
    "size": N_("size {value}"),
    "target": N_("target {value}"),
    "pool": N_("pool {value}"),
    "numbers": N_("numbers {value}"),
}
RANGES = {"pool": N_("pool 1-{value}"), "numbers": N_("numbers 1-{value}")}


def phrase(name: str, value: Any, tr: Catalogue, ranges: bool) -> str | None:
    """One option in words, or None for a flag that is off. With `ranges`, a top number
    is said as the range it ends ("pool 1-99"), else as itself ("pool 57")."""
    if isinstance(value, bool):
        return tr.gettext(FLAGS[name]) if value else None
    message = (RANGES if ranges else {}).get(name) or VALUES[name]
    return tr.gettext(message).format(value=value)


def options_text(options: dict[str, Any], tr: Catalogue, ranges: bool = False) -> str:
    """Every option that is set, in words, as a list: "target 11, no negative"."""
    words = (phrase(name, value, tr, ranges) for name, value in options.items())
    return tr.gettext(", ").join(word for word in words if word is not None)
