"""The puzzles page's index: every game's puzzles by difficulty, from data/puzzles.json.

Each puzzle is a link `?p=ID` (the page's Python switches the board to it in place; the
link also works on its own, in a new tab or a bookmark). A game without puzzles shows
why, in the words the terminal gives (`python -m py_rules puzzles circle-duel`).
"""

from __future__ import annotations

import html
from typing import Any

from option_words import options_text

from py_rules import GAMES
from py_rules.engine.puzzles import load
from py_rules.i18n import ENGLISH, Catalogue


def link_html(slug: str, number: int, puzzle: dict[str, Any], tr: Catalogue) -> str:
    moves = puzzle["win_in"]
    text = tr.ngettext(
        "Puzzle {number}: win in {count} move ({options})",
        "Puzzle {number}: win in {count} moves ({options})",
        moves,
    ).format(number=number, count=moves, options=options_text(puzzle["options"], tr))
    pid = html.escape(puzzle["id"], quote=True)
    return (
        f'<li><a class="puzzle-link" href="?p={pid}" data-puzzle-id="{pid}" '
        f'data-game="{slug}">{html.escape(text)}</a></li>'
    )


def level_title(level: str, tr: Catalogue) -> str:
    """A difficulty as a heading: "Easy" (the level's name is the rules' own message)."""
    name = tr.gettext(level)
    return name[:1].upper() + name[1:]


def game_html(slug: str, entry: dict[str, Any], levels: list[str], tr: Catalogue) -> str:
    title = html.escape(tr.gettext(GAMES[slug].title))
    parts = [f'<section class="panel puzzle-game" aria-labelledby="pz-{slug}">']
    parts.append(f'<h2 id="pz-{slug}">{title}</h2>')
    if entry.get("note"):
        parts.append(f'<p class="puzzle-note">{html.escape(tr.gettext(entry["note"]))}</p>')
    number = 0
    for level in levels:
        found = [p for p in entry["puzzles"] if p["difficulty"] == level]
        if not found:
            continue
        heading = html.escape(level_title(level, tr))
        parts.append(f'<h3>{heading} <span class="count">({len(found)})</span></h3>')
        parts.append('<ol class="puzzle-list">')
        for puzzle in found:
            number += 1
            parts.append(link_html(slug, number, puzzle, tr))
        parts.append("</ol>")
    parts.append("</section>")
    return "\n      ".join(parts)


def first_puzzle() -> tuple[str, str]:
    """The game and id of the puzzle the page shows first."""
    for slug, entry in load()["games"].items():
        if entry["puzzles"]:
            return slug, entry["puzzles"][0]["id"]
    raise SystemExit("data/puzzles.json has no puzzles")


def index_html(tr: Catalogue = ENGLISH) -> str:
    """Every game's puzzles, in the language of `tr`."""
    data = load()
    levels = list(data["levels"])
    slugs = [slug for slug in GAMES if slug in data["games"]]
    return "\n      ".join(game_html(slug, data["games"][slug], levels, tr) for slug in slugs)
