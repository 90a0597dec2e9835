"""Run every benchmark in bench/: each module's `main()` in turn (`make bench`).

A benchmark is any bench/*.py module other than this one with a `main(argv)` that
returns an exit status. Arguments after `--` go to every benchmark.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> int:
    argv = sys.argv[sys.argv.index("--") + 1 :] if "--" in sys.argv else []
    status = 0
    for path in sorted(HERE.glob("*.py")):
        if path.stem in ("run", "__init__") or path.stem.startswith("_"):
            continue
        module = importlib.import_module(path.stem)
        if not hasattr(module, "main"):
            continue
        print(f"== {path.stem}", flush=True)
        status = max(status, int(module.main(argv) or 0))
    return status


if __name__ == "__main__":
    sys.exit(main())
