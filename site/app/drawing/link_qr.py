"""The link panel's QR code: "Show as QR code" draws the link to send as a code that a
friend in the same room scans with their phone's camera, under the link's field.

The encoder (the npm package qrcode-generator, copied into the build under `vendor/`) is
loaded on the first press, never when the page starts: most games never show a code, so a
first visit fetches nothing for it. The service worker precaches it with the rest of the
build, so codes are drawn offline too once the site was visited. The code is drawn as
inline SVG (no image address: the pages' Content Security Policy allows none), dark on a
light square whatever the theme, as readers expect.
"""

from __future__ import annotations

from typing import Any

from py_rules.i18n import N_, _

from ..browser.address_bar import site_file
from ..browser.dom import el
from ..browser.events import on
from ..browser.qr_encoder import has_global, load_script, qr_modules, svg_el
from ..headless.qr import LEVEL, encoder_text, path_data, refusal, side

ENCODER = "vendor/qrcode-generator/qrcode.js"
ENCODER_GLOBAL = "qrcode"
MODULE_PX = 5
SHOW, HIDE = N_("Show as QR code"), N_("Hide the QR code")
SCAN = N_("Scan this code with a phone's camera: the game opens there.")
NO_ENCODER = N_(
    "The QR code could not be made on this device (is it offline?): send the link instead."
)


NOT_ENCODED = N_("This link could not be made into a QR code: send it instead.")


class LinkQr:
    """The "Show as QR code" button and the code it shows for the link to send (`follow`
    keeps the code up to date while it is shown)."""

    def __init__(self) -> None:
        self.button = el(
            "button",
            "button link-qr-toggle",
            _(SHOW),
            type="button",
            aria_expanded="false",
            aria_controls="link-qr",
        )
        self.figure = el("figure", "link-qr", id="link-qr")
        self.figure.hidden = True
        self.picture = el("div", "link-qr-code")
        self.caption = el("figcaption", "link-qr-caption")
        self.figure.append(self.picture, self.caption)
        self.url = ""
        self.shown = False
        on(self.button, "click", lambda _event: self.toggle())

    def follow(self, url: str) -> None:
        """The link to send is now `url`: the code shown (if any) is redrawn for it."""
        if url != self.url:
            self.url = url
            if self.shown:
                self.draw()

    def toggle(self) -> None:
        self.shown = not self.shown
        self.button.textContent = _(HIDE if self.shown else SHOW)
        self.button.setAttribute("aria-expanded", "true" if self.shown else "false")
        self.figure.hidden = not self.shown
        if not self.shown:
            return
        if has_global(ENCODER_GLOBAL):
            self.draw()
            return
        self.say("loading", "")
        load_script(site_file(ENCODER), self.loaded)

    def loaded(self, ok: bool) -> None:
        if ok and self.shown:
            self.draw()
        elif not ok:
            self.say("failed", _(NO_ENCODER))

    def say(self, state: str, words: str) -> None:
        """Show `words` in place of a code; `state` is for tests (data-state)."""
        self.picture.replaceChildren()
        self.caption.textContent = words
        self.figure.dataset.state = state

    def draw(self) -> None:
        """Draw the code of the link to send, or say why there is none."""
        why = refusal(self.url)
        if why:
            self.say("too-long", why)
            return
        rows = qr_modules(encoder_text(self.url), LEVEL)
        if rows is None:  # refusal() keeps to what the encoder holds: never expected
            self.say("failed", _(NOT_ENCODED))
            return
        self.picture.replaceChildren(code_svg(rows))
        # Large modules scan best: about 5 CSS px each, or the panel's width if narrower.
        self.picture.style.maxWidth = f"max(16rem, {side(len(rows)) * MODULE_PX}px)"
        self.caption.textContent = _(SCAN)
        self.figure.dataset.state = "shown"
        self.figure.dataset.modules = str(len(rows))


def code_svg(rows: list[list[bool]]) -> Any:
    """The code as an SVG picture with its name: a light square (the quiet zone included),
    the dark modules one path, drawn with sharp edges at any size."""
    size = str(side(len(rows)))
    picture = svg_el(
        "svg",
        viewBox=f"0 0 {size} {size}",
        role="img",
        aria_label=_("QR code of the link to send"),
        shape_rendering="crispEdges",
    )
    picture.append(svg_el("rect", width=size, height=size, fill="#ffffff"))
    picture.append(svg_el("path", d=path_data(rows), fill="#000000"))
    return picture
