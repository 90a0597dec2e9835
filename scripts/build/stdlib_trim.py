"""The trimmed standard library the pages load instead of Pyodide's full python_stdlib.zip.

Pyodide's own zip holds all 614 files of the standard library, each deflated, so gzip on the
wire gains nothing; the pages load about 150 of them. `install(out, bundle)` (build_site.py)
puts beside the vendored `python_stdlib.zip`:

- `python_stdlib-<id>.zip`: the files the pages use, found by running what the pages run in
  Pyodide under Node.js (stdlib_usage.mjs with stdlib_exercise.py, beside this), plus the
  safety net below, every entry stored uncompressed so that gzip on the wire compresses the
  whole file well;
- every module in it compiled to bytecode by the Pyodide the pages run (precompile.py);
- inside it, `_nd_stdlib_fallback` (from site/snapshot/stdlib_fallback.py): a finder that
  loads a module the trimmed zip lacks from the full zip instead of failing, and reports it.

The usage is cached in .build/stdlib/<hash>.json, made again exactly when an input changes
(Pyodide, the bundle, PyScript's Python package, the exercise or the finder script).
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import precompile

ROOT = Path(__file__).resolve().parents[2]
PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
PYSCRIPT_STDLIB = ROOT / "node_modules" / "@pyscript" / "core" / "src" / "stdlib.js"
USAGE_SCRIPT = ROOT / "scripts" / "build" / "stdlib_usage.mjs"
EXERCISE = ROOT / "scripts" / "build" / "stdlib_exercise.py"
FALLBACK_SOURCE = ROOT / "site" / "snapshot" / "stdlib_fallback.py"
CACHE_DIR = ROOT / ".build" / "stdlib"
FULL_ZIP = "python_stdlib.zip"
FALLBACK_MODULE = "_nd_stdlib_fallback"
# Every entry gets this timestamp, so the same files make the same bytes (and file name).
ZIP_TIME = (2024, 1, 1, 0, 0, 0)
KEEP_CACHED = 5


@dataclass(frozen=True)
class Trimmed:
    """The trimmed zip of a build: its file name and what it holds."""

    name: str
    files: tuple[str, ...]
    raw_bytes: int


def _digest(paths: list[Path]) -> str:
    h = hashlib.sha256()
    for path in paths:
        h.update(path.name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return h.hexdigest()


def used_files(
    bundle: Path, cache_dir: Path = CACHE_DIR, log=print, *, pyscript: bool = True
) -> list[str]:
    """The standard-library files (paths inside the zip) that running the pages loads;
    `pyscript`: whether a page starts PyScript (its package's imports count too)."""
    inputs = [
        PYODIDE_DIR / FULL_ZIP,
        PYODIDE_DIR / "pyodide.asm.wasm",
        PYODIDE_DIR / "pyodide.asm.mjs",
        bundle,
        *((PYSCRIPT_STDLIB, PYSCRIPT_STDLIB.parent / "stdlib" / "pyscript.js") if pyscript else ()),
        USAGE_SCRIPT,
        USAGE_SCRIPT.with_name("pyodide_node.mjs"),  # what it imports
        EXERCISE,
    ]
    missing = [str(p) for p in inputs if not p.is_file()]
    if missing:
        sys.exit(f"standard library usage inputs missing (run `npm ci`?): {', '.join(missing)}")
    digest = _digest(inputs)
    cached = cache_dir / f"{digest}.json"
    if cached.is_file():
        cached.touch()
        return json.loads(cached.read_text())["files"]
    started = time.monotonic()
    log("stdlib: pages or runtime changed, running them to see what they import", flush=True)
    cache_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="nd-stdlib-") as tmp:
        plan = {
            "indexURL": str(PYODIDE_DIR) + "/",
            "bundle": str(bundle),
            **({"pyscript": str(PYSCRIPT_STDLIB)} if pyscript else {}),
            "exercise": str(EXERCISE),
            "out": str(Path(tmp) / "usage.json"),
        }
        (Path(tmp) / "plan.json").write_text(json.dumps(plan))
        subprocess.run(["node", str(USAGE_SCRIPT), str(Path(tmp) / "plan.json")], check=True)
        files = json.loads((Path(tmp) / "usage.json").read_text())["files"]
    partial = cached.with_suffix(".partial")
    partial.write_text(json.dumps({"files": files}, indent=1) + "\n")
    partial.rename(cached)
    for old in sorted(cache_dir.glob("*.json"), key=lambda p: p.stat().st_mtime)[:-KEEP_CACHED]:
        old.unlink()
    log(f"stdlib: {len(files)} files in use ({time.monotonic() - started:.1f} s)", flush=True)
    return files


def module_name(path: str) -> str:
    """The module a file in the zip defines: "json/decoder.py" -> "json.decoder"."""
    stem = path.removesuffix(".py")
    return stem.removesuffix("/__init__").replace("/", ".")


def fallback_source(full_only: list[str]) -> str:
    """The safety-net module, told which modules only the full zip has."""
    template = FALLBACK_SOURCE.read_text(encoding="utf-8")
    marker = "FULL_ONLY: frozenset[str] = frozenset()"
    if marker not in template:
        sys.exit(f"{FALLBACK_SOURCE} lacks the line {marker!r}")
    return template.replace(marker, f"FULL_ONLY: frozenset[str] = frozenset({sorted(full_only)!r})")


def write_zip(target: Path, files: list[str], full: Path) -> int:
    """Write the trimmed zip (stored entries, fixed times, sorted); return its raw size."""
    with zipfile.ZipFile(full) as source:
        names = set(source.namelist())
        missing = [f for f in files if f not in names]
        if missing:
            sys.exit(f"stdlib: the full zip lacks {missing}")
        full_only = sorted(
            {module_name(n) for n in names if n.endswith(".py")} - {module_name(f) for f in files}
        )
        with zipfile.ZipFile(target, "w", zipfile.ZIP_STORED) as archive:
            for name in sorted(files):
                info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
                archive.writestr(info, source.read(name))
            info = zipfile.ZipInfo(f"{FALLBACK_MODULE}.py", date_time=ZIP_TIME)
            archive.writestr(info, fallback_source(full_only))
    return target.stat().st_size


def install(
    out: Path,
    bundle: Path,
    also: Sequence[precompile.Job] = (),
    cache_dir: Path = CACHE_DIR,
    *,
    pyscript: bool = True,
) -> Trimmed:
    """Write the trimmed zip, compiled, into out/vendor/pyodide/ (named by its content);
    describe it. `also` are more archives to compile in the same run of Pyodide; `pyscript`:
    whether a page of the build starts PyScript (a build whose pages all run Python in a
    worker leaves out what only PyScript's start imports)."""
    files = used_files(bundle, cache_dir, pyscript=pyscript)
    target_dir = out / "vendor" / "pyodide"
    target_dir.mkdir(parents=True, exist_ok=True)
    source = target_dir / "python_stdlib-source.zip"
    write_zip(source, files, PYODIDE_DIR / FULL_ZIP)
    staging = target_dir / "python_stdlib-trimmed.zip"
    stdlib_job = precompile.Job(source, staging, precompile.stdlib_mount(), one_line=True)
    precompile.precompile([stdlib_job, *also])
    source.unlink()
    digest = hashlib.sha256(staging.read_bytes()).hexdigest()[:16]
    name = f"python_stdlib-{digest}.zip"
    staging.rename(target_dir / name)
    return Trimmed(name, tuple(files), (target_dir / name).stat().st_size)
