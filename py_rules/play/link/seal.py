"""Sealing a hidden number in its position, and opening the seal.

A seal is SHA-256 over a label, the game's id, the player, the position, the number
and a random salt of 16 bytes. Before the first attack each device sends one seal per
position of its hidden order; later, whenever the rules reveal a number of it, the
device sends the number with its salt, and the other device recomputes the seal.

- Hiding: without the salt (128 random bits) nobody can test a guess of the number,
  though there are only a few numbers to guess from.
- Binding: to open a seal as another number a cheater needs a second input with the
  same SHA-256: about 2^128 work (the full 32 bytes are kept for that).
- The game id, the player and the position are inside the hash, so a seal cannot be
  copied from the opponent's row, another position or another game.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from hmac import compare_digest

SALT_BYTES = 16
SEAL_BYTES = 32
LABEL = b"number-duels link seal v1\x00"
# Where a device's random bytes come from (`secrets.token_bytes`; tests pass their own).
Entropy = Callable[[int], bytes]


def seal(game_id: bytes, seat: int, position: int, number: int, salt: bytes) -> bytes:
    """The seal of `number` at `position` of player `seat`'s row."""
    head = bytes((seat, position, number))
    return hashlib.sha256(LABEL + game_id + head + salt).digest()


@dataclass(frozen=True)
class Opening:
    """A revealed number: player `seat`'s `number` stood at `position`, with its salt."""

    seat: int
    position: int
    number: int
    salt: bytes

    def opens(self, game_id: bytes, seals: tuple[bytes, ...]) -> bool:
        """Whether this opening matches the seal its player sent for its position."""
        expected = seals[self.position - 1]
        return compare_digest(
            seal(game_id, self.seat, self.position, self.number, self.salt), expected
        )

    def sealed_number(self, game_id: bytes, seals: tuple[bytes, ...], size: int) -> int | None:
        """The number this salt opens the seal of its position as, if any (evidence)."""
        for number in range(1, size + 1):
            if (
                seal(game_id, self.seat, self.position, number, self.salt)
                == seals[self.position - 1]
            ):
                return number
        return None


def seal_row(
    game_id: bytes, seat: int, order: tuple[int, ...], entropy: Entropy
) -> tuple[tuple[bytes, ...], tuple[bytes, ...]]:
    """Fresh salts for a row and its seals: (salts, seals), position by position."""
    salts = tuple(entropy(SALT_BYTES) for _ in order)
    if len(set(salts)) != len(salts):  # never with real randomness: a broken source
        raise ValueError("the random source repeated itself")
    seals = tuple(
        seal(game_id, seat, position, number, salt)
        for position, (number, salt) in enumerate(zip(order, salts, strict=True), start=1)
    )
    return salts, seals
