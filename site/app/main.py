"""Entry point of every game page: report progress, build the board, hand over to it.

The page's address may carry a share link (`?g=...`), the computer's pause (`?delay=`),
`#play=<link>` (a friend's move in a game by link; `#game=<id>` reopens one kept here),
`?embed=1` (board only, for an iframe: not saved, so a lesson always starts fresh; its
lesson events are posted to the parent page) and starting settings by name
(`?mode=vs-computer&size=12`, `?moves=21%2013`, `?puzzle=<id>`, `?hints=false`), as an
embed's attributes do.
"""

from __future__ import annotations

import asyncio
from typing import Any

from .browser import address_bar, dom

LINKS = "links"  # the storage name of the games by link (listed on the home page)

_boards: list[object] = []  # the page's controller, kept for the life of the page


async def start(slug: str) -> None:
    """Load the rules and the board for `slug`; on failure, say so on the loading screen."""
    dom.boot().phase("rules")
    await asyncio.sleep(0)  # let the loading screen show this step before the work
    try:
        from .browser import lesson, storage
        from .controller import BoardController
        from .opening import Host
        from .pages import language
        from .settings import computer_delay, features_or_notice, settings_or_notice

        await language.start()  # before the board says or draws anything
        params = address_bar.query_params()
        settings, notice = settings_or_notice(slug, params)
        features, unwanted = features_or_notice(params)
        save_key = links_key = None
        if "embed" not in params:  # an embedded board is never saved, nor played by link
            save_key = storage.site_key(address_bar.site_scope(), slug)
            links_key = storage.site_key(address_bar.site_scope(), LINKS)
            storage.adopt_unscoped(slug, save_key, storage.unscoped_save)
        host = Host(
            root=dom.body(),
            slug=slug,
            share_url=address_bar.page_address(),
            delay=computer_delay(params),
            save_key=save_key,
            links_key=links_key,
            features=features,
        )
        if "embed" in params:  # the board only: New game starts the frame's own settings again
            for form in dom.query_all("form.options"):
                form.remove()
            if not features.move_list:
                dom.query(".history").closest("section").remove()
        puzzle, missing = framed_puzzle(slug, params)
        board = BoardController(host, settings, puzzle)
        _boards.append(board)
        if "embed" in params:  # framed as a lesson's board: tell the parent page too
            lesson.post_to_parent(board)
        board.begin(params.get("g"), missing or notice or unwanted)
        address_bar.drop_query_param("g")  # from now on the game lives in the save
        if links_key:  # a game by link: `#play=<link>`, or `#game=<id>` to continue one
            if address_bar.address_fragment():
                board.open_link(address_bar.address_fragment())
            address_bar.on_fragment(board.open_link)
    except Exception as error:
        from py_rules.i18n import _

        failed = _("The game could not start: {error}")
        dom.boot().fail(failed.format(error=f"{type(error).__name__}: {error}"))
        raise
    dom.boot().ready()


def deal(order: Any) -> None:
    """The page's board's first human to take the screen gets the hidden row `order`
    (`BoardController.deal`; RulesError if refused, or LookupError on a page with no board)."""
    if not _boards:
        raise LookupError("the page has no board to deal to")
    board: Any = _boards[-1]
    board.deal(order)


def framed_puzzle(slug: str, params: dict[str, str]) -> tuple[dict[str, Any] | None, str]:
    """A framed lesson's puzzle (`?embed=1&puzzle=<id>`), played as on the puzzles page;
    None and a notice for an id that is no puzzle of the game (the standard game shows)."""
    if "embed" not in params or "puzzle" not in params:
        return None, ""
    from .modes.puzzle import puzzle_or_notice

    return puzzle_or_notice(slug, params["puzzle"])
