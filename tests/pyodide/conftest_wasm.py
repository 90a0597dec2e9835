"""pytest plugin for the rules tests under Pyodide, loaded by run.mjs with ``-p conftest_wasm``.

It registers the Hypothesis profile ``wasm``, which run.mjs selects with
``--hypothesis-profile=wasm``. It is imported before tests/conftest.py, which then keeps this
profile rather than registering its own, and Hypothesis loads it after every conftest.py.
"""

from hypothesis import HealthCheck, settings

settings.register_profile(
    "wasm",
    # WebAssembly runs Python several times slower than CPython, and the CPython run already
    # explores widely: this run proves the same code paths work on Python 3.14/Emscripten, for
    # which fewer examples suffice (the whole run: about 130 CPU s, 8 of them Pyodide's start).
    max_examples=25,
    # Timings are slower and noisier here: a deadline or the too_slow check would flake.
    # data_too_large is suppressed for long games, as tests/conftest.py does on CPython.
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    # No example database: it would be written into the repository mounted from the host. The
    # blob printed on a failure is then the way to reproduce it (@reproduce_failure).
    database=None,
    print_blob=True,
)
