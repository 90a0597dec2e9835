"""Compress at build time what a static host would send uncompressed.

GitHub Pages gzips a response only when its type is `compressible` in mime-db
(scripts/serve/mime_db.py), and a `.zip` is not: the pages' standard library and Python bundle,
zips of uncompressed entries so that they compress well as a whole, would travel raw
(3.4 MB instead of 1 MB). `pack(out, names)` replaces each of these files with `<name>.gz`,
compressed by zopfli (the npm package @gfx/zopfli, run by zopfli.mjs beside this: the gzip
format, 5-6 % smaller than gzip's strongest level, 0.05 MB less on a first visit; each result
is kept in .build/zopfli/, made again only when the file changes). The pages still ask for
`<name>`: the runtime wrapper (site/snapshot/pyodide-snapshot.mjs) fetches `<name>.gz` instead and
unpacks it with `DecompressionStream`. A `.gz` file is `application/gzip`, which no host
compresses again; a host that decodes it on the way anyway is fine too: the page looks at
the bytes, not the name.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import os
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ZOPFLI = ROOT / "node_modules" / "@gfx" / "zopfli"
RUNNER = ROOT / "scripts" / "build" / "zopfli.mjs"
CACHE_DIR = ROOT / ".build" / "zopfli"
# zopfli's own default: more gains a few hundred bytes on the standard library for minutes.
ITERATIONS = 15
KEEP_CACHED = 10

SUFFIX = ".gz"
GZIP_MAGIC = b"\x1f\x8b"
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
ZIP_MAGIC = b"PK\x03\x04"


def gzip_bytes(data: bytes) -> bytes:
    """`data` as a gzip file at the strongest level, the same bytes for the same data."""
    return gzip.compress(data, compresslevel=9, mtime=0)


def gzip_files(sources: Sequence[Path]) -> list[bytes]:
    """Each file of `sources` as a gzip at the strongest level (`gzip_bytes`)."""
    return [gzip_bytes(path.read_bytes()) for path in sources]


def zopfli_files(sources: Sequence[Path], cache_dir: Path = CACHE_DIR) -> list[bytes]:
    """Each file of `sources` as a zopfli gzip (from the cache, or made by zopfli.mjs in one
    run of Node.js for all the files it lacks)."""
    if not (ZOPFLI / "package.json").is_file():
        sys.exit("zopfli: node_modules/@gfx/zopfli is missing: run `make site` (npm ci) first")
    cache_dir.mkdir(parents=True, exist_ok=True)
    version = json.loads((ZOPFLI / "package.json").read_text(encoding="utf-8"))["version"]
    key = f"zopfli {version}, {ITERATIONS} iterations\0"
    cached = [
        cache_dir / (hashlib.sha256(key.encode() + path.read_bytes()).hexdigest() + SUFFIX)
        for path in sources
    ]
    todo = [(s, c) for s, c in zip(sources, cached, strict=True) if not c.is_file()]
    if todo:
        with tempfile.TemporaryDirectory(prefix="nd-zopfli-") as tmp:
            plan = {
                "zopfli": str(ZOPFLI),
                "iterations": ITERATIONS,
                "jobs": [
                    {"source": str(s), "target": str(c.with_suffix(".partial"))} for s, c in todo
                ],
            }
            (Path(tmp) / "plan.json").write_text(json.dumps(plan))
            subprocess.run(["node", str(RUNNER), str(Path(tmp) / "plan.json")], check=True)
        for _, target in todo:
            target.with_suffix(".partial").rename(target)
    for path in cached:
        path.touch()
    kept = sorted(cache_dir.glob(f"*{SUFFIX}"), key=lambda p: p.stat().st_mtime)
    for old in kept[:-KEEP_CACHED]:
        old.unlink()
    return [path.read_bytes() for path in cached]


# What `ND_COMPRESS` may name. zopfli is the build's (what is deployed and measured); gzip,
# the same format 0.05 MB larger, is for a build only the tests read (`make test`): a clean
# clone has no kept zopfli results, and making them took about 30 s before any browser test.
COMPRESSORS: dict[str, Callable[[Sequence[Path]], list[bytes]]] = {
    "zopfli": zopfli_files,
    "gzip": gzip_files,
}


def chosen(environ: dict[str, str] | None = None) -> Callable[[Sequence[Path]], list[bytes]]:
    """The compressor `ND_COMPRESS` names (zopfli when unset); any other name stops the build."""
    name = (os.environ if environ is None else environ).get("ND_COMPRESS", "zopfli")
    if name not in COMPRESSORS:
        sys.exit(f"ND_COMPRESS={name!r}: expected one of {', '.join(COMPRESSORS)}")
    return COMPRESSORS[name]


def pack(
    out: Path,
    names: Iterable[str],
    compress: Callable[[Sequence[Path]], list[bytes]] = zopfli_files,
) -> dict[str, int]:
    """Replace each file `out/name` by `out/name.gz` (`compress`: the files' gzips, by
    default zopfli's); return {name.gz: its size}."""
    names = list(names)
    sources = [out / name for name in names]
    sizes = {}
    for name, source, packed in zip(names, sources, compress(sources), strict=True):
        target = source.with_name(source.name + SUFFIX)
        target.write_bytes(packed)
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
