"""The local server (scripts/serve.py) behaves like GitHub Pages and cannot be turned
against its users: no open redirect, no directory listings, redirects that keep the
prefix, and the pages' Content-Security-Policy sent as a header."""

from __future__ import annotations

import http.client
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from offline import CSP
from serve import start_server

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


def get(port: int, path: str) -> http.client.HTTPResponse:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("GET", path)
    response = connection.getresponse()
    response.read()
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


def test_every_response_carries_the_pages_content_security_policy(
    server: tuple[int, str],
) -> None:
    port, prefix = server
    for path in ("", "games/circle-duel/", "assets/style.css", "games/circle-duel", "nothing"):
        response = get(port, f"{prefix}{path}")
        assert response.getheader("Content-Security-Policy") == CSP, path
        # Like GitHub Pages, so that a sandboxed iframe (an opaque origin) can load the site.
        assert response.getheader("Access-Control-Allow-Origin") == "*", path


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
