"""A query string as the browser writes and reads it, for the lesson builder's addresses:
one encoding everywhere (a space as %20), and reading as lenient as the browser's own (a
"+" is a space, a stray "%" stays as it is, the first of a repeated name wins)."""

from __future__ import annotations

SAFE = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")


def encode(text: str) -> str:
    """Percent-encoding for a query value (space as %20, so it reads the same everywhere)."""
    return "".join(chr(b) if b in SAFE else f"%{b:02X}" for b in text.encode("utf-8"))


def decode(text: str) -> str:
    """A query value as the browser reads it ('+' a space; a stray '%' kept as it is)."""
    raw = text.replace("+", " ").encode("utf-8")
    out, i = bytearray(), 0
    while i < len(raw):
        pair = raw[i + 1 : i + 3].decode("ascii", "replace")
        if (
            raw[i] == ord("%")
            and len(pair) == 2
            and all(c in "0123456789abcdefABCDEF" for c in pair)
        ):
            out.append(int(pair, 16))
            i += 3
        else:
            out.append(raw[i])
            i += 1
    return out.decode("utf-8", "replace")


def query_params(text: str) -> dict[str, str]:
    """The parameters of a query ("?" optional); the first of a repeated name wins."""
    params: dict[str, str] = {}
    for part in text.lstrip("?").split("&"):
        name, _sep, value = part.partition("=")
        if name:
            params.setdefault(decode(name), decode(value))
    return params
