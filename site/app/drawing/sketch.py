"""Draw a part of the page again by changing only what differs from what it shows.

A list that grows by one move, a player's card whose "To move" badge moves to the other
card: drawing them anew each time would make every element again, and the browser would
lay out and paint all of them (and, with Python in a worker, the page would apply an op for
each). Instead the caller describes what the part should show (a `Sketch` for each child),
and `Sketched.show` compares it with what it drew last time: an element whose sketch has the
same tag (and the same `key`, for a keyed one) is kept, and only its changed attributes and
text are written; new ones are made, gone ones removed.

What was drawn is remembered here, in Python: nothing is read back from the page, so the
same code costs no call to the browser on the main thread and no message from a worker. The
part is this object's alone: code that changes these elements some other way would be
overwritten, or missed, at the next `show`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..browser.dom import el


@dataclass(frozen=True)
class Sketch:
    """What one element should show: its tag, its attributes (the class among them), and its
    children, each a sketch or a string (a text node). `key` names an element among its
    siblings, so that it is kept where the others move, come or go (a move's index)."""

    tag: str
    attributes: tuple[tuple[str, str], ...] = ()
    children: tuple[Sketch | str, ...] = ()
    key: str | None = None


def sketch(
    tag: str,
    cls: str = "",
    *children: Sketch | str,
    key: str | None = None,
    **attributes: str | None,
) -> Sketch:
    """A `Sketch`; attribute names use _ for - (aria_current -> aria-current), and an
    attribute whose value is None is left out (a flag that is off)."""
    named = [("class", cls)] if cls else []
    named += [
        (name.rstrip("_").replace("_", "-"), value)
        for name, value in attributes.items()
        if value is not None
    ]
    return Sketch(tag, tuple(named), tuple(child for child in children if child != ""), key)


class Drawn:
    """An element on the page and the sketch it shows now."""

    __slots__ = ("children", "node", "sketch")

    def __init__(self, node: Any, shows: Sketch, children: list[Drawn | str]) -> None:
        self.node = node
        self.sketch = shows
        self.children = children


Child = Drawn | str


def make(shows: Sketch) -> Drawn:
    node = el(shows.tag)
    for name, value in shows.attributes:
        node.setAttribute(name, value)
    children = [make(child) if isinstance(child, Sketch) else child for child in shows.children]
    if children:
        node.append(*nodes(children))
    return Drawn(node, shows, children)


def update(drawn: Drawn, shows: Sketch) -> None:
    """Make `drawn` show `shows` (of the same tag), writing only what differs."""
    if drawn.sketch == shows:
        return
    before = dict(drawn.sketch.attributes)
    after = dict(shows.attributes)
    for name in before.keys() - after.keys():
        drawn.node.removeAttribute(name)
    for name, value in shows.attributes:
        if before.get(name) != value:
            drawn.node.setAttribute(name, value)
    drawn.children = place(drawn.node, drawn.children, shows.children)
    drawn.sketch = shows


def nodes(children: Iterable[Child]) -> list[Any]:
    return [child.node if isinstance(child, Drawn) else child for child in children]


def same(one: Sequence[Any], other: Sequence[Any]) -> bool:
    """Whether two lists of children are the same nodes (texts: the same words)."""
    return len(one) == len(other) and all(
        a == b if isinstance(a, str) else a is b for a, b in zip(one, other, strict=True)
    )


def matched(old: Sequence[Child], new: Sequence[Sketch | str]) -> list[Child]:
    """The children that show `new`: an old element kept for each sketch of its tag (by key
    for a keyed sketch, else the next unkeyed one in order), updated; the others made."""
    keyed = {c.sketch.key: c for c in old if isinstance(c, Drawn) and c.sketch.key is not None}
    unkeyed = [c for c in old if isinstance(c, Drawn) and c.sketch.key is None]
    result: list[Child] = []
    for shows in new:
        if isinstance(shows, str):
            result.append(shows)
            continue
        if shows.key is not None:
            found = keyed.pop(shows.key, None)
        else:
            found = next((c for c in unkeyed if c.sketch.tag == shows.tag), None)
            if found is not None:
                unkeyed.remove(found)
        if found is None or found.sketch.tag != shows.tag:
            result.append(make(shows))
        else:
            update(found, shows)
            result.append(found)
    return result


def place(node: Any, old: list[Child], new: Sequence[Sketch | str]) -> list[Child]:
    """Make `node`'s children show `new`; the children it had showed `old`."""
    result = matched(old, new)
    arrange(node, nodes(old), nodes(result))
    return result


def arrange(box: Any, old: Sequence[Any] | None, new: Sequence[Any]) -> None:
    """Make `box`'s children `new` (elements, or strings for text nodes) where they are
    `old` (None: unknown), moving as few as it can: the usual changes (more at the end,
    fewer at the end, none) touch only those children, and a focused one keeps its focus."""
    if old is None:
        box.replaceChildren(*new)
    elif same(old, new):
        return
    elif same(old, new[: len(old)]):
        box.append(*new[len(old) :])
    elif same(new, old[: len(new)]) and not any(isinstance(c, str) for c in old[len(new) :]):
        for gone in old[len(new) :]:  # a text node has no id to remove it by
            gone.remove()
    else:
        box.replaceChildren(*new)


class Sketched:
    """A part of the page (`box`) whose children are drawn from sketches, again and again.
    Whatever `box` held before the first `show` is replaced by it."""

    def __init__(self, box: Any) -> None:
        self.box = box
        self.children: list[Child] | None = None  # None: not drawn yet

    def show(self, sketches: Sequence[Sketch | str]) -> None:
        old = self.children
        self.children = matched(old or [], sketches)
        arrange(self.box, None if old is None else nodes(old), nodes(self.children))

    def node(self, index: int) -> Any:
        """The element drawn for the `index`th sketch of the last `show`."""
        assert self.children is not None
        child = self.children[index]
        assert isinstance(child, Drawn)
        return child.node
