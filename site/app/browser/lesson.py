"""The lesson API in the page: each board tells the page around it what was played.

After every change the controller calls `report(board, root, session)`;
`py_rules.play.lesson` decides which events that change fires, and this sends them: a
bubbling `CustomEvent` on the board's element, and, for the game page in an iframe
(`?embed=1`), a `postMessage` to the parent with the event's name as `type`.
"""

from __future__ import annotations

from typing import Any
from weakref import WeakKeyDictionary

from py_rules import Session
from py_rules.play.lesson import LessonTracker

from . import sharing

_trackers: WeakKeyDictionary[object, LessonTracker] = WeakKeyDictionary()
_posting: WeakKeyDictionary[object, bool] = WeakKeyDictionary()


def post_to_parent(board: object) -> None:
    """This board (the game page framed with `?embed=1`) also posts its events to the parent."""
    _posting[board] = True


def report(board: object, root: Any, session: Session) -> None:
    """Send the events of the board's last change to its element `root` (the board, a
    controller, is only the key of what it reported before)."""
    tracker = _trackers.setdefault(board, LessonTracker())
    for name, detail in tracker.update(session):
        sharing.dispatch(root, name, detail)
        if _posting.get(board):
            sharing.post_to_parent({"type": name, **detail})
