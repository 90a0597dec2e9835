"""Serve the built site (_site/) on loopback, the way GitHub Pages serves it.

`make serve` runs this through its command (scripts/serve/serve.py), which prints the URL.
The tests and the benchmarks import `start_server` to serve the same files under a
sub-path on a free port, so that every figure and every test sees what a visitor of the
real host gets:

- a response is gzip-encoded only when the media type its extension maps to is marked
  `compressible` in the npm package mime-db (scripts/serve/mime_db.py), as GitHub Pages decides:
  `.wasm`, `.js`, `.json`, `.css`, `.html`, `.svg` are; `.zip`, `.png` and `.gz` are not;
- no content negotiation: a `.gz` file is sent as `application/gzip` without
  `Content-Encoding`, and `x.js` is never answered with a sibling `x.js.gz`;
- every response says `Cache-Control: max-age=600` and carries an `ETag` and a
  `Last-Modified`; a revalidation (`If-None-Match`, `If-Modified-Since`) gets a 304;
- `Access-Control-Allow-Origin: *`; no other headers: no Content-Security-Policy (the pages
  carry theirs in a <meta> tag) unless one is given, `csp=POLICY` / `--csp`;
- a directory is served by its index.html or not at all (404, no listings), and a directory
  asked for without its final slash is redirected to the slash form under the same prefix.
  A redirect only ever points into the site, whatever the request held (no
  "//evil.example/..." open redirect).
"""

from __future__ import annotations

import email.utils
import functools
import gzip
import hashlib
import os
import posixpath
import sys
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import quote, unquote, urlsplit

import mime_db

ROOT = Path(__file__).resolve().parents[2]
SITE_DIR = ROOT / "_site"
# GitHub Pages: every response may be cached for ten minutes, then is revalidated.
CACHE_CONTROL = "max-age=600"
# How hard the host compresses is its own business (not published); level 6 is zlib's and
# nginx's usual choice.
GZIP_LEVEL = 6


class ByteMeter:
    """Counts every byte the server sends (status lines, headers and bodies) and when it
    last sent one: what a visit costs on the wire, service worker requests included, which
    the page's own resource timing cannot see. Shared by the server's threads."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.sent = 0
        self.last = time.monotonic()
        self.paths: dict[str, int] = {}
        self.bodies: dict[str, int] = {}  # how many times each path's body was sent

    def add(self, count: int, path: str = "") -> None:
        with self._lock:
            self.sent += count
            self.last = time.monotonic()
            if path:
                self.paths[path] = self.paths.get(path, 0) + count

    def body_sent(self, path: str) -> None:
        """One more whole response body of `path` (not a 304): a file downloaded again."""
        with self._lock:
            self.bodies[path] = self.bodies.get(path, 0) + 1

    def reset(self) -> None:
        with self._lock:
            self.sent = 0
            self.last = time.monotonic()
            self.paths = {}
            self.bodies = {}


@dataclass(frozen=True)
class Body:
    """One file's response body, as the host sends it."""

    data: bytes
    content_type: str
    encoded: bool  # gzip Content-Encoding
    etag: str
    modified: float


_encoded: dict[tuple[str, float, int, bool], tuple[str, bytes | None]] = {}
_encoded_lock = threading.Lock()


def body_of(where: str, data: bytes, mtime: float, gzip_ok: bool) -> Body:
    """The response body for the file at `where`: gzip-encoded if its type is compressible
    and the browser accepts it. Its tag and encoding are made once per version of the file."""
    encode = gzip_ok and mime_db.compressible(where)
    key = (where, mtime, len(data), encode)
    with _encoded_lock:
        if key not in _encoded:
            tag = hashlib.sha256(data).hexdigest()[:20]
            if encode:  # a different byte sequence: a weak tag, as nginx gives it
                sent = gzip.compress(data, compresslevel=GZIP_LEVEL, mtime=0)
                _encoded[key] = (f'W/"{tag}"', sent)
            else:
                _encoded[key] = (f'"{tag}"', None)
        etag, sent = _encoded[key]
    return Body(data if sent is None else sent, mime_db.content_type(where), encode, etag, mtime)


def read_file(path: str) -> tuple[bytes, float]:
    with open(path, "rb") as file:
        return file.read(), os.fstat(file.fileno()).st_mtime


def warm_gzip_cache(directory: Path) -> None:
    """Compress the big runtime files now, so that the first page to ask for them does not
    wait for it (a real static host serves them compressed at once)."""
    for path in sorted((directory / "vendor").rglob("*")):
        if path.is_file() and mime_db.compressible(path.name):
            data, mtime = read_file(str(path))
            body_of(str(path), data, mtime, gzip_ok=True)


class SiteHandler(BaseHTTPRequestHandler):
    """Static files under a URL prefix, with the headers GitHub Pages sends."""

    protocol_version = "HTTP/1.1"  # keep-alive, as browsers get from real hosts
    # Each response leaves in two writes, its headers and then its body. With Nagle's
    # algorithm on, a small body waits for the client to acknowledge the headers, which the
    # client delays by up to 40 ms on Linux: every small file of a page would take 40 ms
    # more than a real host needs, and each page's blocking scripts add that up in a chain.
    disable_nagle_algorithm = True

    def __init__(
        self,
        *args,
        directory: str,
        prefix: str,
        extra: Mapping[str, bytes],
        quiet: bool,
        csp: str | None,
        meter: ByteMeter | None = None,
        **kw,
    ):
        self.directory = directory
        self.prefix = prefix
        self.extra = extra
        self.quiet = quiet
        self.csp = csp
        self.meter = meter
        super().__init__(*args, **kw)

    def site_path(self) -> str | None:
        """The request path inside the site, normalised ("/" + parts, no "." or ".." and
        no empty parts), or None when it is outside the prefix."""
        path = unquote(urlsplit(self.path).path)
        if not path.startswith(self.prefix) or "\x00" in path:
            return None
        parts = posixpath.normpath("/" + path[len(self.prefix) :]).split("/")
        return "/" + "/".join(part for part in parts if part not in ("", ".", ".."))

    def fs_path(self, inner: str) -> str:
        return os.path.join(self.directory, *inner.strip("/").split("/"))

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

    def not_found(self, why: str) -> None:
        message = f"404 Not Found: {why}\n".encode()
        self.send_response(HTTPStatus.NOT_FOUND)
        self.send_header("Content-Type", "text/plain; charset=utf-8")
        self.send_header("Content-Length", str(len(message)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(message)

    def serve(self, head: bool) -> None:
        path = unquote(urlsplit(self.path).path)
        if path + "/" == self.prefix or (path == "/" and self.prefix != "/"):
            self.redirect("/")
            return
        inner = self.site_path()
        if inner is None:
            self.not_found("not under " + self.prefix)
            return
        where = f"extra:{id(self.extra)}:{inner}"
        if inner in self.extra:
            data, mtime = self.extra[inner], 0.0
        else:
            if os.path.isdir(self.fs_path(inner)):
                if not path.endswith("/"):
                    self.redirect(inner + "/")
                    return
                inner = inner.rstrip("/") + "/index.html"  # missing: 404, never a listing
            where = self.fs_path(inner)
            try:
                data, mtime = read_file(where)
            except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
                self.not_found(inner)
                return
        gzip_ok = "gzip" in self.headers.get("Accept-Encoding", "")
        self.send_body(body_of(where, data, mtime, gzip_ok), head)

    def fresh(self, body: Body) -> bool:
        """Does the browser's cached copy still hold (a revalidation that gets a 304)?"""
        tags = self.headers.get("If-None-Match")
        if tags is not None:
            weak = body.etag.removeprefix("W/")
            return any(t.strip().removeprefix("W/") in (weak, "*") for t in tags.split(","))
        since = self.headers.get("If-Modified-Since")
        if since and body.modified:
            try:
                return email.utils.parsedate_to_datetime(since).timestamp() >= int(body.modified)
            except (TypeError, ValueError, IndexError, OverflowError):
                return False
        return False

    def send_body(self, body: Body, head: bool) -> None:
        not_modified = self.fresh(body)
        self.send_response(HTTPStatus.NOT_MODIFIED if not_modified else HTTPStatus.OK)
        self.send_header("ETag", body.etag)
        if body.modified:
            self.send_header("Last-Modified", email.utils.formatdate(body.modified, usegmt=True))
        self.send_header("Vary", "Accept-Encoding")
        if not_modified:
            self.end_headers()
            return
        self.send_header("Content-Type", body.content_type)
        if body.encoded:
            self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body.data)))
        self.end_headers()
        if not head:
            try:
                self.wfile.write(body.data)
                if self.meter is not None:
                    self.meter.add(len(body.data), urlsplit(self.path).path)
                    self.meter.body_sent(urlsplit(self.path).path)
            except (BrokenPipeError, ConnectionResetError):
                self.close_connection = True  # the browser went away mid-file (page closed)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", CACHE_CONTROL)
        if self.csp:
            self.send_header("Content-Security-Policy", self.csp)
        # As GitHub Pages does: other origins may read the files, which a page with an
        # opaque origin (a sandboxed iframe without allow-same-origin) needs for every
        # module, the runtime and fetch().
        self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()

    def flush_headers(self) -> None:
        if self.meter is not None and hasattr(self, "_headers_buffer"):
            self.meter.add(sum(map(len, self._headers_buffer)), urlsplit(self.path).path)
        super().flush_headers()

    def log_message(self, format: str, *args) -> None:
        if not self.quiet:
            super().log_message(format, *args)


class SiteServer(ThreadingHTTPServer):
    """The server's threads: a browser that closes a kept-alive connection (a page closed, a
    download cancelled) is no error worth a traceback; any other error still prints one."""

    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)  # type: ignore[arg-type]


def start_server(
    directory: Path = SITE_DIR,
    host: str = "127.0.0.1",
    port: int = 0,
    prefix: str = "/",
    extra: Mapping[str, bytes] | None = None,
    quiet: bool = True,
    csp: str | None = None,
    meter: ByteMeter | None = None,
    handler_class: type[SiteHandler] = SiteHandler,
) -> tuple[ThreadingHTTPServer, str]:
    """Serve `directory` at http://host:port/prefix in a daemon thread; return (server, url).

    `extra` adds in-memory files (path inside the site -> bytes), e.g. a benchmark page;
    `csp`, the pages' Content-Security-Policy (the build's `offline.CSP`), is sent as a
    header too (GitHub Pages cannot); `meter` counts the bytes sent; `handler_class`, a
    SiteHandler of a test's own (one that holds a response back).
    """
    prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
    handler = functools.partial(
        handler_class,
        directory=str(directory),
        prefix=prefix,
        extra=dict(extra or {}),
        quiet=quiet,
        csp=csp,
        meter=meter,
    )
    server = SiteServer((host, port), handler)
    threading.Thread(target=server.serve_forever, daemon=True, name="site-server").start()
    return server, f"http://{host}:{server.server_address[1]}{prefix}"
