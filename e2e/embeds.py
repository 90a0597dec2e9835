"""Where an embed's Python runs (embed.js says it on `<html data-nd-embed-python>`)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

# The runtime's biggest file: a page that fetched it runs Python on its own main thread.
RUNTIME = (
    "() => performance.getEntriesByType('resource')"
    ".filter((e) => e.name.endsWith('/pyodide.asm.wasm')).length"
)


def python_in_worker(page: Any) -> None:
    """The page's boards run their Python in a Web Worker: embed.js says so, and the page
    itself never fetched the runtime nor has Pyodide's loader."""
    expect(page.locator("html")).to_have_attribute("data-nd-embed-python", "worker")
    assert page.evaluate(RUNTIME) == 0
    assert page.evaluate("typeof loadPyodide") == "undefined"


def python_on_the_page(page: Any) -> None:
    """The page could not have the worker: Python runs on its main thread, as before."""
    expect(page.locator("html")).to_have_attribute("data-nd-embed-python", "page")
    assert page.evaluate(RUNTIME) == 1
