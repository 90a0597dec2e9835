"""The build's bytecode (scripts/build/bytecode.py) behaves as the source it replaces: the same
results, asserts kept, docstrings gone, tracebacks naming the file and line where the
pages find it, imported without its source from a zip and from a __pycache__ folder."""

from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import sys
import traceback
import zipfile
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from bytecode import cached_bytecode, compile_zip

pytestmark = pytest.mark.no_wasm  # the build runs on the host, not in the page

MODULE = '''"""A module docstring."""
from __future__ import annotations


class Counter:
    """A class docstring."""

    def __init__(self) -> None:
        """Only a docstring: the body must still be valid without it."""

    def count(self, n: int) -> int:
        """Add up to n."""
        assert n >= 0, "n must not be negative"
        return sum(range(n + 1))


def broken() -> None:
    raise ValueError("broken")
'''


@pytest.fixture
def fresh_imports() -> Iterator[None]:
    """Forget the test modules again, so each test imports its own copy."""
    before = set(sys.modules)
    yield
    for name in set(sys.modules) - before:
        del sys.modules[name]
    importlib.invalidate_caches()


def import_from(location: Path, package: str, module: str) -> ModuleType:
    """`package.module` imported as if the zip or folder `location` were on the import
    path (the pages put their bundle there), leaving the import path as it is: the
    package is found in `location` by the same finders, its modules through its path."""
    spec = importlib.machinery.PathFinder.find_spec(package, [str(location)])
    assert spec is not None and spec.loader is not None, package
    top = importlib.util.module_from_spec(spec)
    sys.modules[package] = top
    spec.loader.exec_module(top)
    return importlib.import_module(f"{package}.{module}")


def test_a_compiled_zip_imports_without_its_source(tmp_path: Path, fresh_imports: None) -> None:
    source = tmp_path / "source.zip"
    with zipfile.ZipFile(source, "w") as archive:
        archive.writestr("pkg/__init__.py", "")
        archive.writestr("pkg/counting.py", MODULE)
        archive.writestr("pkg/data.txt", "kept as it is")
    target = tmp_path / "compiled.zip"
    assert compile_zip(str(source), str(target), "/mounted/lib.zip") == 2
    with zipfile.ZipFile(target) as archive:
        names = archive.namelist()
        assert archive.read("pkg/data.txt") == b"kept as it is"
    assert sorted(names) == ["pkg/__init__.pyc", "pkg/counting.pyc", "pkg/data.txt"]

    counting = import_from(target, "pkg", "counting")
    assert counting.__file__.endswith("pkg/counting.pyc")
    assert counting.Counter().count(4) == 10
    with pytest.raises(AssertionError, match="negative"):  # asserts stay
        counting.Counter().count(-1)
    assert counting.__doc__ is None
    assert counting.Counter.__doc__ is None and counting.Counter.count.__doc__ is None
    with pytest.raises(ValueError) as raised:
        counting.broken()
    where = traceback.extract_tb(raised.tb)[-1]
    line = MODULE.splitlines().index('    raise ValueError("broken")') + 1
    assert (where.filename, where.lineno) == ("/mounted/lib.zip/pkg/counting.py", line)


def test_cached_bytecode_is_used_beside_a_source_written_later(
    tmp_path: Path, fresh_imports: None
) -> None:
    cached = cached_bytecode({"late/__init__.py": "", "late/counting.py": MODULE}, str(tmp_path))
    tag = sys.implementation.cache_tag
    assert sorted(cached) == [
        f"late/__pycache__/__init__.{tag}.pyc",
        f"late/__pycache__/counting.{tag}.pyc",
    ]
    for name, data in cached.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(data)
    # The source is written afterwards and differs from the compiled one: an unchecked pyc is
    # still what runs (PyScript writes its package's source at every start).
    (tmp_path / "late" / "__init__.py").write_text("")
    (tmp_path / "late" / "counting.py").write_text(MODULE.replace("range(n + 1)", "range(n)"))
    counting = import_from(tmp_path, "late", "counting")
    assert counting.Counter().count(4) == 10
    assert counting.Counter.__doc__ is None
