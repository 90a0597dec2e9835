"""Text in the pictures is readable in both themes: what axe cannot see.

axe checks the contrast of the page's text, not of text drawn into a canvas or an SVG. Here
every text the boards draw (each `fillText` on a canvas, recorded as it is drawn, against the
pixels beneath it just before) and every `<text>` of the home page's game pictures (against
the shape under it, else the card) is measured, in the light and the dark theme, by WCAG's
contrast ratio: 4.5 for small text, 3 for large (24 px, or 18.7 px bold). Drawn text must
also stay inside its canvas.
"""

from __future__ import annotations

from typing import Any

import pytest
from gamepage import GamePage
from playwright.sync_api import Browser, Page, expect
from test_accessibility import GAMES  # small boards, played to their end by first moves
from test_games import MAX_TURNS, take_turn

# WCAG 2 relative luminance and contrast, and the colour under a point; shared by both checks.
COLOUR_MATHS = r"""
window.ndContrast = (() => {
  const probe = document.createElement("canvas").getContext("2d", {willReadFrequently: true});
  const rgba = (css) => {  // any CSS colour -> [r, g, b, a 0..1]; "none" is transparent
    probe.clearRect(0, 0, 1, 1);
    probe.fillStyle = "transparent"; probe.fillStyle = css;
    probe.fillRect(0, 0, 1, 1);
    const d = probe.getImageData(0, 0, 1, 1).data;
    return [d[0], d[1], d[2], d[3] / 255];
  };
  const over = (top, under) => top.slice(0, 3).map((c, i) => c * top[3] + under[i] * (1 - top[3]));
  const lum = (c) => {
    const [r, g, b] = c.map((v) => {
      v /= 255;
      return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a, b) => {
    const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
  const background = (el) => {  // the first opaque background behind an element
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const c = rgba(getComputedStyle(e).backgroundColor);
      if (c[3] > 0) layers.push(c);
      if (c[3] === 1) break;
    }
    return layers.reduceRight((under, top) => over(top, under), [255, 255, 255]);
  };
  const large = (px, weight) => px >= 24 || (px >= 18.66 && weight >= 700);
  return {rgba, over, ratio, background, large};
})();
"""
# Records every text a canvas draws, with its colour and the colour most common beneath it.
CANVAS_RECORDER = (
    COLOUR_MATHS
    + r"""
window.ndDrawnText = [];
const plainFillText = CanvasRenderingContext2D.prototype.fillText;
CanvasRenderingContext2D.prototype.fillText = function (text, x, y, ...rest) {
  const m = this.measureText(text), t = this.getTransform();
  const box = [[x - m.actualBoundingBoxLeft, y - m.actualBoundingBoxAscent],
               [x + m.actualBoundingBoxRight, y + m.actualBoundingBoxDescent]]
    .map(([px, py]) => [t.a * px + t.c * py + t.e, t.b * px + t.d * py + t.f]);
  const [[x0, y0], [x1, y1]] = box;
  const left = Math.floor(Math.min(x0, x1)), top = Math.floor(Math.min(y0, y1));
  const width = Math.max(1, Math.ceil(Math.abs(x1 - x0)));
  const height = Math.max(1, Math.ceil(Math.abs(y1 - y0)));
  const inside = left >= 0 && top >= 0 && left + width <= this.canvas.width &&
    top + height <= this.canvas.height;
  const counts = new Map();
  if (inside && String(text).trim()) {
    const d = this.getImageData(left, top, width, height).data;
    for (let i = 0; i < d.length; i += 4) {
      const key = `${d[i]},${d[i + 1]},${d[i + 2]},${d[i + 3]}`;
      counts.set(key, (counts.get(key) || 0) + 1);
    }
  }
  const common = [...counts].sort((a, b) => b[1] - a[1])[0];
  const under = common ? common[0].split(",").map(Number) : [0, 0, 0, 0];
  const size = parseFloat(this.font.match(/([\d.]+)px/)?.[1] || "10");
  const px = size * Math.abs(t.d || 1) / devicePixelRatio;
  const weight = parseInt(this.font.match(/\b([1-9]00)\b/)?.[1] || "400");
  window.ndDrawnText.push({text: String(text), colour: ndContrast.rgba(this.fillStyle),
    alpha: this.globalAlpha, under: [...under.slice(0, 3), under[3] / 255], inside, px, weight,
    canvas: this.canvas});
  return plainFillText.call(this, text, x, y, ...rest);
};
"""
)
# Each recorded text of the current drawing: its ratio against what was beneath it.
CANVAS_RATIOS = """() => ndDrawnText.map((t) => {
  const page = ndContrast.background(t.canvas);
  const under = ndContrast.over(t.under, page);
  const colour = ndContrast.over([...t.colour.slice(0, 3), t.colour[3] * t.alpha], under);
  return {text: t.text, ratio: ndContrast.ratio(colour, under), inside: t.inside,
          large: ndContrast.large(t.px, t.weight), colour, under};
})"""
# Each <text> of the home page's pictures: its ratio against the shape under its middle.
SVG_RATIOS = (
    "() => {"
    + COLOUR_MATHS
    + r"""
  const found = [];
  for (const svg of document.querySelectorAll(".game-card-art svg")) {
    const shapes = [...svg.querySelectorAll("circle, rect, path, ellipse")];
    for (const text of svg.querySelectorAll("text")) {
      const b = text.getBBox(), cx = b.x + b.width / 2, cy = b.y + b.height / 2;
      const point = new DOMPoint(cx, cy);
      const beneath = shapes.filter((s) =>
        (s.compareDocumentPosition(text) & Node.DOCUMENT_POSITION_FOLLOWING) &&
        s.isPointInFill(point) && ndContrast.rgba(getComputedStyle(s).fill)[3] > 0);
      const card = ndContrast.background(svg);
      const shape = beneath.at(-1);
      const fill = shape && ndContrast.rgba(getComputedStyle(shape).fill);
      const under = shape ? ndContrast.over(fill, card) : card;
      const colour = ndContrast.over(ndContrast.rgba(getComputedStyle(text).fill), under);
      const px = parseFloat(getComputedStyle(text).fontSize) * svg.getScreenCTM().a;
      const weight = parseInt(getComputedStyle(text).fontWeight);
      found.push({text: text.textContent, card: svg.closest(".game-card").className,
                  ratio: ndContrast.ratio(colour, under), large: ndContrast.large(px, weight)});
    }
  }
  return found;
}"""
)
THEMES = ("light", "dark")


def low(found: list[dict[str, Any]]) -> list[str]:
    return [
        f"{t['text']!r} {t.get('card', '')} {t['ratio']:.2f}:1 {t.get('colour', '')} "
        f"on {t.get('under', '')}"
        for t in found
        if t["ratio"] < (3 if t["large"] else 4.5)
    ]


@pytest.mark.parametrize("scheme", THEMES)
def test_the_home_pages_pictures_are_readable(
    browser: Browser, site_url: str, watch: Any, scheme: str
) -> None:
    context = browser.new_context(color_scheme=scheme, service_workers="block")
    page = watch.attach(context.new_page())
    page.goto(site_url)
    expect(page.locator("html")).to_have_attribute("data-theme", scheme)
    found = page.evaluate(SVG_RATIOS)
    assert len(found) >= 5, found  # every picture has numbers on it
    assert low(found) == [], f"{scheme}: {low(found)}"
    context.close()


def text_of_a_whole_game(page: Page, game: GamePage) -> list[dict[str, Any]]:
    """Every text the board draws from now to the game's end, with its contrast."""
    seen: list[dict[str, Any]] = []
    for _ in range(MAX_TURNS):  # every drawing from the first to the game's end
        over = game.wait_for_my_turn() == "over"
        seen += page.evaluate(CANVAS_RATIOS)
        page.evaluate("ndDrawnText = []")
        if over:
            return seen
        take_turn(game)
    pytest.fail("the game did not end")


@pytest.mark.parametrize("slug", list(GAMES))
def test_the_boards_text_is_readable_and_inside_the_board(
    browser: Browser, site_url: str, watch: Any, slug: str
) -> None:
    """A game in each theme on one page: opened in the dark theme (the system's; every other
    test opens its pages light) and played to its end, then the system switches to light
    (theme.js follows, Python draws the board again in the light colours) and a new game is
    played to its end. Python draws every text in the colours of the theme the page has at
    the time, however the page came to it, so one start of Python serves both themes."""
    # Reduced motion: every drawing is a finished one (a claim's growing disc is not yet
    # under its number in the first frames of its animation).
    context = browser.new_context(
        color_scheme="dark",
        reduced_motion="reduce",
        service_workers="block",
        viewport={"width": 1024, "height": 800},
    )
    context.add_init_script(CANVAS_RECORDER)
    page = watch.attach(context.new_page())
    game = GamePage(page, slug).open(site_url, GAMES[slug])
    for scheme in THEMES[::-1]:
        if scheme != "dark":
            page.emulate_media(color_scheme=scheme)
            expect(page.locator("html")).to_have_attribute("data-theme", scheme)
            game.answered()  # the finished game drawn again in the theme's colours
            game.new_game()
        expect(page.locator("html")).to_have_attribute("data-theme", scheme)
        seen = text_of_a_whole_game(page, game)
        assert seen, f"{scheme}: the board drew no text"
        assert low(seen) == [], f"{slug}, {scheme}: {sorted(set(low(seen)))}"
        cut = sorted({t["text"] for t in seen if not t["inside"]})
        assert cut == [], f"{slug}, {scheme}: drawn outside the board: {cut}"
    context.close()
