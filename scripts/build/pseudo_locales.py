"""Pseudo-locales: every message made visibly "translated", to test the pages untranslated.

`en-XA` accents every letter, lengthens the message by 40% and brackets it, so text that is
not translated, cut off or glued together from pieces shows at a glance. `ar-XB` wraps the
message in RIGHT-TO-LEFT OVERRIDE ... POP DIRECTIONAL FORMATTING, so it reads mirrored, as
Chrome's own ar-XB does, and shows what a right-to-left language does to the layout.

Anything that is not words is kept as it is (format fields, printf and template fields,
HTML tags with their attributes, entities): the program fills or reads those. The build
runs on the bare system Python, so this is the standard library alone.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Iterator

from py_rules.i18n.mo import Entry, compile_po

LOCALES = ("en-XA", "ar-XB")
# What the program fills or reads, never translated: str.format fields (a field inside a
# format spec too) and doubled braces, printf fields (no space flag: "100% sure" is words),
# string.Template fields, HTML tags with their attributes (quoted values may hold ">"),
# comments, and character entities.
PROTECTED = re.compile(
    r"""
      \{\{ | \}\}
    | \{ [^{}]* (?: \{ [^{}]* \} [^{}]* )* \}
    | %% | % (?: \( [^)]* \) )? [-#0+]* (?: \* | \d+ )? (?: \. (?: \* | \d+ ) )?
          [diouxXeEfFgGcrsa]
    | \$\$ | \$ \{ [^{}]* \} | \$ [A-Za-z_] \w*
    | <!-- .*? -->
    | < [A-Za-z/!?] (?: "[^"]*" | '[^']*' | [^'"<>] )* >
    | & (?: \#\d+ | \#[xX][0-9a-fA-F]+ | [A-Za-z][A-Za-z0-9]* ) ;
    """,
    re.VERBOSE | re.DOTALL,
)
# Fields whose value the program puts in: under ar-XB each is isolated left to right
# (U+2066 ... U+2069), so a name or a number filled in reads the right way round, as it
# would in a real right-to-left language; a tag or an entity is not filled in.
FILLED = re.compile(r"\{[^{]|%[^%]|\$[^$]")  # not the escapes {{, %%, $$
ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "áƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ",
)
GROWTH = 0.4  # en-XA: 40% longer, as a longer language would be
FILLER = " " + "·" * 20  # no letters, so it never looks untranslated itself
RLO, PDF, LRI, PDI = "\u202e", "\u202c", "\u2066", "\u2069"
PLURAL_FORMS = "nplurals=2; plural=(n != 1);"  # the messages' own language, English


def pieces(message: str) -> Iterator[tuple[str, bool]]:
    """The message cut into (text, protected) pieces, in order."""
    at = 0
    for match in PROTECTED.finditer(message):
        if match.start() > at:
            yield message[at : match.start()], False
        yield match.group(), True
        at = match.end()
    if at < len(message):
        yield message[at:], False


def pseudo_text(message: str, locale: str) -> str:
    """`message` in the pseudo-locale `locale` (en-XA or ar-XB); an empty one stays empty."""
    if not message:
        return message
    if locale == "en-XA":
        body = "".join(text if kept else text.translate(ACCENTED) for text, kept in pieces(message))
        extra = math.ceil(len(message) * GROWTH)
        while len(body) < len(message) + extra:  # a very long message needs the filler again
            body += FILLER[: len(message) + extra - len(body)]
        return f"[{body}]"
    if locale == "ar-XB":
        body = "".join(
            f"{LRI}{text}{PDI}" if kept and FILLED.match(text) else text
            for text, kept in pieces(message)
        )
        return f"{RLO}{body}{PDF}"
    raise ValueError(f"not a pseudo-locale: {locale!r} (known: {', '.join(LOCALES)})")


def po_string(text: str) -> str:
    """A .po string literal; the line separators str.splitlines knows are escaped too, since
    compile_po reads the catalogue line by line."""
    quoted = json.dumps(text, ensure_ascii=False)
    for separator in "\x85\u2028\u2029":
        quoted = quoted.replace(separator, f"\\u{ord(separator):04x}")
    return quoted


def pseudo_po(entries: Iterable[Entry], locale: str) -> str:
    """The .po text of `locale` for the message ids of `entries` (their translations are
    not read; the header, msgid "", is written anew)."""
    lines = [
        f"# The {locale} pseudo-locale, made by scripts/build/pseudo_locales.py.",
        'msgid ""',
        'msgstr ""',
        po_string(f"Language: {locale}\n"),
        po_string(f"Plural-Forms: {PLURAL_FORMS}\n"),
        po_string("MIME-Version: 1.0\n"),
        po_string("Content-Type: text/plain; charset=utf-8\n"),
        po_string("Content-Transfer-Encoding: 8bit\n"),
    ]
    for msgid, plural, _strings, _fuzzy in entries:
        if not msgid:
            continue
        context, sep, message = msgid.rpartition("\x04")
        lines.append("")
        if sep:
            lines.append(f"msgctxt {po_string(context)}")
        lines.append(f"msgid {po_string(message)}")
        if plural is None:
            lines.append(f"msgstr {po_string(pseudo_text(message, locale))}")
        else:
            lines.append(f"msgid_plural {po_string(plural)}")
            for index, form in enumerate((message, plural)):
                lines.append(f"msgstr[{index}] {po_string(pseudo_text(form, locale))}")
    return "\n".join(lines) + "\n"


def pseudo_mo(entries: Iterable[Entry], locale: str) -> bytes:
    """The compiled (.mo) catalogue of `locale` for the message ids of `entries`."""
    return compile_po(pseudo_po(entries, locale))
