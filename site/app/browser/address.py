"""The page's address, taken apart and put together again: what the worker page needs of
`urllib.parse`, written out.

Importing `urllib.parse` would put it, `ipaddress` and (with `html`, for which
`mirror.escape` stands) about 0.05 MB on every first visit's wire before the first move: the
pages' standard library holds only what they import (scripts/build/stdlib_trim.py). Each
function gives what its `urllib.parse` namesake gives for the addresses a browser hands a
page (tests/test_address.py checks them against it).
"""

from __future__ import annotations

import re
from typing import NamedTuple

# What quote_plus leaves as it is: letters, digits and "_.-~" (RFC 3986's unreserved).
_UNRESERVED = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-~")
_ESCAPED = re.compile(r"(?:%[0-9A-Fa-f]{2})+")


class Parts(NamedTuple):
    """An address as urlsplit gives it."""

    scheme: str
    netloc: str
    path: str
    query: str
    fragment: str


def split(href: str) -> Parts:
    """As urlsplit, for an absolute address (scheme://netloc/path?query#fragment)."""
    rest, _, fragment = href.partition("#")
    rest, _, query = rest.partition("?")
    scheme, found, rest = rest.partition("://")
    if not found:
        return Parts("", "", scheme, query, fragment)
    slash = rest.find("/")
    netloc, path = (rest, "") if slash < 0 else (rest[:slash], rest[slash:])
    return Parts(scheme.lower(), netloc, path, query, fragment)


def unsplit(parts: Parts) -> str:
    """As urlunsplit: the address of `parts` (an empty query or fragment leaves no mark)."""
    path = parts.path
    if parts.netloc and path and not path.startswith("/"):
        path = "/" + path
    href = f"{parts.scheme}://{parts.netloc}{path}" if parts.scheme else path
    if parts.query:
        href += f"?{parts.query}"
    if parts.fragment:
        href += f"#{parts.fragment}"
    return href


def _unquote_plus(text: str) -> str:
    """As unquote_plus: "+" is a space, each run of %XX escapes is UTF-8 (bad bytes: U+FFFD)."""
    text = text.replace("+", " ")
    return _ESCAPED.sub(
        lambda m: bytes.fromhex(m[0].replace("%", "")).decode(errors="replace"), text
    )


def parse_query(query: str) -> list[tuple[str, str]]:
    """As parse_qsl(query, keep_blank_values=True): the name=value pairs, in order."""
    pairs = []
    for piece in query.split("&"):
        if piece:
            name, _, value = piece.partition("=")
            pairs.append((_unquote_plus(name), _unquote_plus(value)))
    return pairs


def _quote_plus(text: str) -> str:
    """As quote_plus(text, safe=""): UTF-8, every byte but the unreserved as %XX, space "+"."""
    out = []
    for byte in text.encode():
        if byte in _UNRESERVED:
            out.append(chr(byte))
        elif byte == 0x20:
            out.append("+")
        else:
            out.append(f"%{byte:02X}")
    return "".join(out)


def encode_query(pairs: list[tuple[str, str]]) -> str:
    """As urlencode(pairs)."""
    return "&".join(f"{_quote_plus(name)}={_quote_plus(value)}" for name, value in pairs)


def join(base: str, path: str) -> str:
    """As urljoin(base, path) for an absolute `base` and a `path` without query or fragment:
    absolute ("/x", not "//host"), relative to `base`'s folder ("x/y", "../x"), or an address
    of its own."""
    if not path:
        return base
    if "://" in path:
        return path
    parts = split(base)
    if path.startswith("/"):
        segments = path.split("/")
    else:
        folder = parts.path.split("/")
        if folder[-1] != "":
            del folder[-1]
        segments = folder + path.split("/")
        # As urljoin: no empty segment inside the joined path.
        segments[1:-1] = [segment for segment in segments[1:-1] if segment]
    resolved: list[str] = []
    for segment in segments:
        if segment == "..":
            if resolved:
                resolved.pop()
        elif segment != ".":
            resolved.append(segment)
    if segments[-1] in (".", ".."):
        resolved.append("")
    return unsplit(Parts(parts.scheme, parts.netloc, "/".join(resolved) or "/", "", ""))
