"""Entry point of every game page: report progress, build the board, hand over to it."""

from __future__ import annotations

import asyncio

import js  # type: ignore[import-not-found]

_board = None  # the page's one controller, kept for the life of the page


async def start(slug: str) -> None:
    """Load the rules and the board for `slug`; on failure, say so on the loading screen."""
    js.ndBoot.phase("rules")
    await asyncio.sleep(0)  # let the loading screen show this step before the work
    global _board
    try:
        from .controller import BoardController

        _board = BoardController(slug)
    except Exception as error:
        js.ndBoot.fail(f"The game could not start: {type(error).__name__}: {error}")
        raise
    js.ndBoot.ready()
