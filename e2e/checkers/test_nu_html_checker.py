"""The Nu Html Checker (the W3C's validator: `vnu.jar` from the npm package vnu-jar, on Java)
on what the build writes: every page in every language as HTML, our stylesheets as CSS and
our pictures as SVG. Any error fails.

The checker runs once, in one JVM, over every file (starting Java is most of its cost), with
two known-bad files beside them: a run that checks nothing, or does not check CSS, fails
the canary test rather than passing silently. Third-party files (`vendor/`) are not ours to
fix and are left out. No browser is needed: `make test` runs this as soon as the site is
built, beside lint and the browser installs (`make test-checkers` alone).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import page_templates
import pytest

from py_rules.i18n import SOURCE_LANGUAGE
from py_rules.registry import BUILT_IN

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "_site"
VNU = ROOT / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar"
# Known errors of each kind the run must report, or it checked nothing.
CANARIES = {
    "canary.html": "<!doctype html><html lang=en><title>t</title><div aria-label=x></div>",
    "canary.css": ".box { @keyframes turn { to { rotate: 1turn; } } }",
    "canary.svg": '<svg xmlns="http://www.w3.org/2000/svg"><text font-weight="650">x</text></svg>',
}


@dataclass(frozen=True)
class Message:
    path: str  # from the site's root, or a canary's name
    line: int
    text: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.text}"


def built(suffix: str) -> list[Path]:
    """The files the build wrote with this suffix, third-party ones (vendor/) left out."""
    if not (SITE / "index.html").exists():
        pytest.fail("no built site: run `make site` first")
    return sorted(p for p in SITE.rglob(f"*{suffix}") if "vendor" not in p.relative_to(SITE).parts)


def java() -> str:
    found = os.environ.get("JAVA") or shutil.which("java")
    if not found:
        pytest.fail("Java not found: run `make java` (or set JAVA=/path/to/java)")
    if not VNU.exists():
        pytest.fail("vnu.jar not found: run `make deps` (npm devDependencies)")
    return found


@pytest.fixture(scope="module")
def messages(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[Message]]:
    """Every error the checker reports on the built files and the canaries, in one run."""
    canaries = tmp_path_factory.mktemp("canaries")
    for name, text in CANARIES.items():
        (canaries / name).write_text(text, encoding="utf-8")
    files = [*built(".html"), *built(".css"), *built(".svg"), *sorted(canaries.iterdir())]
    command = [java(), "-jar", str(VNU), "--errors-only", "--exit-zero-always"]
    command += ["--also-check-css", "--also-check-svg", "--format", "json"]
    done = subprocess.run(
        [*command, *map(str, files)], capture_output=True, text=True, timeout=600, check=True
    )
    found = []
    for item in json.loads(done.stderr)["messages"]:
        path = Path(item["url"].removeprefix("file:"))
        where = path.name if path.parent == canaries else path.relative_to(SITE).as_posix()
        found.append(Message(where, item.get("lastLine", 0), f"{item['type']}: {item['message']}"))
    yield found


def errors_in(messages: list[Message], suffix: str) -> list[str]:
    return [str(m) for m in messages if m.path.endswith(suffix) and m.path not in CANARIES]


def test_the_checker_reports_a_known_error_of_each_kind(messages: list[Message]) -> None:
    reported = {m.path for m in messages}
    assert set(CANARIES) <= reported, f"the checker missed a canary: {sorted(reported)}"


def test_every_page_of_every_language_is_checked() -> None:
    """The run sees each language's own copy of every page the English site has."""
    pages = {p.relative_to(SITE).as_posix() for p in built(".html")}
    tags = [language.tag for language in page_templates.languages()]
    others = [tag for tag in tags if tag != SOURCE_LANGUAGE]
    english = {p for p in pages if p.split("/", 1)[0] not in others}
    assert {"index.html", "teach/index.html", "tutorial.html"} <= english
    assert all(f"games/{slug}/index.html" in english for slug in (kit.slug for kit in BUILT_IN)), (
        english
    )
    for tag in others:
        assert {p.removeprefix(f"{tag}/") for p in pages if p.startswith(f"{tag}/")} == english


def test_every_page_is_valid_html(messages: list[Message]) -> None:
    errors = errors_in(messages, ".html")
    assert not errors, "\n".join(errors)


def test_every_stylesheet_is_valid_css(messages: list[Message]) -> None:
    assert {p.name for p in built(".css")} >= {"style.css", "embed.css"}
    # The update notice's rules travel inside style.css (scripts/build/offline.py, fold_styles).
    assert "offline.css" not in {p.name for p in built(".css")}
    errors = errors_in(messages, ".css")
    assert not errors, "\n".join(errors)


def test_every_picture_is_valid_svg(messages: list[Message]) -> None:
    errors = errors_in(messages, ".svg")
    assert not errors, "\n".join(errors)
