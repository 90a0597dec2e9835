"""A game record as text: saved in localStorage, and shared as a link.

One format serves both, `Session.to_data()`: the whole record (every move played,
including moves taken back and not yet redone), the position shown (`at`), who plays,
and the players still to arrange their numbers (`arrange`, only while they do):

    {"v": 1, "mode": "cpu2", "level": "easy", "at": 3, "game": <Game.to_dict()>}

A link carries it as base64url of the compact JSON (`?g=...`). This module turns text
into JSON values and back, refusing anything too long or too deeply nested before it
is parsed; `Session.from_data` checks the value. Anything wrong raises BadSave with a
short message for a person. The puzzles' list of solved ids, also kept in
localStorage, is read through the same guard. Pure Python: tested in CPython with
hostile inputs.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
from typing import Any

from py_rules.i18n import _
from py_rules.rules.errors import BadSave

MAX_TOKEN_CHARS = 16_000  # a 99-move Digit Chain game needs about 1,500
MAX_SAVED_CHARS = 100_000
TOKEN = re.compile(r"^[A-Za-z0-9_-]*$")
MAX_DEPTH = 16  # a record nests 4 deep; far deeper JSON can overflow Pyodide's JS stack
# Outside strings: brackets become parentheses (and literal parentheses, never valid
# there, walls); the other characters JSON allows there go.
AS_PARENTHESES = bytes.maketrans(b"[{]}()", b"(())||")
JSON_OUTSIDE_STRINGS = b" \t\n\r,:0123456789+-.eEtrufalsn"


def encode_link(data: dict[str, Any]) -> str:
    """The `g` parameter of a share link: base64url of compact JSON, no padding."""
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False, sort_keys=True)
    return base64.urlsafe_b64encode(text.encode("utf-8")).decode("ascii").rstrip("=")


def decode_link(token: str) -> Any:
    """The JSON value inside a share link's `g` parameter; BadSave if it is not one."""
    if len(token) > MAX_TOKEN_CHARS:
        raise BadSave(_("it is far too long."))
    if not TOKEN.match(token) or len(token) % 4 == 1:
        raise BadSave(_("it is damaged (perhaps cut short when it was copied)."))
    try:
        raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
        return loads(raw.decode("utf-8"))
    except BadSave:
        raise
    except (binascii.Error, UnicodeDecodeError, ValueError, RecursionError):
        raise BadSave(_("it is damaged (perhaps cut short when it was copied).")) from None


def decode_saved(text: str) -> Any:
    """The JSON value of a game saved in localStorage; BadSave if it is not one."""
    if len(text) > MAX_SAVED_CHARS:
        raise BadSave(_("it is far too large."))
    try:
        return loads(text)
    except BadSave:
        raise
    except (ValueError, RecursionError):
        raise BadSave(_("it is damaged.")) from None


def loads(text: str) -> Any:
    """json.loads, refusing nesting deeper than any record (BadSave) before parsing:
    thousands of brackets crash Pyodide (a JS stack overflow) before Python's
    RecursionError."""
    if nested_too_deep(text):
        raise BadSave(_("it is not a Number Duels game."))
    return json.loads(text)


def nested_too_deep(text: str) -> bool:
    """Whether brackets outside strings nest (or open) more than MAX_DEPTH deep.

    Linear, and every loop in C (a loop in Python over a 100 KB save takes tens of
    milliseconds in Pyodide), on the UTF-8 bytes. Escaped backslashes and quotes go
    first, so every quote left opens or closes a string: the text between every other
    quote is outside strings. There only brackets stay, as parentheses, and any
    character JSON does not allow there stays as a wall (JSON stops at it). Then each
    of at most MAX_DEPTH passes deletes every innermost pair "()": a group nested d
    deep is gone after d passes, so what is left either still holds a pair (nested
    deeper than MAX_DEPTH), or has none. Then a cut-off text opens at most as deep as
    its longest run of "(" plus the passes that deleted pairs (the groups inside that
    run): an upper bound, exact for balanced text. Mismatched pairs such as "[}" count
    as pairs: JSON stops at the first one anyway.
    """
    unescaped = text.encode("utf-8", "replace").replace(b"\\\\", b"").replace(b'\\"', b"")
    outside = b"".join(unescaped.split(b'"')[::2])
    left = outside.translate(AS_PARENTHESES, JSON_OUTSIDE_STRINGS)
    passes = 0
    while passes < MAX_DEPTH:
        shorter = left.replace(b"()", b"")
        if shorter == left:
            break
        left, passes = shorter, passes + 1
    return b"()" in left or b"(" * (MAX_DEPTH + 1 - passes) in left


def encode_saved(data: dict[str, Any]) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False, sort_keys=True)


def solved_ids(text: str | None) -> set[str]:
    """The ids in a stored list of solved puzzles; anything else (damaged, edited, from
    another version, nested) counts as nothing solved rather than failing."""
    if not text or len(text) > MAX_SAVED_CHARS:
        return set()
    try:
        value = loads(text)
    except (BadSave, ValueError, RecursionError):
        return set()
    if not isinstance(value, list) or any(isinstance(item, (list, dict)) for item in value):
        return set()
    return {item for item in value if isinstance(item, str) and len(item) <= 64}


def solved_text(ids: set[str]) -> str:
    """The stored form of a set of solved puzzle ids (sorted, so it is stable)."""
    return json.dumps(sorted(ids), separators=(",", ":"))
