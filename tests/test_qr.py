"""The link panel's QR code without the browser (`site/app/headless/qr.py`): which texts fit, the
bytes the encoder is given, and the path drawn from the modules; and, with the very
encoder the pages load (node_modules/qrcode-generator, run by Node.js), that the limit is
the encoder's own and that the drawn path reads back as the text in an independent
reader (zxing-cpp)."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest
from app.headless.qr import LEVEL, MAX_BYTES, QUIET, encoder_text, path_data, refusal, side

ROOT = Path(__file__).resolve().parent.parent
ENCODER = ROOT / "node_modules" / "qrcode-generator" / "dist" / "qrcode.js"
# The encoder as the page calls it (site/app/browser/qr_encoder.py, qr_modules): each text's
# modules as rows of 0 and 1, or the encoder's refusal.
ENCODE = """
const qrcode = require(process.argv[1]);
const out = JSON.parse(require("fs").readFileSync(0, "utf8")).map(([text, level]) => {
  try {
    const code = qrcode(0, level);
    code.addData(text, "Byte");
    code.make();
    const n = code.getModuleCount();
    const row = (r) => Array.from({length: n}, (_, c) => (code.isDark(r, c) ? 1 : 0));
    return Array.from({length: n}, (_, r) => row(r));
  } catch (error) {
    return String(error);
  }
});
process.stdout.write(JSON.stringify(out));
"""


def encode(*texts: str) -> list[list[list[int]] | str]:
    given = json.dumps([[encoder_text(text), LEVEL] for text in texts])
    done = subprocess.run(
        ["node", "-e", ENCODE, str(ENCODER)], input=given, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    result: list[list[list[int]] | str] = json.loads(done.stdout)
    return result


RUN = re.compile(r"M(\d+) (\d+)h(\d+)v1h-\3z")  # one run of dark modules in a row


def drawn(path: str, count: int, scale: int = 4) -> bytes:
    """The path's picture as grey pixels (0 dark, 255 light), `scale` pixels a module."""
    size = side(count)
    light = [[True] * size for _ in range(size)]
    runs = RUN.findall(path)
    assert "".join(f"M{x} {y}h{w}v1h-{w}z" for x, y, w in runs) == path  # runs only
    for x, y, width in runs:
        for column in range(int(x), int(x) + int(width)):
            light[int(y)][column] = False
    return bytes(
        255 if light[y // scale][x // scale] else 0
        for y in range(size * scale)
        for x in range(size * scale)
    )


def test_a_text_fits_up_to_the_bytes_of_the_largest_code() -> None:
    assert refusal("a" * MAX_BYTES) == ""
    said = refusal("a" * (MAX_BYTES + 1))
    assert said.startswith("This link is too long for a QR code (2954 bytes")
    assert "at most 2953" in said
    # Bytes, not characters: two bytes each in UTF-8.
    assert refusal("é" * (MAX_BYTES // 2)) == ""
    assert "2954 bytes" in refusal("é" * (MAX_BYTES // 2 + 1))


def test_the_encoder_is_given_the_texts_utf8_bytes() -> None:
    text = "https://example.org/juegos/número/#play=Añ🦊"
    given = encoder_text(text)
    assert all(ord(character) < 256 for character in given)
    assert given.encode("latin-1").decode("utf-8") == text


def test_the_path_draws_each_run_of_dark_modules_inside_the_quiet_zone() -> None:
    rows = [
        [True, True, False],
        [False, False, False],
        [True, False, True],
    ]
    q = QUIET
    assert path_data(rows) == (f"M{q} {q}h2v1h-2zM{q} {q + 2}h1v1h-1zM{q + 2} {q + 2}h1v1h-1z")
    assert side(3) == 3 + 2 * QUIET
    assert path_data([[False] * 3] * 3) == ""


@pytest.mark.no_wasm  # runs Node.js
def test_the_limit_is_the_encoders_and_the_drawn_code_reads_back() -> None:
    import zxingcpp  # the test tools' reader: not on WebAssembly

    address = "https://example.org/number-duels/games/number-duel/#play="
    longest = address + "A" * (MAX_BYTES - len(address))
    short = address + "AaCH8pv8QVw-AQtjaXJjbGUtZHVlbAAHCFBsYXllciAxCFBsYXllciAy"
    accented = "https://example.org/es/juegos/número/#play=Añ"
    fits, too_long, small, other = encode(longest, longest + "A", short, accented)
    assert isinstance(fits, list) and len(fits) == 177  # version 40, the largest
    assert isinstance(too_long, str) and "overflow" in too_long
    assert refusal(longest) == "" and refusal(longest + "A") != ""
    for text, modules in ((longest, fits), (short, small), (accented, other)):
        assert isinstance(modules, list)
        rows = [[bool(module) for module in row] for row in modules]
        pixels, size = drawn(path_data(rows), len(rows)), side(len(rows)) * 4
        image = memoryview(pixels).cast("B", (size, size))
        found = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
        assert [code.text for code in found] == [text]
