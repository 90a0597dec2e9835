"""The board palette, in one place so the five boards look like one product.

Three palettes: the light and dark themes (their shared colours are the CSS custom
properties of assets/style.css, light and dark, which a test compares), and "forced" for
forced-colours mode (Windows high contrast), where the page's own colours give way to the
system's: the canvas then draws with the system colour keywords (Canvas, CanvasText,
Highlight, LinkText, GrayText), which the browser resolves to the player's chosen colours.
Renderers read the names below when they draw; `use` switches them all at once.
"""

from __future__ import annotations

from typing import Any

FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif'

SURFACE: str
INK: str
MUTED: str
FAINT: str
TRACK: str
EMPTY: str
LEGAL: str
LEGAL_FILL: str
ON_PLAYER: str  # text and outlines drawn on a player's colour; a face-up card's face
PLAYER: dict[int, str]
PLAYER_TINT: dict[int, str]
PLAYER_DARK: dict[int, str]  # a player's colour as text or a line on SURFACE or a tint

PALETTES: dict[str, dict[str, Any]] = {
    "light": {
        "SURFACE": "#fffdf8",
        "INK": "#1f2430",
        "MUTED": "#595e6c",
        "FAINT": "#d9d2c3",
        "TRACK": "#e9e2d3",
        "EMPTY": "#f3eee3",
        "LEGAL": "#f1b83a",
        "LEGAL_FILL": "#fff4d6",
        "ON_PLAYER": "#ffffff",
        "PLAYER": {1: "#c94a2e", 2: "#2f6fd0"},
        "PLAYER_TINT": {1: "#fbe2da", 2: "#dce7fa"},
        "PLAYER_DARK": {1: "#a83c22", 2: "#1f4f99"},
    },
    "dark": {
        "SURFACE": "#1c1f26",
        "INK": "#ebe8e1",
        "MUTED": "#9a9fac",
        "FAINT": "#4a505d",
        "TRACK": "#343944",
        "EMPTY": "#252a33",
        "LEGAL": "#f1b83a",
        "LEGAL_FILL": "#3d3520",
        "ON_PLAYER": "#14161b",
        "PLAYER": {1: "#ef7a5d", 2: "#6d9eef"},
        "PLAYER_TINT": {1: "#4b2b23", 2: "#1f2d47"},
        "PLAYER_DARK": {1: "#ffb59f", 2: "#a8c5ff"},
    },
    "forced": {
        "SURFACE": "Canvas",
        "INK": "CanvasText",
        "MUTED": "GrayText",
        "FAINT": "GrayText",
        "TRACK": "GrayText",
        "EMPTY": "Canvas",
        "LEGAL": "Highlight",  # the system's colour for what may be chosen
        "LEGAL_FILL": "Canvas",
        "ON_PLAYER": "Canvas",
        # Solid colours (a system's Highlight may be translucent): text colour and link colour.
        "PLAYER": {1: "CanvasText", 2: "LinkText"},
        "PLAYER_TINT": {1: "Canvas", 2: "Canvas"},
        "PLAYER_DARK": {1: "CanvasText", 2: "LinkText"},
    },
}

current = "light"


def use(name: str) -> None:
    """Draw with the palette `name` ("light", "dark" or "forced"; anything else: light)."""
    global current
    current = name if name in PALETTES else "light"
    globals().update(PALETTES[current])


use("light")
