"""The service worker's lists (scripts/build/offline.py): the English pages and the shared files
precached, each other language's set (its folder's pages and its catalogue) apart, catalogue
last, every file of the build in exactly one list, and a game page's presses in files of
their own (fetched only when pressed) in none."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import offline
import pytest

pytestmark = pytest.mark.no_wasm  # the build writes the service worker's lists on the host

PAGES = {
    "index.html": "<p>Home @BUILD_VERSION@</p>",
    "games/circle-duel/index.html": "<p>Circle Duel</p>",
    "tutorial.html": "<p>Tutorial</p>",
    "assets/style.css": "p {}",
    "locale/es.mo": "es catalogue",
    "locale/ar-XB.mo": "ar-XB catalogue",
    "es/index.html": "<p>Inicio @BUILD_VERSION@</p>",
    "es/games/circle-duel/index.html": "<p>Duelo</p>",
    "es/tutorial.html": "<p>Tutorial</p>",
    "ar-XB/index.html": "<p>ʜome</p>",
    "vendor/pyodide/snapshot-0123abcd.gz": "snapshot",
    "games/circle-duel/presses/0123abcd/0.json": "{}",
    "es/games/circle-duel/presses/0123abcd/0.json": "{}",
    ".nojekyll": "",
}


@pytest.fixture
def build(tmp_path: Path) -> Path:
    for name, text in PAGES.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return tmp_path


def sha(build: Path, name: str) -> str:
    return hashlib.sha256((build / name).read_bytes()).hexdigest()


def test_english_and_shared_files_are_precached_and_no_language_is(build: Path) -> None:
    files = offline.site_files(build)
    assert set(files) == {
        "./",
        "index.html",
        "games/circle-duel/",
        "games/circle-duel/index.html",
        "tutorial.html",
        "assets/style.css",
    }
    assert files["./"] == files["index.html"] == sha(build, "index.html")


PYSCRIPT = ("vendor/pyscript/core.js", "vendor/pyscript/core.css", "assets/pyscript.js")


def test_pyscript_is_precached_only_where_a_page_loads_it(build: Path) -> None:
    """A build whose game pages all run Python in a worker sends no visitor PyScript's
    files; one with a main-thread game page (`ND_GAME_PAGES=page`) precaches them."""
    for name in PYSCRIPT:
        (build / name).parent.mkdir(parents=True, exist_ok=True)
        (build / name).write_text("pyscript", encoding="utf-8")
    (build / "games/circle-duel/worker.html").write_text(
        '<script src="../../assets/page-worker.js"></script><p>vendor/pyscript/core.js</p>',
        encoding="utf-8",
    )
    assert not set(PYSCRIPT) & set(offline.site_files(build))  # words are not a load
    (build / "games/circle-duel/index.html").write_text(
        '<link rel="stylesheet" href="../../vendor/pyscript/core.css">', encoding="utf-8"
    )
    assert set(PYSCRIPT) <= set(offline.site_files(build))


def test_each_language_is_its_folder_and_its_catalogue_the_catalogue_last(build: Path) -> None:
    sets = offline.language_files(build)
    assert set(sets) == {"es", "ar-XB"}
    assert list(sets["es"])[-1] == "locale/es.mo" and list(sets["ar-XB"])[-1] == "locale/ar-XB.mo"
    assert set(sets["es"]) == {
        "es/",
        "es/index.html",
        "es/games/circle-duel/",
        "es/games/circle-duel/index.html",
        "es/tutorial.html",
        "locale/es.mo",
    }
    assert sets["es"]["es/games/circle-duel/"] == sha(build, "es/games/circle-duel/index.html")
    assert set(sets["ar-XB"]) == {"ar-XB/", "ar-XB/index.html", "locale/ar-XB.mo"}


def test_a_game_page_s_presses_in_files_of_their_own_are_in_no_list(build: Path) -> None:
    """A visit fetches one only when it presses that button before Python: offline, Python
    comes soon from the cache, and nobody downloads 99 presses they never make."""
    listed = set(offline.site_files(build))
    for paths in offline.language_files(build).values():
        listed |= set(paths)
    assert not [path for path in listed if "/presses/" in path]
    assert "es/games/circle-duel/index.html" in listed


def test_a_catalogue_without_pages_is_a_set_of_its_own(build: Path) -> None:
    (build / "locale" / "fr.mo").write_text("fr catalogue", encoding="utf-8")
    assert offline.language_files(build)["fr"] == {"locale/fr.mo": sha(build, "locale/fr.mo")}


def worker_lists(build: Path) -> tuple[str, dict[str, str], dict[str, dict[str, str]]]:
    source = (build / offline.WORKER).read_text(encoding="utf-8")
    version = re.search(r'const VERSION = "([0-9a-f]{16})";', source)
    files = re.search(r"const FILES = (\{.*?\n\});", source, re.S)
    languages = re.search(r"const LANGUAGES = (\{.*?\n\});", source, re.S)
    assert version and files and languages, "the worker lost a list"
    return version[1], json.loads(files[1]), json.loads(languages[1])


def test_the_worker_lists_every_file_of_the_build_once(build: Path) -> None:
    version = offline.write_worker(build)
    written, files, languages = worker_lists(build)
    assert written == version
    assert version in (build / "es" / "index.html").read_text(encoding="utf-8")
    assert files == offline.site_files(build) and languages == offline.language_files(build)
    listed = [path for path in files if not path.endswith("/")]
    for paths in languages.values():
        listed += [path for path in paths if not path.endswith("/")]
    built = [
        p.relative_to(build).as_posix()
        for p in build.rglob("*")
        if p.is_file() and p.name not in {offline.WORKER, ".nojekyll"}
    ]
    unlisted = (".gz", ".json")  # the memory snapshot, a game page's presses
    assert sorted(listed) == sorted(b for b in built if not b.endswith(unlisted))


def unstamp(build: Path, version: str) -> None:
    """The pages as built again, with the version's mark where the last build stamped it."""
    for page in build.rglob("*.html"):
        page.write_text(page.read_text().replace(version, offline.VERSION_STAMP))


def test_a_change_to_a_language_page_is_a_new_version(build: Path) -> None:
    first = offline.write_worker(build)
    unstamp(build, first)
    assert offline.write_worker(build) == first, "an unchanged build keeps its version"
    unstamp(build, first)
    (build / "es" / "tutorial.html").write_text("<p>Tutorial, otra vez</p>")
    assert offline.write_worker(build) != first
