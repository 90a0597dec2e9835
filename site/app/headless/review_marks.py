"""The review shown in the move list: what each move did, judged a move at a time.

The judging and its words are `py_rules.engine.review`'s; this module decides when the page
shows them and keeps them per record. A long review (Sequence Duel on 60 numbers takes
seconds) must not freeze the page, so `RecordReview` judges one move per `step`, which
the screen calls from a timer; moves not judged yet read "reviewing…". The results are
kept while the record stays the same (stepping through it, redrawing) and dropped when
a move changes it.

Pure Python (no browser imports), so it is tested in CPython and Pyodide alike.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass

from py_rules import Session
from py_rules.engine.review import MoveReview, describe, review_steps
from py_rules.i18n import N_, _

REVIEWING = N_("reviewing…")


@dataclass(frozen=True)
class Mark:
    """What the move list says about one move, and how it looks (a class name:
    "reviewing", "mistake" or "judged"; the words alone carry the meaning)."""

    words: str
    kind: str


def shows_review(session: Session) -> bool:
    """Whether the move list shows the review now: once the record is a finished game,
    or while stepping back through a game whose history hides nothing. A game with
    hidden information (Number Duel) is reviewed only once it is over, so that no
    chance shown can give away the numbers still hidden."""
    if session.record_over:
        return True
    return session.at < session.total and not session.game.has_hidden_information


def record_key(session: Session) -> str:
    """What the review depends on: the game, its options and every recorded move."""
    whole = session.whole().to_dict()
    return json.dumps([whole["game"], whole["options"], whole["moves"]], sort_keys=True)


class RecordReview:
    """The review of one session's record, judged a step at a time and kept until the
    record changes."""

    def __init__(self) -> None:
        self.key: str | None = None
        self.found: dict[int, MoveReview] = {}
        self.steps: Iterator[tuple[int, MoveReview]] | None = None
        self.shown = False
        self.enabled = True  # False: never shown (a puzzle's review would give it away)

    def follow(self, session: Session) -> None:
        """Look at the session as it is now: start again if its record changed (what
        was judged for the old record is dropped, never shown for the new one)."""
        self.shown = self.enabled and shows_review(session)
        if not self.shown:
            return
        key = record_key(session)
        if key != self.key:
            self.key, self.found = key, {}
            self.steps = review_steps(session.whole())

    @property
    def busy(self) -> bool:
        """Whether a step would judge a move now (shown, and not finished)."""
        return self.shown and self.steps is not None

    def step(self) -> int | None:
        """Judge one more move; its index, or None when nothing was left to judge."""
        if not self.busy or self.steps is None:
            return None
        try:
            index, item = next(self.steps)
        except StopIteration:
            self.steps = None
            return None
        self.found[index] = item
        return index

    def item(self, index: int) -> MoveReview | None:
        """The review of move `index` (from 0) if it is judged and shown."""
        return self.found.get(index) if self.shown else None

    def mark(self, index: int) -> Mark | None:
        """What the move list says about move `index`: None while no review is shown."""
        if not self.shown:
            return None
        item = self.found.get(index)
        if item is None:
            return Mark(_(REVIEWING), "reviewing")
        return Mark(describe(item), "mistake" if item.mistake else "judged")

    def mistake(self, index: int) -> MoveReview | None:
        """The review of move `index` if it is a judged mistake shown now."""
        item = self.item(index)
        return item if item is not None and item.mistake else None

    def retry_from(self, session: Session, index: int) -> bool:
        """Whether "Try again from here" applies to move `index`: a judged mistake by a
        human, in a game where play may go on from an earlier position."""
        item = self.mistake(index)
        return (
            item is not None
            and item.player in session.humans
            and session.game.take_back_while_running
        )
