"""The app icons, drawn as PNGs in pure Python (zlib and struct) beside the SVG one:
192 and 512 pixels, and a maskable 512 whose picture keeps inside the safe zone.
`write_icons(out)` is called by offline.py's `install`, with the manifest that names them.
"""

from __future__ import annotations

import math
import struct
import zlib
from pathlib import Path


def _rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


def draw_icon(size: int, maskable: bool = False) -> bytes:
    """The favicon's picture (two overlapping discs on a dark tile) as an RGBA PNG.

    Edges are anti-aliased from signed distances. A maskable icon fills the whole square
    and keeps the discs inside the central safe zone (80 %).
    """
    ink, red, blue = _rgb("#1f2430"), _rgb("#e0583a"), _rgb("#2f6fd0")
    s = size / 64
    shrink = 0.72 if maskable else 1.0
    centre = size / 2
    discs = [
        (centre + (24 - 32) * s * shrink, centre, 13 * s * shrink, red, 1.0),
        (centre + (40 - 32) * s * shrink, centre, 13 * s * shrink, blue, 0.9),
    ]
    radius = 0 if maskable else 14 * s
    rows = []
    for y in range(size):
        row = bytearray(b"\0")  # filter type: none
        py = y + 0.5
        for x in range(size):
            px = x + 0.5
            # rounded square: signed distance to its edge
            qx = abs(px - centre) - (centre - radius)
            qy = abs(py - centre) - (centre - radius)
            d = math.hypot(max(qx, 0), max(qy, 0)) + min(max(qx, qy), 0) - radius
            alpha = min(max(0.5 - d, 0.0), 1.0)
            r, g, b = ink
            for cx, cy, cr, colour, opacity in discs:
                cover = min(max(0.5 - (math.hypot(px - cx, py - cy) - cr), 0.0), 1.0) * opacity
                if cover:
                    r += (colour[0] - r) * cover
                    g += (colour[1] - g) * cover
                    b += (colour[2] - b) * cover
            row += bytes((round(r), round(g), round(b), round(alpha * 255)))
        rows.append(bytes(row))
    return png(size, size, b"".join(rows))


def png(width: int, height: int, raw_rgba_rows: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data))
            + kind
            + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
        )

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw_rgba_rows, 9))
        + chunk(b"IEND", b"")
    )


def write_icons(out: Path) -> None:
    icons = out / "assets" / "icons"
    icons.mkdir(parents=True, exist_ok=True)
    (icons / "icon-192.png").write_bytes(draw_icon(192))
    (icons / "icon-512.png").write_bytes(draw_icon(512))
    (icons / "icon-maskable-512.png").write_bytes(draw_icon(512, maskable=True))
