"""A canvas's 2D context in the document mirror: the calls a frame makes, recorded for the
page to replay, and a style the page's context holds already left out. Apart from the mirror
because it is a job of its own (what the page's context holds, through save, restore and
resets); it knows its canvas only as where its calls go. Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Call = list[Any]


def plain(value: Any) -> Any:
    """A value as the protocol carries it (tuples as lists)."""
    if isinstance(value, tuple | list):
        return [plain(v) for v in value]
    return value


class Context2D:
    """A canvas's 2D context that records its calls for the page to replay (`draw` ops):
    a property set is ["=", name, value], a method call [name, *args].

    A frame sets the same style again and again (each number of a board sets its fill, font,
    alignment, shadow): a property set, or a `setLineDash`, that gives the page's context the
    value it holds already is not recorded. What the page's context holds is known from the
    calls sent since its canvas was last reset (its width or height set), `save` and
    `restore` included; after a `restore` with no `save`, nothing is known.

    `draw` records a call for the canvas (the mirror's `Document.draw`)."""

    __slots__ = ("_draw", "_held", "_saved", "_state")
    _draw: Callable[[Call], None]
    _state: dict[str, Any]
    _held: dict[str, Any]  # what the page's context holds, as sent
    _saved: list[dict[str, Any]]

    def __init__(self, draw: Callable[[Call], None]) -> None:
        object.__setattr__(self, "_draw", draw)
        object.__setattr__(self, "_state", {})
        object.__setattr__(self, "_held", {})
        object.__setattr__(self, "_saved", [])

    def reset(self) -> None:
        """The canvas was resized: its context is back to its defaults on the page too."""
        self._held.clear()
        self._saved.clear()

    def __setattr__(self, name: str, value: Any) -> None:
        self._state[name] = value
        self._send(["=", name, plain(value)], name, plain(value))

    def _send(self, call: Call, name: str | None = None, value: Any = None) -> None:
        """Record `call`, unless it sets the state `name` to the `value` it holds already."""
        if name is not None:
            if name in self._held and self._held[name] == value:
                return
            self._held[name] = value
        elif call[0] == "save":
            self._saved.append(dict(self._held))
        elif call[0] == "restore":
            object.__setattr__(self, "_held", self._saved.pop() if self._saved else {})
        elif call[0] == "reset":
            self.reset()
        self._draw(call)

    def __getattr__(self, name: str) -> Any:
        if name in self._state:
            return self._state[name]
        if name.startswith("_"):
            raise AttributeError(name)

        def call(*args: Any) -> None:
            sent = [name, *(plain(a) for a in args)]
            if name == "setLineDash":
                self._send(sent, "setLineDash", sent[1:])
            else:
                self._send(sent)

        return call
