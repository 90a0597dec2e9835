"""A game record as data: saved in localStorage, and shared as a link.

One format serves both: the whole record (every move played, including moves taken back
and not yet redone), the position shown (`at`), and who plays:

    {"v": 1, "mode": "cpu2", "level": "easy", "at": 3, "game": <Game.to_dict()>}

A link carries it as base64url of the compact JSON (`?g=...`). Everything read back is
checked here and by `py_rules.load_game`; anything wrong raises BadSave with a short
message for a person. Pure Python: tested in CPython with hostile inputs.

Number Duel's hidden orders (and the seed, which determines them) may be in a link only
for a finished game, when every number has been shown anyway: while it runs, a link
carries just the options and names, and opens a fresh game with new hidden orders.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
from dataclasses import dataclass, field
from typing import Any

import py_rules
from py_rules.errors import BadSave, RulesError

from .settings import MODES

VERSION = 1
MAX_TOKEN_CHARS = 16_000  # a 99-move Digit Chain game needs about 1,500
MAX_SAVED_CHARS = 100_000
TOKEN = re.compile(r"^[A-Za-z0-9_-]*$")
KEYS = {"v", "mode", "level", "at", "game"}
MAX_DEPTH = 16  # a record nests 4 deep; far deeper JSON can overflow Pyodide's JS stack
# Outside strings: brackets become parentheses (and literal parentheses, never valid
# there, walls); the other characters JSON allows there go.
AS_PARENTHESES = bytes.maketrans(b"[{]}()", b"(())||")
JSON_OUTSIDE_STRINGS = b" \t\n\r,:0123456789+-.eEtrufalsn"
SECRET_OPTIONS = ("seed", "order1", "order2")


@dataclass
class Record:
    """A game at the position shown, the moves after it (redo), and who plays."""

    game: Any
    future: list[str] = field(default_factory=list)
    computer: int | None = None
    level: str = "easy"

    def whole(self) -> Any:
        """The game with every recorded move played (the end of the record)."""
        full = self.game.copy()
        for move in self.future:
            full.play(move)
        return full


def to_data(record: Record, share: bool = False) -> dict[str, Any]:
    """The record as plain data; for a link (`share`) without secrets of a running game."""
    full = record.whole()
    saved = full.to_dict()
    at = len(record.game.moves)
    if share and full.has_hidden_information and not full.is_over:
        saved["options"] = {k: v for k, v in saved["options"].items() if k not in SECRET_OPTIONS}
        saved["moves"], at = [], 0
    mode = next(name for name, player in MODES.items() if player == record.computer)
    return {"v": VERSION, "mode": mode, "level": record.level, "at": at, "game": saved}


def from_data(data: Any, slug: str, levels: tuple[str, ...], from_link: bool) -> Record:
    """Rebuild a record, checking every part; BadSave says what is wrong."""
    if not isinstance(data, dict) or not isinstance(data.get("game"), dict):
        raise BadSave("it is not a Number Duels game.")
    if data.get("v") != VERSION:
        raise BadSave("it is from another version of Number Duels.")
    if set(data) != KEYS:
        raise BadSave("it has missing or unknown parts.")
    mode, level, at = data["mode"], data["level"], data["at"]
    if not isinstance(mode, str) or mode not in MODES or level not in levels:
        raise BadSave("its players are not valid.")
    saved = data["game"]
    if saved.get("game") != slug:
        cls = py_rules.GAMES.get(saved.get("game")) if isinstance(saved.get("game"), str) else None
        raise BadSave(f"it is for {cls.title if cls else 'another game'}.")
    cls = py_rules.GAMES[slug]
    moves = saved.get("moves")
    if from_link and cls.has_hidden_information and isinstance(saved.get("options"), dict):
        secret = bool(moves) or any(k in saved["options"] for k in SECRET_OPTIONS)
    else:
        secret = False
    try:
        full = py_rules.load_game(saved)
    except RulesError as error:
        raise BadSave(lowered(str(error))) from None
    if secret and not full.is_over:
        raise BadSave("a link to a Number Duel in progress would give away hidden numbers.")
    if isinstance(at, bool) or not isinstance(at, int) or not 0 <= at <= len(full.moves):
        raise BadSave("its position is not in the game.")
    future: list[str] = []
    while len(full.moves) > at:
        future.insert(0, full.move_text(full.undo()))
    return Record(full, future, MODES[mode], level)


def lowered(message: str) -> str:
    """A BadSave sentence ("This saved game is corrupt.") as a clause after "because"."""
    for lead in ("This saved game ", "The saved game "):
        if message.startswith(lead):
            return "it " + message[len(lead) :]
    message = message.replace(" of this saved game", "")
    return message[:1].lower() + message[1:]


def encode_link(data: dict[str, Any]) -> str:
    """The `g` parameter of a share link: base64url of compact JSON, no padding."""
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False, sort_keys=True)
    return base64.urlsafe_b64encode(text.encode("utf-8")).decode("ascii").rstrip("=")


def decode_link(token: str) -> Any:
    """The JSON value inside a share link's `g` parameter; BadSave if it is not one."""
    if len(token) > MAX_TOKEN_CHARS:
        raise BadSave("it is far too long.")
    if not TOKEN.match(token) or len(token) % 4 == 1:
        raise BadSave("it is damaged (perhaps cut short when it was copied).")
    try:
        raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
        return loads(raw.decode("utf-8"))
    except BadSave:
        raise
    except (binascii.Error, UnicodeDecodeError, ValueError, RecursionError):
        raise BadSave("it is damaged (perhaps cut short when it was copied).") from None


def decode_saved(text: str) -> Any:
    """The JSON value of a game saved in localStorage; BadSave if it is not one."""
    if len(text) > MAX_SAVED_CHARS:
        raise BadSave("it is far too large.")
    try:
        return loads(text)
    except BadSave:
        raise
    except (ValueError, RecursionError):
        raise BadSave("it is damaged.") from None


def loads(text: str) -> Any:
    """json.loads, refusing nesting deeper than any record (BadSave) before parsing:
    thousands of brackets crash Pyodide (a JS stack overflow) before Python's
    RecursionError."""
    if nested_too_deep(text):
        raise BadSave("it is not a Number Duels game.")
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
    deeper than MAX_DEPTH), or has none, and then its longest run of "(" is how deep a
    cut-off text opens. Mismatched pairs such as "[}" count as pairs: JSON stops at the
    first one anyway.
    """
    unescaped = text.encode("utf-8", "replace").replace(b"\\\\", b"").replace(b'\\"', b"")
    outside = b"".join(unescaped.split(b'"')[::2])
    left = outside.translate(AS_PARENTHESES, JSON_OUTSIDE_STRINGS)
    for _ in range(MAX_DEPTH):
        shorter = left.replace(b"()", b"")
        if shorter == left:
            break
        left = shorter
    return b"()" in left or b"(" * (MAX_DEPTH + 1) in left


def encode_saved(data: dict[str, Any]) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False, sort_keys=True)
