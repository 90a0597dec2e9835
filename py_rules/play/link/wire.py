"""The bytes a link carries and the text that carries them.

A link is base64url text (no padding) of a small binary record followed by a 4-byte
check (the start of its SHA-256). The check catches a link damaged by copying (a
character lost or changed in a chat), so that damage is reported as damage and never
taken for cheating; it is no protection against someone who edits a link on purpose
(they can recompute it), which the protocol handles on its own.

Everything read is bounded: lengths are checked against what is left, numbers against
their limits, so a hostile link costs at most its own length to refuse.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import re

from ...rules.errors import RulesError

CHECK_BYTES = 4
# Far more than any game needs: at the standard sizes a link stays under 1,000
# characters; Number Circle (no turn limit of its own) takes about 17 per 100 moves, and
# a link holds at most the 500 moves the rules keep in one game (`core.MAX_MOVES`).
MAX_LINK_CHARS = 12_000
TOKEN = re.compile(r"[A-Za-z0-9_-]+")
# Where a link's text sits in a page address: games/<slug>/#play=<token>.
PARAMETER = "play="
MAX_VARINT_BYTES = 10


class LinkRefused(RulesError):
    """A link that was refused; nothing on this device changed. `kind` says why, in one
    word a front end or a test can branch on; the message is for a person."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


def damaged(detail: str = "") -> LinkRefused:
    extra = f" ({detail})" if detail else ""
    return LinkRefused(
        "damaged", f"This link is damaged{extra}: perhaps it was cut short when it was copied."
    )


def token_of(text: str) -> str:
    """The link's text from a page address (`...#play=TOKEN`) or the bare text."""
    text = text.strip()
    if len(text) > MAX_LINK_CHARS + 2_000:
        raise LinkRefused("damaged", "This link is far too long.")
    if PARAMETER in text:
        text = text.rsplit(PARAMETER, 1)[1].split("&", 1)[0]
    return text


def to_text(payload: bytes) -> str:
    check = hashlib.sha256(payload).digest()[:CHECK_BYTES]
    return base64.urlsafe_b64encode(payload + check).decode("ascii").rstrip("=")


def from_text(text: str) -> bytes:
    """The payload of a link's text (or of a page address holding one), checked."""
    token = token_of(text)
    if not token:
        raise LinkRefused("damaged", "There is no link here.")
    if len(token) > MAX_LINK_CHARS:
        raise LinkRefused("damaged", "This link is far too long.")
    if not TOKEN.fullmatch(token) or len(token) % 4 == 1:
        raise damaged()
    try:
        raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
    except (binascii.Error, ValueError):
        raise damaged() from None
    if base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=") != token:
        raise damaged()  # stray bits in its last character: not a link we wrote
    payload, check = raw[:-CHECK_BYTES], raw[-CHECK_BYTES:]
    if len(raw) <= CHECK_BYTES or hashlib.sha256(payload).digest()[:CHECK_BYTES] != check:
        raise damaged()
    return payload


class Writer:
    """Builds a payload: bytes, unsigned varints (LEB128), length-prefixed blobs."""

    def __init__(self) -> None:
        self.data = bytearray()

    def byte(self, value: int) -> None:
        self.data.append(value)

    def raw(self, value: bytes) -> None:
        self.data += value

    def varint(self, value: int) -> None:
        assert value >= 0
        while True:
            low, value = value & 0x7F, value >> 7
            self.data.append(low | (0x80 if value else 0))
            if not value:
                return

    def blob(self, value: bytes) -> None:
        self.varint(len(value))
        self.data += value

    def text(self, value: str) -> None:
        self.blob(value.encode("utf-8"))


class Reader:
    """Reads a payload written by `Writer`; anything short or malformed is `damaged`."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.at = 0

    @property
    def left(self) -> int:
        return len(self.data) - self.at

    def raw(self, count: int) -> bytes:
        if count > self.left:
            raise damaged("it ends too soon")
        chunk = self.data[self.at : self.at + count]
        self.at += count
        return chunk

    def byte(self) -> int:
        return self.raw(1)[0]

    def varint(self, limit: int) -> int:
        value = shift = 0
        for _ in range(MAX_VARINT_BYTES):
            part = self.byte()
            value |= (part & 0x7F) << shift
            shift += 7
            if not part & 0x80:
                if value > limit:
                    raise damaged("a number in it is out of range")
                return value
        raise damaged("a number in it is malformed")

    def blob(self) -> bytes:
        return self.raw(self.varint(self.left))

    def text(self) -> str:
        try:
            return self.blob().decode("utf-8")
        except UnicodeDecodeError:
            raise damaged("a name in it is not text") from None

    def end(self) -> None:
        if self.left:
            raise damaged("it has bytes after its end")
