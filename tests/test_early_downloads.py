"""A game page's config names exactly what its worker loads as Python starts, for the worker
to ask for all at once (scripts/build/early_downloads.py): what it loads is read here from the
code that loads it (the runtime wrapper's imports and fetches, the page's config), so that a
file renamed or added there, and not in the list, fails."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import urljoin

import build_site
import embed
import pytest

import py_rules

pytestmark = pytest.mark.no_wasm  # the build's modules

ROOT = Path(__file__).resolve().parents[1]
PAGE = "https://example.org/site/games/{slug}/"
# A trimmed standard library's name as the build gives it (its hash), as sent (gzipped).
STDLIB = "python_stdlib-0123456789abcdef.zip.gz"


def config_of(slug: str) -> dict[str, object]:
    config = json.loads(build_site.pyscript_config("../../", slug, STDLIB))
    assert isinstance(config, dict)
    return config


def loaded_by_the_worker(page: str, config: dict[str, object], up: str = "../../") -> set[str]:
    """What a worker page's Python loads besides the wrapper, from the code that loads it
    (`up`: the way from the page to the site's root)."""
    interpreter = urljoin(page, str(config["interpreter"]))
    wrapper = (ROOT / "site" / "snapshot" / "pyodide-snapshot.mjs").read_text()
    beside = re.findall(r'^import .* from "\./([^"]+)";$', wrapper, re.M)
    beside += re.findall(r'fileURL\("([^"]+)"\)', wrapper)
    assert "fileURL(SNAPSHOT.stdlib)" in wrapper  # the trimmed library, sent gzipped
    loaded = {urljoin(interpreter, name) for name in [*beside, STDLIB]}
    packed = {urljoin(page, up + name) for name in build_site.packed_files("")}
    files = config["files"]
    assert isinstance(files, dict)
    for name in files:
        url = urljoin(page, name)
        loaded.add(url + ".gz" if url in packed else url)
    return loaded


@pytest.mark.parametrize("slug", list(py_rules.GAMES))
def test_the_config_names_exactly_what_the_worker_loads(slug: str) -> None:
    page = PAGE.format(slug=slug)
    config = config_of(slug)
    early = config["early"]
    assert isinstance(early, list)
    urls = [urljoin(page, str(url)) for url in early]
    assert len(urls) == len(set(urls))
    assert set(urls) == loaded_by_the_worker(page, config)
    # The big files by the names this build gave them.
    assert urljoin(page, "../../vendor/pyodide/" + STDLIB) in urls
    assert urljoin(page, "../../vendor/pyodide/pyodide.asm.wasm") in urls


def test_a_game_s_data_file_is_asked_for_on_its_page_only() -> None:
    data = {name for name, game in build_site.GAME_DATA.items() if game == "number-duel"}
    assert data  # Number Duel's opening table
    for slug in py_rules.GAMES:
        early = config_of(slug)["early"]
        assert isinstance(early, list)
        wanted = {f"../../{name}.gz" for name in data} if slug == "number-duel" else set()
        assert {url for url in early if url.startswith("../../data/")} == wanted


def test_the_embed_names_exactly_what_its_worker_loads() -> None:
    """embed.js's worker loads the bundle and every game's data file (`files` of its `boot`,
    from the root the script finds from its own address), and asks for all at once."""
    base = "https://example.org/site/"
    files = {name: name for name in [build_site.BUNDLE, *build_site.GAME_DATA]}
    config = {"interpreter": build_site.interpreter_path(), "files": files}
    early = build_site.embed_early(STDLIB)
    urls = [urljoin(base, url) for url in early]
    assert len(urls) == len(set(urls))
    assert set(urls) == loaded_by_the_worker(base, config, up="")
    script = embed.embed_script(build_site.BUNDLE, tuple(build_site.GAME_DATA), early=early)
    assert f'"early":{json.dumps(early, separators=(",", ":"))}' in script
    assert "early: CONFIG.early.map((path) => base + path)" in script
