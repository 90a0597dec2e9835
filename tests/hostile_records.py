"""Bad share links and saved games of a Sequence Duel page, each with words its refusal must
say: shared by the page's test in CPython (tests/test_site_refused_records.py, every one) and
the browser's (e2e/test_resume.py, the few whose way into Python is the browser's own)."""

from __future__ import annotations

import base64
import json
from typing import Any

GOOD: dict[str, Any] = {
    "v": 1,
    "mode": "2p",
    "level": "easy",
    "at": 1,
    "game": {
        "format": "number-duels/1",
        "game": "sequence-duel",
        "options": {"first": 1, "size": 12, "seed": 5},
        "names": ["<svg onload=alert(1)>", "<b>Bob</b>"],
        "moves": ["6"],
    },
}


def token(data: Any) -> str:
    """A share link's `g` value for `data`, as the page makes it."""
    text = json.dumps(data, separators=(",", ":"))
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def hostile_links() -> dict[str, tuple[str, str]]:
    """name -> (the g parameter, as an address carries it; words the refusal must contain)."""
    good = token(GOOD)
    other_version = {**GOOD, "v": 2}
    old_save = {**GOOD, "game": {**GOOD["game"], "format": "number-duels/0"}}
    img = {**GOOD, "game": {**GOOD["game"], "names": ["<img src=x onerror=alert(1)>", ""]}}
    illegal = {**GOOD, "game": {**GOOD["game"], "moves": ["6", "7"]}, "at": 2}
    endless = {**GOOD, "game": {**GOOD["game"], "moves": ["1"] * 501}, "at": 0}
    deep = base64.urlsafe_b64encode(b"[" * 5000 + b"]" * 5000).decode().rstrip("=")
    return {
        "not base64": ("%3Cscript%3E", "damaged"),
        "cut short": (good[: len(good) // 2 + 1], "damaged"),
        "another version": (token(other_version), "another version"),
        "an old save format": (token(old_save), "another version"),
        "a name that is markup and too long": (token(img), "longer than 24 characters"),
        "an illegal move": (token(illegal), "move 2 ('7') is illegal"),
        "more moves than a game keeps": (token(endless), "501 moves, more than the 500 kept"),
        "deeply nested": (deep, "not a Number Duels game"),
        "another game": (token({**GOOD, "game": {**GOOD["game"], "game": "digit-chain"}}), "Digit"),
        "far too long": ("A" * 20_000, "far too long"),
    }


def saved(record: str) -> str:
    """`record` as the page keeps a saved game in localStorage: after its revision's line."""
    return f"1.{'0' * 16}\n{record}"


# (the record in storage, words its refusal must contain)
BAD_SAVES = [
    ('{"v":1,"mode":"2p"', "damaged"),
    (json.dumps({**GOOD, "v": 0}), "another version"),
    (json.dumps({**GOOD, "at": 7}), "position is not in the game"),
    (json.dumps({**GOOD, "mode": ["x"]}), "players are not valid"),
]
