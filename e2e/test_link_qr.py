"""A friend in the same room: "Show as QR code" draws the link to send as a code that a
phone's camera reads, and the game opens from it on the friend's device.

The code is read back from the page's pixels (a screenshot of the drawn code, in the
light and the dark theme) by an independent reader, zxing-cpp (ZXing's C++ port), not by
anything of ours; the address read is opened in a second browser context, as the
friend's phone would.
"""

from __future__ import annotations

import io
from typing import Any

import zxingcpp
from conftest import serve_axe
from PIL import Image
from playwright.sync_api import BrowserContext, Locator, Page, expect
from test_accessibility import check
from test_link_play import Player

ENCODER = "vendor/qrcode-generator/qrcode.js"


def read_code(picture: Locator) -> str:
    """The text of the one QR code in the drawn picture, as a camera app reads it."""
    image = Image.open(io.BytesIO(picture.screenshot()))
    found = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
    assert len(found) == 1, f"{len(found)} codes read"
    return str(found[0].text)


def qr_figure(page: Page) -> Locator:
    return page.locator(".link-panel figure.link-qr")


def test_show_as_qr_code_opens_the_game_on_the_friends_device(
    devices: list[BrowserContext],
    site_url: str,
    watch: Any,
) -> None:
    serve_axe(devices[0], site_url)
    ann, bob = (Player(context, watch, "number-duel") for context in devices)
    asked: list[str] = []
    ann.page.on("request", lambda request: asked.append(request.url))
    invitation = ann.invite(site_url, name1="Ann", name2="Bob", numbers="3")
    # The encoder is not loaded while the page starts and plays: only on the first press.
    assert not [url for url in asked if url.endswith(ENCODER)]
    show = ann.page.get_by_role("button", name="Show as QR code")
    expect(show).to_have_attribute("aria-expanded", "false")
    show.click()
    figure = qr_figure(ann.page)
    expect(figure).to_have_attribute("data-state", "shown")
    picture = figure.get_by_role("img", name="QR code of the link to send")
    expect(picture).to_be_visible()
    expect(figure).to_contain_text("Scan this code with a phone's camera")
    assert [url for url in asked if url.endswith(ENCODER)] == [site_url + ENCODER]
    # Large enough to scan from a screen: at least 3 CSS px a module on a phone.
    box = picture.bounding_box()
    assert box is not None
    modules = int(figure.get_attribute("data-modules") or 0)
    assert box["width"] / (modules + 8) >= 3, (box, modules)
    # The code holds exactly the address "Send" gives, which stays shown as text beside it.
    field = ann.page.get_by_role("textbox", name="Link to send")
    expect(field).to_have_value(invitation)
    assert read_code(picture) == invitation
    check(ann.page, site_url, "a QR code of the link to send")
    # Dark on light in the dark theme too.
    ann.page.get_by_role("button", name="Dark theme").click()
    expect(ann.page.locator("html")).to_have_attribute("data-theme", "dark")
    ann.game.answered()  # the code drawn again by Python in the dark theme's colours
    assert read_code(picture) == invitation
    # The friend's phone opens the address read: the game is there.
    bob.join(read_code(picture))
    expect(bob.page.locator("#players")).to_contain_text("Ann")
    expect(bob.page.locator(".link-panel h2")).to_have_text("Playing Ann by link")
    # While shown, the code follows the link to send: Ann's move after Bob's answer.
    ann.receive(bob.send())
    if ann.status() == "your-turn":
        ann.move()
    link = field.input_value()
    assert link != invitation
    expect(figure).to_have_attribute("data-state", "shown")
    assert read_code(picture) == link
    bob.receive(link, "your-turn|their-turn|over")
    # Hidden again on a second press; the encoder was fetched once.
    hide = ann.page.get_by_role("button", name="Hide the QR code")
    expect(hide).to_have_attribute("aria-expanded", "true")
    hide.click()
    expect(figure).to_be_hidden()
    assert len([url for url in asked if url.endswith(ENCODER)]) == 1
