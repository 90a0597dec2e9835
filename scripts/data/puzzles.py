"""Write the puzzles of every game to data/puzzles.json.

    python3 -m scripts.data.puzzles            # writes data/puzzles.json, prints a summary
    python3 -m scripts.data.puzzles --verbose  # also prints each puzzle as it is found

The search is `py_rules.engine.puzzles.generate` (deterministic: a fixed seed), a few minutes
on CPython; tests/test_puzzles.py checks the committed file against the solvers.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from pathlib import Path

from py_rules import GAMES
from py_rules.engine.puzzles import DATA, generate
from py_rules.rules.options import FlagOption


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DATA)
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    start = time.perf_counter()
    data = generate(progress=print if args.verbose else None)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    for slug, game in data["games"].items():
        puzzles = game["puzzles"]
        levels = Counter(p["difficulty"] for p in puzzles)
        flags = [s.name for s in GAMES[slug].option_specs if isinstance(s, FlagOption)]
        extra = "".join(
            f" ({flag}: {on}, without: {len(puzzles) - on})"
            for flag in flags
            if (on := sum(bool(p["options"].get(flag)) for p in puzzles))
        )
        print(f"{slug}: {len(puzzles)} puzzles{extra}, {dict(levels)}")
    print(f"{time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
