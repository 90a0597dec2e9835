"""The board palettes (site/app/theme.py) match the page's colours (assets/style.css), in
both themes, so a board never looks pasted onto its page; forced colours use only the
system's colour keywords, which the browser swaps for the player's own colours."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from app.drawing import theme

STYLE = Path(__file__).resolve().parent.parent / "site" / "assets" / "style.css"
# The palette's names that are one of the page's CSS custom properties.
SHARED = {
    "SURFACE": "surface",
    "INK": "ink",
    "LEGAL": "legal",
    "PLAYER[1]": "p1",
    "PLAYER[2]": "p2",
    "PLAYER_TINT[1]": "p1-tint",
    "PLAYER_TINT[2]": "p2-tint",
    "PLAYER_DARK[1]": "p1-dark",
    "PLAYER_DARK[2]": "p2-dark",
}
SYSTEM_COLOURS = {"Canvas", "CanvasText", "Highlight", "LinkText", "GrayText"}


def css_block(selector: str) -> dict[str, str]:
    """The custom properties of the first rule for `selector` in the style sheet."""
    text = STYLE.read_text(encoding="utf-8")
    body = text[text.index(selector + " {") :].split("}", 1)[0]
    return dict(re.findall(r"--([a-z0-9-]+):\s*([^;]+);", body))


def value(palette: dict[str, object], name: str) -> object:
    key, _, player = name.partition("[")
    found = palette[key]
    return found[int(player.rstrip("]"))] if player else found  # type: ignore[index]


@pytest.mark.parametrize(
    ("name", "selector"), [("light", ":root"), ("dark", ':root[data-theme="dark"]')]
)
def test_the_board_palette_is_the_pages(name: str, selector: str) -> None:
    css = css_block(selector)
    for key, prop in SHARED.items():
        assert value(theme.PALETTES[name], key) == css[prop], (name, key)


def test_every_palette_names_every_colour_and_forced_uses_system_colours() -> None:
    names = set(theme.PALETTES["light"])
    assert all(set(p) == names for p in theme.PALETTES.values())
    forced = theme.PALETTES["forced"]
    used = {v for c in forced.values() for v in (c.values() if isinstance(c, dict) else [c])}
    assert used <= SYSTEM_COLOURS
    assert forced["PLAYER"][1] != forced["PLAYER"][2], "the two players stay apart"


def test_use_switches_every_name_and_falls_back_to_light() -> None:
    try:
        theme.use("dark")
        assert (theme.current, theme.SURFACE) == ("dark", "#1c1f26")
        theme.use("forced")
        assert theme.PLAYER == {1: "CanvasText", 2: "LinkText"}
        theme.use("sepia")
        assert (theme.current, theme.SURFACE) == ("light", "#fffdf8")
    finally:
        theme.use("light")
