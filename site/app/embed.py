"""Games embedded in any page: every `<div class="number-duels" data-game=...>` on it.

All of them run in the one Python runtime that `embed.js` starts (one download, one
interpreter start); each gets its own board, status line and controls, built inside
its own div, so nothing clashes. Attributes set the game: `data-game` (a slug),
`data-mode` (two-players, vs-computer, computer-first), `data-level`, `data-name1`,
`data-name2`, `data-first`, `data-arrange` (Number Duel: each human arranges their
numbers first), the game's options (`data-size`, `data-no-tens`, ...),
`data-puzzle` (one puzzle of the game, by its id: the `puzzle` mode) and what the board
offers besides play (`data-hints`, `data-review`, `data-move-list`: "false" leaves it out).
Embeds are not saved: a lesson starts from its own settings on every visit.
"""

from __future__ import annotations

from typing import Any

import py_rules
from py_rules import i18n
from py_rules.i18n import _
from py_rules.rules.errors import quoted

from .browser import address_bar, dom
from .browser.dom import clear, el
from .browser.events import on_resize
from .pages import language
from .settings import computer_delay, features_or_notice, settings_or_notice

_boards: list[Any] = []  # every embedded controller, kept for the life of the page
_pages: list[Any] = []  # the puzzles page's index, kept likewise


def attributes(root: Any) -> dict[str, str]:
    """An element's data-* attributes, `data-no-tens` read as "no_tens"."""
    params: dict[str, str] = {}
    for name in map(str, root.getAttributeNames()):
        if name.startswith("data-"):
            params[name[5:].replace("-", "_")] = str(root.getAttribute(name))
    return params


def build(root: Any, move_list: bool = True) -> None:
    """The parts one board needs, inside its own div (found by class, never by id)."""
    clear(root)
    root.append(el("p", "status", _("Starting the game…"), role="status", aria_live="polite"))
    board = el("div", "board")
    board.append(el("canvas", aria_hidden="true"))
    board.append(el("div", "targets", role="group", aria_label=_("Board")))
    handover = el("div", "handover")
    handover.hidden = True
    board.append(handover)
    root.append(board)
    root.append(el("div", "choices"))
    root.append(el("p", "message", aria_live="assertive"))
    root.append(el("div", "actions"))
    if move_list:
        moves = el("details", "moves")
        moves.append(el("summary", text=_("Moves")))
        moves.append(el("ol", "history"))
        root.append(moves)


def start_one(root: Any, base: str) -> None:
    from .controller import BoardController
    from .opening import Host

    params = attributes(root)
    slug = params.get("game", "")
    root.dataset.ndState = "started"
    if slug not in py_rules.GAMES:
        clear(root)
        known = ", ".join(py_rules.GAMES)
        unknown = _("Unknown game {game}: use one of {known}.").format(
            game=quoted(slug), known=known
        )
        root.append(el("p", "status", unknown))
        return
    features, unwanted = features_or_notice(params)
    if params.get("lang"):  # this board's words are in the language the page chose
        dom.set_language(root, i18n.language())
    build(root, features.move_list)
    puzzle, notice = None, ""
    if "puzzle" in params:  # one puzzle (an unknown id: a notice and the standard game)
        from .modes.puzzle import puzzle_or_notice

        puzzle, notice = puzzle_or_notice(slug, params["puzzle"])
    settings, refused = settings_or_notice(slug, params)
    host = Host(root, slug, f"{base}games/{slug}/", computer_delay(params), None, features)
    board = BoardController(host, settings, puzzle)
    _boards.append(board)
    board.begin(None, notice or refused or unwanted)


def stop(root: Any) -> None:
    """Stop the board in `root`, its computer's move too, and leave the box to its page
    (which no later start of every embed takes back)."""
    for board in [b for b in _boards if b.host.root == root]:
        board.computer.cancel()
        _boards.remove(board)
    root.dataset.ndState = "stopped"


def restart(root: Any, base: str) -> None:
    """Start the board in `root` again from its data-* attributes (the puzzles page
    switches puzzles this way); the board it held stops."""
    stop(root)
    start_one(root, base)


async def start_all() -> None:
    """Start every embedded game not started yet; one failing never stops the others."""
    base = address_bar.embed_base()
    chosen = [str(b.dataset.lang) for b in dom.query_all(".number-duels[data-lang]")]
    await language.start(chosen[0] if chosen else None)  # one runtime: one language a page
    if dom.query(".puzzle-index"):  # the puzzles page: its index picks the puzzle shown
        from .pages import puzzle_page

        _pages.append(puzzle_page.start(lambda root: restart(root, base)))
    if dom.query(".lesson-builder"):  # the lesson builder: its choices start its preview
        from .pages import builder_page

        _pages.append(builder_page.start(lambda root: restart(root, base), lambda: _boards, stop))
    for root in [r for r in dom.query_all(".number-duels") if not r.hasAttribute("data-nd-state")]:
        try:
            start_one(root, base)
        except Exception as error:  # show it in that board's box, keep the others going
            clear(root)
            failed = _("This game could not start: {error}").format(error=error)
            root.append(el("p", "status", failed))
            dom.warn(f"number-duels embed: {type(error).__name__}: {error}")
    say_ready_once_measured(list(_boards))


def say_ready_once_measured(boards: list[Any]) -> None:
    """Say the boards are ready (`<html data-nd-embeds="ready">`) once each has been drawn at
    its width on the page: a worker's page says the width of a board Python made only after
    the board is on the page (its first `size` message), and the board is drawn then. A
    board stopped meanwhile (the lesson builder's preview, started again) is not waited for."""
    said = False

    def check() -> None:
        nonlocal said
        if not said and all(b.screen.measured for b in boards if b in _boards):
            said = True
            dom.document_data("ndEmbeds", "ready")

    for board in boards:
        if not board.screen.measured:  # after the board's own handler, which draws it
            on_resize(board.screen.board_box, check)
    check()
