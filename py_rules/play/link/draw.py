"""Settings left to chance, drawn by both devices: commit, then reveal.

A setting chosen as "random" (who moves first, Number Circle's target) must not be
drawn by one device alone: its player could draw again until it suits them. So both
devices draw a value, and neither can choose theirs after seeing the other's:

1. The inviting device draws 16 random bytes and sends only their commitment,
   SHA-256 over a label, the game's id, its seat and the value (hiding: 128 random bits).
2. The joining device draws its own 16 bytes and sends them in the clear, not knowing
   the first value.
3. The inviting device reveals its value; the other checks it against the commitment
   (binding: another value with the same SHA-256 is about 2^128 work).

The result is the two values XORed: for any fixed value of one side, a uniform value
of the other gives a uniform result. Each drawn setting is then one digit of it, in
mixed radix, taken in a fixed order.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from hmac import compare_digest

from ...rules.options import IntOption

VALUE_BYTES = 16
COMMITMENT_BYTES = 32
LABEL = b"number-duels link draw v1\x00"


def commitment(game_id: bytes, seat: int, value: bytes) -> bytes:
    """What the inviting device (player `seat`) sends instead of its value."""
    return hashlib.sha256(LABEL + game_id + bytes((seat,)) + value).digest()


@dataclass(frozen=True)
class Draw:
    """The draw of a game's random settings, as far as it has gone: the options drawn
    (names, in the order of the link's options), who committed (the inviter), the
    commitment, the other player's value, and the committed value once revealed."""

    seat: int
    names: tuple[str, ...]
    commitment: bytes
    joined: bytes | None = None
    revealed: bytes | None = None

    @property
    def done(self) -> bool:
        return self.joined is not None and self.revealed is not None

    @property
    def progress(self) -> int:
        """How far it has gone: 0 committed, 1 joined, 2 revealed."""
        return (self.joined is not None) + (self.revealed is not None)

    def opens(self, game_id: bytes) -> bool:
        """Whether the revealed value is the one committed to (False if none is)."""
        if self.revealed is None:
            return False
        return compare_digest(commitment(game_id, self.seat, self.revealed), self.commitment)


def combined(one: bytes, two: bytes) -> bytes:
    """Both values XORed: uniform as soon as either one is."""
    return bytes(a ^ b for a, b in zip(one, two, strict=True))


def derive(specs: Sequence[IntOption], value: bytes) -> dict[str, int]:
    """Each drawn setting as one digit of `value` (a big-endian number) in mixed radix,
    the first spec's the lowest digit. With 128 bits, each choice among n is uniform to
    within n / 2^128, and exactly so where n is a power of two (who moves first)."""
    number = int.from_bytes(value, "big")
    drawn: dict[str, int] = {}
    for spec in specs:
        number, digit = divmod(number, spec.high - spec.low + 1)
        drawn[spec.name] = spec.low + digit
    return drawn
