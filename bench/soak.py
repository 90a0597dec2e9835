"""Soak: one game page plays 200 games back to back against the computer.

The site is served on loopback and opened once in Chromium. A driver inside the page plays
through the page's own controls, as a person would: it picks "Me against the computer",
alternating who is the computer, presses New game, and clicks the first legal number each
time it is the person's turn, until the status line declares the result. Any console
error, uncaught exception, refused click or stuck game stops the run with an error.

Memory is read at the start (after the page is ready and one warm-up game) and at the end,
both times after a forced garbage collection: the page's JS heap (Chrome's
`Performance.getMetrics` JSHeapUsedSize, and `performance.memory` with precise figures), and
the WebAssembly memory of Python, in the page's worker (it only grows, so a leak in Python
shows as growth there).
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from typing import Any

from _browser import FLAGS, add_chromium_option, chromium_path, require_site, serve_site, wait_ready

# Games whose every move is one click on a number (the driver presses the first legal one).
ONE_CLICK_GAMES = ("sequence-duel", "circle-duel", "digit-chain")

# Plays `count` games in the page; returns [{winner text, moves}] or throws on trouble.
DRIVER = """async ([count, first]) => {
  const body = document.body;
  const status = document.querySelector('#status');
  const form = document.querySelector('#options');
  const moves = () => document.querySelectorAll('#history li:not(.empty)').length;
  // A page whose Python runs in a worker marks <html data-nd-pending> until Python has
  // answered what the page sent it (docs/worker-protocol.md).
  const answered = () => !('ndPending' in document.documentElement.dataset);
  const until = (test, what) => new Promise((resolve, reject) => {
    if (test()) return resolve();
    const seen = new MutationObserver(() => {
      if (test()) { seen.disconnect(); clearTimeout(timer); resolve(); }
    });
    seen.observe(document.documentElement,
                 {attributes: true, childList: true, subtree: true, characterData: true});
    const timer = setTimeout(() => {
      seen.disconnect();
      reject(new Error(`stuck waiting for ${what}: turn=${body.dataset.turn}, ` +
                       `status="${status.textContent}"`));
    }, 20000);
  });
  const results = [];
  for (let game = 0; game < count; game++) {
    const mode = (first + game) % 2 ? 'cpu1' : 'cpu2';
    form.elements.mode.value = mode;
    form.elements.mode.dispatchEvent(new Event('change', {bubbles: true}));
    form.elements.first.value = '1';
    form.elements.first.dispatchEvent(new Event('change', {bubbles: true}));
    const newGame = [...document.querySelectorAll('button')]
      .find((b) => b.textContent.trim() === 'New game');
    if (!newGame) throw new Error('no New game button');
    newGame.click();
    await until(answered, 'Python to answer New game');
    await until(() => status.dataset.over === 'false' && moves() <= 1, 'a new game');
    for (let turn = 0; ; turn++) {
      if (turn > 500) throw new Error('a game did not end');
      await until(() => ['human', 'over'].includes(body.dataset.turn), 'my turn');
      if (body.dataset.turn === 'over') break;
      const legal = document.querySelector('#targets button[aria-disabled="false"]');
      if (!legal) throw new Error(`no legal button on my turn: "${status.textContent}"`);
      const before = moves();
      legal.click();
      await until(answered, 'Python to answer the click');
      const refused = document.querySelector('#message').textContent;
      if (refused) throw new Error(`a legal click was refused: ${refused}`);
      await until(() => moves() > before, 'my move to be taken');
    }
    if (status.dataset.over !== 'true' || !/wins|draw/.test(status.textContent)) {
      throw new Error(`game ${game} ended without a result: "${status.textContent}"`);
    }
    results.push({mode, result: status.textContent, moves: moves()});
  }
  return results;
}"""

# Python's memory: in the page's worker (asked through the protocol's `run` message) or, on a
# page whose Python runs on its main thread, in the page.
MEMORY = """async () => ({
  heap: performance.memory.usedJSHeapSize,
  wasm: window.ndPython
    ? await window.ndPython.run(
        'import pyodide_js\\nresult = pyodide_js._module.HEAPU8.buffer.byteLength')
    : globalThis.ndPythonBoot ? ndPythonBoot.pyodide._module.HEAPU8.buffer.byteLength : 0,
  nodes: document.getElementsByTagName('*').length,
})"""


def memory(page: Any, cdp: Any) -> dict[str, int]:
    cdp.send("HeapProfiler.collectGarbage")
    metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    found = page.evaluate(MEMORY)
    found["metrics_heap"] = int(metrics["JSHeapUsedSize"])
    found["listeners"] = int(metrics.get("JSEventListeners", 0))
    return found


def mb(n: float) -> str:
    return f"{n / 1e6:.1f} MB"


def run(slug: str, games: int, chromium: str, batch: int = 25) -> int:
    from playwright.sync_api import sync_playwright

    server, url = serve_site()
    errors: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=chromium, args=[*FLAGS, "--enable-precise-memory-info"]
        )
        # No service worker: this measures the game page alone (offline is tested in e2e).
        context = browser.new_context(service_workers="block")
        page = context.new_page()
        page.on("console", lambda m: m.type == "error" and errors.append(m.text))
        page.on("pageerror", lambda e: errors.append(f"uncaught: {e}"))
        cdp = context.new_cdp_session(page)
        cdp.send("Performance.enable")
        page.goto(f"{url}games/{slug}/?delay=0")
        wait_ready(page, slug)
        page.evaluate(DRIVER, [1, 0])  # warm-up: everything a game touches is loaded
        start = memory(page, cdp)
        started = time.perf_counter()
        results: list[dict[str, Any]] = []
        while len(results) < games and not errors:
            n = min(batch, games - len(results))
            results += page.evaluate(DRIVER, [n, len(results)])
            now = memory(page, cdp)
            print(
                f"  {len(results):4d} games  JS heap {mb(now['metrics_heap'])}  "
                f"Python (wasm) memory {mb(now['wasm'])}  DOM nodes {now['nodes']}",
                flush=True,
            )
        seconds = time.perf_counter() - started
        end = memory(page, cdp)
        browser.close()
    server.shutdown()
    if errors:
        print(f"soak: FAILED after {len(results)} games: {errors[:5]}")
        return 1
    computer = sum(bool(re.search(r"Computer wins", r["result"])) for r in results)
    draws = sum("draw" in r["result"] for r in results)
    print(
        f"soak {slug}: {len(results)} games against the computer in {seconds:.0f} s "
        f"({sum(r['moves'] for r in results)} moves; computer won {computer}, "
        f"draws {draws}), no error"
    )
    for key, label in (
        ("metrics_heap", "JS heap (CDP JSHeapUsedSize)"),
        ("heap", "JS heap (performance.memory)"),
        ("wasm", "Python WebAssembly memory"),
    ):
        print(
            f"  {label:32s} start {mb(start[key]):>9s}  end {mb(end[key]):>9s}  "
            f"change {(end[key] - start[key]) / 1e6:+.1f} MB"
        )
    print(
        f"  {'DOM elements':32s} start {start['nodes']:>9d}  end {end['nodes']:>9d}\n"
        f"  {'JS event listeners':32s} start {start['listeners']:>9d}  end {end['listeners']:>9d}"
    )
    return 0 if len(results) == games else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--soak-games", type=int, default=200)
    parser.add_argument("--soak-page", default="sequence-duel", choices=ONE_CLICK_GAMES)
    add_chromium_option(parser)
    args, _ = parser.parse_known_args(argv)  # bench/run.py passes every benchmark the same
    require_site()
    return run(args.soak_page, args.soak_games, chromium_path(args.chromium))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
