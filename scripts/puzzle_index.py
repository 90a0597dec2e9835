"""The puzzles page's index: every game's puzzles by difficulty, from data/puzzles.json.

Each puzzle is a link `?p=ID` (the page's Python switches the board to it in place; the
link also works on its own, in a new tab or a bookmark). A game without puzzles shows
why, in the words the terminal gives (`python -m py_rules puzzles circle-duel`).
"""

from __future__ import annotations

import html
from typing import Any

from py_rules import GAMES
from py_rules.engine.puzzles import load


def options_text(options: dict[str, Any]) -> str:
    """A puzzle's options in a few words: "target 11, no negative", "pool 57, no tens"."""
    words = []
    for name, value in options.items():
        label = name.replace("_", " ")
        if value is True:
            words.append(label)
        elif value is not False:
            words.append(f"{label} {value}")
    return ", ".join(words)


def link_html(slug: str, number: int, puzzle: dict[str, Any]) -> str:
    moves = "1 move" if puzzle["win_in"] == 1 else f"{puzzle['win_in']} moves"
    text = f"Puzzle {number}: win in {moves} ({options_text(puzzle['options'])})"
    pid = html.escape(puzzle["id"], quote=True)
    return (
        f'<li><a class="puzzle-link" href="?p={pid}" data-puzzle-id="{pid}" '
        f'data-game="{slug}">{html.escape(text)}</a></li>'
    )


def game_html(slug: str, entry: dict[str, Any], levels: list[str]) -> str:
    title = html.escape(GAMES[slug].title)
    parts = [f'<section class="panel puzzle-game" aria-labelledby="pz-{slug}">']
    parts.append(f'<h2 id="pz-{slug}">{title}</h2>')
    if entry.get("note"):
        parts.append(f'<p class="puzzle-note">{html.escape(entry["note"])}</p>')
    number = 0
    for level in levels:
        found = [p for p in entry["puzzles"] if p["difficulty"] == level]
        if not found:
            continue
        parts.append(f'<h3>{level.capitalize()} <span class="count">({len(found)})</span></h3>')
        parts.append('<ol class="puzzle-list">')
        for puzzle in found:
            number += 1
            parts.append(link_html(slug, number, puzzle))
        parts.append("</ol>")
    parts.append("</section>")
    return "\n      ".join(parts)


def first_puzzle() -> tuple[str, str]:
    """The game and id of the puzzle the page shows first."""
    for slug, entry in load()["games"].items():
        if entry["puzzles"]:
            return slug, entry["puzzles"][0]["id"]
    raise SystemExit("data/puzzles.json has no puzzles")


def index_html() -> str:
    data = load()
    levels = list(data["levels"])
    return "\n      ".join(game_html(slug, data["games"][slug], levels) for slug in GAMES)
