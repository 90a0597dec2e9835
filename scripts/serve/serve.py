"""`make serve`: serve the built site (_site/) on loopback as GitHub Pages would, and print
its address. The server itself is `site_server`, which the tests and benchmarks import."""

from __future__ import annotations

import argparse
import errno
import sys
import threading
from pathlib import Path

from offline import CSP  # scripts/build/offline.py: the policy the pages carry
from site_server import SITE_DIR, start_server


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Serve the built site (_site/).")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--prefix", default="/", help="URL sub-path, e.g. /number-duels/")
    parser.add_argument("--dir", type=Path, default=SITE_DIR, help="the built site")
    parser.add_argument(
        "--csp",
        action="store_true",
        help="also send the Content-Security-Policy header (GitHub Pages cannot)",
    )
    args = parser.parse_args(argv)
    if not (args.dir / "index.html").is_file():
        sys.exit(f"{args.dir} has no index.html: build it first with `make site`.")
    try:
        server, url = start_server(
            args.dir, args.host, args.port, args.prefix, quiet=False, csp=CSP if args.csp else None
        )
    except OSError as error:
        if error.errno == errno.EADDRINUSE:
            sys.exit(f"Port {args.port} is in use: try `make serve PORT={args.port + 1}`.")
        raise
    print(f"Number Duels is being served at {url}  (press Ctrl+C to stop)", flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        print("\nStopped.")
        server.shutdown()


if __name__ == "__main__":
    main()
