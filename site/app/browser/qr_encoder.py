"""The QR code encoder in the page: the vendored script (`vendor/qrcode-generator`, loaded
on the first code asked for, never at start), the modules of a code made by it, and the
SVG elements it is drawn with. Part of the browser boundary, beside `dom` (whose `js` it
uses: None in CPython, where no code is drawn)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from . import dom
from .dom import SVG, el
from .events import proxy


def svg_el(tag: str, **attrs: str) -> Any:
    """A new SVG element; attribute names as they are written (viewBox, shape-rendering
    spelt shape_rendering: _ for -)."""
    node = dom.document().createElementNS(SVG, tag)
    for name, value in attrs.items():
        node.setAttribute(name.replace("_", "-"), value)
    return node


_loading: set[Any] = set()  # scripts the worker is fetching (the loop keeps weak references)


def load_script(url: str, done: Callable[[bool], None]) -> None:
    """Run the site's classic script at `url` (its globals then exist on `window`);
    `done(True)` once it ran, `done(False)` when it could not be had (the element is then
    removed, so that a later call tries again). In a worker, the worker runs it itself."""
    if dom.mirrored() is not None:
        task = asyncio.ensure_future(run_in_worker(url, done))
        _loading.add(task)
        task.add_done_callback(_loading.discard)
        return
    script = el("script", src=url)

    def failed(_event: Any) -> None:
        script.remove()
        done(False)

    script.addEventListener("load", proxy(lambda _event: done(True)))
    script.addEventListener("error", proxy(failed))
    dom.document().head.append(script)


async def run_in_worker(url: str, done: Callable[[bool], None]) -> None:
    ran = await dom.run_classic_script(url, "qrcode")
    done(ran)
    dom.flush()  # no task of the page's ends here: send what `done` drew


def qr_modules(text: str, level: str) -> list[list[bool]] | None:
    """The modules (True: dark) of the QR code of `text` (one character per byte) at
    error-correction `level`, made by the encoder `vendor/qrcode-generator/qrcode.js`
    defines as `window.qrcode`, in the smallest version that holds it; None when the
    encoder refused it."""
    try:
        code = dom.page_global("qrcode")(0, level)
        code.addData(text, "Byte")
        code.make()
    except dom.JsError:
        return None
    count, dark = int(code.getModuleCount()), code.isDark
    return [[bool(dark(row, column)) for column in range(count)] for row in range(count)]


def has_global(name: str) -> bool:
    """Whether a script of the page (or the worker) defined the global `name`."""
    return dom.page_global(name) is not None
