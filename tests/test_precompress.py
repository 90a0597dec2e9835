"""Build-time compression (scripts/build/precompress.py): what counts as compressed already, and
files replaced by a gzip that unpacks to exactly their bytes."""

from __future__ import annotations

import gzip
import io
import zipfile
from pathlib import Path

import precompress
import pytest

pytestmark = pytest.mark.no_wasm  # the build compresses on the host

TEXT = b"def play(move):\n    return move\n" * 200


def zipped(method: int) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", method) as archive:
        archive.writestr(zipfile.ZipInfo("a.py", (2024, 1, 1, 0, 0, 0)), TEXT, method)
        archive.writestr(zipfile.ZipInfo("empty/", (2024, 1, 1, 0, 0, 0)), b"")
    return out.getvalue()


@pytest.mark.parametrize(
    ("data", "compressed"),
    [
        (TEXT, False),
        (zipped(zipfile.ZIP_STORED), False),  # what the pages' zips are before the build packs them
        (zipped(zipfile.ZIP_DEFLATED), True),  # Pyodide's full python_stdlib.zip
        (gzip.compress(TEXT, mtime=0), True),
        (precompress.PNG_MAGIC + b"IHDR...", True),
    ],
)
def test_what_is_compressed_by_its_own_format(data: bytes, compressed: bool) -> None:
    assert precompress.already_compressed(data) is compressed


def test_pack_replaces_each_file_by_a_gzip_of_it(tmp_path: Path) -> None:
    (tmp_path / "py").mkdir()
    (tmp_path / "py" / "bundle.zip").write_bytes(zipped(zipfile.ZIP_STORED))
    sizes = precompress.pack(tmp_path, ["py/bundle.zip"], precompress.gzip_files)
    packed = tmp_path / "py" / "bundle.zip.gz"
    assert not (tmp_path / "py" / "bundle.zip").exists()
    assert sizes == {"py/bundle.zip.gz": packed.stat().st_size}
    assert gzip.decompress(packed.read_bytes()) == zipped(zipfile.ZIP_STORED)
    assert packed.stat().st_size < len(TEXT) / 10
    assert packed.read_bytes()[4:8] == b"\0\0\0\0"  # no time in the header: reproducible


def test_zopfli_makes_a_smaller_gzip_of_the_same_bytes_once(tmp_path: Path) -> None:
    """The build's compressor (npm @gfx/zopfli): gzip's format, smaller than gzip -9, no time
    in the header, and kept: a second build of the same file runs no compressor."""
    data = zipped(zipfile.ZIP_STORED) + bytes(range(256)) * 40 + TEXT
    source = tmp_path / "bundle.zip"
    source.write_bytes(data)
    cache = tmp_path / "cache"
    (packed,) = precompress.zopfli_files([source], cache)
    assert gzip.decompress(packed) == data
    assert len(packed) < len(precompress.gzip_bytes(data))
    assert packed[4:8] == b"\0\0\0\0"
    (kept,) = list(cache.iterdir())
    kept.write_bytes(precompress.gzip_bytes(b"kept"))  # what the cache holds is what is used
    assert precompress.zopfli_files([source], cache) == [kept.read_bytes()]


def test_the_build_compresses_with_zopfli_unless_told_gzip() -> None:
    """zopfli for what is deployed; `ND_COMPRESS=gzip` (`make test`'s build) for the same
    format at once; a misspelt name stops the build rather than shipping either silently."""
    assert precompress.chosen({}) is precompress.zopfli_files
    assert precompress.chosen({"ND_COMPRESS": "zopfli"}) is precompress.zopfli_files
    assert precompress.chosen({"ND_COMPRESS": "gzip"}) is precompress.gzip_files
    with pytest.raises(SystemExit, match="ND_COMPRESS='gzip9'"):
        precompress.chosen({"ND_COMPRESS": "gzip9"})
