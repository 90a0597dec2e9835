"""The site's CSS mirrors under dir="rtl": no physical left or right (a property, a value, a
shorthand whose sides differ, a sideways gradient or transform) outside the allow-list below,
where each exception says why it must stay physical. assets/embed.css is style.css scoped
(scripts/build/embed.py), so checking style.css and the box embed.py adds covers it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import embed
import pytest

pytestmark = pytest.mark.no_wasm  # reads the site's CSS files: no Python code of the page runs

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "site" / "assets"
# (file, selector, property) -> why it stays physical.
ALLOWED = {
    # A board is a picture of numbers, never mirrored: the renderers place the buttons over
    # the canvas (site/app/screen.py) in pixels from its top left corner, in every language.
    ("style.css", ".board canvas", "left"): "the canvas sits where the buttons are measured from",
}
SIDES = re.compile(r"\b(left|right)\b", re.IGNORECASE)
# Shorthands of four sides (top, right, bottom, left): the second and fourth values differ.
BOXES = frozenset(
    {
        "margin",
        "padding",
        "inset",
        "border-width",
        "border-style",
        "border-color",
        "scroll-margin",
        "scroll-padding",
    }
)
SIDEWAYS = re.compile(
    r"translateX\(|translate3d\(|scaleX\(\s*-|"
    r"linear-gradient\(\s*-?(90|270)deg|translate\(\s*(?!0(px)?\s*[,)])[-\d.]",
    re.IGNORECASE,
)


def declarations(css: str) -> Iterator[tuple[str, str, str]]:
    """(innermost selector, property, value) of every declaration, the selectors of nested
    blocks and at-rules kept on a stack; comments dropped."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.DOTALL)
    stack: list[str] = []
    buffer = ""
    for char in css:
        if char == "{":
            stack.append(" ".join(buffer.split()))
            buffer = ""
        elif char in ";}":
            name, colon, value = buffer.partition(":")
            if colon and stack:
                yield stack[-1], name.strip().lower(), " ".join(value.split())
            buffer = ""
            if char == "}" and stack:
                stack.pop()
        else:
            buffer += char


def sides(value: str) -> list[str]:
    """The whitespace-separated values of a shorthand, outside parentheses."""
    value = value.replace("!important", "")
    return re.findall(r"(?:[^\s(]|\([^)]*\))+", value)


def physical(selector: str, name: str, value: str) -> str | None:
    """Why the declaration is physical left/right, or None. A rule for :dir() only is made
    for one direction, so it may say which way."""
    if ":dir(" in selector:
        return None
    value = re.sub(r""""[^"]*"|'[^']*'""", '""', value)  # a string is text, not a side
    if SIDES.search(name):
        return f"the property {name}"
    if not name.startswith("--") and SIDES.search(value):
        return f"the value {value!r}"
    parts = sides(value)
    if name in BOXES and len(parts) == 4 and parts[1] != parts[3]:
        return f"{name} with different left and right values"
    if name == "border-radius":
        for half in value.split("/"):
            corners = sides(half)
            if len(corners) > 1 and len(set(corners)) > 1:
                return "border-radius with different corners"
    if SIDEWAYS.search(value):
        return f"a sideways {value!r}"
    return None


def site_css() -> Iterator[tuple[str, str]]:
    for path in sorted(ASSETS.glob("*.css")):
        yield path.name, path.read_text(encoding="utf-8")
    yield "scripts/build/embed.py", embed.EMBED_ROOT_CSS


def test_the_site_css_uses_logical_sides() -> None:
    found, allowed_used = [], set()
    for file, css in site_css():
        for selector, name, value in declarations(css):
            why = physical(selector, name, value)
            if why is None:
                continue
            if (file, selector, name) in ALLOWED:
                allowed_used.add((file, selector, name))
                continue
            found.append(f"{file}: {selector} {{ {name}: {value} }}: {why}")
    assert not found, "physical left/right (use a logical property):\n" + "\n".join(found)
    assert allowed_used == set(ALLOWED), "an allow-list entry no longer needed"


def test_there_is_css_to_check() -> None:
    checked = {file for file, css in site_css() if any(declarations(css))}
    assert {"style.css", "offline.css", "scripts/build/embed.py"} <= checked


@pytest.mark.parametrize(
    "rule",
    [
        ".a { margin-left: 1px }",
        ".a { padding-right: 0 }",
        ".a { border-left: 4px solid red }",
        ".a { left: 0 }",
        ".a { position: fixed; right: 1rem; }",
        ".a { text-align: left }",
        ".a { float: right }",
        ".a { border-top-left-radius: 3px }",
        ".a { border-radius: 3px 0 }",
        ".a { border-radius: 1px 1px 1px 1px / 2px 3px }",
        ".a { padding: 1px 2px 1px 3px }",
        ".a { inset: 0 auto auto 0 }",
        ".a { background-position: right 1rem top }",
        ".a { background: linear-gradient(to right, red, blue) }",
        ".a { background: linear-gradient(90deg, red, blue) }",
        ".a { transform: translateX(4px) }",
        ".a { transform: translate(-4px, 0) }",
        "@media (min-width: 1px) { .a:hover { color: red; margin-right: 2px } }",
    ],
)
def test_the_check_finds_physical_sides(rule: str) -> None:
    assert any(physical(*found) for found in declarations(rule)), rule


@pytest.mark.parametrize(
    "rule",
    [
        ".a { margin-inline-start: 1px; padding: 1px 2px; inset: 0; }",
        ".a { text-align: start; border-start-start-radius: 2px; border-radius: 50% }",
        ".a { padding: 1px 2px 3px 2px; transform: translateY(-2px) rotate(360deg) }",
        ".a { transform: translate(0, 4px) }",
        ".a:dir(rtl) { transform: scaleX(-1) }",
        ".a { --towards-end: 90deg; content: 'left' }",
    ],
)
def test_the_check_lets_logical_sides_pass(rule: str) -> None:
    assert not any(physical(*found) for found in declarations(rule)), rule
