"""What the deploy build installs: only what it builds with, at exact versions.

`make site` (run by the Pages workflow to make the published artifact) and `make serve`
install the npm `dependencies` of package.json, pinned with hashes by package-lock.json,
and nothing from PyPI: the build's Python is the standard library. The test tools (the
`test` extra, npm `devDependencies`) come only with the targets that test.
"""

from __future__ import annotations

import ast
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.no_wasm  # what the host's build installs and imports

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
LOCK = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))
EXACT = re.compile(r"^\d+\.\d+\.\d+$")
# The entry points of the build and of `make serve`, and the folders their imports come from.
ENTRY_POINTS = ("build_site", "serve")
BUILD, SERVE = ROOT / "scripts" / "build", ROOT / "scripts" / "serve"
LOCAL_ROOTS = (BUILD, SERVE, ROOT, ROOT / "site")
# Modules that exist only in the browser; the front end imports them, the build stubs them.
BROWSER_ONLY = {"js", "pyodide"}
# `NODE / "name"` or `ROOT / "node_modules" / "@scope" / "name"` in a build script.
NODE_PATH = re.compile(
    r'(?:\bNODE|"node_modules")\s*/\s*"(@[^"]+)"\s*/\s*"([^"]+)"|'
    r'(?:\bNODE|"node_modules")\s*/\s*"([^"@][^"]*)"'
)


def modules_the_build_loads() -> dict[str, Path]:
    """Module name -> file of every repository module that importing the build's entry
    points loads, in a Python that sees no installed package at all (-s -S, and -P with
    an environment of nothing but PYTHONPATH: as isolated as -I) and imports from where
    `make site` and `make serve` let them import: each script's own folder
    (scripts/build/, scripts/serve/) and the Makefile's PYTHONPATH."""
    code = (
        "import json, sys\n"
        f"for name in {ENTRY_POINTS!r}: __import__(name)\n"
        "print(json.dumps({n: m.__file__ for n, m in list(sys.modules.items())"
        " if getattr(m, '__file__', None)}))\n"
    )
    path = os.pathsep.join([str(BUILD), str(SERVE), build_import_path()])
    done = subprocess.run(
        [sys.executable, "-s", "-S", "-P", "-c", code],
        cwd=ROOT,
        env={"PYTHONPATH": path},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr  # an import outside the standard library fails
    loaded = json.loads(done.stdout)
    return {n: Path(f) for n, f in loaded.items() if ROOT in Path(f).resolve().parents}


def imported_names(path: Path) -> set[str]:
    """The top-level names of every absolute import in `path`, inside functions too."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return found


def is_local(name: str) -> bool:
    return any(
        (r / f"{name}.py").is_file() or (r / name / "__init__.py").is_file() for r in LOCAL_ROOTS
    )


def test_the_build_imports_nothing_but_the_standard_library_and_its_own_modules() -> None:
    loaded = modules_the_build_loads()
    assert {"build_site", "serve", "site_server", "notices", "py_rules"} <= set(loaded)
    for name, path in sorted(loaded.items()):
        outside = {
            imported
            for imported in imported_names(path)
            if imported not in sys.stdlib_module_names and not is_local(imported)
        }
        if name.startswith("app."):  # the front end, drawn by the build with `js` stubbed
            outside -= BROWSER_ONLY
        assert outside == set(), f"{path.relative_to(ROOT)} imports {sorted(outside)}"


def test_every_npm_package_the_build_reads_is_a_pinned_dependency() -> None:
    named = set()
    for path in modules_the_build_loads().values():
        for scoped, inner, plain in NODE_PATH.findall(path.read_text(encoding="utf-8")):
            named.add(f"{scoped}/{inner}" if scoped else plain)
    assert {"pyodide", "@pyscript/core"} <= named
    dependencies = PACKAGE["dependencies"]
    assert named <= set(dependencies), sorted(named - set(dependencies))
    for script in sorted(BUILD.glob("*.mjs")):
        for spec in re.findall(r'^import .*? from "([^"]+)";', script.read_text(), re.M):
            # Node's own modules, or a module of the build's own beside it: no npm package
            local = spec.startswith("./") and (script.parent / spec).is_file()
            assert spec.startswith("node:") or local, f"{script.name} imports {spec}"


def test_the_build_set_is_pinned_exactly() -> None:
    dependencies = PACKAGE["dependencies"]
    assert dependencies, "package.json names the build's npm packages"
    for name, version in dependencies.items():
        assert EXACT.match(version), f"{name}: {version!r} is not one exact version"
    packages = LOCK["packages"]
    assert packages[""]["dependencies"] == dependencies  # the lock is of this package.json
    build_set = {path: meta for path, meta in packages.items() if path and not meta.get("dev")}
    for name, version in dependencies.items():
        assert build_set[f"node_modules/{name}"]["version"] == version
    for path, meta in build_set.items():
        assert EXACT.match(meta.get("version", "")), path
        assert meta.get("integrity", "").startswith("sha512-"), path
    # The test tools are not in it.
    for tool in PACKAGE["devDependencies"]:
        assert packages[f"node_modules/{tool}"].get("dev") is True, tool


def dry_run(target: str) -> list[str]:
    """The commands `make <target>` would run on a fresh clone (-B: as if nothing were
    built or installed yet), one per line, without running any."""
    make = shutil.which("make")
    assert make, "make is installed"
    # Run from `make test`, the environment holds what its command line set for the suites
    # (make exports it: NPM_FOR_SITE, ...), which would change what a plain `make` does.
    overridable = set(re.findall(r"^([A-Z0-9_]+) \?=", (ROOT / "Makefile").read_text(), re.M))
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("MAKE", "MFLAGS", "AFTER_")) and k not in overridable
    }
    done = subprocess.run(
        [make, "--no-print-directory", "-n", "-B", target],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return [line for line in done.stdout.splitlines() if line.strip()]


def build_import_path() -> str:
    """The PYTHONPATH that `make site` gives the build (the Makefile sets it, once)."""
    command = next(c for c in dry_run("site") if "scripts/build/build_site.py" in c)
    found = re.search(r"\bPYTHONPATH=(\S+) ", command)
    assert found, command
    return found.group(1)


@pytest.mark.parametrize("target", ["site", "serve"])
def test_the_build_installs_only_the_build_set(target: str) -> None:
    commands = dry_run(target)
    assert any(re.search(r"\bscripts/build/build_site\.py\b", c) for c in commands), commands
    installs = [c for c in commands if re.search(r"\b(pip|npm|venv|apt|apt-get)\b", c)]
    assert installs == ["npm ci --omit=dev --no-audit --no-fund --silent"], installs
    assert not any(".venv" in c for c in commands), commands


def test_the_tests_install_the_build_set_and_the_test_tools() -> None:
    commands = dry_run("test")
    assert any(re.search(r"pip install .*-e '\.\[test\]'", c) for c in commands), commands
    assert "npm ci --no-audit --no-fund --silent" in commands
    assert not any("--upgrade" in c for c in commands), commands


def test_the_pages_workflow_builds_with_make_site_alone() -> None:
    workflow = (ROOT / ".github" / "workflows" / "pages.yml").read_text(encoding="utf-8")
    assert re.findall(r"^\s*(?:- )?run:\s*(.+)$", workflow, re.M) == ["make site"]
