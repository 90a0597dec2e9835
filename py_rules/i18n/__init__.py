"""Every message py_rules shows, in the player's language: gettext, one catalogue a language.

Messages are written in English in the code, wrapped in `_` (or `ngettext` when they count
something, so each language chooses its own plural forms), with named placeholders filled
in after translation: `_("{name} wins.").format(name=...)`, never a sentence glued from
translated pieces. `N_` marks a message kept as data (a game's title) and translated
where it is shown.

The language is switchable at any time (`use`), so a page can change it without a reload.
English needs no catalogue, and until another language is chosen `gettext` is not even
imported: the pages start as fast as before. Catalogues (`.po`, under version control) live
in py_rules/locale/<lang>/LC_MESSAGES/number_duels.po; `make catalogues` compiles each to a
`.mo` beside it, and a catalogue without an up-to-date `.mo` is compiled in memory from its
`.po` (`mo.compile_po`), so a fresh checkout plays in Spanish with no build step. A page
fetches the `.mo` of its language from the built site and hands its bytes to `install`.
"""

from __future__ import annotations

import io
import os
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Protocol

from .tags import best

DOMAIN = "number_duels"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
SOURCE_LANGUAGE = "en"
# The languages written right to left, by their tags. In their messages every value filled in
# (a name, a number, a move such as 3+ or 3@2) is isolated (FIRST STRONG ISOLATE ... POP
# DIRECTIONAL ISOLATE), so it reads as written whatever the sentence's direction: without it
# the bidirectional algorithm shows "3+" as "+3" and "3@2" as "2@3" inside Arabic text.
RIGHT_TO_LEFT = frozenset({"ar"})
FIRST_STRONG_ISOLATE, POP_DIRECTIONAL_ISOLATE = "\u2068", "\u2069"
_FIELD = re.compile(r"(?<!\{)\{[A-Za-z_][^{}]*\}(?!\})")


class Catalogue(Protocol):
    def gettext(self, message: str, /) -> str: ...
    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...


class _Source:
    """The messages as written: the catalogue of English, without importing gettext."""

    def gettext(self, message: str, /) -> str:
        return message

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        return singular if n == 1 else plural


class _Isolating:
    """A right-to-left language's catalogue whose messages isolate the values filled in."""

    def __init__(self, catalogue: Catalogue) -> None:
        self._catalogue = catalogue

    def gettext(self, message: str, /) -> str:
        return isolate_fields(self._catalogue.gettext(message))

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        return isolate_fields(self._catalogue.ngettext(singular, plural, n))


@lru_cache(maxsize=4096)
def isolate_fields(message: str) -> str:
    """`message` with each placeholder (`{name}`, `{count:,}`) between isolates."""
    return _FIELD.sub(
        lambda field: FIRST_STRONG_ISOLATE + field[0] + POP_DIRECTIONAL_ISOLATE, message
    )


ENGLISH: Catalogue = _Source()  # for code that takes a catalogue, as the build's pages do

_catalogue: Catalogue | None = None  # None: English, the messages as written
_language = SOURCE_LANGUAGE


def _(message: str) -> str:
    """`message` in the current language."""
    return message if _catalogue is None else _catalogue.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted message that fits `n`, in the current language."""
    if _catalogue is None:
        return singular if n == 1 else plural
    return _catalogue.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark `message` for the catalogues without translating it yet."""
    return message


def language() -> str:
    """The language messages are shown in now, by tag ("en", "es", "pt-BR", ...)."""
    return _language


def available() -> list[str]:
    """The languages with a catalogue, by tag (a folder `pt_BR` is `pt-BR`), English first."""
    found = sorted(p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
    return [SOURCE_LANGUAGE, *(tag_of(folder) for folder in found)]


def tag_of(folder: str) -> str:
    """The language tag of a catalogue's folder: `pt_BR` -> `pt-BR`, `zh_Hans` -> `zh-Hans`
    (Babel's and gettext's folders join a tag's subtags with `_`)."""
    return folder.replace("_", "-")


def folder_of(tag: str) -> str:
    """The folder of a language tag's catalogue: `pt-BR` -> `pt_BR`."""
    return tag.replace("-", "_")


def use(tag: str) -> str:
    """Show messages in the language `tag` asks for ("es", "es-MX", "es_ES.UTF-8", "pt",
    "zh_CN.UTF-8": `tags.best`); English when there is no catalogue for it, never an error.
    Returns the language now in use, by tag."""
    global _catalogue, _language
    name = best(tag, available())
    if name is not None and name != SOURCE_LANGUAGE:
        data = _catalogue_bytes(folder_of(name))
        if data is not None:
            install(name, data)
            return name
    _catalogue, _language = None, SOURCE_LANGUAGE
    return _language


def install(name: str, mo: bytes) -> None:
    """Use the compiled catalogue `mo` (the bytes of a .mo file) for the language `name`
    (its tag: "pt-BR")."""
    global _catalogue, _language
    import gettext  # only once a language other than English is chosen

    catalogue: Catalogue = gettext.GNUTranslations(io.BytesIO(mo))
    _catalogue = _Isolating(catalogue) if name in RIGHT_TO_LEFT else catalogue
    _language = name


def use_environment(environ: Mapping[str, str] = os.environ) -> str:
    """Use the language the environment asks for, as gettext reads it: the first of
    LANGUAGE (a colon-separated list), LC_ALL, LC_MESSAGES, LANG that is set."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(variable, "")
        if value:
            for tag in value.split(":"):
                if best(tag, available()) is not None:  # English too ("en_US", "zh_TW")
                    return use(tag)
            break
    return use(SOURCE_LANGUAGE)


def _catalogue_bytes(name: str) -> bytes | None:
    """The compiled catalogue of language `name`: its .mo when it is newer than its .po,
    else compiled from the .po now; None when there is none."""
    folder = LOCALE_DIR / name / "LC_MESSAGES"
    po, mo_file = folder / f"{DOMAIN}.po", folder / f"{DOMAIN}.mo"
    try:
        if mo_file.is_file() and (
            not po.is_file() or mo_file.stat().st_mtime >= po.stat().st_mtime
        ):
            return mo_file.read_bytes()
        if not po.is_file():
            return None
        from .mo import compile_po

        return compile_po(po.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


@contextmanager
def using(catalogue: Catalogue) -> Iterator[None]:
    """Show messages through `catalogue` inside the block, then as before: the build writes
    one page a language in a single process, and the rules' own words (a game's analysis
    sentence, a board's labels) must come out in the page's language."""
    global _catalogue
    before = _catalogue
    _catalogue = catalogue
    try:
        yield
    finally:
        _catalogue = before


__all__: list[str] = [
    "ENGLISH",
    "N_",
    "_",
    "available",
    "best",
    "folder_of",
    "install",
    "language",
    "ngettext",
    "tag_of",
    "use",
    "using",
]


def either(items: list[str]) -> str:
    """Alternatives for a sentence, in the current language: "3", "3 or 5", "1, 3 or 5"."""
    if len(items) < 2:
        return "".join(items)
    return _("{items} or {last}").format(items=_(", ").join(items[:-1]), last=items[-1])


def decimal(value: float, places: int) -> str:
    """A number with `places` decimals the way the current language writes it: "12.5",
    "12,5"."""
    integer, _point, decimals = f"{value:.{places}f}".partition(".")
    if not places:
        return integer
    return _("{integer}.{decimals}").format(integer=integer, decimals=decimals)


def percent(fraction: float, places: int = 0) -> str:
    """A fraction as a percentage the way the current language writes it ("45%", "12.5%";
    "45 %", "12,5 %"), whole unless `places` decimals are asked for."""
    number = decimal(fraction * 100, places) if places else str(round(fraction * 100))
    return _("{number}%").format(number=number)
