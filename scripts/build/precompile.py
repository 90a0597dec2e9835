"""Ship the pages' Python as bytecode: the trimmed standard library and the site's bundle.

A normal start of Python in the page spends most of its CPU compiling the standard library
from source (Pyodide ships it as source); precompiled, the same start takes about half as
long, for about a quarter more bytes on the wire (see scripts/build/bytecode.py for how the
bytecode is kept small). `precompile(jobs)` runs bytecode.mjs (beside it) in Pyodide under Node.js,
so the bytecode is that of the Python the pages run, and keeps each result in
.build/bytecode/, made again exactly when an input changes.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
PYSCRIPT_PACKAGE = ROOT / "node_modules" / "@pyscript" / "core" / "src" / "stdlib" / "pyscript.js"
RUNNER = ROOT / "scripts" / "build" / "bytecode.mjs"
RUNNER_SHARED = ROOT / "scripts" / "build" / "pyodide_node.mjs"  # what the runner imports
COMPILER = ROOT / "scripts" / "build" / "bytecode.py"
CACHE_DIR = ROOT / ".build" / "bytecode"
KEEP_CACHED = 10
# Where a page's Python finds the site's bundle once PyScript has unpacked it (its home).
HOME = "/home/pyodide"


@dataclass(frozen=True)
class Job:
    """Compile the `.py` files of the zip `source` into the zip `target`."""

    source: Path
    target: Path
    mounted_at: str  # where the page's Python finds the archive's files
    with_pyscript: bool = False  # add bytecode for PyScript's own `pyscript` package
    one_line: bool = False  # one line per function in the line tables (scripts/build/bytecode.py)


def stdlib_mount() -> str:
    """Where Pyodide puts the standard library zip: /lib/pythonXY.zip."""
    lock = json.loads((PYODIDE_DIR / "pyodide-lock.json").read_text(encoding="utf-8"))
    major, minor = lock["info"]["python"].split(".")[:2]
    return f"/lib/python{major}{minor}.zip"


def _digest(job: Job) -> str:
    h = hashlib.sha256()
    inputs = [
        PYODIDE_DIR / "pyodide.asm.wasm",
        PYODIDE_DIR / "pyodide.asm.mjs",
        RUNNER,
        RUNNER_SHARED,
        COMPILER,
    ]
    if job.with_pyscript:
        inputs.append(PYSCRIPT_PACKAGE)
    for path in [*inputs, job.source]:
        h.update(hashlib.sha256(path.read_bytes()).digest())
    h.update(job.mounted_at.encode() + (b"\0one-line" if job.one_line else b""))
    return h.hexdigest()


def precompile(jobs: list[Job], cache_dir: Path = CACHE_DIR) -> None:
    """Write every job's target, from the cache or by compiling in Pyodide."""
    missing = [str(p) for p in (PYODIDE_DIR / "pyodide.mjs", PYSCRIPT_PACKAGE) if not p.is_file()]
    if missing:
        sys.exit(f"bytecode: inputs missing (run `npm ci`?): {', '.join(missing)}")
    cache_dir.mkdir(parents=True, exist_ok=True)
    cached = {job: cache_dir / f"{_digest(job)}.zip" for job in jobs}
    todo = [job for job in jobs if not cached[job].is_file()]
    if todo:
        with tempfile.TemporaryDirectory(prefix="nd-bytecode-") as tmp:
            plan = {
                "indexURL": str(PYODIDE_DIR) + "/",
                "script": str(COMPILER),
                "jobs": [
                    {
                        "source": str(job.source),
                        "target": str(cached[job].with_suffix(".partial")),
                        "mountedAt": job.mounted_at,
                        "oneLine": job.one_line,
                        **({"pyscript": str(PYSCRIPT_PACKAGE)} if job.with_pyscript else {}),
                    }
                    for job in todo
                ],
            }
            (Path(tmp) / "plan.json").write_text(json.dumps(plan))
            subprocess.run(["node", str(RUNNER), str(Path(tmp) / "plan.json")], check=True)
        for job in todo:
            cached[job].with_suffix(".partial").rename(cached[job])
    for job in jobs:
        cached[job].touch()
        shutil.copyfile(cached[job], job.target)
    for old in sorted(cache_dir.glob("*.zip"), key=lambda p: p.stat().st_mtime)[:-KEEP_CACHED]:
        old.unlink()
