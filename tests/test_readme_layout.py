"""README's folder tree is the repository's: every part it lists exists, and every folder
and module of `py_rules/` and `site/` is listed, so a newcomer's map cannot go stale."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
ENTRY = re.compile(r"^( *)(\S+)")

pytestmark = pytest.mark.no_wasm  # the Pyodide run has the tests and py_rules, not README


def layout_tree() -> dict[str, set[str]]:
    """The README's tree as {top-level part: names listed under it}."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    block = text.split("## Layout", 1)[1].split("```", 2)[1]
    tree: dict[str, set[str]] = {}
    top = ""
    for line in block.splitlines():
        match = ENTRY.match(line)
        if not match or len(match[1]) >= 20:  # blank, or a description's second line
            continue
        indent, name = len(match[1]), match[2]
        if indent == 0:
            top = name
            tree[top] = set()
        elif indent == 2:
            tree[top].add(name)
    return tree


def listed_on_disk(folder: str) -> set[str]:
    """What a reader of `ls <folder>` sees that matters: folders (with a slash) and files,
    leaving out dunder modules and caches."""
    names = set()
    for path in (REPO / folder).iterdir():
        if path.name.startswith(("__", ".")):
            continue
        names.add(path.name + "/" if path.is_dir() else path.name)
    return names


def test_every_part_the_tree_lists_exists() -> None:
    tree = layout_tree()
    assert {"py_rules/", "site/", "tests/", "e2e/", "scripts/", "data/", "docs/"} <= set(tree)
    for top, names in tree.items():
        assert (REPO / top).exists(), top
        for name in names:
            assert (REPO / top / name).exists(), f"README lists {top}{name}, which is not there"


@pytest.mark.parametrize("folder", ["py_rules/", "site/"])
def test_the_tree_lists_every_folder_and_module(folder: str) -> None:
    missing = listed_on_disk(folder) - layout_tree()[folder]
    assert not missing, f"README's layout does not list {sorted(missing)} in {folder}"
