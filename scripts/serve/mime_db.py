"""Media types and whether GitHub Pages compresses them, from the npm package `mime-db`.

GitHub Pages gzips a response only when the media type its file extension maps to is marked
`compressible` in mime-db's `db.json` (the data behind the `mime-types` package). The
project pins mime-db in package.json, so our local server (scripts/serve/site_server.py) and the
build's tests decide exactly as the host does, from the same data.
"""

from __future__ import annotations

import functools
import json
import posixpath
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DB = ROOT / "node_modules" / "mime-db" / "db.json"
# What an extension that no type claims is served as.
DEFAULT_TYPE = "application/octet-stream"
# When two types claim an extension, the one from the higher source wins (as mime-types
# decides: IANA over none over Apache over nginx).
SOURCE_RANK = ("nginx", "apache", None, "iana")


@functools.cache
def database(path: Path = DB) -> dict[str, dict]:
    """mime-db's db.json: media type -> {source, compressible, extensions, charset}."""
    if not path.is_file():
        raise SystemExit(f"{path} is missing: run `npm ci` (or `make deps`) first.")
    return json.loads(path.read_text(encoding="utf-8"))


@functools.cache
def types_by_extension(path: Path = DB) -> dict[str, str]:
    """Extension (without the dot, lower case) -> media type, as mime-types maps them."""
    db = database(path)
    by_extension: dict[str, str] = {}
    for media_type, entry in db.items():
        for extension in entry.get("extensions", ()):
            known = by_extension.get(extension)
            if known is not None and known != DEFAULT_TYPE:
                was = SOURCE_RANK.index(db[known].get("source"))
                now = SOURCE_RANK.index(entry.get("source"))
                if was > now or (was == now and known.startswith("application/")):
                    continue
            by_extension[extension] = media_type
    return by_extension


def media_type(name: str) -> str:
    """The media type a static host sends for a file name ("a/b.wasm" -> "application/wasm")."""
    extension = posixpath.splitext(name)[1].lstrip(".").lower()
    return types_by_extension().get(extension, DEFAULT_TYPE)


def content_type(name: str) -> str:
    """The Content-Type header for a file name: its media type, with UTF-8 for text."""
    kind = media_type(name)
    charset = database().get(kind, {}).get("charset")
    if kind.startswith("text/") or (charset or "").upper() == "UTF-8":
        return f"{kind}; charset=utf-8"
    return kind


def compressible(name: str) -> bool:
    """Does GitHub Pages gzip this file on the wire (its type is compressible in mime-db)?"""
    return bool(database().get(media_type(name), {}).get("compressible", False))
