"""The site's endless animations move in steps. A mark that turns smoothly while Python starts
has the browser draw every frame, and where it draws without a GPU (a school's old laptop,
a headless browser) that took the CPU Python's start needed: measured three to four times
slower on a 2-core machine. A mark that turns a quarter at a time draws a few frames a
second, which costs nothing measurable."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.no_wasm  # reads the site's CSS files: no Python code of the page runs

ASSETS = Path(__file__).resolve().parent.parent / "site" / "assets"
ANIMATION = re.compile(r"animation\s*:\s*([^;}]*)", re.IGNORECASE)


def endless_animations(css: str) -> list[str]:
    """Every `animation` shorthand in `css` that repeats for ever."""
    return [m.group(1).strip() for m in ANIMATION.finditer(css) if "infinite" in m.group(1)]


def test_the_finder_sees_a_smooth_endless_animation() -> None:
    found = endless_animations(".a { animation: spin 0.9s linear infinite; }")
    assert found == ["spin 0.9s linear infinite"]


@pytest.mark.parametrize("sheet", sorted(p.name for p in ASSETS.glob("*.css")))
def test_every_endless_animation_moves_in_steps(sheet: str) -> None:
    smooth = [a for a in endless_animations((ASSETS / sheet).read_text()) if "steps(" not in a]
    assert smooth == [], f"{sheet}: an endless animation that draws every frame: {smooth}"
