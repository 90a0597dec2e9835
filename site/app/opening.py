"""Where a board lives (`Host`), and the game it opens with: the one a link carries, the
saved one, or a new one with the page's settings, never failing on hostile input."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from py_rules import Session
from py_rules.i18n import _
from py_rules.rules.errors import RulesError

from . import record as records
from .browser.dom import warn
from .headless.slot import SaveSlot
from .settings import COMPUTER_DELAY_MS, Features, Settings, new_session


@dataclass(frozen=True)
class Host:
    """Where a board lives and what it may do there."""

    root: Any  # the element holding this board's parts (the page body, or an embed's div)
    slug: str
    share_url: str  # the game page's address; a share link adds ?g=...
    delay: int = COMPUTER_DELAY_MS
    save_key: str | None = None  # localStorage key; None: this board is not saved
    # Hint, the review, the move list: a lesson may leave them out
    features: Features = field(default_factory=Features)
    links_key: str | None = None  # where games by link are kept; None: none are played


def not_restored(from_link: bool, error: str) -> str:
    """Why the game a link or the save carried is not shown (`error` says what is wrong)."""
    if from_link:
        message = _("That link could not be opened: {error} A new game has started.")
    else:
        message = _("Your saved game could not be restored: {error} A new game has started.")
    return message.format(error=error)


def restored(slug: str, slot: SaveSlot | None, link: str | None) -> tuple[Session | None, str]:
    """The game a share link carries, else the saved one (None: neither), and why one
    could not be shown ("" when nothing was wrong)."""
    from_link = link is not None
    try:
        if link is not None:
            return Session.from_data(records.decode_link(link), slug, True), ""
        if slot and (text := slot.load()):
            return Session.from_data(records.decode_saved(text), slug), ""
    except RulesError as error:
        return None, not_restored(from_link, str(error))
    except Exception as error:  # hostile input must never stop the page
        warn(f"{'A link' if from_link else 'A save'}: {type(error).__name__}: {error}")
        return None, not_restored(from_link, _("it is damaged."))
    return None, ""


def fresh(slug: str, settings: Settings) -> tuple[Session, str]:
    """A new game with `settings`, or with the defaults if they are refused."""
    try:
        return new_session(slug, settings), ""
    except RulesError as error:
        problem = _("This game's settings were refused ({error}): the standard game is shown.")
        return Session.new(slug), problem.format(error=error)
