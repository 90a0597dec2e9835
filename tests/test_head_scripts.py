"""scripts/build/head_scripts.py: a page's blocking <head> scripts served as one, asked for
beside its stylesheet; each part runs as it did on its own, an error in one included."""

from __future__ import annotations

import subprocess
from pathlib import Path

import head_scripts
import pytest

pytestmark = pytest.mark.no_wasm  # the build joins them on the host; node runs the result

PAGE = """<!doctype html><html><head><meta charset="utf-8">
  <script src="../../assets/language.js" data-languages="en es"></script>
  <link rel="stylesheet" href="../../assets/style.css">
  <script src="../../assets/theme.js"></script>
  <title>t</title>
  <script src="../../assets/boot.js" data-sizes="{}"></script>
  <script src="../../assets/print.js" defer></script>
</head><body><script src="../../assets/body.js"></script></body></html>"""


def test_the_blocking_scripts_become_one_after_the_stylesheet_with_every_attribute() -> None:
    page, stems = head_scripts.join_page(PAGE)
    assert stems == ["language", "theme", "boot"]
    head = page.split("</head>")[0]
    assert head.count("<script") == 2  # the joined one and the deferred one
    joined = (
        '<script src="../../assets/head-language-theme-boot.js"'
        ' data-languages="en es" data-sizes="{}"></script>'
    )
    assert head.index("style.css") < head.index(joined) < head.index("print.js")
    assert page.split("</head>")[1] == PAGE.split("</head>")[1]  # the body's script stays


def test_a_page_with_one_blocking_script_or_no_head_is_left_as_it_is() -> None:
    page = '<html><head><script src="assets/a.js"></script></head><body></body></html>'
    assert head_scripts.join_page(page) == (page, [])
    fragment = '<script src="assets/a.js"></script><script src="assets/b.js"></script>'
    assert head_scripts.join_page(fragment) == (fragment, [])


def test_two_parts_that_carry_the_same_attribute_are_refused() -> None:
    page = (
        '<head><script src="assets/a.js" data-x="1"></script>'
        '<script src="assets/b.js" data-x="2"></script></head>'
    )
    with pytest.raises(ValueError, match="same attribute"):
        head_scripts.join_page(page)


def test_join_writes_each_joined_file_once_and_drops_the_parts_no_page_names(
    tmp_path: Path,
) -> None:
    (tmp_path / "assets").mkdir()
    for stem in ("language", "theme", "boot", "print", "body"):
        (tmp_path / "assets" / f"{stem}.js").write_text(f"window.{stem} = 1;\n")
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "b").mkdir()
    (tmp_path / "a" / "b" / "index.html").write_text(PAGE)
    (tmp_path / "index.html").write_text(PAGE.replace("../../", ""))
    head_scripts.join(tmp_path)
    assert sorted(p.name for p in (tmp_path / "assets").iterdir()) == [
        "body.js",
        "head-language-theme-boot.js",
        "print.js",
    ]
    assert 'src="assets/head-language-theme-boot.js"' in (tmp_path / "index.html").read_text()


def test_an_error_in_one_part_reaches_the_console_and_the_next_part_still_runs() -> None:
    source = head_scripts.joined_source(
        [
            '"use strict";\n(() => { throw new Error("in the first"); })();',
            '"use strict";\n(() => { globalThis.second = 2; })();',
        ]
    )
    # Run in node (which `make test` installs): what the script leaves, said at once.
    check = source + "console.log(`second: ${globalThis.second}`);\n"
    done = subprocess.run(["node", "-e", check], capture_output=True, text=True, timeout=60)
    assert done.stdout == "second: 2\n"
    # Thrown again once the script has run: uncaught, as a file of its own would leave it.
    assert "Error: in the first" in done.stderr and done.returncode != 0
