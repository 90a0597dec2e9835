"""Serve the built site (_site/) on loopback, the way a static host such as GitHub Pages would.

`make serve` runs this and prints the URL. The tests and the benchmark import
`start_server` to serve the same files under a sub-path on a free port.

Like GitHub Pages: a directory is served by its index.html or not at all (404, no
listings), and a directory asked for without its final slash is redirected to the
slash form under the same prefix. A redirect only ever points into the site, whatever
the request held (no "//evil.example/..." open redirect). Every response carries the
Content-Security-Policy header with the policy the pages carry in their <meta> tag.
"""

from __future__ import annotations

import argparse
import email.utils
import errno
import functools
import gzip
import os
import posixpath
import sys
import threading
from collections.abc import Mapping
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar
from urllib.parse import quote, unquote, urlsplit

from offline import CSP

ROOT = Path(__file__).resolve().parent.parent
SITE_DIR = ROOT / "_site"

TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".py": "text/x-python; charset=utf-8",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".css": "text/css",
    ".html": "text/html; charset=utf-8",
}


# Text is sent gzip-compressed, as GitHub Pages and other static hosts do; so are WebAssembly
# and zip files (the pages' standard library zip stores its entries uncompressed for this).
COMPRESSIBLE = {".html", ".css", ".js", ".mjs", ".json", ".svg", ".py", ".txt", ".map"}
COMPRESSIBLE |= {".wasm", ".zip"}
_gzip_cache: dict[tuple[str, float], bytes] = {}
_gzip_lock = threading.Lock()


def gzipped(path: str, mtime: float) -> bytes:
    """The file's gzip encoding, made once per version of the file."""
    key = (path, mtime)
    with _gzip_lock:
        if key not in _gzip_cache:
            with open(path, "rb") as file:
                _gzip_cache[key] = gzip.compress(file.read(), compresslevel=6, mtime=0)
        return _gzip_cache[key]


def warm_gzip_cache(directory: Path) -> None:
    """Compress the big runtime files now, so that the first page to ask for them does not
    wait for it (a real static host serves them compressed at once)."""
    for path in sorted((directory / "vendor").rglob("*")):
        if path.suffix in COMPRESSIBLE and path.is_file():
            gzipped(str(path), path.stat().st_mtime)


class SiteHandler(SimpleHTTPRequestHandler):
    """Static files under a URL prefix, with cache headers like a real static host.

    The vendored runtime never changes for a given build, so it may be cached; pages
    and our own Python are revalidated so that a rebuild shows up on reload.
    """

    protocol_version = "HTTP/1.1"  # keep-alive, as browsers get from real hosts
    extensions_map: ClassVar[dict[str, str]] = {**SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def __init__(self, *args, prefix: str, extra: Mapping[str, bytes], quiet: bool, **kw):
        self.prefix = prefix
        self.extra = extra
        self.quiet = quiet
        super().__init__(*args, **kw)

    def site_path(self) -> str | None:
        """The request path inside the site, normalised ("/" + parts, no "." or ".." and
        no empty parts), or None when it is outside the prefix."""
        path = unquote(urlsplit(self.path).path)
        if not path.startswith(self.prefix) or "\x00" in path:
            return None
        parts = posixpath.normpath("/" + path[len(self.prefix) :]).split("/")
        return "/" + "/".join(part for part in parts if part not in ("", ".", ".."))

    def do_GET(self) -> None:
        self.serve(head=False)

    def do_HEAD(self) -> None:
        self.serve(head=True)

    def redirect(self, inner: str) -> None:
        """A redirect to `inner`, a path inside the site: always under the prefix."""
        query = urlsplit(self.path).query
        self.send_response(HTTPStatus.MOVED_PERMANENTLY)
        location = quote(self.prefix + inner.lstrip("/"))
        self.send_header("Location", location + (f"?{query}" if query else ""))
        self.send_header("Content-Length", "0")
        self.end_headers()

    def serve(self, head: bool) -> None:
        self.cache_control = "no-cache"
        path = unquote(urlsplit(self.path).path)
        if path + "/" == self.prefix or (path == "/" and self.prefix != "/"):
            self.redirect("/")
            return
        inner = self.site_path()
        if inner is None:
            self.send_error(HTTPStatus.NOT_FOUND, "Not under " + self.prefix)
            return
        if inner in self.extra:
            body = self.extra[inner]
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", self.guess_type(inner))
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if not head:
                self.wfile.write(body)
            return
        if os.path.isdir(self.translate_path(quote(inner))):
            if not path.endswith("/"):
                self.redirect(inner + "/")
                return
            inner = inner.rstrip("/") + "/index.html"  # missing: 404, never a listing
        self.cache_control = "max-age=3600" if inner.startswith("/vendor/") else "no-cache"
        self.path = quote(inner)  # SimpleHTTPRequestHandler maps it into `directory`
        if self.send_compressed(head):
            return
        handler = super().do_HEAD if head else super().do_GET
        handler()

    def send_compressed(self, head: bool) -> bool:
        """Send a text file gzip-encoded if the browser accepts it; False if not handled."""
        fs_path = self.translate_path(self.path)
        suffix = os.path.splitext(fs_path)[1]
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        if suffix not in COMPRESSIBLE or not accepts or not os.path.isfile(fs_path):
            return False
        mtime = os.stat(fs_path).st_mtime
        since = self.headers.get("If-Modified-Since")
        if since:
            try:
                if email.utils.parsedate_to_datetime(since).timestamp() >= int(mtime):
                    self.send_response(HTTPStatus.NOT_MODIFIED)
                    self.end_headers()
                    return True
            except (TypeError, ValueError, IndexError, OverflowError):
                pass
        body = gzipped(fs_path, mtime)
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", self.guess_type(fs_path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", email.utils.formatdate(mtime, usegmt=True))
        self.end_headers()
        if not head:
            self.wfile.write(body)
        return True

    def end_headers(self) -> None:
        self.send_header("Cache-Control", getattr(self, "cache_control", "no-cache"))
        self.send_header("Content-Security-Policy", CSP)
        # As GitHub Pages does: other origins may read the files, which a page with an
        # opaque origin (a sandboxed iframe without allow-same-origin) needs for every
        # module, the runtime and fetch().
        self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:
        if not self.quiet:
            super().log_message(format, *args)


def start_server(
    directory: Path = SITE_DIR,
    host: str = "127.0.0.1",
    port: int = 0,
    prefix: str = "/",
    extra: Mapping[str, bytes] | None = None,
    quiet: bool = True,
) -> tuple[ThreadingHTTPServer, str]:
    """Serve `directory` at http://host:port/prefix in a daemon thread; return (server, url).

    `extra` adds in-memory files (path inside the site -> bytes), e.g. a benchmark page.
    """
    prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
    handler = functools.partial(
        SiteHandler, directory=str(directory), prefix=prefix, extra=dict(extra or {}), quiet=quiet
    )
    server = ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True, name="site-server").start()
    return server, f"http://{host}:{server.server_address[1]}{prefix}"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Serve the built site (_site/).")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--prefix", default="/", help="URL sub-path, e.g. /number-duels/")
    parser.add_argument("--dir", type=Path, default=SITE_DIR, help="the built site")
    args = parser.parse_args(argv)
    if not (args.dir / "index.html").is_file():
        sys.exit(f"{args.dir} has no index.html: build it first with `make site`.")
    try:
        server, url = start_server(args.dir, args.host, args.port, args.prefix, quiet=False)
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
