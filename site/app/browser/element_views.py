"""The views an element of the document mirror hands out: `classList`, `dataset` and `style`
over its attributes (each change recorded as an op, as the element's own are) and a form's
`elements` over its controls. Apart from the mirror so that `mirror.py` holds the element and
the document themselves; they read an element through `Owner` and `Form`, what each needs of
the mirror's `Element`. Standard library only.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, Generic, Protocol, TypeVar

CONTROLS = ("input", "select", "textarea", "button")


def kebab(name: str) -> str:
    """A dataset or style name as its attribute or CSS name: linkSent -> link-sent."""
    return re.sub(r"[A-Z]", lambda m: "-" + m.group(0).lower(), name)


def camel(name: str) -> str:
    """A data-* attribute's name as its dataset key: link-sent -> linkSent."""
    return re.sub(r"-([a-z])", lambda m: m.group(1).upper(), name)


class Recorder(Protocol):
    """Where an element's changes go as ops (the mirror's `Document`)."""

    def record(self, op: list[Any]) -> None: ...


class Owner(Protocol):
    """What the attribute views read and change of their element (the mirror's `Element`
    has it)."""

    @property
    def nodeId(self) -> int: ...
    @property
    def attributes(self) -> dict[str, str]: ...
    @property
    def document(self) -> Recorder: ...
    def getAttribute(self, name: str) -> str | None: ...
    def setAttribute(self, name: str, value: Any) -> None: ...
    def removeAttribute(self, name: str) -> None: ...


class ClassList:
    """An element's classes; each change is a `class` op."""

    __slots__ = ("owner",)

    def __init__(self, owner: Owner) -> None:
        self.owner = owner

    def names(self) -> list[str]:
        return (self.owner.getAttribute("class") or "").split()

    def __contains__(self, name: object) -> bool:
        return name in self.names()

    def __iter__(self) -> Iterator[str]:
        return iter(self.names())

    def contains(self, name: str) -> bool:
        return name in self.names()

    def toggle(self, name: str, force: bool | None = None) -> bool:
        names = self.names()
        on = (name not in names) if force is None else bool(force)
        if on and name not in names:
            names.append(name)
        elif not on and name in names:
            names = [n for n in names if n != name]
        self.owner.attributes["class"] = " ".join(names)
        self.owner.document.record(["class", self.owner.nodeId, name, on])
        return on

    def add(self, *names: str) -> None:
        for name in names:
            self.toggle(name, True)

    def remove(self, *names: str) -> None:
        for name in names:
            self.toggle(name, False)


class Dataset:
    """An element's data-* attributes by their camelCase names (None when absent)."""

    __slots__ = ("_owner",)
    _owner: Owner

    def __init__(self, owner: Owner) -> None:
        object.__setattr__(self, "_owner", owner)

    def __getattr__(self, name: str) -> str | None:
        return self._owner.getAttribute("data-" + kebab(name))

    def __setattr__(self, name: str, value: object) -> None:
        self._owner.setAttribute("data-" + kebab(name), str(value))

    def __delattr__(self, name: str) -> None:
        self._owner.removeAttribute("data-" + kebab(name))

    def items(self) -> dict[str, str]:
        return {
            camel(name[5:]): value
            for name, value in self._owner.attributes.items()
            if name.startswith("data-")
        }


class Style:
    """An element's inline style, by camelCase property or CSS name; each change a `style`
    op (written back to the element's style attribute, as the page does)."""

    __slots__ = ("_owner",)
    _owner: Owner

    def __init__(self, owner: Owner) -> None:
        object.__setattr__(self, "_owner", owner)

    def declarations(self) -> dict[str, str]:
        found: dict[str, str] = {}
        for item in (self._owner.getAttribute("style") or "").split(";"):
            name, colon, value = item.partition(":")
            if colon and name.strip():
                found[name.strip().lower()] = value.strip()
        return found

    def setProperty(self, name: str, value: str | None) -> None:
        found = self.declarations()
        if value is None or value == "":
            found.pop(name, None)
        else:
            found[name] = str(value)
        text = "; ".join(f"{n}: {v}" for n, v in found.items())
        owner = self._owner
        if text:
            owner.attributes["style"] = text
        else:
            owner.attributes.pop("style", None)
        owner.document.record(["style", owner.nodeId, name, value or None])

    def removeProperty(self, name: str) -> None:
        self.setProperty(name, None)

    def getPropertyValue(self, name: str) -> str:
        return self.declarations().get(name, "")

    def __getattr__(self, name: str) -> str:
        return self.getPropertyValue(kebab(name))

    def __setattr__(self, name: str, value: object) -> None:
        self.setProperty(kebab(name), None if value is None else str(value))


class Control(Protocol):
    """What `form.elements` reads of an element under the form."""

    @property
    def localName(self) -> str: ...
    @property
    def id(self) -> str: ...
    def getAttribute(self, name: str) -> str | None: ...


C = TypeVar("C", bound=Control)
C_co = TypeVar("C_co", bound=Control, covariant=True)


class Form(Protocol[C_co]):
    """A form, as `form.elements` walks it (the mirror's `Element` has it)."""

    def descendants(self) -> Iterator[C_co]: ...


class FormElements(Generic[C]):
    """`form.elements`: its controls, found by name or id."""

    __slots__ = ("form",)

    def __init__(self, form: Form[C]) -> None:
        self.form = form

    def namedItem(self, name: str) -> C | None:
        for node in self.form.descendants():
            if node.localName in CONTROLS and name in (node.getAttribute("name"), node.id):
                return node
        return None

    def __iter__(self) -> Iterator[C]:
        return (n for n in self.form.descendants() if n.localName in CONTROLS)
