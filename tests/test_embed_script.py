"""embed.js as the build writes it: assets/page-dom.js (what it shares with a game page whose
Python runs in a worker) copied in whole, as a local function of its one closure."""

from __future__ import annotations

import embed
import pytest

pytestmark = pytest.mark.no_wasm  # the build writes embed.js on the host


def test_embed_js_holds_the_whole_page_side_of_the_worker_as_a_local_function() -> None:
    script = embed.embed_script("py/b.zip", ())
    assert embed.PAGE_DOM_MARKER not in script
    assert script.count("function ndPageDom(") == 1
    # Inside the script's closure (indented, after its opening): the host page gains no global.
    closure = script.index("(() => {")
    assert closure < script.index("  function ndPageDom(") < script.rindex("})();")
    lines = [line.strip() for line in embed.PAGE_DOM.read_text(encoding="utf-8").splitlines()]
    copied = [line.strip() for line in script.splitlines()]
    at = copied.index(
        "function ndPageDom({ send, boot = () => null, storageDenied = () => false }) {"
    )
    body = [line for line in lines[lines.index(copied[at]) :] if line]
    assert [line for line in copied[at : at + len(body) + 200] if line][: len(body)] == body
