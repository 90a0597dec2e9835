"""The local server (scripts/serve/site_server.py) behaves like GitHub Pages and cannot be turned
against its users: no open redirect, no directory listings, redirects that keep the
prefix; it compresses exactly the types mime-db marks compressible, never negotiates a `.gz`
sibling, sends Pages' cache headers and answers revalidation with 304; the
Content-Security-Policy header only when asked for (the pages carry theirs in a meta tag)."""

from __future__ import annotations

import gzip
import http.client
from collections.abc import Iterator
from pathlib import Path

import mime_db
import offline
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from offline import CSP
from site_server import CACHE_CONTROL, start_server

pytestmark = pytest.mark.no_wasm  # sockets and threads: not in Pyodide

PREFIXES = ["/", "/number-duels/"]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small built site: pages in directories, and directories without a page."""
    root = tmp_path_factory.mktemp("site")
    for path, text in {
        "index.html": "<!doctype html><title>home</title>",
        "games/circle-duel/index.html": "<!doctype html><title>circle</title>",
        "assets/style.css": "body{}",
        "vendor/pyodide/pyodide.mjs": "export {}",
        "vendor/pyodide/pyodide.asm.wasm": "\0asm" + "wasm " * 200,
        "vendor/pyodide/python_stdlib.zip": "PK" + "zip " * 200,
        "py/bundle.zip.gz": "not really gzip, " * 50,
        "only-gzipped.js.gz": "gzip " * 50,
        "both.js": "the plain one; " * 50,
        "both.js.gz": "the gzipped one",
    }.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)
    return root


@pytest.fixture(scope="module")
def servers(site: Path) -> Iterator[dict[str, int]]:
    """The site served under each prefix: prefix -> port."""
    started = {prefix: start_server(site, prefix=prefix)[0] for prefix in PREFIXES}
    yield {prefix: httpd.server_address[1] for prefix, httpd in started.items()}
    for httpd in started.values():
        httpd.shutdown()


@pytest.fixture(params=PREFIXES)
def server(request: pytest.FixtureRequest, servers: dict[str, int]) -> tuple[int, str]:
    return servers[request.param], request.param


def get(port: int, path: str, **headers: str) -> http.client.HTTPResponse:
    """The response, its body read into `response.body` (as sent: not decoded)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("GET", path, headers={k.replace("_", "-"): v for k, v in headers.items()})
    response = connection.getresponse()
    response.body = response.read()  # type: ignore[attr-defined]
    connection.close()
    return response


def test_a_path_made_to_look_like_another_host_redirects_inside_the_site(
    server: tuple[int, str],
) -> None:
    port, prefix = server
    for trick in (
        "%2Fevil.example/..%2Fassets",
        "/evil.example/../assets",
        "%2F%2Fevil.example/..",
    ):
        response = get(port, f"{prefix}{trick}")
        location = response.getheader("Location") or ""
        assert response.status in (301, 404), trick
        assert not location.startswith("//") and "evil.example" not in location, location
    response = get(port, f"{prefix}%2Fevil.example/..%2Fassets")
    assert (response.status, response.getheader("Location")) == (301, f"{prefix}assets/")


def test_a_directory_without_its_slash_is_redirected_under_the_prefix(
    server: tuple[int, str],
) -> None:
    port, prefix = server
    response = get(port, f"{prefix}games/circle-duel?g=abc")
    assert response.status == 301
    assert response.getheader("Location") == f"{prefix}games/circle-duel/?g=abc"
    assert get(port, f"{prefix}games/circle-duel/").status == 200
    if prefix != "/":
        assert get(port, prefix.rstrip("/")).getheader("Location") == prefix


@pytest.mark.parametrize("directory", ["assets/", "games/", "vendor/pyodide/"])
def test_a_directory_without_a_page_is_not_found_never_listed(
    server: tuple[int, str], directory: str
) -> None:
    port, prefix = server
    assert get(port, f"{prefix}{directory}").status == 404


def test_no_content_security_policy_header_unless_asked_for(
    server: tuple[int, str], site: Path
) -> None:
    """GitHub Pages cannot send one: the pages must be safe with their meta tag alone."""
    port, prefix = server
    for path in ("", "games/circle-duel/", "assets/style.css", "games/circle-duel", "nothing"):
        response = get(port, f"{prefix}{path}")
        assert response.getheader("Content-Security-Policy") is None, path
        # Like GitHub Pages, so that a sandboxed iframe (an opaque origin) can load the site.
        assert response.getheader("Access-Control-Allow-Origin") == "*", path
    httpd, _ = start_server(site, prefix=prefix, csp=CSP)
    try:
        response = get(httpd.server_address[1], prefix)
        assert response.getheader("Content-Security-Policy") == CSP
    finally:
        httpd.shutdown()


def test_the_meta_tag_policy_needs_no_header() -> None:
    """Directives a <meta> policy ignores would be lost on GitHub Pages: there are none, and
    every page gets the tag first thing in its <head>, before any script or style."""
    directives = {part.split()[0] for part in CSP.split(";")}
    assert directives.isdisjoint({"frame-ancestors", "sandbox", "report-uri", "report-to"})
    page = offline.head_tags("../../")
    assert page.lstrip().startswith('<meta http-equiv="Content-Security-Policy"')


@pytest.mark.parametrize(
    ("path", "encoded"),
    [
        ("vendor/pyodide/pyodide.mjs", True),
        ("vendor/pyodide/pyodide.asm.wasm", True),
        ("assets/style.css", True),
        ("", True),
        ("vendor/pyodide/python_stdlib.zip", False),
        ("py/bundle.zip.gz", False),
    ],
)
def test_compressed_exactly_when_mime_db_says_the_type_is_compressible(
    server: tuple[int, str], site: Path, path: str, encoded: bool
) -> None:
    port, prefix = server
    file = site / (path or "index.html")
    assert mime_db.compressible(file.name) == encoded
    response = get(port, prefix + path, Accept_Encoding="gzip, deflate, br")
    assert response.status == 200
    assert (response.getheader("Content-Encoding") == "gzip") == encoded
    body = response.body  # type: ignore[attr-defined]
    assert (gzip.decompress(body) if encoded else body) == file.read_bytes()
    assert response.getheader("Content-Type") == mime_db.content_type(file.name)
    plain = get(port, prefix + path)  # a client that takes no gzip gets the file as it is
    assert plain.getheader("Content-Encoding") is None
    assert plain.body == file.read_bytes()  # type: ignore[attr-defined]


def test_a_gz_file_is_sent_as_gzip_data_and_never_stands_in_for_its_sibling(
    server: tuple[int, str], site: Path
) -> None:
    port, prefix = server
    response = get(port, f"{prefix}py/bundle.zip.gz", Accept_Encoding="gzip")
    assert response.getheader("Content-Type") == "application/gzip"
    assert response.getheader("Content-Encoding") is None
    assert get(port, f"{prefix}only-gzipped.js", Accept_Encoding="gzip").status == 404
    both = get(port, f"{prefix}both.js", Accept_Encoding="gzip")
    assert gzip.decompress(both.body) == (site / "both.js").read_bytes()  # type: ignore[attr-defined]


def test_cache_headers_and_revalidation_as_on_github_pages(server: tuple[int, str]) -> None:
    port, prefix = server
    for encoding in ("gzip", "identity"):
        first = get(port, f"{prefix}assets/style.css", Accept_Encoding=encoding)
        assert first.getheader("Cache-Control") == CACHE_CONTROL == "max-age=600"
        etag, modified = first.getheader("ETag"), first.getheader("Last-Modified")
        assert etag and modified
        again = get(port, f"{prefix}assets/style.css", Accept_Encoding=encoding, If_None_Match=etag)
        assert (again.status, again.body) == (304, b"")  # type: ignore[attr-defined]
        assert again.getheader("ETag") == etag
        since = get(port, f"{prefix}assets/style.css", If_Modified_Since=modified)
        assert since.status == 304
        changed = get(port, f"{prefix}assets/style.css", If_None_Match='"another version"')
        assert changed.status == 200
    assert get(port, f"{prefix}assets/style.css", If_Modified_Since="not a date").status == 200


@settings(max_examples=80, deadline=None)
@given(
    path=st.lists(
        st.sampled_from(
            ["", ".", "..", "%2F", "%2f%2F", "evil.example", "assets", "\\\\", "%0d%0a"]
        ),
        max_size=6,
    ).map("/".join)
)
def test_no_request_is_redirected_out_of_the_site(servers: dict[str, int], path: str) -> None:
    for prefix, port in servers.items():
        location = get(port, prefix + path).getheader("Location")
        if location is not None:
            assert location.startswith(prefix) and not location.startswith("//"), location
            assert "\r" not in location and "\n" not in location


def test_a_response_is_sent_without_waiting_for_the_client_s_acknowledgement(site: Path) -> None:
    """Nagle's algorithm is off on every connection: with it, a small body written after
    the headers waits for the client's delayed acknowledgement (40 ms on Linux)."""
    import socket

    from site_server import SiteHandler

    seen: list[int] = []

    class Recording(SiteHandler):
        def do_GET(self) -> None:
            seen.append(self.connection.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
            super().do_GET()

    httpd, _ = start_server(site, handler_class=Recording)
    try:
        connection = http.client.HTTPConnection("127.0.0.1", httpd.server_address[1], timeout=10)
        connection.request("GET", "/assets/style.css")
        assert connection.getresponse().read() == b"body{}"
        connection.close()
    finally:
        httpd.shutdown()
    assert seen and all(seen)


def test_a_browser_that_resets_its_connection_prints_no_traceback(
    site: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    """A kept-alive connection that the browser resets (a page closed) ends quietly; the
    server serves on."""
    import functools
    import socket
    import struct
    import threading

    from site_server import SiteHandler, SiteServer

    closed = threading.Event()

    class Watched(SiteServer):
        def shutdown_request(self, request: socket.socket) -> None:  # type: ignore[override]
            super().shutdown_request(request)
            closed.set()  # after the handler's error, if any, was handled

    handler = functools.partial(
        SiteHandler, directory=str(site), prefix="/", extra={}, quiet=True, csp=None
    )
    httpd = Watched(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        port = httpd.server_address[1]
        with socket.create_connection(("127.0.0.1", port), timeout=10) as client:
            client.sendall(b"GET /assets/style.css HTTP/1.1\r\nHost: x\r\n\r\n")
            assert b"body{}" in client.recv(65536) or b"body{}" in client.recv(65536)
            # Close with a reset (linger 0) while the server waits for the next request.
            client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        assert closed.wait(10)
        assert get(port, "/assets/style.css").body == b"body{}"  # type: ignore[attr-defined]
    finally:
        httpd.shutdown()
    assert "Traceback" not in capfd.readouterr().err
