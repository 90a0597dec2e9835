"""Every benchmark `make bench` runs can be loaded: a module that fails on import (a helper it
takes from the browser tests, say) would stop `make bench` at that benchmark, and no test
runs the benchmarks themselves (they print figures; speed is not asserted)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.no_wasm

BENCH = Path(__file__).resolve().parent.parent / "bench"
MODULES = sorted(p for p in BENCH.glob("*.py") if not p.name.startswith("_") and p.name != "run.py")


@pytest.mark.parametrize("path", MODULES, ids=[p.stem for p in MODULES])
def test_a_benchmark_loads_and_has_main(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(BENCH))
    name = f"bench_{path.stem}"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, name, module)
    spec.loader.exec_module(module)
    assert callable(getattr(module, "main", None)), f"{path.name} has no main(argv)"
