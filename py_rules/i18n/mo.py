"""A gettext catalogue compiler in the standard library: .po text -> .mo bytes.

The build runs on the bare system Python, without Babel or GNU gettext's msgfmt, so it
compiles catalogues with this; tests check that what it writes reads back, through the
standard `gettext` module, exactly as Babel reads the .po. Fuzzy entries are left out, as
msgfmt leaves them out: a translation nobody has checked is not shown.
"""

from __future__ import annotations

import ast
import struct

Entry = tuple[str, str | None, list[str], bool]  # msgid, msgid_plural, msgstr[n], fuzzy


def parse_po(text: str) -> list[Entry]:
    """The entries of a .po file, the header (msgid "") included; obsolete (#~) ones
    dropped. ValueError on a line it cannot read."""
    entries: list[Entry] = []
    fields: dict[str, str] = {}
    current = ""
    fuzzy = False

    def finish() -> None:
        nonlocal fields, fuzzy
        if "msgid" in fields:
            plural = fields.get("msgid_plural")
            count = sum(1 for key in fields if key.startswith("msgstr["))
            strings = [fields[f"msgstr[{i}]"] for i in range(count)] if plural is not None else []
            if plural is None:
                strings = [fields.get("msgstr", "")]
            context = fields.get("msgctxt")
            msgid = fields["msgid"] if context is None else f"{context}\x04{fields['msgid']}"
            entries.append((msgid, plural, strings, fuzzy))
        fields, fuzzy = {}, False

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if line.startswith("#,"):
            if "msgid" in fields:
                finish()
            fuzzy = "fuzzy" in (flag.strip() for flag in line[2:].split(","))
        elif not line or line.startswith("#"):
            continue
        elif line.startswith('"'):
            if not current:
                raise ValueError(f"line {number}: a string outside an entry")
            fields[current] += _string(line, number)
        else:
            keyword, _space, rest = line.partition(" ")
            if keyword in ("msgctxt", "msgid") and "msgid" in fields:
                finish()  # the next entry begins
            if keyword not in ("msgctxt", "msgid", "msgid_plural", "msgstr") and not (
                keyword.startswith("msgstr[") and keyword.endswith("]")
            ):
                raise ValueError(f"line {number}: unknown keyword {keyword[:20]!r}")
            current = keyword
            fields[current] = _string(rest.strip(), number)
    finish()
    return entries


def _string(literal: str, number: int) -> str:
    if not (len(literal) >= 2 and literal[0] == literal[-1] == '"'):
        raise ValueError(f"line {number}: not a quoted string")
    value = ast.literal_eval(literal)  # the .po escapes are C's, a subset of Python's
    if not isinstance(value, str):
        raise ValueError(f"line {number}: not a string")
    return value


def compile_po(text: str) -> bytes:
    """The .mo file (GNU format, little-endian, no hash table) of the .po `text`."""
    pairs: dict[bytes, bytes] = {}
    for msgid, plural, strings, fuzzy in parse_po(text):
        if (fuzzy and msgid) or not all(strings):
            continue  # untranslated or unchecked: gettext falls back to the English
        source = msgid if plural is None else f"{msgid}\x00{plural}"
        pairs[source.encode()] = "\x00".join(strings).encode()
    keys = sorted(pairs)
    header_size = 7 * 4
    ids_at = header_size
    strs_at = ids_at + 8 * len(keys)
    data_at = strs_at + 8 * len(keys)
    ids, strs, data = b"", b"", b""
    for key in keys:
        ids += struct.pack("<2I", len(key), data_at + len(data))
        data += key + b"\x00"
    for key in keys:
        strs += struct.pack("<2I", len(pairs[key]), data_at + len(data))
        data += pairs[key] + b"\x00"
    header = struct.pack("<7I", 0x950412DE, 0, len(keys), ids_at, strs_at, 0, data_at)
    return header + ids + strs + data
