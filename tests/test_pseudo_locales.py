"""The pseudo-locales (scripts/build/pseudo_locales.py): what is not words survives in order, en-XA
is accented, longer and bracketed, ar-XB is overridden right to left, and the compiled
catalogue reads back through the standard gettext module."""

from __future__ import annotations

import gettext
import io
import math
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pseudo_locales import ACCENTED, LRI, PDF, PDI, RLO, pieces, pseudo_mo, pseudo_text

from py_rules.i18n.mo import Entry, parse_po

pytestmark = pytest.mark.no_wasm  # the build makes the pseudo-locales on the host

ROOT = Path(__file__).resolve().parent.parent
SPANISH = ROOT / "py_rules" / "locale" / "es" / "LC_MESSAGES" / "number_duels.po"
ASCII_LETTER = re.compile(r"[A-Za-z]")

# Everything the program fills or reads, in each form the messages may use.
FIELDS_AND_TAGS = (
    "{name}",
    "{count}",
    "{number:>3}",
    "{}",
    "{{",
    "}}",
    "%(name)s",
    "%(count)d",
    "%s",
    "%d",
    "%5.2f",
    "%%",
    "$name",
    "${game}",
    "<b>",
    "</b>",
    '<a href="/games/circle-duel/" class="x">',
    "<br/>",
    '<span title="a > b">',
    "<!-- note -->",
    "&amp;",
    "&#8230;",
    "&#x2014;",
    "&nbsp;",
)
PLACEHOLDERS = st.sampled_from(FIELDS_AND_TAGS)
WORDS = st.text(
    alphabet=st.sampled_from("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.,:;!?'-() é"),
    min_size=1,
    max_size=12,
)
PIECES = st.lists(st.tuples(st.booleans(), st.one_of(WORDS, PLACEHOLDERS)), max_size=8)


def message_of(parts: list[tuple[bool, str]]) -> tuple[str, list[str]]:
    """The message (pieces apart by a space, so a word never runs into a field's name) and
    the placeholders and tags in it, in order."""
    text = " ".join(piece for _kept, piece in parts)
    kept = [piece for _kept, piece in parts if piece in FIELDS_AND_TAGS]
    return text, kept


def outside(result: str, kept: list[str]) -> str:
    """`result` without the placeholders `kept`, found one after another in order (an
    AssertionError when one is missing or out of order)."""
    rest, at = [], 0
    for piece in kept:
        found = result.find(piece, at)
        assert found >= 0, f"{piece!r} lost or out of order in {result!r}"
        rest.append(result[at:found])
        at = found + len(piece)
    rest.append(result[at:])
    return "".join(rest)


@given(PIECES)
def test_en_xa_keeps_fields_and_tags_accents_the_rest_and_is_longer(
    parts: list[tuple[bool, str]],
) -> None:
    message, kept = message_of(parts)
    result = pseudo_text(message, "en-XA")
    if not message:
        assert result == ""
        return
    assert result.startswith("[") and result.endswith("]")
    assert len(result) - 2 >= math.ceil(1.4 * len(message))
    words = outside(result, kept)
    assert not ASCII_LETTER.search(words), words


@given(PIECES)
def test_ar_xb_keeps_fields_and_tags_and_overrides_right_to_left(
    parts: list[tuple[bool, str]],
) -> None:
    message, kept = message_of(parts)
    result = pseudo_text(message, "ar-XB")
    if not message:
        assert result == ""
        return
    assert result.startswith(RLO) and result.endswith(PDF)
    # Only the override and the isolates around filled fields are added; the words stay.
    assert outside(result, kept).translate({ord(c): None for c in RLO + PDF + LRI + PDI}) == (
        outside(message, kept)
    )


def test_examples() -> None:
    assert pseudo_text("Hello {name}!", "en-XA") == "[Ĥéļļö {name}! ·····]"
    assert pseudo_text("<b>Undo</b> &amp; %(n)s", "en-XA").startswith("[<b>Ûñðö</b> &amp; %(n)s")
    assert pseudo_text("100% sure", "en-XA").startswith("[100% šûŕé")
    assert pseudo_text("{name}", "en-XA") == "[{name} ··]"  # only a field: still bracketed
    assert pseudo_text("<br>", "ar-XB") == f"{RLO}<br>{PDF}"
    assert pseudo_text("{name} won", "ar-XB") == f"{RLO}{LRI}{{name}}{PDI} won{PDF}"
    assert pseudo_text("100%% {{sure}}", "ar-XB") == f"{RLO}100%% {{{{sure}}}}{PDF}"
    with pytest.raises(ValueError, match="pseudo-locale"):
        pseudo_text("Hello", "fr-XX")


def test_accents_are_one_to_one_and_never_ascii() -> None:
    accented = [chr(ACCENTED[ord(letter)]) for letter in map(chr, range(128)) if letter.isalpha()]
    assert len(accented) == 52 == len(set(accented))
    assert all(
        len(letter) == 1 and not letter.isascii() and letter.isalpha() for letter in accented
    )


def test_pieces_tell_words_from_fields() -> None:
    assert list(pieces("a {b:{w}} %(c)s $d ${e} <i x='>'>&lt;")) == [
        ("a ", False),
        ("{b:{w}}", True),
        (" ", False),
        ("%(c)s", True),
        (" ", False),
        ("$d", True),
        (" ", False),
        ("${e}", True),
        (" ", False),
        ("<i x='>'>", True),
        ("&lt;", True),
    ]


def catalogue(entries: list[Entry], locale: str) -> gettext.GNUTranslations:
    return gettext.GNUTranslations(io.BytesIO(pseudo_mo(entries, locale)))


@pytest.mark.parametrize("locale", ["en-XA", "ar-XB"])
def test_the_spanish_catalogues_messages_round_trip(locale: str) -> None:
    entries = parse_po(SPANISH.read_text(encoding="utf-8"))
    read = catalogue(entries, locale)
    assert read.info()["plural-forms"] == "nplurals=2; plural=(n != 1);"
    checked = 0
    for msgid, plural, _strings, _fuzzy in entries:
        if not msgid:
            continue
        context, sep, message = msgid.rpartition("\x04")
        if plural is not None:
            assert read.ngettext(message, plural, 1) == pseudo_text(message, locale)
            assert read.ngettext(message, plural, 2) == pseudo_text(plural, locale)
        elif sep:
            assert read.pgettext(context, message) == pseudo_text(message, locale)
        else:
            assert read.gettext(message) == pseudo_text(message, locale)
        checked += 1
    assert checked > 100


@given(st.lists(st.tuples(PIECES, st.one_of(st.none(), PIECES), st.booleans()), max_size=5))
def test_any_catalogue_round_trips(
    drawn: list[tuple[list[tuple[bool, str]], list[tuple[bool, str]] | None, bool]],
) -> None:
    entries: list[Entry] = []
    for number, (singular, plural_parts, with_context) in enumerate(drawn):
        message = f'{number} {message_of(singular)[0]}\n\t"\\'  # each its own, escapes too
        msgid = f"menu\x04{message}" if with_context else message
        plural = None if plural_parts is None else message_of(plural_parts)[0]
        entries.append((msgid, plural, [""], False))
    for locale in ("en-XA", "ar-XB"):
        read = catalogue(entries, locale)
        for msgid, plural, _strings, _fuzzy in entries:
            context, sep, message = msgid.rpartition("\x04")
            if plural is None and not sep:
                assert read.gettext(message) == pseudo_text(message, locale)
            elif plural is None:
                assert read.pgettext(context, message) == pseudo_text(message, locale)
            elif not sep and plural:
                assert read.ngettext(message, plural, 5) == pseudo_text(plural, locale)
