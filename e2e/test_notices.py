"""The notices page lists every package the build vendors; every page's footer links it.

Which packages are vendored is found here from the build itself, independently of
scripts/build/notices.py: each file under `_site/vendor/` is matched to the npm package it was
copied from (a byte-identical file of the same name in node_modules), and each copied
bundle's source map names the packages bundled into it.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT, SITE
from playwright.sync_api import Browser, expect

NODE = ROOT / "node_modules"
# SPDX license identifiers in their registered spelling (https://spdx.org/licenses/).
SPDX = {"0BSD", "Apache-2.0", "BSD-2-Clause", "BSD-3-Clause", "ISC", "MIT", "MPL-2.0", "NCSA"}
SPDX |= {"PSF-2.0", "Python-2.0", "Zlib", "CC0-1.0", "Unlicense", "BlueOak-1.0.0"}
SECTION = re.compile(
    r'<h3 id="[^"]+">([^<]+) <span class="notice-version">([^<]+)</span></h3>'
    r"<p>License: <strong>([^<]+)</strong>"
)
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
    """The notices page's markup without its translate="no" marks (on the names, licences and
    sources that no translation may touch), which say nothing about what is listed."""
    page = (SITE / "notices.html").read_text(encoding="utf-8")
    page = re.sub(r'<span translate="no">([^<]*)</span>', r"\1", page)
    return page.replace(' translate="no"', "")


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


def bundled_sources() -> dict[tuple[str, str], str]:
    """(package folder under node_modules as the map names it, file in it) -> the source
    text that a vendored bundle's source map holds for it."""
    found = {}
    for source in copied_from_npm().values():
        source_map = source.with_name(source.name + ".map")
        if not source_map.is_file():
            continue
        data = json.loads(source_map.read_text(encoding="utf-8"))
        for entry, text in zip(data["sources"], data.get("sourcesContent") or [], strict=False):
            match = re.search(r"node_modules/(.*?)/((?:esm|src|dist)/.*|[^/]+\.js)$", entry)
            if match and text is not None:
                found[(match.group(1), match.group(2))] = text
    return found


@pytest.mark.usefixtures("site_url")
def test_every_bundled_package_has_its_own_license_at_the_version_inside() -> None:
    page = notices_text()
    assert "not recorded" not in page
    sections = SECTION.findall(page)
    assert len(sections) >= 40, sections
    for name, version, licence in sections:
        assert not version.startswith(("^", "~")), (name, version)  # a version, not a range
        if licence == "in the license text below":  # a text PyScript keeps for a file of its
            continue  # own 3rd-party/ folder (a minified build: no npm file to compare with)
        assert not version.startswith("as bundled"), (name, version)
        ids = [t for t in re.split(r"\s+(?:OR|AND|WITH)\s+|[()]", licence) if t.strip()]
        assert set(ids) <= SPDX, (name, licence)  # SPDX identifiers, registered spelling
    assert "License: <strong>Apache-2.0</strong>" in page and "APACHE-2.0" not in page
    # Each bundled npm file is byte for byte the file of an installed package whose name,
    # version and license text the page shows: the version is the one inside the bundle.
    sources = bundled_sources()
    assert any(folder == "@codemirror/view" for folder, _ in sources)
    for (folder, rest), text in sorted(sources.items()):
        name = re.search(r"((?:@[^/]+/)?[^/]+)$", folder).group(1)
        copies = [NODE / folder, NODE / name, *NODE.glob(f"*/node_modules/{name}")]
        same = [
            c for c in copies if (c / rest).is_file() and (c / rest).read_bytes().decode() == text
        ]
        assert same, f"no installed package holds the bundled {folder}/{rest}"
        meta = json.loads((same[0] / "package.json").read_text(encoding="utf-8"))
        assert f'>{name} <span class="notice-version">{meta["version"]}<' in page, (name, meta)
        for licence in same[0].glob("[Ll][Ii][Cc][Ee][Nn][SsCc][Ee]*"):
            first = licence.read_text(encoding="utf-8").strip().splitlines()[0]
            assert html.escape(first) in page, (name, first)
