"""pytest plugin for the rules tests under Pyodide, loaded by run.mjs with ``-p conftest_wasm``.

It registers the Hypothesis profile ``wasm``, which run.mjs selects with
``--hypothesis-profile=wasm``. A plugin rather than tests/conftest.py keeps these settings out
of the CPython run, and Hypothesis loads the profile after every conftest.py has been imported,
so it wins over a profile chosen there.
"""

from hypothesis import HealthCheck, settings

settings.register_profile(
    "wasm",
    # WebAssembly runs Python several times slower than CPython, and the CPython run already
    # explores widely; fewer examples keep this run short while still playing every game.
    max_examples=50,
    # Timings are slower and noisier here: a deadline or the too_slow check would flake.
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    # No example database: it would be written into the repository mounted from the host. The
    # blob printed on a failure is then the way to reproduce it (@reproduce_failure).
    database=None,
    print_blob=True,
)
