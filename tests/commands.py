"""`python -m py_rules` run as a real command, as a player starts it (tests marked no_wasm:
Pyodide has no subprocesses)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def run_py_rules(
    *args: str, stdin: str = "", env: Mapping[str, str] | None = None, timeout: float = 60
) -> subprocess.CompletedProcess[str]:
    """Run the command with `args` and `stdin` in `env` (this process's by default), the
    repository on its import path; its exit status, output and errors as text."""
    environ = {**(os.environ if env is None else env), "PYTHONPATH": str(REPO)}
    return subprocess.run(
        [sys.executable, "-m", "py_rules", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=REPO,
        env=environ,
        timeout=timeout,
        check=False,
    )
