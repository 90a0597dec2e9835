"""Where the board's buttons sit, written as shares of the board (its width for left and
width, its height for top and height) and the board's height as an aspect ratio: a board
whose proportions stay the same at every width then keeps the very same strings, so a phone's
width or a resize rewrites none of them. The build writes the board it draws with these
same functions (scripts/build/early_board.py), and the page compares Python's first drawing
with it string for string (app/browser/page_diff.py): the strings are written as a browser
writes them back (`element.style.cssText`), no trailing zeros, so that equal places compare
equal there too.
"""

from __future__ import annotations

from typing import Any

DIGITS = 3  # decimals of a share in %: 0.001% of a 600 px board is 0.006 px


def number(value: float) -> str:
    """`value` to `DIGITS` decimals as CSS serialises it back: no trailing zeros, no "-0"."""
    text = f"{value:.{DIGITS}f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def share(value: float, whole: float) -> str:
    """`value` as a percentage of `whole`."""
    return f"{number(100 * value / whole)}%"


def aspect(width: float, height: float) -> str:
    """A box `width` by `height` as a CSS aspect ratio, on a width of 100."""
    return f"100 / {number(100 * height / width)}"


def box(
    x: float, y: float, w: float, h: float, width: float, height: float
) -> tuple[str, str, str, str]:
    """A button's left, top, width and height on a board `width` by `height`."""
    return (share(x, width), share(y, height), share(w, width), share(h, height))


def restyle(element: Any, name: str, value: str) -> None:
    """Set one declaration of `element`'s inline style, unless it holds that value already
    (each write is an op the page applies)."""
    style = element.style
    if style.getPropertyValue(name) != value:
        style.setProperty(name, value)
