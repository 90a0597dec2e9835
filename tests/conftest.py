"""Hypothesis profiles for the rules tests.

- "ci" (the default): enough examples to explore every game and option, while the
  whole rules suite stays well under two minutes on a 2-core machine (`make test`).
- "dev": a quick run while editing.
- "thorough": many more examples, for a long hunt (`HYPOTHESIS_PROFILE=thorough`).
- "wasm": fewer examples and no deadline, for the run inside Pyodide (WebAssembly is
  several times slower). tests/pyodide/conftest_wasm.py may register its own "wasm"
  profile before this file is imported; that one is kept.

The profile is chosen by the environment variable HYPOTHESIS_PROFILE, else "wasm" when
running on Emscripten (Pyodide), else "ci"; pytest's --hypothesis-profile overrides both.
"""

from __future__ import annotations

import os
import sys

from hypothesis import HealthCheck, settings
from hypothesis.errors import InvalidArgument

IN_WASM = sys.platform == "emscripten"

# Games are long-ish sequences of draws and every step checks the JSON round trip, so
# some examples take longer than Hypothesis's default deadline on a loaded CI machine.
_COMMON = {
    "deadline": None,
    "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large],
}

settings.register_profile("ci", max_examples=60, **_COMMON)
settings.register_profile("dev", max_examples=15, **_COMMON)
settings.register_profile("thorough", max_examples=2000, **_COMMON)


def _has_profile(name: str) -> bool:
    try:
        settings.get_profile(name)
    except InvalidArgument:
        return False
    return True


if not _has_profile("wasm"):
    # No writes into the mounted repository from WebAssembly: no example database.
    settings.register_profile("wasm", max_examples=15, database=None, print_blob=True, **_COMMON)

settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("wasm" if IN_WASM else "ci"))


# ----- the sixth game -------------------------------------------------------------------
# Take Away (tests/take_away.py) joins the registry for the whole run, before any test
# module reads the list of games, through the same public kit as the five: every generic
# test runs it too. Tests about what ships (the data files, the pages) name the built-in
# games (`py_rules.registry.BUILT_IN`) instead.

from reference import REFERENCES  # noqa: E402  (after the profiles, as pytest loads this first)
from take_away import KIT, TakeAwayRef, presenter  # noqa: E402

from py_rules.registry import registered  # noqa: E402
from py_rules.terminal.presenters import presenting  # noqa: E402

_SIXTH_GAME = registered(KIT)
_SIXTH_GAME.__enter__()
_ITS_PRESENTER = presenting(KIT, presenter)
_ITS_PRESENTER.__enter__()
REFERENCES[TakeAwayRef.slug] = TakeAwayRef


def pytest_unconfigure() -> None:
    _ITS_PRESENTER.__exit__(None, None, None)
    _SIXTH_GAME.__exit__(None, None, None)
    del REFERENCES[TakeAwayRef.slug]
