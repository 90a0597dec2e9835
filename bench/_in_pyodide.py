"""Running a benchmark's `measure()` inside Pyodide under Node.js (bench/pyodide_measure.mjs).

Not a benchmark itself: bench/run.py skips modules whose name starts with "_".
"""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def pyodide_results(module: str) -> dict[str, Any] | None:
    """`module.measure()` as run in Pyodide, or None (said why) when it cannot run."""
    node = shutil.which("node")
    script = ROOT / "bench" / "pyodide_measure.mjs"
    if node is None or not (ROOT / "node_modules" / "pyodide").is_dir():
        print("-- Pyodide: skipped (needs Node.js and `npm ci`)")
        return None
    done = subprocess.run(
        [node, str(script), module], capture_output=True, text=True, cwd=ROOT, check=False
    )
    if done.returncode != 0:
        # Node prints the minified source around a throw: show the Python error only.
        short = [line for line in done.stderr.splitlines() if len(line) < 300]
        errors = [line for line in short if "Error" in line] or short or ["no message"]
        print(f"-- Pyodide: failed ({done.returncode}): {errors[-1].strip()}")
        return None
    return json.loads(done.stdout.strip().splitlines()[-1])


def print_both(module: str, measure: Callable[[], dict[str, Any]], cpython_title: str) -> int:
    """Print `measure()` as JSON on CPython, then as run in Pyodide (when it can run)."""
    print(f"-- CPython ({cpython_title})")
    print(json.dumps(measure(), indent=1))
    found = pyodide_results(module)
    if found is not None:
        print("-- Pyodide")
        print(json.dumps(found, indent=1))
    return 0
