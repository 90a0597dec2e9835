"""A crawl of the built site as a link checker makes it: every address a page names in an
attribute (a link, a script, a style sheet, an icon, a picture, a form's action) that stays
on the site must name a file the build wrote, in every language.

The pages are read as the browser reads them (html.parser), each address resolved against
the page's own, a folder standing for its index.html. Addresses that leave the site
(another scheme, another host) or name nothing to fetch (a fragment alone, a template's
field) are not this test's.
"""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path, PurePosixPath
from urllib.parse import unquote, urljoin, urlsplit

import pytest

SITE = Path(__file__).resolve().parents[2] / "_site"
ROOT_URL = "https://site.invalid/"
ADDRESS_ATTRIBUTES = frozenset({"href", "src", "action", "poster", "data"})


class Addresses(HTMLParser):
    """The addresses one page names in its tags' attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if value and name in ADDRESS_ATTRIBUTES:
                self.found.append(value)
            elif value and name == "srcset":
                self.found.extend(part.split()[0] for part in value.split(",") if part.strip())


def missing_targets(site: Path) -> list[str]:
    """Every `page: address` whose address stays on the site but names no built file."""
    missing = []
    for page in sorted(site.rglob("*.html")):
        if "vendor" in page.relative_to(site).parts:
            continue
        parser = Addresses()
        parser.feed(page.read_text(encoding="utf-8"))
        page_url = ROOT_URL + page.relative_to(site).as_posix()
        for address in parser.found:
            target = urlsplit(urljoin(page_url, address.strip()))
            if f"{target.scheme}://{target.netloc}/" != ROOT_URL or "$" in address:
                continue
            path = PurePosixPath(unquote(target.path).lstrip("/"))
            file = site / path
            if target.path.endswith("/") or file.is_dir():
                file = file / "index.html"
            if not file.is_file():
                missing.append(f"{page.relative_to(site)}: {address}")
    return missing


def test_every_address_a_page_names_on_the_site_is_a_built_file() -> None:
    if not (SITE / "index.html").exists():
        pytest.fail("no built site: run `make site` first")
    assert len(list(SITE.glob("*/index.html"))) >= 5, "the site is built in its languages"
    assert missing_targets(SITE) == []


def test_the_crawl_finds_a_broken_address(tmp_path: Path) -> None:
    """The check can fail: a page naming a file that is not there, beside ones that are."""
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "index.html").write_text("<p>games</p>", encoding="utf-8")
    (tmp_path / "style.css").write_text("", encoding="utf-8")
    (tmp_path / "index.html").write_text(
        '<link rel="stylesheet" href="style.css"><a href="games/">all</a>'
        '<a href="#top">top</a><a href="https://example.org/x">out</a>'
        '<img src="missing.png" alt=""><a href="games/gone.html">gone</a>',
        encoding="utf-8",
    )
    assert missing_targets(tmp_path) == ["index.html: missing.png", "index.html: games/gone.html"]
