"""The board palette, in one place so the five boards look like one product.

The colours match the CSS custom properties in assets/style.css.
"""

from __future__ import annotations

FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif'

SURFACE = "#fffdf8"
INK = "#1f2430"
MUTED = "#8b8f9a"
FAINT = "#d9d2c3"
TRACK = "#e9e2d3"
EMPTY = "#f3eee3"
LEGAL = "#f1b83a"
LEGAL_FILL = "#fff4d6"
WHITE = "#ffffff"

PLAYER = {1: "#e0583a", 2: "#2f6fd0"}
PLAYER_TINT = {1: "#fbe2da", 2: "#dce7fa"}
PLAYER_DARK = {1: "#a83c22", 2: "#1f4f99"}
