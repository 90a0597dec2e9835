"""The build-time Pyodide memory snapshot that the game pages restore.

Instead of starting CPython from scratch and importing the rules on every visit, a page
restores the memory of a Python that has already done so. `install(out)` (called by
build_site.py) puts three files next to the vendored `pyodide.mjs`:

- `snapshot-<id>.gz`: the snapshot, gzip-compressed (the gzip header's file name field
  carries the full content hash, so the page can tell a foreign file before unpacking it);
- `snapshot-<id>.json`: what it was made from: the content hash of its inputs (Pyodide's
  build files, the snapshotted sources, the builder) and the imported modules;
- `pyodide-snapshot-<id2>.mjs`: the module the pages name as PyScript's `interpreter`
  (from site/snapshot/pyodide-snapshot.mjs): it re-exports `./pyodide.mjs` and wraps
  `loadPyodide` to restore the snapshot, falling back to a normal start.

`<id>` is the start of the content hash and `<id2>` that of the hash and the wrapper's own
source, so every file name changes with its inputs and the vendored files can be cached as
immutable (a stale cached snapshot would run old rules). The snapshot is made by
scripts/build/build_snapshot.mjs in Node.js from the npm Pyodide the site vendors, and cached in
.build/snapshot/<hash>/: `make site` only makes a new one when an input has changed.
"""

from __future__ import annotations

import functools
import gzip
import hashlib
import json
import posixpath
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
PACKAGE_DIR = ROOT / "py_rules"
APP_DIR = ROOT / "site" / "app"  # the pages' front end, unpacked beside py_rules
CACHE_DIR = ROOT / ".build" / "snapshot"
BUILDER = ROOT / "scripts" / "build" / "build_snapshot.mjs"
BUILDER_SHARED = ROOT / "scripts" / "build" / "pyodide_node.mjs"  # what the builder imports
WRAPPER = ROOT / "site" / "snapshot" / "pyodide-snapshot.mjs"
KEEP_CACHED = 3  # snapshots kept in .build/snapshot/ (the newest)
RUNTIME_DIR = "vendor/pyodide"  # where the site keeps the runtime and this wrapper

# The files Pyodide fetches at start-up (measured): without the lock file it hangs. The site
# vendors these (build_site.py).
RUNTIME_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# Pyodide's build: the files whose bytes the snapshot depends on.
PYODIDE_FILES = (*RUNTIME_FILES, "package.json")
# Where the pages unpack the Python bundle (PyScript's `./*` is Pyodide's working directory):
# the snapshotted modules get the same __file__ as the files delivered beside them.
FS_HOME = "/home/pyodide"
# What ships to the pages is decided here, by folder or file: all of py_rules except the
# terminal game (its folder and `python -m py_rules`) and the .po compiler (pages get .mo
# files, compiled at build time). build_site.py bundles by the same rule.
NOT_ON_PAGES = frozenset({"__main__.py", "terminal", "i18n/mo.py"})


def on_pages(path: str) -> bool:
    """Does a source file (e.g. "py_rules/terminal/cli.py") ship to the pages?"""
    parts = Path(path).parts
    inside = "/".join(parts[1:])
    return parts[0] != PACKAGE_DIR.name or (
        parts[1] not in NOT_ON_PAGES and inside not in NOT_ON_PAGES
    )


# Standard-library modules the front end and PyScript's own start-up import.
STDLIB_MODULES = (
    "abc",
    "asyncio",
    "collections",
    "collections.abc",
    "dataclasses",
    "encodings.cp437",
    "html",
    "importlib",
    "json",
    "math",
    "random",
    "re",
    "typing",
    "unicodedata",
)
# The py_rules modules every page imports (with everything they import in turn).
PACKAGE_MODULES = ("py_rules", "py_rules.engine.players", "py_rules.rules.options")
# The front end a game page's start imports (`app.worker`, then `main.start`'s imports and
# the five games' renderers), so that a restored Python has them already: imported after a
# restore they were most of a warm start's Python time in the worker. `app.browser.dom`
# imports `js` and `pyodide.ffi`: a snapshot keeps those (the globals by their path, which
# the restoring page or worker gives again), but no module may touch the page at import.
APP_MODULES = (
    "app.worker",
    "app.main",
    "app.controller",
    "app.opening",
    "app.pages.language",
    "app.settings",
    "app.browser.lesson",
    "app.browser.storage",
    "app.renderers.circle_duel",
    "app.renderers.number_circle",
    "app.renderers.sequence_duel",
    "app.renderers.digit_chain",
    "app.renderers.number_duel",
)
# Run before the snapshot is taken. {marker} is replaced by the content hash, which the page
# reads back after a restore to be sure it restored this build's snapshot.
PREAMBLE = """\
import sys
{imports}
sys._nd_snapshot = {marker!r}
for _name in {package_modules!r}:
    _file = sys.modules[_name].__file__
    assert _file.startswith({home!r} + "/"), (_name, _file)
del _name, _file
"""


@dataclass
class Inputs:
    """Everything a snapshot is made from; `digest` is its content hash."""

    pyodide_dir: Path = PYODIDE_DIR
    package_dir: Path = PACKAGE_DIR
    # The standard library zip the pages start with (scripts/build/stdlib_trim.py). A restored
    # snapshot remembers the directory of the zip it was made with (zipimport's cache), so
    # the pages must load the very same zip: it is an input like any other.
    stdlib_zip: Path | None = None
    stdlib_modules: tuple[str, ...] = STDLIB_MODULES
    package_modules: tuple[str, ...] = PACKAGE_MODULES
    app_dir: Path = APP_DIR
    app_modules: tuple[str, ...] = APP_MODULES
    sources: dict[str, Path] = field(init=False)  # path in Pyodide's FS -> file here

    def __post_init__(self) -> None:
        self.sources = {}
        for folder in (self.package_dir, self.app_dir):
            self.sources |= {
                f"{FS_HOME}/{folder.name}/{p.relative_to(folder).as_posix()}": p
                for p in sorted(folder.rglob("*.py"))
                if "__pycache__" not in p.parts
                and on_pages(p.relative_to(folder.parent).as_posix())
            }

    @property
    def modules(self) -> tuple[str, ...]:
        """Every module the preamble imports, in order."""
        return (*self.stdlib_modules, *self.package_modules, *self.app_modules)

    def preamble(self, marker: str) -> str:
        imports = "\n".join(f"import {m}" for m in self.modules)
        ours = (*self.package_modules, *self.app_modules)
        return PREAMBLE.format(home=FS_HOME, imports=imports, marker=marker, package_modules=ours)

    @functools.cached_property
    def files(self) -> dict[str, str]:
        """Each input (by a stable name) -> the SHA-256 of its bytes."""
        named = {f"pyodide/{n}": self.pyodide_dir / n for n in PYODIDE_FILES}
        named[f"builder/{BUILDER.name}"] = BUILDER
        named[f"builder/{BUILDER_SHARED.name}"] = BUILDER_SHARED
        if self.stdlib_zip is not None:
            named["stdlib/python_stdlib.zip"] = self.stdlib_zip
        named |= {f"fs{target}": source for target, source in self.sources.items()}
        missing = [str(p) for p in named.values() if not p.is_file()]
        if missing:
            sys.exit(f"snapshot inputs missing (run `npm ci`?): {', '.join(missing)}")
        return {name: hashlib.sha256(path.read_bytes()).hexdigest() for name, path in named.items()}

    @functools.cached_property
    def digest(self) -> str:
        h = hashlib.sha256()
        for name, sha in sorted(self.files.items()):
            h.update(f"{name}\0{sha}\n".encode())
        h.update(self.preamble("{marker}").encode())
        return h.hexdigest()

    @property
    def short(self) -> str:
        return self.digest[:16]

    def pyodide_build_id(self) -> str:
        source = (self.pyodide_dir / "pyodide.mjs").read_text(encoding="utf-8")
        found = re.search(r'BUILD_ID:"([0-9a-f]{64})"', source)
        if not found:
            sys.exit("cannot find Pyodide's BUILD_ID in pyodide.mjs")
        return found.group(1)

    def pyodide_version(self) -> str:
        return json.loads((self.pyodide_dir / "package.json").read_text())["version"]


def snapshot_name(inputs: Inputs | None = None) -> str:
    """The file name of the gzip-compressed snapshot (pages preload it)."""
    return f"snapshot-{(inputs or _default_inputs()).short}.gz"


_default: list[Inputs] = []


def use_stdlib(stdlib_zip: Path) -> Inputs:
    """Make the snapshot of this build with the pages' standard library zip."""
    _default[:] = [Inputs(stdlib_zip=stdlib_zip)]
    return _default[0]


def _default_inputs() -> Inputs:
    if not _default:
        _default.append(Inputs())
    return _default[0]


def interpreter_name(inputs: Inputs | None = None) -> str:
    """The file name of the wrapper module that pages name as PyScript's interpreter.

    It changes with the snapshot and with the wrapper's own source, so that browsers may
    cache it as immutable; a change to the wrapper alone does not remake the snapshot.
    """
    inputs = inputs or _default_inputs()
    wrapper = hashlib.sha256(inputs.digest.encode() + WRAPPER.read_bytes()).hexdigest()
    return f"pyodide-snapshot-{wrapper[:16]}.mjs"


def ensure_cached(inputs: Inputs, cache_dir: Path = CACHE_DIR, log=print) -> Path:
    """The cache folder holding this snapshot, made first if it is not there yet."""
    folder = cache_dir / inputs.digest
    if (folder / "meta.json").is_file() and (folder / "snapshot.gz").is_file():
        folder.touch()  # most recently used
        return folder
    started = time.monotonic()
    log(f"snapshot: inputs changed, making a new one ({inputs.short})", flush=True)
    with tempfile.TemporaryDirectory(prefix="nd-snapshot-") as tmp:
        raw = Path(tmp) / "snapshot.bin"
        plan = {
            "indexURL": str(inputs.pyodide_dir) + "/",
            "stdLibURL": str(inputs.stdlib_zip) if inputs.stdlib_zip else None,
            "files": {target: str(source) for target, source in inputs.sources.items()},
            "preamble": inputs.preamble(inputs.digest),
            "out": str(raw),
        }
        (Path(tmp) / "plan.json").write_text(json.dumps(plan))
        subprocess.run(["node", str(BUILDER), str(Path(tmp) / "plan.json")], check=True)
        data = raw.read_bytes()
        staging = cache_dir / f".{inputs.digest}.partial"
        if staging.exists():
            shutil.rmtree(staging)
        staging.mkdir(parents=True)
        # The gzip file name field names this snapshot: the page checks it before unpacking.
        name = f"nd-snapshot-{inputs.digest}"
        with (
            open(staging / "snapshot.gz", "wb") as out,
            gzip.GzipFile(filename=name, mode="wb", fileobj=out, mtime=0) as gz,
        ):
            gz.write(data)
        meta = {
            "hash": inputs.digest,
            "raw_bytes": len(data),
            "gzip_bytes": (staging / "snapshot.gz").stat().st_size,
            "pyodide_version": inputs.pyodide_version(),
            "pyodide_build_id": inputs.pyodide_build_id(),
            "modules": list(inputs.modules),
            "inputs": inputs.files,
            "seconds_to_make": round(time.monotonic() - started, 1),
        }
        (staging / "meta.json").write_text(json.dumps(meta, indent=1) + "\n")
        if folder.exists():
            shutil.rmtree(folder)
        staging.rename(folder)
    _prune(cache_dir)
    log(f"snapshot: made in {time.monotonic() - started:.1f} s", flush=True)
    return folder


def _prune(cache_dir: Path) -> None:
    folders = sorted(
        (p for p in cache_dir.iterdir() if p.is_dir() and not p.name.startswith(".")),
        key=lambda p: p.stat().st_mtime,
        reverse=True,
    )
    for old in folders[KEEP_CACHED:]:
        shutil.rmtree(old, ignore_errors=True)


def lock_info(pyodide_dir: Path) -> dict:
    """The `info` of Pyodide's package lock file (its Python, ABI and platform).

    The pages load no packages, so they pass Pyodide a lock file with this and no packages
    instead of downloading the 119 KB pyodide-lock.json.
    """
    lock = json.loads((pyodide_dir / "pyodide-lock.json").read_text(encoding="utf-8"))
    return dict(lock["info"])


def wrapper_source(
    inputs: Inputs, meta: dict, precompressed: Sequence[str] = (), bundle: str | None = None
) -> str:
    """The wrapper module with this snapshot's identity filled in.

    `precompressed`: files of the site (paths from its root) that the build gzips to
    `<path>.gz` (scripts/build/precompress.py); the wrapper fetches those when asked for these.
    `bundle`: the Python bundle (path from the site's root) and the preamble let a first visit
    make the same snapshot in the visitor's browser, instead of downloading this one.
    """
    config = {
        "file": snapshot_name(inputs),
        "hash": inputs.digest,
        "rawBytes": meta["raw_bytes"],
        "buildId": meta["pyodide_build_id"],
        "stdlib": inputs.stdlib_zip.name if inputs.stdlib_zip else "python_stdlib.zip",
        "fullStdlib": "python_stdlib.zip",
        "lockInfo": lock_info(inputs.pyodide_dir),
        "precompressed": [posixpath.relpath(p, RUNTIME_DIR) for p in precompressed],
        "bundle": posixpath.relpath(bundle, RUNTIME_DIR) if bundle else None,
        "preamble": inputs.preamble(inputs.digest) if bundle else None,
    }
    template = WRAPPER.read_text(encoding="utf-8")
    marker = "/*@SNAPSHOT@*/ null"
    if marker not in template:
        sys.exit(f"{WRAPPER} lacks the {marker!r} placeholder")
    return template.replace(marker, json.dumps(config))


def install(
    out: Path,
    inputs: Inputs | None = None,
    cache_dir: Path = CACHE_DIR,
    precompressed: Sequence[str] = (),
    bundle: str | None = None,
) -> dict:
    """Put the snapshot, its record and the wrapper into out/vendor/pyodide/; return the record.

    `precompressed`, `bundle`: see `wrapper_source`."""
    inputs = inputs or _default_inputs()
    folder = ensure_cached(inputs, cache_dir)
    meta = json.loads((folder / "meta.json").read_text())
    target = out / "vendor" / "pyodide"
    target.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(folder / "snapshot.gz", target / snapshot_name(inputs))
    record = {"file": snapshot_name(inputs), **meta}
    (target / f"snapshot-{inputs.short}.json").write_text(json.dumps(record, indent=1) + "\n")
    source = wrapper_source(inputs, meta, precompressed, bundle)
    (target / interpreter_name(inputs)).write_text(source, encoding="utf-8")
    return record


def main(argv: list[str] | None = None) -> None:
    import argparse

    parser = argparse.ArgumentParser(description="Make (or reuse) the snapshot; print its hash.")
    parser.add_argument("--out", type=Path, help="also install it into this built site")
    args = parser.parse_args(argv)
    inputs = _default_inputs()
    if args.out:
        install(args.out.resolve(), inputs)
    else:
        ensure_cached(inputs)
    print(inputs.digest)


if __name__ == "__main__":
    main()
