"""Pages start Python from a memory snapshot, and never depend on it.

A first visit downloads none: it makes one in the browser once the board is playable, and
the next visit restores it. The build-time snapshot (downloaded when asked for,
`?python-start=snapshot`) is proven on every game page; each way the snapshot can be unusable
(missing, corrupt, from another build, refused by Pyodide) is served through Playwright's
`route` and must end in a normal start that the player does not notice; two visits must
not share "random" numbers frozen into the snapshot.
"""

from __future__ import annotations

import gzip
import io
import re
from pathlib import Path
from typing import Any

import pytest
from gamepage import (
    PYTHON_BOOT,
    READY_TIMEOUT_MS,
    SLUGS,
    GamePage,
    run_python,
    wait_embeds_ready,
    worker_page,
)
from playwright.sync_api import Browser, BrowserContext, Page, expect
from test_games import take_turn

SITE = Path(__file__).resolve().parent.parent / "_site"
# A fresh browser without the site's service worker: `route` must see every request.
pytestmark = pytest.mark.context(service_workers="block")


def boot(page: Page) -> dict[str, Any]:
    """Which way Python started on this page, and why not from the snapshot."""
    found: dict[str, Any] = page.evaluate(PYTHON_BOOT)
    return found


def snapshot_file() -> Path:
    (found,) = (SITE / "vendor" / "pyodide").glob("snapshot-*.gz")
    return found


@pytest.fixture
def console(context: BrowserContext) -> dict[str, list[str]]:
    """Console messages of every page in the context, by type."""
    seen: dict[str, list[str]] = {"error": [], "warning": []}

    def note(message: Any) -> None:
        if message.type in seen:
            seen[message.type].append(message.text)

    context.on("console", note)
    context.on("weberror", lambda e: seen["error"].append(f"uncaught: {e.error}"))
    return seen


def wait_kept(page: Page) -> None:
    """Wait until the page has kept a snapshot in Cache Storage for the next visit."""
    page.wait_for_function(
        "() => performance.getEntriesByName('nd-snapshot-kept').length > 0",
        timeout=READY_TIMEOUT_MS,  # a second Python started, imported and saved: 31.5 MB
    )


def play_one_move(gp: GamePage) -> None:
    """The game really works: a legal first move is taken, by clicks."""
    take_turn(gp)
    expect(gp.history).to_have_count(1)


# ----- the fast path ------------------------------------------------------------------------


def test_every_game_page_starts_from_the_snapshot(
    context: BrowserContext, site_url: str, console: dict[str, list[str]], watch: Any
) -> None:
    page = watch.attach(context.new_page())
    for number, slug in enumerate(SLUGS):
        # The first visit downloads the snapshot (as on a fast network), the others find it
        # kept in Cache Storage.
        gp = GamePage(page, slug).open(site_url, "" if number else "?python-start=snapshot")
        took = boot(page)
        assert took["path"] == "snapshot", took
        # The rules came from the snapshot, with the paths of the files delivered beside it.
        where = run_python(
            page,
            "import sys, py_rules.engine.players as p\nresult = [p.__file__, sys._nd_snapshot]",
        )
        assert where[0] == "/home/pyodide/py_rules/engine/players.py"
        assert snapshot_file().name == f"snapshot-{where[1][:16]}.gz"
        play_one_move(gp)
        if not number:
            wait_kept(page)
    assert console["error"] == []
    assert not [w for w in console["warning"] if "snapshot" in w], console["warning"]


def test_the_tutorial_starts_its_games_from_the_snapshot(
    context: BrowserContext, site_url: str, console: dict[str, list[str]]
) -> None:
    """The tutorial page (several embedded games, one runtime in a worker) restores the
    snapshot too (the worker's wrapper says which way it took on the page's <html>)."""
    page = context.new_page()
    page.goto(f"{site_url}tutorial.html?python-start=snapshot")
    wait_embeds_ready(page)
    expect(page.locator("html")).to_have_attribute("data-nd-embed-python", "worker")
    expect(page.locator("html")).to_have_attribute("data-python-boot", "snapshot")
    assert console["error"] == []


def test_a_first_visit_makes_the_snapshot_and_the_next_visit_restores_it(
    browser: Browser, site_url: str
) -> None:
    """A first visit starts Python normally and downloads no snapshot: once the board is
    playable it makes one in this browser and keeps it; the next visit restores that one,
    still without downloading any, and plays."""
    context = browser.new_context()
    page = context.new_page()
    requested: list[str] = []
    context.on("request", lambda r: requested.append(r.url.rsplit("/", 1)[-1]))
    GamePage(page, "digit-chain").open(site_url)
    took = boot(page)
    assert took["path"] == "normal", took
    assert took["reason"] == "no snapshot kept by an earlier visit", took
    wait_kept(page)
    # Made only once the board was playable, in a worker of its own, in some seconds.
    made_after = page.evaluate(
        """() => performance.getEntriesByName('nd-snapshot-making')[0].startTime
            >= performance.getEntriesByName('board-ready')[0].startTime"""
    )
    assert made_after
    assert run_python(page, "import js\nresult = js.ndSnapshotMade.ms") > 0
    gp = GamePage(page, "digit-chain").open(site_url)
    took = boot(page)
    assert took == {"path": "snapshot", "reason": "", "ms": took["ms"]}, took
    # The restored Python is this build's (its marker), with the rules imported from the
    # bundle's compiled files where PyScript unpacks them.
    where = run_python(
        page, "import sys, py_rules.engine.players as p\nresult = [p.__file__, sys._nd_snapshot]"
    )
    assert where[0].startswith("/home/pyodide/py_rules/engine/players.py"), where
    assert snapshot_file().name == f"snapshot-{where[1][:16]}.gz"
    play_one_move(gp)
    # Neither visit downloaded a snapshot.
    assert not [name for name in requested if re.fullmatch(r"snapshot-[0-9a-f]+\.gz", name)]
    assert "pyodide.asm.wasm" in requested  # the log saw the first visit's downloads
    context.close()


# Before the page's own scripts: what the page posts to its worker, and the bytes it moves.
POSTED = """
window.ndPosted = [];
const post = Worker.prototype.postMessage;
Worker.prototype.postMessage = function (message, transfer) {
  const moved = (transfer ?? []).reduce((sum, buffer) => sum + buffer.byteLength, 0);
  window.ndPosted.push([message?.kind, moved]);
  return post.call(this, message, transfer);
};
"""


def test_a_worker_page_hands_its_worker_the_snapshot_the_page_read(
    browser: Browser, site_url: str
) -> None:
    """The page reads the kept snapshot while <head> is parsed (boot.js): its worker gets
    those bytes, moved, and restores Python from them instead of reading them again."""
    context = browser.new_context()
    context.add_init_script(POSTED)
    page = context.new_page()
    GamePage(page, "circle-duel").open(site_url, worker_page())
    assert page.evaluate("ndPosted.filter(([kind]) => kind === 'kept')") == [["kept", 0]]
    wait_kept(page)
    gp = GamePage(page, "circle-duel").open(site_url, worker_page())
    assert boot(page)["path"] == "snapshot"
    (kept,) = page.evaluate("ndPosted.filter(([kind]) => kind === 'kept')")
    assert kept[1] > 10_000_000  # the snapshot's bytes moved to the worker, not copied
    play_one_move(gp)
    context.close()


def test_a_normal_start_plays(
    context: BrowserContext, site_url: str, console: dict[str, list[str]]
) -> None:
    """The start a first visit over a slow network takes: the same game, the same rules."""
    page = context.new_page()
    gp = GamePage(page, "number-circle").open(site_url, "?python-start=normal")
    took = boot(page)
    assert took == {"path": "normal", "reason": "asked for", "ms": took["ms"]}, took
    where = run_python(page, "import sys\nresult = hasattr(sys, '_nd_snapshot')")
    assert where is False  # a fresh interpreter, not a restored one
    play_one_move(gp)
    assert console["error"] == []


# ----- the fallback -------------------------------------------------------------------------


def raw_snapshot() -> bytes:
    return gzip.decompress(snapshot_file().read_bytes())


def renamed_gzip() -> bytes:
    """The snapshot as another build of the site would name it (gzip header's name field)."""
    data = bytearray(snapshot_file().read_bytes())
    at = data.index(b"nd-snapshot-") + len("nd-snapshot-")
    data[at : at + 1] = b"0" if data[at : at + 1] != b"0" else b"1"
    return bytes(data)


def corrupt_gzip() -> bytes:
    data = bytearray(snapshot_file().read_bytes())
    for at in range(len(data) // 2, len(data) // 2 + 64):
        data[at] ^= 0x5A
    return bytes(data)


def regzipped(raw: bytes) -> bytes:
    """`raw` gzip-compressed under the snapshot's own gzip name (a sixth of the raw size to
    hand through Playwright's route). At the fastest level: the default (9) takes Python
    half a minute on a busy machine, for a file only 15% smaller."""
    name = re.search(rb"nd-snapshot-[0-9a-f]{64}", snapshot_file().read_bytes()[:200])[0]
    out = io.BytesIO()
    with gzip.GzipFile(
        filename=name.decode(), mode="wb", fileobj=out, mtime=0, compresslevel=1
    ) as gz:
        gz.write(raw)
    return out.getvalue()


def other_build_inside() -> bytes:
    """A raw snapshot that passes every check made before restoring, yet holds another
    build's Python: its marker differs."""
    data = raw_snapshot()
    marker = re.search(rb"[0-9a-f]{64}", snapshot_file().read_bytes()[:200])
    assert marker, "the gzip header names the snapshot's hash"
    assert data.count(marker[0]) >= 1
    return data.replace(marker[0], marker[0][::-1])


def other_pyodide() -> bytes:
    """A raw snapshot made by another Pyodide build (its header's build id differs)."""
    data = bytearray(raw_snapshot())
    data[16:20] = bytes(4)
    return bytes(data)


BAD_SNAPSHOTS = {
    "missing": (404, b"", "HTTP 404"),
    "corrupt": (200, corrupt_gzip, ""),
    "renamed": (200, renamed_gzip, "from another build"),
    "other-python-inside": (200, lambda: regzipped(other_build_inside()), "holds another build"),
    "other-pyodide": (200, lambda: regzipped(other_pyodide()), "for Pyodide build"),
    "not-a-snapshot": (200, lambda: b"<html>not found</html>", "wrong size"),
}


@pytest.mark.parametrize("case", list(BAD_SNAPSHOTS))
def test_an_unusable_snapshot_falls_back_unnoticed(
    context: BrowserContext, site_url: str, console: dict[str, list[str]], case: str
) -> None:
    status, body, reason = BAD_SNAPSHOTS[case]
    content = body() if callable(body) else body
    context.route(
        "**/vendor/pyodide/snapshot-*.gz",
        lambda route: route.fulfill(
            status=status, body=content, content_type="application/octet-stream"
        ),
    )
    page = context.new_page()
    gp = GamePage(page, "number-duel").open(site_url, "?python-start=snapshot")
    took = boot(page)
    assert took["path"] == "fallback", took
    assert reason in took["reason"], took
    # Nothing for the player to see: no alert, the board and its status line as usual.
    expect(page.get_by_role("alert")).to_be_hidden()
    expect(gp.status).to_contain_text("Player 1")
    play_one_move(gp)
    assert [w for w in console["warning"] if "without its snapshot" in w], console
    # The one error a missing file leaves is the browser's own network log line.
    assert all("404" in e for e in console["error"]), console["error"]


# ----- no frozen randomness ------------------------------------------------------------------


def test_random_choices_differ_between_two_visits(context: BrowserContext, site_url: str) -> None:
    page = context.new_page()
    orders, floats = [], []
    for visit in range(2):
        gp = GamePage(page, "number-duel").open(site_url, "" if visit else "?python-start=snapshot")
        assert boot(page)["path"] == "snapshot"
        floats.append(run_python(page, "import random\nresult = random.random()"))
        gp.new_game(mode="2p", first="1", numbers="9", name1="", name2="")
        page.get_by_role("button", name=re.compile(r"^Show .*'s numbers$")).click()
        names = page.locator("#targets").get_by_role("button", name=re.compile(r"^\d$"))
        expect(names).to_have_count(9)
        orders.append(names.all_inner_texts())
        if not visit:
            wait_kept(page)
    assert sorted(orders[0]) == sorted(orders[1]) == [str(n) for n in range(1, 10)]
    assert orders[0] != orders[1], "Number Duel dealt the same hidden order twice"
    assert floats[0] != floats[1], "the random module kept the snapshot's state"
