"""The rules package and the pages' package import their own modules without a cycle.

A cycle makes the import order matter (a half-initialised module seen from the other
side). Every import counts, wherever it is written: at module level, inside a function
(it runs on the first call, in whatever order the calls come) and under `TYPE_CHECKING`
(mypy follows it, and a cycle there is a cycle in the design). Importing `a.b.c` runs
`a/__init__` and `a/b/__init__` first, so a module also imports the packages above what
it names, except its own (they are initialised before it). Modules found at run time
through the registry are not imports.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

pytestmark = pytest.mark.no_wasm  # reads the sources' imports (ast): the same on any Python

ROOT = Path(__file__).resolve().parent.parent
Graph = dict[str, set[str]]


def module_names(top: Path) -> dict[str, Path]:
    """Every module of the package in folder `top`, by its dotted name."""
    names = {}
    for path in top.rglob("*.py"):
        parts = list(path.relative_to(top.parent).with_suffix("").parts)
        names[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return names


def with_packages(name: str) -> list[str]:
    """`a.b.c` and the packages an import of it initialises first: a, a.b, a.b.c."""
    parts = name.split(".")
    return [".".join(parts[:n]) for n in range(1, len(parts) + 1)]


def imported_names(tree: ast.Module, name: str, is_package: bool) -> set[str]:
    """The dotted names every import statement anywhere in the module asks for: each
    `import x` and each `from x import y` as `x` and `x.y` (y may be a submodule),
    relative ones resolved against the module's own package."""
    package = name if is_package else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            found.add(target)
            found.update(f"{target}.{alias.name}" for alias in node.names)
    return found


def import_graph(top: Path) -> Graph:
    """Which of the package's modules each of its modules imports (and so runs)."""
    modules = module_names(top)
    graph: Graph = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        own = set(with_packages(name))  # initialised before this module runs
        edges: set[str] = set()
        for asked in imported_names(tree, name, path.name == "__init__.py"):
            edges.update(m for m in with_packages(asked) if m in modules and m not in own)
        graph[name] = edges
    return graph


def find_cycle(graph: Graph) -> list[str] | None:
    """One import cycle, as the modules along it (the first one again at the end)."""
    done: set[str] = set()

    def visit(name: str, trail: list[str]) -> list[str] | None:
        if name in trail:
            return [*trail[trail.index(name) :], name]
        if name in done:
            return None
        for imported in sorted(graph[name]):
            cycle = visit(imported, [*trail, name])
            if cycle:
                return cycle
        done.add(name)
        return None

    for name in sorted(graph):
        cycle = visit(name, [])
        if cycle:
            return cycle
    return None


@pytest.mark.parametrize("top", ["py_rules", "site/app"])
def test_no_import_cycle(top: Path) -> None:
    graph = import_graph(ROOT / top)
    cycle = find_cycle(graph)
    assert cycle is None, f"import cycle: {' -> '.join(cycle or [])}"


def test_every_kind_of_import_is_counted() -> None:
    graph = import_graph(ROOT / "py_rules")
    # module level, relative
    assert "py_rules.play.session" in graph["py_rules.terminal.loop"]
    # inside a function: the registry imports each game's engine when first needed,
    # which runs the package of the solvers first
    assert {"py_rules.engine.solvers", "py_rules.engine.solvers.number_duel"} <= graph[
        "py_rules.registry"
    ]
    # under TYPE_CHECKING
    assert "py_rules.engine.solvers.base" in graph["py_rules.kit"]
    # `from .. import i18n` names the submodule itself
    assert "py_rules.i18n" in graph["py_rules.terminal.cli"]


def write_package(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root / "pkg"


def test_a_cycle_through_an_import_inside_a_function_is_found(tmp_path: Path) -> None:
    top = write_package(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/a.py": "from .sub.b import B\n",
            "pkg/sub/__init__.py": "",
            "pkg/sub/b.py": "B = 1\n\ndef late():\n    from ..a import A\n    return A\n",
        },
    )
    assert find_cycle(import_graph(top)) == ["pkg.a", "pkg.sub.b", "pkg.a"]


def test_a_cycle_under_type_checking_and_through_a_package_is_found(tmp_path: Path) -> None:
    top = write_package(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/a.py": (
                "from typing import TYPE_CHECKING\n"
                "if TYPE_CHECKING:\n    import pkg.sub.c\n"  # absolute: runs pkg.sub first
            ),
            "pkg/sub/__init__.py": "from .. import a\n",  # a submodule named in `from .. import`
            "pkg/sub/c.py": "",
        },
    )
    assert find_cycle(import_graph(top)) == ["pkg.a", "pkg.sub", "pkg.a"]


def test_a_package_importing_its_own_modules_is_no_cycle(tmp_path: Path) -> None:
    top = write_package(
        tmp_path,
        {
            "pkg/__init__.py": "from .a import A\nfrom . import b\n",
            "pkg/a.py": "from . import b\nA = b.B\n",
            "pkg/b.py": "import pkg\nB = 1\n",
        },
    )
    graph = import_graph(top)
    assert graph == {"pkg": {"pkg.a", "pkg.b"}, "pkg.a": {"pkg.b"}, "pkg.b": set()}
    assert find_cycle(graph) is None
