"""How long a game's links get: the longest link of many random games by link.

Figures, not a timed test: for each game at its standard size (and Number Duel with 9
numbers, its largest), with the longest names a player can have (24 emoji, 4 bytes
each in UTF-8), plays random games by link between two devices and prints the longest
link seen, next to the 2,000 characters a link must fit in, and what that leaves of a QR
code's 2,953 bytes for the page's own address ("Show as QR code" draws the whole address).
Number Circle has no turn limit: it prints how many characters its moves take per 100 moves
instead.

    python bench/link_sizes.py [GAMES_PER_SETUP]
"""

from __future__ import annotations

import contextlib
import random
import sys

from app.headless.qr import MAX_BYTES

from py_rules.play.link import YOUR_TURN, Device, LinkRefused

NAMES = ("\U0001f98a" * 24, "\U0001f43b" * 24)
SETUPS = [
    ("circle-duel", {}),
    ("number-circle", {}),
    ("sequence-duel", {}),
    ("digit-chain", {}),
    ("digit-chain", {"no_tens": True}),
    ("number-duel", {}),
    ("number-duel", {"numbers": 9}),
]
LIMIT = 2_000
NUMBER_CIRCLE_MOVES = 400


def longest_link(slug: str, options: dict[str, object], rng: random.Random) -> tuple[int, int, int]:
    """The longest link of one random game, how many moves it had, and the length of
    its invitation (no moves)."""
    entropy = rng.randbytes
    first = Device.start(slug, options, NAMES, rng.choice((1, 2)), entropy=entropy)
    second = Device.join(first.link(), entropy=entropy)
    devices = {first.seat: first, second.seat: second}
    invitation = len(first.link())
    longest = max(invitation, len(second.link()))
    if first.status != YOUR_TURN and second.status != YOUR_TURN:
        first.receive(second.link())
    cap = NUMBER_CIRCLE_MOVES if slug == "number-circle" else 10_000
    for _ in range(cap):
        movers = [d for d in devices.values() if d.status == YOUR_TURN]
        if not movers:
            break
        mover = movers[0]
        link = mover.play(rng.choice(mover.game.legal_move_texts()))
        longest = max(longest, len(link))
        devices[3 - mover.seat].receive(link)
    for device in devices.values():  # the last answer and the rows opened at the end
        other = devices[3 - device.seat]
        with contextlib.suppress(LinkRefused):  # nothing new for the other device
            other.receive(device.link())
        longest = max(longest, len(device.link()))
    return longest, len(first.line.moves), invitation


def main(argv: list[str]) -> int:
    games = int(argv[0]) if argv and argv[0].isdecimal() else 200
    rng = random.Random(2026)
    print(f"longest link of {games} random games each, longest names (limit {LIMIT}):")
    longest = 0
    for slug, options in SETUPS:
        count = max(1, games // 40) if slug == "number-circle" else games  # long games
        results = [longest_link(slug, options, rng) for _ in range(count)]
        size, moves, invitation = max(results)
        longest = max(longest, size)
        shown = ", ".join(f"{k}={v}" for k, v in options.items()) or "standard"
        if slug == "number-circle":
            per_100 = (size - invitation) * 100 // max(moves, 1)
            print(
                f"  {slug:14} {shown:12} {size:5} characters after {moves} moves"
                f" ({per_100} characters per 100 moves; no turn limit)"
            )
            continue
        print(f"  {slug:14} {shown:12} {size:5} characters ({moves} moves)")
    print(
        f"a QR code holds {MAX_BYTES} bytes: the longest link leaves {MAX_BYTES - longest - 6}"
        " for the page's address before #play="
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
