"""The player's display preferences: the theme switch, forced colours, reduced motion.

The dark theme's accessibility is checked with axe in test_accessibility.py; here, what the
switch does (flips, is remembered per deployment, works with storage refused, redraws the
board), that forced colours (Windows high contrast) draw the board in the system's colours
with the two players apart, and that reduced motion stops animations but not the
computer's pause. Pixels are read exactly from the canvas, never from screenshots.
"""

from __future__ import annotations

from typing import Any

from app.drawing import theme
from gamepage import GamePage
from playwright.sync_api import Browser, Page, expect
from test_games import RECORD_TURNS, take_turn
from test_storage import STORAGE_BLOCKED

# Every opaque colour the board's canvas holds, as "r,g,b".
CANVAS_COLOURS = """() => {
  const canvas = document.querySelector("#board-canvas");
  const data = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
  const found = new Set();
  for (let i = 0; i < data.length; i += 4) {
    if (data[i + 3] === 255) found.add(`${data[i]},${data[i + 1]},${data[i + 2]}`);
  }
  return [...found];
}"""
# A system colour keyword as this browser resolves it, as "r,g,b".
SYSTEM_COLOUR = """(name) => {
  const probe = document.createElement("span");
  probe.style.color = name;
  probe.style.forcedColorAdjust = "none";
  document.body.append(probe);
  const rgb = getComputedStyle(probe).color.match(/\\d+/g).slice(0, 3).join(",");
  probe.remove();
  return rgb;
}"""


def rgb(hex_colour: str) -> str:
    return ",".join(str(int(hex_colour[i : i + 2], 16)) for i in (1, 3, 5))


def has_colour(page: Page, colour: str) -> bool:
    return colour in page.evaluate(CANVAS_COLOURS)


def test_the_theme_switch_flips_is_remembered_and_redraws_the_board(
    browser: Browser, site_url: str, watch: Any
) -> None:
    context = browser.new_context(color_scheme="light", service_workers="block")
    page = watch.attach(context.new_page())
    GamePage(page, "circle-duel").open(site_url, "?size=5")
    html, switch = page.locator("html"), page.get_by_role("button", name="Dark theme")
    light, dark = (rgb(theme.PALETTES[n]["TRACK"]) for n in ("light", "dark"))
    expect(html).to_have_attribute("data-theme", "light")
    expect(switch).to_have_attribute("aria-pressed", "false")
    assert has_colour(page, light) and not has_colour(page, dark)

    switch.click()
    expect(html).to_have_attribute("data-theme", "dark")
    expect(switch).to_have_attribute("aria-pressed", "true")
    page.wait_for_function(f"() => ({CANVAS_COLOURS})().includes({dark!r})")
    assert not has_colour(page, light)
    assert (
        page.evaluate("getComputedStyle(document.documentElement).backgroundColor")
        == "rgb(20, 22, 27)"
    )

    page.goto(site_url)  # another page of the same deployment remembers it
    expect(html).to_have_attribute("data-theme", "dark")
    expect(switch).to_have_attribute("aria-pressed", "true")
    keys = page.evaluate("Object.keys(localStorage).filter(k => k.endsWith('theme'))")
    assert keys == [f"number-duels:{page.evaluate('location.pathname')}theme"]
    switch.click()
    expect(html).to_have_attribute("data-theme", "light")
    page.reload()
    expect(html).to_have_attribute("data-theme", "light")
    context.close()
    assert watch.errors == []


def test_the_theme_switch_works_when_storage_is_refused(
    browser: Browser, site_url: str, watch: Any
) -> None:
    context = browser.new_context(color_scheme="dark", service_workers="block")
    context.add_init_script(STORAGE_BLOCKED)
    page = watch.attach(context.new_page())
    page.goto(site_url)
    html, switch = page.locator("html"), page.get_by_role("button", name="Dark theme")
    expect(html).to_have_attribute("data-theme", "dark")  # the system's choice
    switch.click()
    expect(html).to_have_attribute("data-theme", "light")
    expect(switch).to_have_attribute("aria-pressed", "false")
    context.close()
    assert watch.errors == []


def test_forced_colours_draw_the_board_in_the_systems_colours(
    browser: Browser, site_url: str, watch: Any
) -> None:
    context = browser.new_context(forced_colors="active", service_workers="block")
    page = watch.attach(context.new_page())
    gp = GamePage(page, "sequence-duel").open(site_url, "?size=8")
    gp.press("2")
    gp.press("6")  # one number of each player's, the rest free: some legal, some not
    system = {n: page.evaluate(SYSTEM_COLOUR, n) for n in ("Canvas", "CanvasText", "GrayText")}
    players = [page.evaluate(SYSTEM_COLOUR, theme.PALETTES["forced"]["PLAYER"][p]) for p in (1, 2)]
    drawn = set(page.evaluate(CANVAS_COLOURS))
    assert players[0] != players[1], "the system gives the two players different colours"
    assert {*players, *system.values()} <= drawn, (players, system, drawn)
    # The keyboard's focus ring on the board stays visible, in the system's Highlight.
    gp.target("4").focus()
    page.keyboard.press("ArrowRight")
    ring = page.evaluate(
        "() => { const s = getComputedStyle(document.activeElement);"
        " return [document.activeElement.dataset.key, s.outlineStyle, s.outlineColor]; }"
    )
    assert ring[0] and ring[1] == "solid", ring
    highlight = page.evaluate(
        "() => { const p = document.createElement('i'); p.style.color = 'Highlight';"
        " document.body.append(p); const c = getComputedStyle(p).color; p.remove(); return c; }"
    )
    assert ring[2] == highlight, ring
    context.close()
    assert watch.errors == []


def test_reduced_motion_stops_animations_but_the_computer_still_pauses(
    browser: Browser, site_url: str, watch: Any
) -> None:
    context = browser.new_context(reduced_motion="reduce", service_workers="block")
    page = watch.attach(context.new_page())
    gp = GamePage(page, "circle-duel").open(site_url, "?size=5&mode=vs-computer")
    assert page.evaluate("getComputedStyle(document.querySelector('.spinner')).animationName") == (
        "none"
    )
    page.evaluate(RECORD_TURNS)
    take_turn(gp)
    gp.wait_for_my_turn()
    shown = page.evaluate("window.ndTurnsShown")
    assert any(t == "computer" and "Computer is thinking" in s for t, s in shown), shown
    page.goto(site_url)
    card = page.locator(".game-card a").first
    assert card.evaluate("a => getComputedStyle(a).transitionDuration") == "0s"
    context.close()
    assert watch.errors == []
