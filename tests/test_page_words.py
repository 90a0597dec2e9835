"""The pages' JavaScript messages: the build's scan finds what Babel finds, and the table a
page gets is safe inside a <script> element, reads back as written, and picks plural forms
by the catalogue's own rule."""

from __future__ import annotations

import gettext
import io
import json
from pathlib import Path
from typing import Any

import embed
import page_words
import pytest

from py_rules.i18n.mo import compile_po

pytestmark = pytest.mark.no_wasm  # the build's table of the pages' words is made on the host

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = [*sorted((ROOT / "site" / "assets").glob("*.js")), ROOT / "site" / "embed" / "embed.js"]
SPANISH = "nplurals=3; plural=(n == 1 ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2);"
RULES = [
    page_words.ENGLISH_PLURALS,
    SPANISH,
    "nplurals=1; plural=0;",
    "nplurals=2; plural=(n > 1);",
    "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || "
    "n%100>=20) ? 1 : 2);",
    "nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : "
    "n%100>=11 ? 4 : 5);",
    "nplurals=2; plural=!(n/10 == 1);",
]
COUNTS = [*range(2000), 10**6, 2 * 10**6, 10**6 + 1, 10**9, 123_456_789]


def translations(entries: str, plural_forms: str = SPANISH) -> gettext.GNUTranslations:
    """A catalogue of `entries` (.po text) with the header's plural rule."""
    header = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
    header += f'"Plural-Forms: {plural_forms}\\n"\n\n'
    return gettext.GNUTranslations(io.BytesIO(compile_po(header + entries)))


def evaluate(node: Any, n: int) -> int:
    """The table's plural rule as the page evaluates it (site/assets/language.js)."""
    if node == "n":
        return n
    if isinstance(node, int):
        return node
    op, *args = node
    if op == "?":
        return evaluate(args[1] if evaluate(args[0], n) else args[2], n)
    values = [evaluate(arg, n) for arg in args]
    if op == "!":
        return int(not values[0])
    a, b = values
    results = {
        "||": int(bool(a or b)),
        "&&": int(bool(a and b)),
        "==": int(a == b),
        "!=": int(a != b),
        "<": int(a < b),
        ">": int(a > b),
        "<=": int(a <= b),
        ">=": int(a >= b),
        "+": a + b,
        "-": a - b,
        "*": a * b,
        "/": a // b if b else 0,
        "%": a % b if b else 0,
    }
    return results[op]


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda path: path.name)
def test_the_scan_finds_what_babel_finds(path: Path) -> None:
    from babel.messages.extract import extract_from_file

    babel = [
        message for _line, message, _comments, _context in extract_from_file("javascript", path)
    ]
    assert page_words.js_messages([path]) == babel


def test_the_scripts_that_show_words_have_them_found_once() -> None:
    found = page_words.js_messages(SCRIPTS)
    assert len(found) == len(set(found))
    assert "Loading the game…" in found and "A new version of Number Duels is ready." in found
    assert any(isinstance(message, tuple) for message in found)  # boot.js's stall: a plural


def test_a_message_that_is_not_a_literal_is_refused(tmp_path: Path) -> None:
    script = tmp_path / "page.js"
    script.write_text("say(gettext(`Hello ${name}`));\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"page\.js:1"):
        page_words.js_messages([script])


@pytest.mark.parametrize("rule", RULES)
def test_the_plural_rule_tree_picks_as_gettext_does(rule: str) -> None:
    tree = json.loads(json.dumps(page_words.plural_rule(rule)))
    picks = gettext.c2py(rule.partition("plural=")[2].rstrip(";"))
    assert [evaluate(tree, n) for n in COUNTS] == [picks(n) for n in COUNTS]


def test_a_rule_that_is_not_one_is_refused() -> None:
    with pytest.raises(ValueError):
        page_words.plural_rule("nplurals=2; plural=(n != 1;")


def test_the_table_is_safe_in_a_script_element_and_reads_back() -> None:
    tr = translations(
        'msgid "Tag </script> & <b>"\nmsgstr "Etiqueta </script> & <b>"\n\n'
        'msgid "Seen {count} time"\nmsgid_plural "Seen {count} times"\n'
        'msgstr[0] "Visto {count} vez"\nmsgstr[1] "Visto {count} de veces"\n'
        'msgstr[2] "Visto {count} veces"\n'
    )
    plural = ("Seen {count} time", "Seen {count} times")
    messages = ["Tag </script> & <b>", "Not translated", plural]
    text = page_words.words_json(tr, messages)
    assert not {"<", ">", "&"} & set(text)
    table = json.loads(text)
    assert table == page_words.words(tr, messages)
    assert table["Tag </script> & <b>"] == "Etiqueta </script> & <b>"
    assert "Not translated" not in table  # the page shows the English it was given
    forms = table["Seen {count} time\0Seen {count} times"]
    assert [forms[evaluate(table[page_words.PLURAL_KEY], n)] for n in (1, 10**6, 5)] == [
        "Visto {count} vez",
        "Visto {count} de veces",
        "Visto {count} veces",
    ]


def test_english_needs_no_table() -> None:
    assert (
        page_words.words_json(gettext.NullTranslations(), page_words.js_messages(SCRIPTS)) == "{}"
    )


def config(script: str) -> Any:
    """The CONFIG that scripts/build/embed.py wrote into embed.js."""
    start = script.index("const CONFIG = ") + len("const CONFIG = ")
    return json.loads(script[start : script.index(";\n", start)])


def test_embed_js_carries_its_words_for_each_language_passed_in() -> None:
    tr = translations(
        'msgid "Loading the game…"\nmsgstr "Cargando la partida…"\n\n'
        'msgid "Update"\nmsgstr "Actualización"\n'
    )
    assert config(embed.embed_script("py/b.zip", ()))["words"] == {}
    words = config(embed.embed_script("py/b.zip", (), {"es": tr}))["words"]
    assert words == {"es": {"Loading the game…": "Cargando la partida…"}}  # its own alone
