"""The snapshot build (scripts/build/snapshot.py): made again exactly when its inputs change.

A module baked into the snapshot shadows the file delivered beside it, so a stale snapshot
would run old rules. These tests work on a copy of py_rules: an edit to a snapshotted
module changes the content hash, makes a new snapshot, and the restored Python (in Node.js,
from the same npm Pyodide as the pages) runs the edited code; an edit elsewhere, or none,
reuses the cached one. No browser is needed: they run with the rules' tests, on CPython
only (Node.js is started in a subprocess).
"""

from __future__ import annotations

import gzip
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import snapshot

pytestmark = pytest.mark.no_wasm

ROOT = Path(__file__).resolve().parent.parent

RESTORE = """
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
const [gz, indexURL, code] = process.argv.slice(2);
const { loadPyodide } = await import(indexURL + "pyodide.mjs");
const pyodide = await loadPyodide({ indexURL, _loadSnapshot: gunzipSync(readFileSync(gz)) });
const result = pyodide.runPython(code);
console.log(JSON.stringify(result?.toJs ? result.toJs() : result));
"""
PROBE = "py_rules.rules.games.number_duel.SNAPSHOT_PROBE"


def restore_and_run(tmp: Path, gz: Path, code: str) -> object:
    """Restore a snapshot in Node.js and evaluate Python there; return the JSON result."""
    script = tmp / "restore.mjs"
    script.write_text(RESTORE)
    index = str(snapshot.PYODIDE_DIR) + "/"
    done = subprocess.run(
        ["node", str(script), str(gz), index, code], capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.fixture
def package(tmp_path: Path) -> Path:
    """A copy of py_rules to edit."""
    copy = tmp_path / "src" / "py_rules"
    shutil.copytree(ROOT / "py_rules", copy, ignore=shutil.ignore_patterns("__pycache__"))
    return copy


def test_the_hash_follows_exactly_the_snapshotted_inputs(package: Path) -> None:
    first = snapshot.Inputs(package_dir=package).digest
    assert snapshot.Inputs(package_dir=package).digest == first  # stable
    (package / "terminal" / "cli.py").write_text(
        (package / "terminal" / "cli.py").read_text() + "\n# not on pages\n"
    )
    assert snapshot.Inputs(package_dir=package).digest == first  # not snapshotted
    rules = package / "rules" / "games" / "number_duel.py"
    rules.write_text(rules.read_text() + "\n# a comment is a change too\n")
    second = snapshot.Inputs(package_dir=package).digest
    assert second != first
    (package / "rules" / "games" / "new_helper.py").write_text("X = 1\n")
    assert snapshot.Inputs(package_dir=package).digest not in (first, second)
    other_modules = snapshot.Inputs(package_dir=package, stdlib_modules=("json",))
    assert other_modules.digest != snapshot.Inputs(package_dir=package).digest


def test_an_edit_to_the_front_end_makes_another_snapshot(tmp_path: Path) -> None:
    """The snapshot holds the front end's modules too: an edit to one is a new snapshot."""
    app = tmp_path / "app"
    shutil.copytree(snapshot.APP_DIR, app, ignore=shutil.ignore_patterns("__pycache__"))
    first = snapshot.Inputs(app_dir=app).digest
    assert f"{snapshot.FS_HOME}/app/worker.py" in snapshot.Inputs(app_dir=app).sources
    controller = app / "controller.py"
    controller.write_text(controller.read_text() + "\n# a comment is a change too\n")
    assert snapshot.Inputs(app_dir=app).digest != first


# A fresh CPython: the modules the snapshot's preamble imports, then every game page's start
# as the worker runs it (tests/page_worker.py); prints the modules the start imported after.
LATE_IMPORTS = """
import json, sys
from pathlib import Path
import snapshot
for name in snapshot.Inputs().modules:
    __import__(name)
before = set(sys.modules)
import page_worker
import py_rules
for slug in py_rules.GAMES:
    page_worker.Page(slug).start()
def shipped(name):  # a module of ours that the pages get (not the build's compiler)
    path = Path(getattr(sys.modules[name], "__file__", None) or "/").resolve()
    for root in (Path("site").resolve(), Path(".").resolve()):
        if path.is_relative_to(root) and path.relative_to(root).parts[0] in ("app", "py_rules"):
            return snapshot.on_pages(path.relative_to(root).as_posix())
    return False
print(json.dumps(sorted(m for m in set(sys.modules) - before if shipped(m))))
"""


def test_a_game_page_s_start_imports_nothing_the_snapshot_lacks() -> None:
    """Every module of ours that a game page's start imports (`app.worker`, `main.start`
    for each game) is in the snapshot: a warm visit restores them instead of importing them
    from the unpacked bundle, which was most of Python's start in the worker."""
    paths = [ROOT / "site", ROOT / "scripts" / "build", ROOT / "tests"]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(map(str, paths))}
    done = subprocess.run(
        [sys.executable, "-c", LATE_IMPORTS],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(done.stdout.strip().splitlines()[-1]) == []


def test_an_edited_rules_module_is_in_the_next_snapshot(
    package: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = tmp_path / "cache"
    rules = package / "rules" / "games" / "number_duel.py"
    rules.write_text(rules.read_text() + '\nSNAPSHOT_PROBE = "first"\n')
    old = snapshot.Inputs(package_dir=package)
    site = tmp_path / "site"
    record = snapshot.install(site, old, cache_dir=cache)
    assert record["hash"] == old.digest
    assert record["inputs"]["fs/home/pyodide/py_rules/rules/games/number_duel.py"]
    built = site / "vendor" / "pyodide"
    assert sorted(p.name for p in built.iterdir()) == sorted(
        [
            snapshot.snapshot_name(old),
            f"snapshot-{old.short}.json",
            snapshot.interpreter_name(old),
        ]
    )
    assert json.loads((built / f"snapshot-{old.short}.json").read_text())["hash"] == old.digest
    wrapper = (built / snapshot.interpreter_name(old)).read_text()
    assert f'"hash": "{old.digest}"' in wrapper and "/*@SNAPSHOT@*/" not in wrapper
    with gzip.open(built / snapshot.snapshot_name(old)) as gz:
        assert len(gz.read()) == record["raw_bytes"]

    # Unchanged inputs: the cached snapshot is reused (Node is not even started).
    def no_node(*args: object, **kw: object) -> None:
        raise AssertionError("the snapshot was made again although nothing changed")

    with monkeypatch.context() as m:
        m.setattr(snapshot.subprocess, "run", no_node)
        snapshot.install(tmp_path / "site-again", snapshot.Inputs(package_dir=package), cache)

    # An edit to a snapshotted module: a new hash, a new snapshot, and it runs the new code.
    rules.write_text(rules.read_text().replace('PROBE = "first"', 'PROBE = "second"'))
    new = snapshot.Inputs(package_dir=package)
    assert new.digest != old.digest
    folder = snapshot.ensure_cached(new, cache)
    code = f"import sys, py_rules.rules.games.number_duel; [{PROBE}, sys._nd_snapshot]"
    assert restore_and_run(tmp_path, folder / "snapshot.gz", code) == ["second", new.digest]
    # The front end came restored with the rules, from where the bundle is unpacked.
    front = "import sys; sys.modules['app.worker'].__file__"
    worker_file = restore_and_run(tmp_path, folder / "snapshot.gz", front)
    assert worker_file == f"{snapshot.FS_HOME}/app/worker.py"
    # The old one is still what it was (and keyed by its own hash).
    old_gz = cache / old.digest / "snapshot.gz"
    assert restore_and_run(tmp_path, old_gz, code) == ["first", old.digest]
