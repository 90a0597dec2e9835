"""The rules package's modules import each other without a cycle.

A cycle makes the import order matter (a half-initialised module seen from the other
side); modules found at run time through the registry are not imports.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "py_rules"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> set[str]:
    """The py_rules modules `path` imports at module level (not inside functions)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.ImportFrom):
            base = package.split(".")
            if node.level:
                base = base[: len(base) - node.level + 1]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            for alias in node.names:
                candidate = f"{target}.{alias.name}"
                found.add(candidate if candidate in MODULES else target)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {m for m in found if m in MODULES and m != name}


MODULES = {module_name(p): p for p in PACKAGE.rglob("*.py")}


def test_no_import_cycle_in_the_rules_package() -> None:
    graph = {name: imports_of(path) for name, path in MODULES.items()}
    done: set[str] = set()

    def visit(name: str, trail: list[str]) -> None:
        if name in trail:
            cycle = [*trail[trail.index(name) :], name]
            raise AssertionError(f"import cycle: {' -> '.join(cycle)}")
        if name in done:
            return
        for imported in sorted(graph[name]):
            # a package's __init__ runs before its submodules: importing a submodule
            # from its own package's __init__ is not a cycle
            if not imported.startswith(name + "."):
                visit(imported, [*trail, name])
        done.add(name)

    for name in sorted(graph):
        visit(name, [])
    assert "py_rules.play.session" in graph and graph["py_rules.terminal.loop"]
