"""Translations: the catalogues match the code, the stdlib compiler matches Babel, the
language is chosen as gettext chooses it, and the terminal plays the same game in Spanish.

Babel is a test tool (the `test` extra); the Pyodide run has no subprocesses, so what needs
Babel's extractor or a subprocess is marked no_wasm.
"""

from __future__ import annotations

import gettext
import io
import os
import random
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from commands import run_py_rules
from language_tags import LOCALE_NAMES, TAGS

import py_rules
from py_rules import i18n
from py_rules.engine.players import choose_move
from py_rules.i18n.mo import compile_po, parse_po
from py_rules.registry import BUILT_IN
from py_rules.terminal.loop import play_in_terminal

REPO = Path(__file__).resolve().parent.parent
PLACEHOLDER = re.compile(r"\{([a-z_]*)\}")


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    """Every test leaves the messages in English, as the other tests expect them."""
    yield
    i18n.use("en")


def po_files() -> list[Path]:
    return sorted(i18n.LOCALE_DIR.glob(f"*/LC_MESSAGES/{i18n.DOMAIN}.po"))


# Each gettext domain: its Babel mapping (as `make messages` runs it) and its catalogues.
DOMAINS = {
    "number_duels": (REPO / "pyproject.toml", po_files()),
    "pages": (REPO / "site" / "babel.cfg", sorted(REPO.glob("site/locale/*/LC_MESSAGES/pages.po"))),
}
CATALOGUES = [(mapping, po) for mapping, found in DOMAINS.values() for po in found]
# What a page's translation must keep as it is: its tags and its template fields.
TAG = re.compile(r"<[^>]+>")
FIELD = re.compile(r"\$(?:\w+|\{\w+\})|@\w+@")


def test_spanish_is_among_the_catalogues() -> None:
    assert "es" in i18n.available() and i18n.available()[0] == "en"


@pytest.mark.no_wasm
@pytest.mark.parametrize(
    ("mapping", "po"),
    CATALOGUES,
    ids=lambda p: f"{p.parent.parent.name}/{p.stem}" if p.suffix == ".po" else "",
)
def test_a_catalogue_has_every_message_of_the_code_and_no_other(
    mapping: Path, po: Path, tmp_path: Path
) -> None:
    """Extract as `make messages` does (the domain's mapping); compare with the .po: nothing
    missing, nothing left over, nothing fuzzy or empty, the same placeholders, and for the
    pages the same HTML tags in the same order and the same template fields."""
    from babel.messages.frontend import CommandLineInterface
    from babel.messages.pofile import read_po

    pot = tmp_path / "messages.pot"
    extract = ["pybabel", "-q", "extract", "-F", str(mapping), "-o", str(pot)]
    CommandLineInterface().run([*extract, str(REPO)])
    with pot.open("rb") as file:
        used = [m.id for m in read_po(file) if m.id]
    assert len(used) > 100, "the extraction found the messages"
    assert len(DOMAINS["pages"][1]) >= 1 and len(DOMAINS["number_duels"][1]) >= 1
    with po.open("rb") as file:
        catalogue = read_po(file)
    kept = {m.id if isinstance(m.id, str) else m.id[0]: m for m in catalogue if m.id}
    keys = {m if isinstance(m, str) else m[0]: m for m in used}
    assert sorted(set(keys) - set(kept)) == [], "messages the catalogue lacks"
    assert sorted(set(kept) - set(keys)) == [], "messages the code no longer uses"
    for key, message in kept.items():
        assert not message.fuzzy, f"fuzzy: {key!r}"
        assert isinstance(message.id, str) == isinstance(keys[key], str), f"plural: {key!r}"
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        sources = [message.id] if isinstance(message.id, str) else list(message.id)
        assert all(strings), f"untranslated: {key!r}"
        wanted = {name for text in sources for name in PLACEHOLDER.findall(text)}
        for text in strings:
            assert set(PLACEHOLDER.findall(text)) <= wanted, f"a placeholder is new: {text!r}"
            if isinstance(message.id, str):
                assert set(PLACEHOLDER.findall(text)) == wanted, f"placeholders: {text!r}"
                assert TAG.findall(text) == TAG.findall(message.id), f"tags: {text!r}"
                assert sorted(FIELD.findall(text)) == sorted(FIELD.findall(message.id)), text


def test_no_message_hides_inside_an_f_string() -> None:
    """Babel cannot see `_("...")` inside an f-string's braces: such a message would stay
    English in every language, unnoticed by the catalogue test."""
    hidden = re.compile(r"""\bf['"].*\{[^}]*\b(_|ngettext|N_)\(\s*['"]""")
    found = [
        f"{path.relative_to(REPO)}:{number}"
        for folder in ("py_rules", "site/app")
        for path in sorted((REPO / folder).rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if hidden.search(line)
    ]
    assert found == []


@pytest.mark.no_wasm
@pytest.mark.parametrize("po", po_files(), ids=lambda p: p.parent.parent.name)
def test_the_stdlib_compiler_reads_as_babel_does(po: Path) -> None:
    """Our .mo, read by the standard gettext, gives every message and plural form that
    Babel's own .mo gives (Babel reading the same .po)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    ours = gettext.GNUTranslations(io.BytesIO(compile_po(po.read_text(encoding="utf-8"))))
    with po.open("rb") as file:
        catalogue = read_po(file)
    theirs_bytes = io.BytesIO()
    write_mo(theirs_bytes, catalogue)
    theirs = gettext.GNUTranslations(io.BytesIO(theirs_bytes.getvalue()))
    assert ours.info() == theirs.info()
    for message in catalogue:
        if not message.id:
            continue
        if isinstance(message.id, str):
            assert ours.gettext(message.id) == theirs.gettext(message.id) == message.string
        else:
            for n in (0, 1, 2, 5, 21, 1_000_000):
                assert ours.ngettext(*message.id, n) == theirs.ngettext(*message.id, n)


def test_the_compiler_skips_fuzzy_and_empty_entries_and_refuses_garbage() -> None:
    po = (
        'msgid ""\nmsgstr "Content-Type: text/plain; charset=utf-8\\n"\n\n'
        '#, fuzzy\nmsgid "Hello"\nmsgstr "Hola"\n\n'
        'msgid "Empty"\nmsgstr ""\n\n'
        'msgid "Quote \\"me\\"\\n"\nmsgstr "Cítame \\"\\n"\n\n'
        '#~ msgid "Gone"\n#~ msgstr "Ido"\n'
    )
    catalogue = gettext.GNUTranslations(io.BytesIO(compile_po(po)))
    assert catalogue.gettext("Hello") == "Hello"
    assert catalogue.gettext("Empty") == "Empty"
    assert catalogue.gettext('Quote "me"\n') == 'Cítame "\n'
    assert catalogue.gettext("Gone") == "Gone"
    assert [entry[0] for entry in parse_po(po)] == ["", "Hello", "Empty", 'Quote "me"\n']
    for bad in ('msgid "a"\nmsgstr b\n', '"stray"\n', 'msgfoo "x"\n'):
        with pytest.raises(ValueError):
            parse_po(bad)


@pytest.mark.parametrize(
    ("tag", "language"),
    [
        ("es", "es"),
        ("es-MX", "es"),
        ("es_ES.UTF-8", "es"),
        ("ES", "es"),
        ("en_GB.UTF-8", "en"),
        ("xx", "en"),
        ("", "en"),
        ("C", "en"),
        ("../../etc", "en"),
    ],
)
def test_a_language_tag_chooses_a_catalogue_or_english(tag: str, language: str) -> None:
    assert i18n.use(tag) == language == i18n.language()
    expected = "Enter a number." if language == "en" else "Escribe un número."
    assert i18n._("Enter a number.") == expected


@pytest.mark.parametrize(("tag", "language"), TAGS + LOCALE_NAMES)
def test_the_terminal_chooses_a_catalogue_as_the_site_does(tag: str, language: str) -> None:
    """The same choice as the pages' (tests/language_tags.py), but no pseudo-locale: the
    terminal has their primary subtag's catalogue ("ar-XB" is Arabic, "en-XA" English)."""
    expected = language if language not in ("en-XA", "ar-XB") else language.split("-")[0]
    assert i18n.use(tag) == expected == i18n.language()


def test_the_environment_chooses_as_gettext_does() -> None:
    assert i18n.use_environment({"LANG": "es_ES.UTF-8"}) == "es"
    assert i18n.use_environment({"LANG": "es_ES.UTF-8", "LC_MESSAGES": "en_US"}) == "en"
    assert i18n.use_environment({"LANG": "en_US", "LC_ALL": "es_AR"}) == "es"
    assert i18n.use_environment({"LANGUAGE": "xx:es", "LANG": "en_US"}) == "es"
    assert i18n.use_environment({"LANGUAGE": "xx:yy"}) == "en"
    assert i18n.use_environment({"LANGUAGE": "zh_TW:zh_CN"}) == "zh-Hans"  # the next one
    assert i18n.use_environment({"LANG": "zh_TW.UTF-8", "LANGUAGE": "zh_TW"}) == "en"
    assert i18n.use_environment({"LANG": "pt_PT.UTF-8"}) == "pt-BR"
    assert i18n.use_environment({}) == "en"


def test_plurals_lists_and_percentages_follow_the_language() -> None:
    game = py_rules.new_game("number-duel", {"numbers": 3, "seed": 1})
    i18n.use("es")
    assert "una de las posiciones 1, 2, 3" in str(game.why_illegal("1@9"))
    assert i18n.either(["3", "5"]) == "3 o 5"
    assert i18n.percent(0.456) == "46\u00a0%"
    assert game.player_name(2) == "Jugador 2" and game.names[1] == "Player 2"
    i18n.use("en")
    assert "one of positions 1, 2, 3" in str(game.why_illegal("1@9"))
    assert i18n.either(["1", "3", "5"]) == "1, 3 or 5" and i18n.percent(0.456) == "46%"


def test_decimals_follow_the_language() -> None:
    i18n.use("es")
    assert i18n.decimal(12.345, 2) == "12,35" and i18n.percent(0.125, 1) == "12,5\u00a0%"
    assert i18n.decimal(7.0, 0) == "7"
    i18n.use("en")
    assert i18n.percent(0.39, 1) == "39.0%" and i18n.percent(0.125, 1) == "12.5%"


def test_using_a_catalogue_lasts_for_its_block_only() -> None:
    class Shouting(gettext.NullTranslations):
        def gettext(self, message: str) -> str:
            return message.upper()

    i18n.use("en")
    with i18n.using(Shouting()):
        assert i18n._("The game is over.") == "THE GAME IS OVER."
    assert i18n._("The game is over.") == "The game is over."


def test_a_compiled_catalogue_installs_from_bytes_as_a_page_would() -> None:
    po = next(p for p in po_files() if p.parent.parent.name == "es")
    i18n.install("es", compile_po(po.read_text(encoding="utf-8")))
    assert i18n.language() == "es"
    assert i18n._("The game is over.") == "La partida ha terminado."


# ----- the terminal, step for step in both languages ---------------------------------


def play_through(slug: str) -> tuple[int, list[str]]:
    """A whole game in the terminal: a human (player 1) who first types a wrong answer,
    then plays the first legal move at every prompt (Enter to keep an arrangement),
    against the easy computer with a fixed seed. Its lines, prompts and answers included."""
    game = py_rules.new_game(slug, {"seed": 1}, ("Ann", "Bob"))
    rng = random.Random(5)
    out = io.StringIO()
    wrong = ["0"]

    def read(prompt: str) -> str:
        if "5,3,1,2,4" in prompt:  # the arranging prompt: keep the order
            answer = ""
        elif wrong:
            answer = wrong.pop()
        else:
            answer = game.legal_move_texts()[0]
        out.write(f"{prompt}{answer}\n")
        return answer

    computer = {2: lambda current: choose_move(current, "easy", rng)}
    status = play_in_terminal(game, read, out, computer=computer)
    return status, out.getvalue().splitlines()


def has_words(line: str) -> bool:
    return re.search(r"[A-Za-z]{3,}", line.replace("Ann", "").replace("Bob", "")) is not None


@pytest.mark.parametrize("slug", [kit.slug for kit in BUILT_IN])
def test_the_terminal_plays_the_same_game_in_spanish_step_for_step(slug: str) -> None:
    """The same answers give the same game in LANG=es_ES.UTF-8: as many lines, the same
    numbers on each, and every line with words in it translated."""
    english_status, english = play_through(slug)
    assert i18n.use_environment({"LANG": "es_ES.UTF-8"}) == "es"
    spanish_status, spanish = play_through(slug)
    assert spanish_status == english_status == 0
    assert len(spanish) == len(english) > 5
    for en, es in zip(english, spanish, strict=True):
        assert re.findall(r"\d+", es) == re.findall(r"\d+", en), (en, es)
        if has_words(en):
            assert es != en, f"untranslated: {en!r}"
    assert any(re.search("gana la partida|Has ganado|empatada", line) for line in spanish)


# Each language besides Spanish, by the locale name a terminal of its country has.
LOCALES = {
    "fr": "fr_FR.UTF-8",
    "pt-BR": "pt_BR.UTF-8",
    "de": "de_DE.UTF-8",
    "ar": "ar_EG.UTF-8",
    "zh-Hans": "zh_CN.UTF-8",
}


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("slug", [kit.slug for kit in BUILT_IN])
def test_the_terminal_plays_the_same_game_in_every_language_step_for_step(
    slug: str, locale: str
) -> None:
    """As in Spanish: as many lines, the same numbers on each (Western digits in every
    language, Arabic's too; in the order the language's sentence puts them), every line
    with words translated."""
    english_status, english = play_through(slug)
    assert i18n.use_environment({"LANG": LOCALES[locale]}) == locale
    status, translated = play_through(slug)
    assert status == english_status == 0
    assert len(translated) == len(english) > 5
    pairs = list(zip(english, translated, strict=True))
    for en, other in pairs:
        assert sorted(re.findall(r"\d+", other)) == sorted(re.findall(r"\d+", en)), (en, other)
    assert [en for en, other in pairs if has_words(en) and en == other] == []


# ----- as a real command (subprocesses: not inside Pyodide) ---------------------------


def command(*args: str, lang: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    return run_py_rules(*args, stdin=stdin, env={**env, "LANG": lang})


@pytest.mark.no_wasm
def test_the_command_speaks_the_language_of_lang_or_of_its_lang_option() -> None:
    spanish = command("play", "circle-duel", lang="es_ES.UTF-8", stdin="4\n4\n5\n")
    english = command("play", "circle-duel", lang="C.UTF-8", stdin="4\n4\n5\n")
    assert spanish.returncode == english.returncode == 0 and spanish.stderr == ""
    assert len(spanish.stdout.splitlines()) == len(english.stdout.splitlines())
    assert "Elige un número: 4\nEl 4 ya se ha elegido.\nElige un número: 5\n" in spanish.stdout
    assert spanish.stdout.endswith("Fin de la entrada: la partida queda abandonada.\n")
    refused = command("replay", "circle-duel", "4", "4", "--lang", "es", lang="C")
    assert refused.returncode == 2 and refused.stderr == (
        "python -m py_rules: error: la jugada 2 ('4') no está permitida: El 4 ya se ha elegido.\n"
    )
    # Number Circle's two questions (the number, then the operation), a refusal between.
    steps = "2\nx\n+\n9\n-\n"
    english = command("play", "number-circle", lang="C", stdin=steps).stdout.splitlines()
    spanish = command("play", "number-circle", lang="es_ES", stdin=steps).stdout.splitlines()
    assert len(spanish) == len(english) > 10
    assert [es for en, es in zip(english, spanish, strict=True) if has_words(en) and es == en] == []
    assert "Elige la operación (+/-): +" in spanish
    unknown = command("replay", "circle-duel", "4", "4", "--lang=xx", lang="es_ES.UTF-8")
    assert unknown.returncode == 2
    assert unknown.stderr.endswith("is illegal: 4 has already been selected.\n")


@pytest.mark.no_wasm
@pytest.mark.parametrize(
    ("args", "lang", "language"),
    [
        (["--lang", "pt-BR"], "C", "pt-BR"),
        (["--lang=zh-Hans"], "C", "zh-Hans"),
        (["--lang", "pt"], "C", "pt-BR"),
        ([], "pt_BR.UTF-8", "pt-BR"),
        ([], "zh_CN.UTF-8", "zh-Hans"),
        ([], "ar_SA.UTF-8", "ar"),
        ([], "zh_TW.UTF-8", "en"),
        (["--lang", "zh-TW"], "zh_CN.UTF-8", "en"),
    ],
)
def test_the_command_takes_a_language_by_its_tag_or_its_locale_name(
    args: list[str], lang: str, language: str
) -> None:
    """`--help` says its words as the catalogue the tag asks for has them (the folders
    pt_BR and zh_Hans for the tags pt-BR and zh-Hans)."""
    shown = command("--help", *args, lang=lang)
    assert shown.returncode == 0 and shown.stderr == ""
    assert i18n.use(language) == language
    said = (
        "commands:",
        "games:",
        "the language: --lang LANGUAGE (e.g. es), else LANG and LC_MESSAGES",
    )
    assert [i18n._(words) in shown.stdout.splitlines() for words in said] == [True] * 3


def test_a_right_to_left_language_isolates_every_value_it_fills_in() -> None:
    """In Arabic a move filled in reads as written ("3+", never "+3"): each placeholder
    of a translated message sits between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE;
    a left-to-right language's messages are left as they are."""
    fsi, pdi = i18n.FIRST_STRONG_ISOLATE, i18n.POP_DIRECTIONAL_ISOLATE
    message = "{name} played {move}."
    try:
        assert i18n.use("ar") == "ar"
        arabic = i18n._(message)
        assert arabic != message, "the message has an Arabic translation"
        assert re.findall(r"\{\w+\}", arabic) == re.findall(rf"{fsi}(\{{\w+\}}){pdi}", arabic)
        filled = arabic.format(name="Ann", move="3+")
        assert f"{fsi}3+{pdi}" in filled and f"{fsi}Ann{pdi}" in filled
        assert i18n.use("fr") == "fr"
        assert fsi not in i18n._(message) and pdi not in i18n._(message)
    finally:
        i18n.use("en")
    assert i18n.isolate_fields("{{kept}} {n:,}") == f"{{{{kept}}}} {fsi}{{n:,}}{pdi}"
