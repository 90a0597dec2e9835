"""The words the pages' JavaScript shows, found in its source and looked up for a language.

The page scripts wrap each visible message in `gettext("...")` or `ngettext("...", "...", n)`
with plain double-quoted literals, so a scan of the source finds the same messages as
Babel's JavaScript extractor (tests/test_page_words.py compares them); the build, standard
library only, scans instead of depending on Babel.

The table a non-English page gets (`<script type="application/json" id="nd-words">`),
read by `window.ndGettext` and `window.ndNgettext` (site/assets/language.js):

- `{"<msgid>": "<msgstr>"}` for each message the catalogue translates;
- `{"<singular>\\u0000<plural>": ["<form 0>", "<form 1>", ...]}` for a plural message: every
  form the catalogue's `Plural-Forms` header asks for, in its order (the NUL joins the
  two as in a .mo file);
- `{"\\u0000plural": <rule>}` when the table holds a plural: the header's `plural=`
  expression as a tree, a number, `"n"`, `[op, a]` for `!`, `[op, a, b]` for the binary C
  operators (`/` dividing integers) or `["?", test, yes, no]`, so the page picks a form
  index for `n` without evaluating code. No key of a message starts with a NUL.

A message the catalogue lacks is left out: the page shows the English it was given.
"""

from __future__ import annotations

import gettext
import json
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

Message = str | tuple[str, str]
PLURAL_KEY = "\0plural"
ENGLISH_PLURALS = "nplurals=2; plural=(n != 1);"

_STRING = r'"((?:[^"\\\n]|\\.)*)"'
_CALL = re.compile(r"\b(n?)gettext\(")
_ARGUMENTS = {
    "": re.compile(rf"\s*{_STRING}"),
    "n": re.compile(rf"\s*{_STRING}\s*,\s*{_STRING}"),
}


def _literal(raw: str, where: str) -> str:
    """A JS string literal's text; JSON's escapes are the ones a message may use."""
    try:
        text: str = json.loads(f'"{raw}"')
    except ValueError as error:
        raise ValueError(f"{where}: write the message without JavaScript-only escapes") from error
    return text


def js_messages(paths: Iterable[Path]) -> list[Message]:
    """Every message of `paths`, in order of first appearance; a call whose message is not
    a plain double-quoted literal is an error (no extractor could find it)."""
    found: dict[Message, None] = {}
    for path in paths:
        source = path.read_text(encoding="utf-8")
        for call in _CALL.finditer(source):
            where = f"{path}:{source.count(chr(10), 0, call.start()) + 1}"
            arguments = _ARGUMENTS[call.group(1)].match(source, call.end())
            if arguments is None:
                raise ValueError(f"{where}: {call.group(0)} needs its message as a literal")
            texts = [_literal(raw, where) for raw in arguments.groups()]
            found[texts[0] if len(texts) == 1 else (texts[0], texts[1])] = None
    return list(found)


_TOKEN = re.compile(r"\s*(\d+|n|&&|\|\||[=!<>]=|[<>!?:()%*/+-])")
_BINARY = [("||",), ("&&",), ("==", "!="), ("<", ">", "<=", ">="), ("+", "-"), ("*", "/", "%")]


def plural_rule(header: str) -> Any:
    """The `plural=` expression of a `Plural-Forms` header as the table's tree."""
    expression = header.partition("plural=")[2].strip().rstrip(";")
    tokens = _TOKEN.findall(expression)
    if "".join(tokens) != re.sub(r"\s", "", expression):
        raise ValueError(f"not a plural expression: {expression!r}")
    at = 0

    def take(expected: str | None = None) -> str:
        nonlocal at
        token = tokens[at] if at < len(tokens) else ""
        if expected is not None and token != expected:
            raise ValueError(f"expected {expected!r} in {expression!r}")
        at += 1
        return token

    def ternary() -> Any:
        test = binary(0)
        if at < len(tokens) and tokens[at] == "?":
            take()
            yes = ternary()
            take(":")
            return ["?", test, yes, ternary()]
        return test

    def binary(level: int) -> Any:
        if level == len(_BINARY):
            return unary()
        node = binary(level + 1)
        while at < len(tokens) and tokens[at] in _BINARY[level]:
            node = [take(), node, binary(level + 1)]
        return node

    def unary() -> Any:
        token = take()
        if token == "!":
            return ["!", unary()]
        if token == "(":
            node = ternary()
            take(")")
            return node
        if token == "n":
            return "n"
        if token.isdigit():
            return int(token)
        raise ValueError(f"unexpected {token!r} in {expression!r}")

    tree = ternary()
    if at != len(tokens):
        raise ValueError(f"trailing {tokens[at]!r} in {expression!r}")
    return tree


def _samples(header: str) -> dict[int, int]:
    """A count that picks each form index, found by trying the catalogue's own rule."""
    rule = gettext.c2py(header.partition("plural=")[2].strip().rstrip(";"))
    count = int(re.search(r"nplurals\s*=\s*(\d+)", header).group(1))  # type: ignore[union-attr]
    tries = [*range(1000), *(m * 10**k for k in range(3, 10) for m in range(1, 10))]
    picks: dict[int, int] = {}
    for n in tries:
        picks.setdefault(rule(n), n)
    missing = set(range(count)) - set(picks)
    if missing:
        raise ValueError(f"no count picks plural form {sorted(missing)} of {header!r}")
    return {index: picks[index] for index in range(count)}


def words(tr: gettext.NullTranslations, messages: Iterable[Message]) -> dict[str, Any]:
    """The table (see the module's docstring) of the `messages` that `tr` translates."""
    header = tr.info().get("plural-forms", ENGLISH_PLURALS)
    table: dict[str, Any] = {}
    for message in messages:
        if isinstance(message, str):
            if (text := tr.gettext(message)) != message:
                table[message] = text
            continue
        singular, plural = message
        counts = _samples(header)
        forms = [tr.ngettext(singular, plural, counts[i]) for i in sorted(counts)]
        english = [singular if counts[i] == 1 else plural for i in sorted(counts)]
        if forms != english:
            table[f"{singular}\0{plural}"] = forms
            table[PLURAL_KEY] = plural_rule(header)
    return table


def safe_json(data: object) -> str:
    """`data` as JSON that can stand inside a <script> element (no <, > or & in it)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def words_json(tr: gettext.NullTranslations, messages: Iterable[Message]) -> str:
    """The table of `messages` in `tr`'s language, as the text of the page's nd-words."""
    return safe_json(words(tr, messages))
