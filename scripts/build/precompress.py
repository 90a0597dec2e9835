"""Compress at build time what a static host would send uncompressed.

GitHub Pages gzips a response only when its type is `compressible` in mime-db
(scripts/serve/mime_db.py), and a `.zip` is not: the pages' standard library and Python bundle,
zips of uncompressed entries so that they compress well as a whole, would travel raw
(3.4 MB instead of 1 MB). `pack(out, names)` replaces each of these files with `<name>.gz`,
compressed at gzip's strongest level (the build runs on the standard library alone; zopfli
would be about 5 % smaller, see docs/performance.md). The pages still ask for `<name>`: the
runtime wrapper (site/snapshot/pyodide-snapshot.mjs) fetches `<name>.gz` instead and
unpacks it with `DecompressionStream`. A `.gz` file is `application/gzip`, which no host
compresses again; a host that decodes it on the way anyway is fine too: the page looks at
the bytes, not the name.
"""

from __future__ import annotations

import gzip
import io
import zipfile
from collections.abc import Iterable
from pathlib import Path

SUFFIX = ".gz"
GZIP_MAGIC = b"\x1f\x8b"
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
ZIP_MAGIC = b"PK\x03\x04"


def gzip_bytes(data: bytes) -> bytes:
    """`data` as a gzip file at the strongest level, the same bytes for the same data."""
    return gzip.compress(data, compresslevel=9, mtime=0)


def pack(out: Path, names: Iterable[str]) -> dict[str, int]:
    """Replace each file `out/name` by `out/name.gz`; return {name.gz: its size}."""
    sizes = {}
    for name in names:
        source = out / name
        target = source.with_name(source.name + SUFFIX)
        target.write_bytes(gzip_bytes(source.read_bytes()))
        source.unlink()
        sizes[name + SUFFIX] = target.stat().st_size
    return sizes


def already_compressed(data: bytes) -> bool:
    """Is this file compressed by its own format, so that gzip on the wire would gain little?

    A gzip file, a PNG (zlib inside), or a zip whose every entry is deflated.
    """
    if data.startswith((GZIP_MAGIC, PNG_MAGIC)):
        return True
    if data.startswith(ZIP_MAGIC):
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            entries = [i for i in archive.infolist() if i.file_size]
            return all(i.compress_type == zipfile.ZIP_DEFLATED for i in entries)
    return False
