"""One Lighthouse run on one page: the command line that `make audit` (audit/lighthouse.py)
and `make bench` (bench/page_lighthouse.py) share.

Lighthouse 12.2.3 comes from audit/'s own npm install (pinned in audit/package-lock.json,
`make audit/node_modules/.installed`: 12.2.3 is the last release that installs on Node.js
20). It drives the Chromium the tests run (chromium.py), headless, with the tests' flags and
every request that is not for loopback refused, and writes its JSON report where it is told.
"""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from chromium import CHROMIUM_FLAGS, proxy_flags

ROOT = Path(__file__).resolve().parents[2]
LIGHTHOUSE = ROOT / "audit" / "node_modules" / ".bin" / "lighthouse"
MOBILE = "mobile"  # Lighthouse's default settings: no --preset


def lighthouse(
    chromium: str,
    url: str,
    report: Path,
    categories: Sequence[str],
    preset: str = MOBILE,
    timeout_s: int = 600,
) -> dict[str, Any]:
    """Lighthouse's result for `url` (its report kept in `report`), the `categories` only,
    with `preset`'s settings. CalledProcessError or TimeoutExpired when it gives up."""
    flags = ["--headless=new", *CHROMIUM_FLAGS, *proxy_flags()]
    command = [
        str(LIGHTHOUSE),
        url,
        "--output=json",
        f"--output-path={report}",
        "--quiet",
        f"--only-categories={','.join(categories)}",
        f"--chrome-flags={' '.join(flags)}",
    ]
    if preset != MOBILE:
        command.append(f"--preset={preset}")
    env = {**os.environ, "CHROME_PATH": chromium}
    subprocess.run(command, check=True, timeout=timeout_s, env=env)
    result: dict[str, Any] = json.loads(report.read_text(encoding="utf-8"))
    return result
