"""Write the perfect-play analysis of every game and size to data/analysis.json.

    python scripts/analysis.py            # writes data/analysis.json, prints a summary
    python scripts/analysis.py --markdown # also prints the README "## Analysis" table

The data comes from `py_rules.analysis.analyse_all` (minutes on CPython: the browser
should ship this file rather than solve every size itself).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from py_rules.analysis import analyse_all  # noqa: E402


def markdown(data: dict) -> str:
    lines = ["| game | sizes | perfect play | standard game |", "| --- | --- | --- | --- |"]
    for slug, game in data["games"].items():
        sizes = game["sizes"]
        std = next(e for e in sizes if e["standard"])
        if slug == "number-duel":
            known = [e for e in sizes if e["value"] is not None]
            result = ", ".join(f"K={e['options']['numbers']}: {e['value']:.3f}" for e in known)
            standard = f"first player's chance {std['value']:.3f}, open with {std['first_moves']}"
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
    args = parser.parse_args()
    data = analyse_all(progress=print if args.verbose else None)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    for slug, game in data["games"].items():
        print(f"{slug}: {game['sentence']}")
    if args.markdown:
        print(markdown(data))
    return 0


if __name__ == "__main__":
    sys.exit(main())
