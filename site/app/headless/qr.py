"""A QR code of a link, as one SVG path: what a friend in the same room scans with their
phone's camera to open the link.

The encoder is the npm package qrcode-generator (`vendor/qrcode-generator/qrcode.js`),
which the page loads only when a player asks for a code (`link_qr.py`). This module,
free of the browser, decides whether a text fits in a code, hands the encoder the text's
UTF-8 bytes, and turns the code's modules into a path drawn dark on a light square.

The code is made at error-correction level L: shown on a screen, a code is not smudged or
torn, and the lowest level gives the fewest modules, so each is as large as the screen
allows (what a camera needs most). The text goes in byte mode, the one mode that holds
every character of an address.
"""

from __future__ import annotations

from collections.abc import Sequence

from py_rules.i18n import N_, _

LEVEL = "L"
# The most bytes a code holds in byte mode at level L: version 40, 177 x 177 modules.
MAX_BYTES = 2953
# The blank margin around a code that readers need to find it, in modules (the standard's).
QUIET = 4
TOO_LONG = N_(
    "This link is too long for a QR code ({length} bytes; a code holds at most {limit}): "
    "send it instead."
)


def refusal(text: str) -> str:
    """Why `text` cannot be shown as a QR code ("" when it can)."""
    length = len(text.encode("utf-8"))
    if length > MAX_BYTES:
        return _(TOO_LONG).format(length=length, limit=MAX_BYTES)
    return ""


def encoder_text(text: str) -> str:
    """`text` as the encoder takes it: one character per byte of its UTF-8 (the encoder
    keeps the low 8 bits of each character), so what a reader decodes is the text."""
    return text.encode("utf-8").decode("latin-1")


def side(count: int) -> int:
    """The side of the drawn square, in modules: the code and its quiet zone."""
    return count + 2 * QUIET


def path_data(rows: Sequence[Sequence[bool]]) -> str:
    """The SVG path of a code whose modules are `rows` (True: dark), in modules, inside its
    quiet zone: one rectangle for each run of dark modules in a row."""
    parts = []
    for y, row in enumerate(rows):
        x, count = 0, len(row)
        while x < count:
            if not row[x]:
                x += 1
                continue
            start = x
            while x < count and row[x]:
                x += 1
            parts.append(f"M{start + QUIET} {y + QUIET}h{x - start}v1h-{x - start}z")
    return "".join(parts)
