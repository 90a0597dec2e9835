"""Compile the Python the pages load to bytecode, inside Pyodide, at build time.

Pyodide ships its standard library as source, so a page that starts Python normally compiles
every module it imports: most of the CPU time of a first start. Compiled ahead, with the
Python of the very Pyodide the pages run, the pages only unmarshal. This module runs inside
Pyodide under Node.js (scripts/build/bytecode.mjs); `compile_zip` turns every `.py` entry of a zip
into a `.pyc` entry (imported without its source: zipimport and the file finder both take a
lone `.pyc`), `compile_tree` writes `__pycache__` files for a package whose source is written
at run time by someone else (PyScript's own `pyscript` package).

The bytecode stays small on the wire: docstrings are left out (nothing the pages run reads
them; like `python -OO`, but asserts stay), and so are the column positions of every
instruction (PYTHONNODEBUGRANGES=1, set by bytecode.mjs): tracebacks still name the line.
Each file is a hash-based, unchecked pyc (PEP 552): valid whatever the file times, never
compared with a source. For the standard library (`one_line=True`) even the line table is cut
to one line per function, its first: a traceback from inside it still names the file and
the function (the pages ship no source to show lines from anyway); the pages' own code keeps
its line numbers.
"""

from __future__ import annotations

import ast
import importlib.util
import sys
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]
from pathlib import PurePosixPath
from types import CodeType

# Every entry gets this timestamp, so the same files make the same bytes.
ZIP_TIME = (2024, 1, 1, 0, 0, 0)
DOCSTRING_OWNERS = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


def without_docstrings(tree: ast.Module) -> ast.Module:
    """The module with the docstring of the module and of every class and function removed."""
    for node in ast.walk(tree):
        if not isinstance(node, DOCSTRING_OWNERS):
            continue
        body = node.body
        first = body[0] if body else None
        if (
            isinstance(first, ast.Expr)
            and isinstance(first.value, ast.Constant)
            and isinstance(first.value.value, str)
        ):
            node.body = body[1:] or [ast.copy_location(ast.Pass(), first)]
    return tree


# A location table entry (CPython's Objects/locations.md): "no columns", for up to 8 code units,
# the line given as a signed varint delta from the previous entry's (0: the same line).
NO_COLUMNS = 0x80 | (13 << 3)
UNITS_PER_ENTRY = 8


def one_line_per_function(code: CodeType) -> CodeType:
    """`code` (and every code object inside it) with all instructions on its first line."""
    consts = tuple(
        one_line_per_function(c) if isinstance(c, CodeType) else c for c in code.co_consts
    )
    table = bytearray()
    left = len(code.co_code) // 2
    while left > 0:
        units = min(left, UNITS_PER_ENTRY)
        table += bytes((NO_COLUMNS | (units - 1), 0))
        left -= units
    return code.replace(co_consts=consts, co_linetable=bytes(table))


def bytecode(source: bytes, filename: str, one_line: bool = False) -> bytes:
    """An unchecked hash-based pyc of `source`, its code objects naming `filename`."""
    tree = without_docstrings(ast.parse(source, filename))
    code = compile(tree, filename, "exec", dont_inherit=True)
    if one_line:
        code = one_line_per_function(code)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), False))


def compile_zip(
    source_zip: str,
    target_zip: str,
    mounted_at: str,
    extra: dict[str, bytes] | None = None,
    one_line: bool = False,
) -> int:
    """Copy a zip with each `.py` entry compiled to `.pyc`, then `extra` entries; return how
    many files were compiled.

    `mounted_at` is where the pages find the archive's files (the zip's path on sys.path, or
    the directory it is unpacked into), so that tracebacks name the real place.
    """
    count = 0
    with (
        zipfile.ZipFile(source_zip) as source,
        zipfile.ZipFile(target_zip, "w", zipfile.ZIP_STORED) as target,
    ):
        for info in source.infolist():
            name, data = info.filename, source.read(info)
            if name.endswith(".py"):
                data = bytecode(data, f"{mounted_at.rstrip('/')}/{name}", one_line)
                name += "c"
                count += 1
            target.writestr(zipfile.ZipInfo(name, date_time=ZIP_TIME), data)
        for name, data in sorted((extra or {}).items()):
            target.writestr(zipfile.ZipInfo(name, date_time=ZIP_TIME), data)
    return count


def cached_bytecode(files: dict[str, str], root: str) -> dict[str, bytes]:
    """`__pycache__` pycs (relative path -> bytes) for source files (relative path -> text).

    For a package whose `.py` files someone else writes at run time under `root`: the import
    system finds the cached bytecode beside them and, the pyc being unchecked, uses it.
    """
    tag = sys.implementation.cache_tag
    cached = {}
    for rel, text in files.items():
        path = PurePosixPath(rel)
        name = str(path.parent / "__pycache__" / f"{path.stem}.{tag}.pyc")
        cached[name] = bytecode(text.encode("utf-8"), f"{root.rstrip('/')}/{rel}")
    return cached
