"""Write data/number_duel_openings.bin: Number Duel's opening values at K = 7.

    python3 -m scripts.data.number_duel_openings   # about 10 s on CPython, from the repository root

A perfect first move at 7 numbers a player needs the whole game tree (seconds on
CPython, several times that in the page). This solves it once and keeps the values of
the positions near the start (at least `MIN_LEFT` numbers still in play on both sides
together); below them every subtree solves in the page in a fraction of a second.

The output is data, not Python: 11,000 positions in a compact binary file (the layout is
in `number_duel.read_openings`, which loads it on first use), 23 KB gzipped instead of the
31 KB of a Python module, and shipped only to the pages that can show Number Duel.
"""

from __future__ import annotations

import itertools
import struct
import sys
from pathlib import Path

from py_rules import new_game
from py_rules.engine.solvers import number_duel

ROOT = Path(__file__).resolve().parents[2]


SIZE = 7
MIN_LEFT = 10
OUT = number_duel.OPENINGS_FILE


def numbers_left(key: int) -> int:
    return sum(((key >> shift) & 1023).bit_count() for shift in (0, 10, 20, 30))


def varint(n: int) -> bytes:
    """`n` (>= 0) in 7-bit groups, low first, the high bit set on all but the last."""
    out = bytearray()
    while n > 127:
        out.append(n & 127 | 128)
        n >>= 7
    out.append(n)
    return bytes(out)


def encode(size: int, table: dict[int, float]) -> bytes:
    """The openings file for `table` (see `number_duel.read_openings`)."""
    keys = sorted(table)
    distinct = sorted(set(table.values()))
    index = {value: i for i, value in enumerate(distinct)}
    steps = [key - before for before, key in itertools.pairwise([0, *keys])]
    return b"".join(
        (
            number_duel.OPENINGS_MAGIC,
            struct.pack(number_duel.OPENINGS_HEAD, size, len(keys), len(distinct)),
            struct.pack(f"<{len(distinct)}d", *distinct),
            struct.pack(f"<{len(keys)}H", *(index[table[key]] for key in keys)),
            b"".join(varint(step) for step in steps),
        )
    )


def solve() -> dict[int, float]:
    """The values of every position near the start of a SIZE-number game, solved afresh."""
    number_duel.SOLVERS.clear()
    number_duel.OPENINGS[SIZE] = {}  # solve from nothing, not from the old table
    number_duel.solver_for_size(SIZE).prune = False  # every position, not only those needed
    number_duel.value_and_best(new_game("number-duel", {"numbers": SIZE, "seed": 1}))
    memo = number_duel.SOLVERS[SIZE].memo
    return {k: v for k, v in sorted(memo.items()) if numbers_left(k) >= MIN_LEFT}


def main() -> int:
    table = solve()
    OUT.write_bytes(encode(SIZE, table))
    print(f"{OUT.relative_to(ROOT)}: {len(table)} positions, {OUT.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
