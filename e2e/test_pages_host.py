"""A deploy rehearsal: the site as GitHub Pages publishes it, visited the way people visit it.

`_site/` is packed exactly as the Pages workflow packs it (actions/upload-pages-artifact
runs `tar --dereference --hard-dereference -cf artifact.tar --exclude=.git --exclude=.github .`
in the folder), unpacked elsewhere and served under a project site's sub-path by
scripts/serve/site_server.py, which follows GitHub Pages' rules (gzip only for the types
mime-db marks compressible, no header but the ones Pages sends: no Content-Security-Policy header).
One visitor plays a game, then plays again offline; a page on another origin embeds a game
and plays it. Every byte those pages fetched, and every file the service worker keeps, is
compressed on the wire: either the host gzips its type or the file is compressed already.
"""

from __future__ import annotations

import gzip
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import mime_db  # scripts/serve/mime_db.py (on pytest's pythonpath)
import precompress
import pytest
from conftest import SITE
from gamepage import GamePage, wait_embeds_ready, wait_started
from playwright.sync_api import Browser, Response
from site_server import start_server
from test_embed import press
from test_games import play_out, winner_shown
from test_offline import SW_TIMEOUT_MS, wait_until_controlled, worker_files

REPO = "/number-duels-rehearsal/"  # a project site: https://<owner>.github.io/<repo>/


@pytest.fixture(scope="module")
def deployed(site_url: str, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The build as the Pages artifact carries it: packed into a tar and unpacked."""
    # site_url: the session's build exists (built on a fresh clone) before we pack it
    work = tmp_path_factory.mktemp("pages")
    tar = work / "artifact.tar"
    pack = ["tar", "--dereference", "--hard-dereference", "--directory", str(SITE)]
    subprocess.run([*pack, "-cf", str(tar), "--exclude=.git", "--exclude=.github", "."], check=True)
    out = work / "site"
    out.mkdir()
    subprocess.run(["tar", "-xf", str(tar), "--directory", str(out)], check=True)
    return out


def uncompressed(responses: list[Response], base: str, site: Path) -> list[str]:
    """The files among `responses` (from `base`) that crossed the wire uncompressed although
    they are not compressed by their own format."""
    bad = []
    for response in responses:
        if not response.url.startswith(base) or response.status != 200:
            continue
        rel = urlsplit(response.url).path.removeprefix(urlsplit(base).path) or "index.html"
        file = site / (rel + "index.html" if rel.endswith("/") else rel)
        encoding = response.all_headers().get("content-encoding")
        if encoding == "gzip" and mime_db.compressible(file.name):
            continue
        if encoding is None and precompress.already_compressed(file.read_bytes()):
            continue
        bad.append(f"{rel} ({encoding or 'sent as it is'})")
    return bad


def test_every_file_the_service_worker_keeps_travels_compressed(deployed: Path) -> None:
    kept = [p for p in worker_files(deployed) if not p.endswith("/")]
    # The list was read whole: the runtime, the game pages' own script and the other files.
    assert {
        "vendor/pyodide/pyodide.asm.wasm",
        "assets/head-language-theme-no-storage-boot-page-worker.js",
    } <= set(kept)
    assert len(kept) > 40
    raw = [
        p
        for p in kept
        if not mime_db.compressible(p)
        and not precompress.already_compressed((deployed / p).read_bytes())
    ]
    assert raw == [], f"sent uncompressed by a host that follows mime-db: {raw}"
    # The zips the pages load are gzipped at build time: a .zip would travel as it is.
    assert not [p for p in kept if p.endswith(".zip") and p != "vendor/pyodide/python_stdlib.zip"]


@pytest.fixture
def deployed_url(deployed: Path) -> Iterator[tuple[Any, str]]:
    server, url = start_server(deployed, prefix=REPO)
    yield server, url
    server.shutdown()
    server.server_close()


def test_a_visitor_plays_then_plays_offline(
    browser: Browser, deployed: Path, deployed_url: tuple[Any, str], watch: Any
) -> None:
    server, url = deployed_url
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = watch.attach(context.new_page())
    responses: list[Response] = []
    page.on("response", lambda r: responses.append(r))
    gp = GamePage(page, "number-duel").open(url, "?delay=0")
    before_playable = list(responses)
    assert uncompressed(before_playable, url, deployed) == []
    fetched = {urlsplit(r.url).path.removeprefix(REPO) for r in before_playable}
    assert {"py/number-duels.zip.gz", "data/number_duel_openings.bin.gz"} <= fetched, fetched
    gp.new_game(mode="2p", first="1", numbers="3", name1="", name2="")
    play_out(gp)
    winner_shown(gp)

    cache = wait_until_controlled(page)
    assert url in cache
    page.wait_for_function(
        "() => performance.getEntriesByName('nd-snapshot-kept').length > 0",
        timeout=SW_TIMEOUT_MS,
    )
    assert uncompressed(responses, url, deployed) == []
    server.shutdown()  # no server at all, and the browser offline
    server.server_close()
    context.set_offline(True)
    page.reload(wait_until="commit")
    wait_started(page)
    gp.new_game(mode="2p", first="1", numbers="3", name1="", name2="")
    play_out(gp)
    winner_shown(gp)
    context.close()


HOST_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A lesson on another site</title>
<link rel="icon" href="{site}assets/favicon.svg"></head>
<body><h1>Try it</h1>
<div class="number-duels" data-game="circle-duel" data-mode="two-players"></div>
<script src="{site}embed.js" defer></script>
</body></html>
"""


def test_a_page_on_another_origin_embeds_a_game_that_plays(
    browser: Browser, deployed: Path, deployed_url: tuple[Any, str], watch: Any, tmp_path: Path
) -> None:
    _, url = deployed_url
    (tmp_path / "index.html").write_text(HOST_PAGE.format(site=url), encoding="utf-8")
    host, host_url = start_server(tmp_path, prefix="/lessons/")
    try:
        assert urlsplit(host_url).netloc != urlsplit(url).netloc  # another origin
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = watch.attach(context.new_page())
        responses: list[Response] = []
        page.on("response", lambda r: responses.append(r))
        page.goto(host_url)
        wait_embeds_ready(page)
        assert uncompressed(responses, url, deployed) == []
        box = page.locator(".number-duels").first
        legal = box.locator('.targets button[aria-disabled="false"]').first.inner_text()
        press(box, legal)
        context.close()
    finally:
        host.shutdown()
        host.server_close()


def test_the_artifact_holds_the_whole_build(deployed: Path) -> None:
    """Nothing is lost on the way: the tar holds every file of the build, byte for byte."""
    built = {p.relative_to(SITE).as_posix(): p for p in SITE.rglob("*") if p.is_file()}
    packed = {p.relative_to(deployed).as_posix(): p for p in deployed.rglob("*") if p.is_file()}
    assert sorted(built) == sorted(packed)
    assert all(built[rel].read_bytes() == packed[rel].read_bytes() for rel in built)


def test_a_host_that_decodes_the_gz_files_on_the_way_breaks_nothing(
    browser: Browser, deployed: Path, deployed_url: tuple[Any, str], watch: Any
) -> None:
    """Some hosts send `x.gz` with `Content-Encoding: gzip`: the browser then hands the page
    the zip itself. The page looks at the bytes, not the name, and plays."""
    _, url = deployed_url
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    decoded: list[str] = []

    def decode(route: Any) -> None:
        rel = urlsplit(route.request.url).path.removeprefix(REPO)
        decoded.append(rel)
        body = gzip.decompress((deployed / rel).read_bytes())
        route.fulfill(status=200, body=body, headers={"Content-Type": "application/gzip"})

    context.route(re.compile(r".*\.(zip|bin)\.gz$"), decode)
    page = watch.attach(context.new_page())
    gp = GamePage(page, "number-duel").open(url, "?delay=0&python-start=normal")
    assert {"py/number-duels.zip.gz", "data/number_duel_openings.bin.gz"} <= set(decoded)
    assert any(d.startswith("vendor/pyodide/python_stdlib-") for d in decoded), decoded
    gp.new_game(mode="2p", first="1", numbers="3", name1="", name2="")
    play_out(gp)
    winner_shown(gp)
    context.close()
