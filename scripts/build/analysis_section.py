"""The "Analysis" section of each game page, rendered at build time from data/analysis.json.

Solving every size takes minutes, far too long for a page, so the page shows the
precomputed table (regenerate it with `python scripts/data/analysis.py`; the tests check it
against the solvers). The Hint button solves only the position on the board.
"""

from __future__ import annotations

import json
from html import escape
from pathlib import Path
from typing import Any

from option_words import options_text

from py_rules.engine.analysis import sentence
from py_rules.i18n import ENGLISH, Catalogue, percent, using

DATA = Path(__file__).resolve().parents[2] / "data" / "analysis.json"
SHOWN_MOVES = 8  # more winning first moves than this are summarised


def moves_text(moves: list[str], tr: Catalogue) -> str:
    """Winning first moves as a list, the first SHOWN_MOVES of them and a count of the rest."""
    shown = tr.gettext(", ").join(moves[:SHOWN_MOVES])
    more = len(moves) - SHOWN_MOVES
    if more <= 0:
        return shown
    return tr.ngettext("{moves} and {count} more", "{moves} and {count} more", more).format(
        moves=shown, count=more
    )


def result_text(entry: dict[str, Any], tr: Catalogue) -> tuple[str, str]:
    """(who wins, with which first moves) for one size, in the language of `tr` (which the
    rules' own words, such as the percentage, must be `using` too)."""
    if entry["method"] == "not computed":
        return tr.gettext("not computed (too large to solve here)"), ""
    moves = [str(m) for m in entry["first_moves"] or []]
    shown = moves_text(moves, tr)
    if "value" in entry:
        chance = tr.gettext("first player's chance {chance}").format(
            chance=percent(entry["value"], 1)
        )
        return chance, tr.gettext("attack with {moves}").format(moves=shown) if moves else ""
    if entry["winner"] == "first":
        if entry["method"] == "mirror strategy":
            return tr.gettext("first player wins (mirror strategy)"), shown
        if not entry.get("all_moves", True):
            shown = tr.gettext("{moves} (others not judged)").format(moves=shown)
        return tr.gettext("first player wins"), shown
    return tr.gettext("second player wins"), tr.gettext("every first move loses")


def head_html(tr: Catalogue) -> str:
    cells = (
        tr.gettext("Setup"),
        tr.gettext("With perfect play"),
        tr.gettext("Winning first moves"),
    )
    return "<tr>" + "".join(f"<th>{escape(text)}</th>" for text in cells) + "</tr>"


def headline(entry: dict[str, Any], tr: Catalogue) -> str:
    """One line on the standard game."""
    who, moves = result_text(entry, tr)
    if not moves:
        return tr.gettext("Standard game: {who}.").format(who=who)
    if "value" in entry:
        message = tr.gettext("Standard game: {who}; best opening: {moves}.")
    else:
        message = tr.gettext("Standard game: {who}; winning first moves: {moves}.")
    return message.format(who=who, moves=moves)


def row_html(entry: dict[str, Any], tr: Catalogue) -> str:
    who, moves = result_text(entry, tr)
    label = options_text(entry["options"], tr, ranges=True)
    if entry["standard"]:
        label = tr.gettext("{setup} (standard)").format(setup=label)
    mark = ' class="standard"' if entry["standard"] else ""
    cells = "".join(f"<td>{escape(text)}</td>" for text in (label, who, moves))
    return f"<tr{mark}>{cells}</tr>"


def section_html(slug: str, tr: Catalogue = ENGLISH, data: dict[str, Any] | None = None) -> str:
    """The page section for one game, in the language of `tr`: the plain sentence (the
    rules' own, made again from the table), the standard game, every size."""
    data = data or json.loads(DATA.read_text(encoding="utf-8"))
    game = data["games"][slug]
    with using(tr):
        plain = sentence(slug, game["sizes"])
        rows = [row_html(entry, tr) for entry in game["sizes"]]
        standard = headline(next(e for e in game["sizes"] if e["standard"]), tr)
    title = tr.gettext("Analysis: who wins with perfect play")
    every = tr.gettext("Every size")
    note = escape(
        tr.gettext(
            "Precomputed at build time from the exact solvers in {module}; Hint solves the "
            "position on the board."
        )
    ).format(module="<code>py_rules.engine.solvers</code>")
    return "\n".join(
        [
            '<section class="panel analysis" aria-labelledby="analysis-title">',
            f'  <h2 id="analysis-title">{escape(title)}</h2>',
            f"  <p>{escape(plain)}</p>",
            f'  <p class="analysis-standard">{escape(standard)}</p>',
            "  <details>",
            f"    <summary>{escape(every)}</summary>",
            f'    <table class="analysis-table"><thead>{head_html(tr)}</thead><tbody>',
            *(f"      {row}" for row in rows),
            "    </tbody></table>",
            "  </details>",
            f'  <p class="analysis-note">{note}</p>',
            "</section>",
        ]
    )
