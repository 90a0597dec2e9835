"""Which of the languages we have a language tag or locale name asks for.

One rule for the terminal (`--lang`, `LANG`), the boards (`<html lang>`, an embed's
`data-lang`) and, through the table `aliases` writes into the pages, the browser's own choice
(site/assets/language.js and site/embed/embed.js do the same lookup): RFC 4647's "lookup".
The tag, any case, `_` or `-`, without a locale name's encoding (`zh_CN.UTF-8` is `zh-cn`), is
tried whole, then without its last subtag, and so on, against a table of our languages' own
tags and a few more that name one of them:

- a language's primary subtag names it when no language has that plain tag: `pt` and so
  `pt-PT` take `pt-BR`, `zh`, `zh-CN`, `zh-SG` and `zh-Hans-HK` take `zh-Hans`;
- Traditional Chinese (`zh-Hant`, and `zh-TW`, `zh-HK`, `zh-MO`, which CLDR writes in it)
  names none of them while there is no Traditional Chinese (the table says so with "", which
  stops the lookup before `zh`): a reader of it gets no Simplified characters they did not
  ask for, but the next language they prefer, else English.
"""

from __future__ import annotations

from collections.abc import Iterable

# The tags that name Chinese written in Traditional characters (CLDR's likely script).
TRADITIONAL_CHINESE = ("zh-Hant", "zh-TW", "zh-HK", "zh-MO")


def normal(tag: str) -> str:
    """A tag or locale name as the table's keys are written: "zh_CN.UTF-8" -> "zh-cn";
    the C locale ("C", "POSIX") names no language: ""."""
    base = tag.split(".")[0].split("@")[0].replace("_", "-").strip().lower()
    return "" if base in ("c", "posix") else base


def aliases(languages: Iterable[str]) -> dict[str, str]:
    """The tags (lower case) besides the languages' own that name one of `languages`, or
    none of them ("")."""
    tags = list(languages)
    own = {tag.lower() for tag in tags}
    found: dict[str, str] = {}
    for tag in tags:
        primary = tag.split("-")[0].lower()
        if primary not in own:
            found.setdefault(primary, tag)
    if "zh" in found or "zh" in own:
        for traditional in TRADITIONAL_CHINESE:
            if traditional.lower() not in own:
                found[traditional.lower()] = ""
    return found


def best(tag: str, languages: Iterable[str]) -> str | None:
    """The one of `languages` (tags, English among them) that `tag` asks for; None when it
    names none of them (the caller's next choice, or English)."""
    tags = list(languages)
    table = {language.lower(): language for language in tags} | aliases(tags)
    subtags = normal(tag).split("-")
    while subtags and subtags[0]:
        found = table.get("-".join(subtags))
        if found is not None:
            return found or None
        subtags.pop()
    return None
