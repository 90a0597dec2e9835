"""Write the perfect-play analysis of every game and size to data/analysis.json.

    python3 -m scripts.data.analysis             # writes data/analysis.json, prints a summary
    python3 -m scripts.data.analysis --markdown  # also prints docs/solvers.md's "## Analysis"
    python3 -m scripts.data.analysis --only number-duel   # recompute one game, keep the rest

The data comes from `py_rules.engine.analysis.analyse` (most of an hour on CPython, Number
Duel with 9 numbers nearly all of it: the browser ships this file rather than solve
every size itself). Each game records the seconds it took (`build_seconds`).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from py_rules import GAMES
from py_rules.engine.analysis import analyse
from py_rules.engine.solvers import number_duel

ROOT = Path(__file__).resolve().parents[2]


def markdown(data: dict) -> str:
    lines = ["| game | sizes | perfect play | standard game |", "| --- | --- | --- | --- |"]
    for game in data["games"].values():
        sizes = game["sizes"]
        std = next(e for e in sizes if e["standard"])
        if "value" in std:  # hidden information: the first player's chance
            known = [e for e in sizes if e["value"] is not None]
            result = ", ".join(f"K={e['options']['numbers']}: {e['value']:.3f}" for e in known)
            if len(known) < len(sizes):
                result += f" ({len(sizes) - len(known)} not computed)"
            opening = " or ".join(str(n) for n in std["first_moves"])
            standard = f"first player's chance {std['value']:.3f}, open with a {opening}"
        else:
            solved = [e for e in sizes if e["winner"]]
            firsts = sum(e["winner"] == "first" for e in solved)
            result = f"first player wins {firsts} of {len(solved)} solved"
            unknown = len(sizes) - len(solved)
            if unknown:
                result += f" ({unknown} not computed)"
            moves = std["first_moves"]
            shown = ", ".join(moves[:6]) + (", ..." if len(moves) > 6 else "")
            standard = f"{std['winner']} player wins" + (f"; wins with {shown}" if moves else "")
        lines.append(f"| {game['title']} | {len(sizes)} | {result} | {standard} |")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "data" / "analysis.json")
    parser.add_argument("--markdown", action="store_true")
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--only", choices=list(GAMES), help="recompute this game only")
    parser.add_argument(
        "--max-numbers",
        type=int,
        default=number_duel.ANALYSED_UP_TO,
        help="solve Number Duel up to this many numbers a player (the rest: not computed)",
    )
    args = parser.parse_args()
    number_duel.ANALYSED_UP_TO = args.max_numbers
    progress = print if args.verbose else None
    if args.only:
        data = json.loads(args.out.read_text(encoding="utf-8"))
        data["games"][args.only] = analyse(args.only, progress)
    else:
        data = {
            "format": "number-duels-analysis/1",
            "games": {slug: analyse(slug, progress) for slug in GAMES},
        }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    for slug, game in data["games"].items():
        print(f"{slug} ({game.get('cpu_seconds', '?')} s CPU): {game['sentence']}")
    if args.markdown:
        print(markdown(data))
    return 0


if __name__ == "__main__":
    sys.exit(main())
