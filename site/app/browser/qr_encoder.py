"""The QR code encoder in the page: the vendored script (`vendor/qrcode-generator`, loaded
on the first code asked for, never at start), the modules of a code made by it, and the
SVG elements it is drawn with. Part of the browser boundary, beside `dom`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import js
from pyodide.ffi import JsException

from .dom import SVG, el, proxy


def svg_el(tag: str, **attrs: str) -> Any:
    """A new SVG element; attribute names as they are written (viewBox, shape-rendering
    spelt shape_rendering: _ for -)."""
    node = js.document.createElementNS(SVG, tag)
    for name, value in attrs.items():
        node.setAttribute(name.replace("_", "-"), value)
    return node


def load_script(url: str, done: Callable[[bool], None]) -> None:
    """Run the site's classic script at `url` (its globals then exist on `window`);
    `done(True)` once it ran, `done(False)` when it could not be had (the element is then
    removed, so that a later call tries again)."""
    script = el("script", src=url)

    def failed(_event: Any) -> None:
        script.remove()
        done(False)

    script.addEventListener("load", proxy(lambda _event: done(True)))
    script.addEventListener("error", proxy(failed))
    js.document.head.append(script)


def qr_modules(text: str, level: str) -> list[list[bool]] | None:
    """The modules (True: dark) of the QR code of `text` (one character per byte) at
    error-correction `level`, made by the encoder `vendor/qrcode-generator/qrcode.js`
    defines as `window.qrcode`, in the smallest version that holds it; None when the
    encoder refused it."""
    try:
        code = js.qrcode(0, level)
        code.addData(text, "Byte")
        code.make()
    except JsException:
        return None
    count, dark = int(code.getModuleCount()), code.isDark
    return [[bool(dark(row, column)) for column in range(count)] for row in range(count)]


def has_global(name: str) -> bool:
    """Whether a script of the page defined `window.<name>`."""
    return getattr(js.window, name, None) is not None
