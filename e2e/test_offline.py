"""Offline after one visit (a friend's link too), updates to a new build, app install,
Content Security Policy.

The service worker (site/sw.js, written per build by scripts/build/offline.py) precaches the
build on the first visit (all but what no page loads: the gzip snapshot, Pyodide's full
standard library and lock file, the libraries of PyScript's editor and terminal);
afterwards the site loads and plays with the network off. A new build is a new worker with
a new cache that replaces the old one when the player presses Reload on the notice. Each
test has its own browser context (so its own service worker) and its own server, which it
can stop or change.
"""

from __future__ import annotations

import json
import re
import secrets
import shutil
from pathlib import Path
from typing import Any

import offline  # scripts/build/offline.py (on pytest's pythonpath)
from conftest import PREFIX, SITE
from embeds import python_in_worker
from gamepage import GamePage, wait_embeds_ready, wait_started
from playwright.sync_api import BrowserContext, Page, expect
from site_server import start_server
from test_games import play_out, winner_shown
from test_link_qr import read_code

from py_rules.play.link.device import Device

SW_TIMEOUT_MS = 120_000  # precaching ~21 MB and hashing it on a busy 2-core machine


def serve(directory: Path) -> tuple[Any, str]:
    return start_server(directory, prefix=PREFIX)


def worker_files(directory: Path) -> dict[str, str]:
    source = (directory / "sw.js").read_text(encoding="utf-8")
    return json.loads(re.search(r"const FILES = (\{.*?\n\});", source, re.S).group(1))


def worker_version(directory: Path) -> str:
    return re.search(r'const VERSION = "([0-9a-f]{16})";', (directory / "sw.js").read_text())[1]


def wait_until_controlled(page: Page) -> str:
    """Wait for the worker to have precached the build and to control the page; its cache."""
    page.evaluate("navigator.serviceWorker.ready.then(() => null)")
    page.wait_for_function(
        "() => navigator.serviceWorker.controller !== null", timeout=SW_TIMEOUT_MS
    )
    names = site_caches(page)
    assert len(names) == 1, names
    return names[0]


def wait_until_resolved_true(page: Page, condition: str, arg: Any, timeout: float) -> None:
    """Wait until `condition`, a page function of `arg` that returns a promise (a look into
    the caches), resolves to true. wait_for_function would take the promise itself as true at
    once, so each poll starts one look, when none is under way, and answers what the last
    look found, kept on the page under a name of this wait's own."""
    name = f"ndWait{secrets.token_hex(4)}"
    page.wait_for_function(
        f"""(arg) => {{
            const state = (window.{name} ??= {{ found: false, looking: false }});
            if (!state.looking) {{
                state.looking = true;
                Promise.resolve(({condition})(arg))
                    .then((found) => {{ state.found = found === true; }}, () => {{}})
                    .finally(() => {{ state.looking = false; }});
            }}
            return state.found;
        }}""",
        arg=arg,
        timeout=timeout,
    )


def site_caches(page: Page) -> list[str]:
    """The service worker's caches (the page keeps the Python snapshot in one of its own)."""
    return [n for n in page.evaluate("caches.keys()") if n.startswith("number-duels ")]


def cached_urls(page: Page, cache: str) -> set[str]:
    return set(
        page.evaluate(
            "async (name) => (await (await caches.open(name)).keys()).map((r) => r.url)", cache
        )
    )


def test_after_one_visit_every_page_loads_and_plays_offline(context: BrowserContext) -> None:
    server, url = serve(SITE)
    page = context.new_page()
    GamePage(page, "sequence-duel").open(url, "?delay=0")
    cache = wait_until_controlled(page)
    assert cache.endswith(" " + worker_version(SITE)) and url in cache
    # The build is in the cache: pages, assets, runtime, manifest, icons; not the gzip
    # snapshot (the page makes its own after the first visit and keeps it unpacked), nor
    # what no page loads.
    expected = {url + ("" if path == "./" else path) for path in worker_files(SITE)}
    assert cached_urls(page, cache) == expected
    names = {u.removeprefix(url) for u in expected}
    for must in (
        "",
        "games/number-duel/",
        "puzzles/",
        "vendor/pyodide/pyodide.asm.wasm",
        f"vendor/pyodide/{next((SITE / 'vendor/pyodide').glob('python_stdlib-*.zip.gz')).name}",
        "py/number-duels.zip.gz",
        "assets/python-worker.mjs",
        "assets/head-language-theme-no-storage-boot-page-worker.js",
        "vendor/qrcode-generator/qrcode.js",
        "manifest.webmanifest",
        "assets/icons/icon-512.png",
    ):
        assert must in names, must
    assert not any(re.fullmatch(r"vendor/pyodide/snapshot-[0-9a-f]+\.gz", n) for n in names)
    for never in ("python_stdlib.zip", "pyodide-lock.json"):
        assert f"vendor/pyodide/{never}" not in names, never
    assert not [n for n in names if re.match(r"vendor/pyscript/(xterm|codemirror)", n)]
    # PyScript only where a game page runs Python on its main thread (`ND_GAME_PAGES=page`).
    on_page = "assets/pyscript.js" in (SITE / "games/sequence-duel/index.html").read_text()
    assert ("vendor/pyscript/core.js" in names) == on_page
    assert ("assets/pyscript.js" in names) == on_page
    page.wait_for_function(
        "() => performance.getEntriesByName('nd-snapshot-kept').length > 0",
        timeout=SW_TIMEOUT_MS,
    )

    server.shutdown()  # no server at all, and the browser offline
    server.server_close()
    context.set_offline(True)
    assert page.evaluate("navigator.onLine") is False
    page.reload()
    gp = GamePage(page, "sequence-duel")
    wait_started(page)
    assert page.locator("html").get_attribute("data-python-boot") == "snapshot"
    gp.new_game(mode="2p", first="1", size="20", name1="", name2="")
    play_out(gp)
    winner_shown(gp)

    # Another game, opened for the first time, and the home page also load offline.
    nd = GamePage(context.new_page(), "number-duel").open(url, "?delay=0")
    nd.new_game(mode="2p", first="1", numbers="3", name1="", name2="")
    play_out(nd)
    winner_shown(nd)
    home = context.new_page()
    home.goto(url)
    expect(home.locator(".game-list a")).to_have_count(5)
    # The tutorial, never opened online: its boards' Python starts in the worker, offline.
    tutorial = context.new_page()
    tutorial.goto(f"{url}tutorial.html")
    wait_embeds_ready(tutorial)
    python_in_worker(tutorial)
    chain = tutorial.locator(".number-duels").first  # Digit Chain: 10 wins at once
    chain.locator(".targets").get_by_role("button", name="10", exact=True).click()
    expect(chain.get_by_role("status")).to_contain_text("Player 1 wins")

    # A friend's link, opened offline on a game page never opened before: the page joins
    # the game and it is this device's turn or the friend's.
    friend = Device.start("circle-duel", {"size": "5"}, ("Ann", "Bob"), seat=1)
    joined = context.new_page()
    joined.goto(f"{url}games/circle-duel/#play={friend.link()}", wait_until="commit")
    body = joined.locator("body")
    wait_started(joined)
    expect(body).to_have_attribute("data-link", re.compile("^(your-turn|their-turn)$"))
    expect(joined.locator("#players")).to_contain_text("Ann")
    # Its link as a QR code too: the encoder, never loaded online, comes from the cache.
    joined.get_by_role("button", name="Show as QR code").click()
    figure = joined.locator("figure.link-qr")
    expect(figure).to_have_attribute("data-state", "shown")
    code = figure.get_by_role("img", name="QR code of the link to send")
    assert read_code(code) == joined.locator(".link-field").input_value()


def test_a_new_build_replaces_the_cache_after_the_player_reloads(
    context: BrowserContext, tmp_path: Path
) -> None:
    site = tmp_path / "site"
    shutil.copytree(SITE, site)
    server, url = serve(site)
    try:
        page = context.new_page()
        GamePage(page, "digit-chain").open(url, "?delay=0")
        old = wait_until_controlled(page)
        notice = page.locator(".update-notice")
        expect(notice).to_have_count(0)

        # A new build: one file changes, so the worker's version and list change.
        style = site / "assets" / "style.css"
        style.write_text(style.read_text() + "\n/* build two */\n")
        old_version, new_version = worker_version(site), offline.write_worker(site)
        assert new_version != old_version and old.endswith(old_version)

        page.reload()  # the browser checks the worker on navigation and finds the new build
        wait_started(page)
        expect(notice).to_contain_text("new version", timeout=SW_TIMEOUT_MS)
        # Until the player says so, the page and its files stay those of the old build.
        css = "fetch('../../assets/style.css').then((r) => r.text())"
        assert "build two" not in page.evaluate(css)
        new = old.replace(old_version, new_version)
        assert sorted(site_caches(page)) == sorted([old, new])
        # A second tab of the old build sees the same notice.
        other = context.new_page()
        GamePage(other, "sequence-duel").open(url)
        other.evaluate("window.sameDocument = true")
        other_notice = other.locator(".update-notice")
        expect(other_notice).to_contain_text("new version", timeout=SW_TIMEOUT_MS)
        page.bring_to_front()  # the player reloads in the first tab, in front as they do
        with page.expect_navigation():
            notice.get_by_role("button", name="Reload").click()
        # Reload switched the site: the other tab is told, and not reloaded under its player.
        expect(other_notice).to_contain_text("updated in another tab", timeout=SW_TIMEOUT_MS)
        assert other.evaluate("window.sameDocument") is True
        assert "build two" in other.evaluate(
            "fetch('../../assets/style.css').then((r) => r.text())"
        )
        other.bring_to_front()  # the player goes to the other tab and reloads it there
        with other.expect_navigation():
            other_notice.get_by_role("button", name="Reload").click()
        wait_started(other)
        expect(other_notice).to_have_count(0)
        wait_started(page)
        # One cache, the new one; the new files are served; the notice is gone.
        assert site_caches(page) == [new]
        assert "build two" in page.evaluate(css)
        expect(notice).to_have_count(0)
        gp = GamePage(page, "digit-chain").in_front()
        gp.new_game(mode="2p", first="1", pool="30", name1="", name2="")
        play_out(gp)
        winner_shown(gp)
    finally:
        server.shutdown()
        server.server_close()


def test_the_site_installs_as_an_app(context: BrowserContext, site_url: str) -> None:
    page = context.new_page()
    page.goto(site_url)
    href = page.locator('link[rel="manifest"]').get_attribute("href")
    manifest = page.evaluate("(u) => fetch(u).then((r) => r.json())", href)
    assert manifest["start_url"] == "./" and manifest["display"] == "standalone"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512", "any"} <= sizes
    for icon in manifest["icons"]:
        got = page.evaluate(
            """async (src) => {
                const r = await fetch(src);
                const type = r.headers.get('content-type');
                if (type !== 'image/png') return [r.status, type, (await r.text()).slice(0, 4)];
                const img = await createImageBitmap(await r.blob());
                return [r.status, type, img.width, img.height];
            }""",
            icon["src"],
        )
        assert got[0] == 200 and got[1] == icon["type"], got
        if icon["sizes"] == "any":
            assert got[2] == "<svg", got
        else:
            assert f"{got[2]}x{got[3]}" == icon["sizes"], got


# ----- Content Security Policy --------------------------------------------------------------


def test_every_page_carries_the_policy_before_anything_it_governs() -> None:
    pages = sorted(SITE.rglob("*.html"))
    assert len(pages) >= 6
    for page in pages:
        text = page.read_text(encoding="utf-8")
        head = text.split("</head>")[0]
        tags = re.findall(r"<(?:script|link|style|meta)\b[^>]*>", head)
        assert tags[0] == '<meta charset="utf-8">', page
        # The policy, plus the hash of each <style> the build wrote (the board before Python,
        # on the game pages whose Python runs in a worker).
        policy = offline.policy(text)
        assert policy == offline.CSP or re.search(r"<body\b[^>]*\sdata-nd-built", text), page
        assert tags[1] == f'<meta http-equiv="Content-Security-Policy" content="{policy}">', page
        assert not re.search(r"\son[a-z]+=", page.read_text(encoding="utf-8")), page
    assert "'unsafe-inline'" not in offline.CSP and "data:" not in offline.CSP
    assert "'unsafe-eval'" not in offline.CSP


def test_python_starts_where_javascript_may_not_eval(
    context: BrowserContext, site_url: str, watch: Any
) -> None:
    """PyScript starts (assets/pyscript.js) under a policy that refuses Function(): a
    script of the site's own origin that tries it is refused, as the policy says."""
    probe = f"{site_url}assets/eval-probe.js"
    context.route(
        probe,
        lambda route: route.fulfill(
            content_type="text/javascript",
            body="try { Function('return 1')(); window.ndEval = 'compiled'; }"
            " catch (error) { window.ndEval = error.name; }",
        ),
    )
    gp = GamePage(context.new_page(), "sequence-duel").open(site_url)
    gp.page.add_script_tag(url=probe)
    assert gp.page.evaluate("window.ndEval") == "EvalError"
    # The probe's own violations, on purpose (one per policy: the <meta> and the header);
    # any other still fails the test.
    probed = [v for v in watch.csp if f"refused eval ({probe}" in v]
    assert probed, watch.csp
    watch.csp[:] = [v for v in watch.csp if v not in probed]
    gp.press("10")
    expect(gp.history).to_have_count(1)


def test_a_violation_is_caught(context: BrowserContext, site_url: str, watch: Any) -> None:
    """The e2e guard (conftest: every context, every test) really sees violations."""
    page = context.new_page()
    page.goto(site_url)
    with page.expect_console_message(lambda m: "Content Security Policy" in m.text):
        page.evaluate(
            """() => {
                const s = document.createElement('script');
                s.textContent = 'window.inlineRan = true';
                document.body.append(s);
            }"""
        )
    assert page.evaluate("window.inlineRan") is None
    caught, watch.csp[:] = list(watch.csp), []  # expected here: not a failure of this test
    assert any("script-src" in c for c in caught), caught
