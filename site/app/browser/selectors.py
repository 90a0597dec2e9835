"""The simple CSS selectors the document mirror matches: tags, ids, classes, attribute tests
(present, `=`, `$=`), descendant and child combinators, comma lists. Anything else is
refused with `SelectorError` rather than matched wrongly in silence. Standard library only;
it reads an element through `Matchable`, what a selector needs of the mirror's `Element`.
"""

from __future__ import annotations

import re
from collections.abc import Container
from typing import Protocol


class Matchable(Protocol):
    """What a selector reads of an element (the mirror's `Element` has it)."""

    @property
    def localName(self) -> str: ...
    @property
    def classList(self) -> Container[str]: ...
    @property
    def parentElement(self) -> Matchable | None: ...
    def getAttribute(self, name: str) -> str | None: ...


class SelectorError(ValueError):
    """A selector outside the simple ones the mirror matches."""


_SIMPLE = re.compile(
    r"""(?P<tag>[a-zA-Z][\w-]*)
    |\#(?P<id>[\w-]+)
    |\.(?P<cls>[\w-]+)
    |\[\s*(?P<attr>[\w:-]+)\s*(?:(?P<op>\$?)=\s*(?:"(?P<dq>[^"]*)"|'(?P<sq>[^']*)'|(?P<bare>[\w-]+))\s*)?\]
    """,
    re.VERBOSE,
)


class Compound:
    """One compound selector: a tag, ids, classes and attribute tests, all to hold."""

    def __init__(self) -> None:
        self.tag: str | None = None
        # (attribute, value or None: present, whether the value ends it rather than is it)
        self.tests: list[tuple[str, str | None, bool]] = []
        self.classes: list[str] = []

    def matches(self, node: Matchable) -> bool:
        if self.tag is not None and node.localName != self.tag:
            return False
        if any(name not in node.classList for name in self.classes):
            return False
        for name, value, suffix in self.tests:
            have = node.getAttribute(name)
            if have is None:
                return False
            if value is not None and not (have.endswith(value) if suffix else have == value):
                return False
        return True


Chain = list[tuple[str, Compound]]  # (combinator before it: " " or ">", compound)


def parse_selector(text: str) -> list[Chain]:
    """`text` as a list of chains (a comma list); SelectorError for anything the mirror does
    not match (pseudo-classes, sibling combinators, *, attribute operators other than =)."""
    chains: list[Chain] = []
    for part in text.split(","):
        chain: Chain = []
        rest, combinator = part.strip(), " "
        if not rest:
            raise SelectorError(f"empty selector in {text!r}")
        while rest:
            compound = Compound()
            matched = False
            while (found := _SIMPLE.match(rest)) is not None:
                if found.group("tag") is not None:
                    if matched:
                        raise SelectorError(f"a tag must come first in {text!r}")
                    compound.tag = found.group("tag").lower()
                elif found.group("id") is not None:
                    compound.tests.append(("id", found.group("id"), False))
                elif found.group("cls") is not None:
                    compound.classes.append(found.group("cls"))
                else:
                    value = next(
                        (v for v in found.group("dq", "sq", "bare") if v is not None), None
                    )
                    suffix = found.group("op") == "$"
                    compound.tests.append((found.group("attr").lower(), value, suffix))
                matched = True
                rest = rest[found.end() :]
            if not matched:
                raise SelectorError(f"the mirror cannot match {rest!r} in {text!r}")
            chain.append((combinator, compound))
            stripped = rest.lstrip()
            if stripped.startswith(">"):
                combinator, rest = ">", stripped[1:].lstrip()
                if not rest:
                    raise SelectorError(f"nothing after > in {text!r}")
            elif stripped and stripped != rest:
                combinator, rest = " ", stripped
            elif stripped:
                raise SelectorError(f"the mirror cannot match {stripped!r} in {text!r}")
            else:
                rest = ""
        chains.append(chain)
    return chains


def chain_matches(node: Matchable, chain: Chain, scope: Matchable | None = None) -> bool:
    """Whether `node` matches the chain (read right to left, ancestors up to the document)."""
    (combinator, last), before = chain[-1], chain[:-1]
    if not last.matches(node):
        return False
    if not before:
        return True
    parent = node.parentElement
    if combinator == ">":
        return parent is not None and chain_matches(parent, before, scope)
    while parent is not None:
        if chain_matches(parent, before, scope):
            return True
        parent = parent.parentElement
    return False


def matches_any(node: Matchable, chains: list[Chain]) -> bool:
    return any(chain_matches(node, chain) for chain in chains)
