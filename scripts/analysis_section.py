"""The "Analysis" section of each game page, rendered at build time from data/analysis.json.

Solving every size takes minutes, far too long for a page, so the page shows the
precomputed table (regenerate it with `python scripts/analysis.py`; the tests check it
against the solvers). The Hint button solves only the position on the board.
"""

from __future__ import annotations

import json
from html import escape
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent.parent / "data" / "analysis.json"
SHOWN_MOVES = 8  # more winning first moves than this are summarised


def option_text(options: dict[str, Any]) -> str:
    """A size option as a reader says it, e.g. "pool 1-99, no tens"."""
    parts = []
    for name, value in options.items():
        if isinstance(value, bool):
            if value:
                parts.append(name.replace("_", " "))
        elif name == "pool":
            parts.append(f"pool 1-{value}")
        elif name == "numbers":
            parts.append(f"numbers 1-{value}")
        else:
            parts.append(f"{name} {value}")
    return ", ".join(parts)


def result_text(entry: dict[str, Any]) -> tuple[str, str]:
    """(who wins, with which first moves) for one size."""
    if entry["method"] == "not computed":
        return "not computed (too large to solve here)", ""
    moves = [str(m) for m in entry["first_moves"] or []]
    shown = ", ".join(moves[:SHOWN_MOVES]) + (
        f" and {len(moves) - SHOWN_MOVES} more" if len(moves) > SHOWN_MOVES else ""
    )
    if "value" in entry:
        chance = f"first player's chance {100 * entry['value']:.1f}%"
        return chance, f"attack with {shown}" if moves else ""
    if entry["winner"] == "first":
        who = "first player wins"
        if entry["method"] == "mirror strategy":
            who += " (mirror strategy)"
        elif not entry.get("all_moves", True):
            shown += " (others not judged)"
        return who, shown
    return "second player wins", "every first move loses"


HEAD = "<tr><th>Setup</th><th>With perfect play</th><th>Winning first moves</th></tr>"


def headline(entry: dict[str, Any]) -> str:
    """One line on the standard game."""
    who, moves = result_text(entry)
    if not moves:
        return f"Standard game: {who}."
    if "value" in entry:
        return f"Standard game: {who}; best opening: {moves}."
    return f"Standard game: {who}; winning first moves: {moves}."


def section_html(slug: str, data: dict[str, Any] | None = None) -> str:
    """The page section for one game: the plain sentence, the standard game, every size."""
    data = data or json.loads(DATA.read_text(encoding="utf-8"))
    game = data["games"][slug]
    rows = []
    for entry in game["sizes"]:
        who, moves = result_text(entry)
        mark = ' class="standard"' if entry["standard"] else ""
        label = option_text(entry["options"]) + (" (standard)" if entry["standard"] else "")
        cells = "".join(f"<td>{escape(text)}</td>" for text in (label, who, moves))
        rows.append(f"<tr{mark}>{cells}</tr>")
    standard = next(e for e in game["sizes"] if e["standard"])
    return "\n".join(
        [
            '<section class="panel analysis" aria-labelledby="analysis-title">',
            '  <h2 id="analysis-title">Analysis: who wins with perfect play</h2>',
            f"  <p>{escape(game['sentence'])}</p>",
            f'  <p class="analysis-standard">{escape(headline(standard))}</p>',
            "  <details>",
            "    <summary>Every size</summary>",
            f'    <table class="analysis-table"><thead>{HEAD}</thead><tbody>',
            *(f"      {row}" for row in rows),
            "    </tbody></table>",
            "  </details>",
            '  <p class="analysis-note">Precomputed at build time from the exact solvers in',
            "  <code>py_rules.engine.solvers</code>; Hint solves the position on the board.</p>",
            "</section>",
        ]
    )
