"""The Chromium that the browser tests (e2e/) and the benchmarks (bench/) run, and its flags.

Debian's Chromium (`make chromium`) unless the CHROMIUM environment variable names another.
Every request for anything but loopback is sent to a proxy on a loopback port: the e2e
fixtures run one there that refuses and counts each request; the benchmarks name a port
where nothing listens, so such a request is refused at once.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

CHROMIUM_FLAGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
)
CHROMIUM_MISSING = "Chromium not found: run `make chromium` or set CHROMIUM=/path/to/chrome"
NOTHING_LISTENS = 9  # the discard port: a connection to it on loopback is refused at once


def find_chromium() -> str | None:
    """$CHROMIUM, else `chromium` on the PATH, else Debian's; None if it is not there."""
    found = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    return found if Path(found).exists() else None


def proxy_flags(port: int = NOTHING_LISTENS) -> list[str]:
    """Send every request but those for loopback to the proxy on this loopback port."""
    return [f"--proxy-server=http://127.0.0.1:{port}", "--proxy-bypass-list=127.0.0.1"]
