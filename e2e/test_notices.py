"""The notices page lists every package the build vendors; every page's footer links it.

Which packages are vendored is found here from the build itself, independently of
scripts/notices.py: each file under `_site/vendor/` is matched to the npm package it was
copied from (a byte-identical file of the same name in node_modules), and each copied
bundle's source map names the packages bundled into it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT, SITE
from playwright.sync_api import Browser, expect

NODE = ROOT / "node_modules"
PAGES = [
    "",
    "tutorial.html",
    "notices.html",
    "puzzles/",
    *(f"games/{slug}/" for slug in ("circle-duel", "number-duel", "sequence-duel")),
]


def owning_package(path: Path) -> dict[str, Any]:
    for folder in path.parents:
        if (folder / "package.json").is_file():
            return json.loads((folder / "package.json").read_text(encoding="utf-8"))
    raise AssertionError(f"{path} is in no npm package")


def copied_from_npm() -> dict[Path, Path]:
    """Each vendored file of the build -> the node_modules file it is a copy of."""
    by_name: dict[str, list[Path]] = {}
    for path in NODE.rglob("*"):
        if path.is_file():
            by_name.setdefault(path.name, []).append(path)
    found = {}
    for built in (SITE / "vendor").rglob("*"):
        if not built.is_file():
            continue
        data = built.read_bytes()
        same = [p for p in by_name.get(built.name, []) if p.read_bytes() == data]
        if same:
            found[built] = same[0]
    return found


def notices_text() -> str:
    return (SITE / "notices.html").read_text(encoding="utf-8")


@pytest.mark.usefixtures("site_url")
def test_every_vendored_package_is_on_the_notices_page() -> None:
    copies = copied_from_npm()
    page = notices_text()
    packages = {(owning_package(s)["name"], owning_package(s)["version"]) for s in copies.values()}
    assert {"pyodide", "@pyscript/core"} <= {name for name, _ in packages}
    for name, version in packages:
        assert re.search(rf">{re.escape(name)} <span class=\"notice-version\">{version}<", page), (
            name,
            version,
        )
    bundled = set()
    for source in copies.values():
        source_map = source.with_name(source.name + ".map")
        if source_map.is_file():
            for entry in json.loads(source_map.read_text(encoding="utf-8"))["sources"]:
                match = re.search(r"node_modules/((?:@[^/]+/)?[^/]+)/[^@]*$", entry)
                if match:
                    bundled.add(match.group(1))
    assert "polyscript" in bundled
    for name in bundled - {n for n, _ in packages}:
        assert f">{name} <span" in page, name


@pytest.mark.usefixtures("site_url")
def test_notices_carry_the_licenses_the_packages_ship() -> None:
    page = notices_text()
    pyscript = (NODE / "@pyscript" / "core" / "LICENSE").read_text(encoding="utf-8")
    assert "Apache License" in pyscript
    assert pyscript.splitlines()[1].strip().replace("&", "&amp;") in page
    assert "License: <strong>MPL-2.0</strong>" in page  # Pyodide, from its package.json
    python = json.loads((NODE / "pyodide" / "pyodide-lock.json").read_text())["info"]["python"]
    assert f'>CPython <span class="notice-version">{python}<' in page
    assert "PSF-2.0" in page
    assert "Number Duels contributors" in page  # our own MIT license


def test_every_page_footer_shows_the_version_and_links_the_notices(
    browser: Browser, site_url: str, watch: Any
) -> None:
    worker = (SITE / "sw.js").read_text(encoding="utf-8")
    version = re.search(r'VERSION = "([0-9a-f]{16})"', worker)
    assert version, "sw.js names no build version"
    context = browser.new_context(service_workers="block")
    page = watch.attach(context.new_page())
    for path in PAGES:
        page.goto(site_url + path)
        footer = page.locator("footer.footer")
        expect(footer.locator(".build-version")).to_have_text(version.group(1))
        link = footer.get_by_role("link", name="Licenses and third-party notices")
        expect(link).to_be_visible()
        link.click()
        expect(page).to_have_url(f"{site_url}notices.html")
        expect(page.get_by_role("heading", level=1)).to_have_text("Licenses and notices")
    context.close()
