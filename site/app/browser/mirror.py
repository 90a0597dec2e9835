"""A mirror of the page's document in plain Python, for the front end to run where there is
no document (a Web Worker, CPython tests, the build).

The front end reads and writes these elements as it would the page's: the subset of the DOM
API it uses, no more. Every change is also recorded as an op of the page worker protocol
(docs/worker-protocol.md), which the page's main thread applies to the real elements, so the
mirror and the page stay alike; reads answer from the mirror at once, never from the page.
Anything outside the subset fails loudly (an unknown property, a selector the mirror cannot
match) instead of doing nothing in silence. Standard library only: nothing here touches the
browser.

This module holds the tree (`Text`, `Element`) and the `Document`; beside it are the views
an element hands out (element_views.py: classList, dataset, style, a form's elements), a
canvas's 2D context (canvas_calls.py) and the selectors it matches (selectors.py). Other
modules import the mirror from here.
"""

from __future__ import annotations

import contextlib
import html
import re
import weakref
from collections.abc import Callable, Iterator
from typing import Any

from .canvas_calls import Context2D, plain
from .element_views import CONTROLS, ClassList, Dataset, FormElements, Style
from .selectors import matches_any, parse_selector

FIRST_NEW_ID = 1_000_000  # the ids of the elements Python creates (the page's are below)
SVG_NAMESPACE = "http://www.w3.org/2000/svg"
VOID = frozenset(
    [
        "area",
        "base",
        "br",
        "col",
        "embed",
        "hr",
        "img",
        "input",
        "link",
        "meta",
        "param",
        "source",
        "track",
        "wbr",
    ]
)
Op = list[Any]


class ProtocolError(ValueError):
    """A message from the page the mirror refuses: it changed nothing."""


# ----- nodes ----------------------------------------------------------------------------------


class Text:
    """A text node: a string in its parent's children (the page never names it by id)."""

    __slots__ = ("data", "parent")

    def __init__(self, data: str) -> None:
        self.data = data
        self.parent: Element | None = None

    @property
    def textContent(self) -> str:
        return self.data

    def remove_quietly(self) -> None:
        """Out of its parent (the op that moves it names the parent's new children)."""
        if self.parent is not None:
            self.parent.children_nodes.remove(self)
            self.parent = None


# Properties that reflect an attribute: name -> (attribute, kind).
REFLECTED: dict[str, tuple[str, str]] = {
    "id": ("id", "text"),
    "className": ("class", "text"),
    "title": ("title", "text"),
    "lang": ("lang", "text"),
    "dir": ("dir", "text"),
    "name": ("name", "text"),
    "htmlFor": ("for", "text"),
    "placeholder": ("placeholder", "text"),
    "hidden": ("hidden", "flag"),
    "disabled": ("disabled", "flag"),
    "inert": ("inert", "flag"),
    "readOnly": ("readonly", "flag"),
    "open": ("open", "flag"),
    "tabIndex": ("tabindex", "number"),
    "width": ("width", "number"),
    "height": ("height", "number"),
}


class Element:
    """One element of the mirror. Reflected properties (id, className, hidden, ...) are
    attributes, as in the DOM; a form control's live state (value, checked, selected) is
    kept apart from its attributes, as the page keeps it."""

    __slots__ = (
        "__weakref__",
        "_checked",
        "_context",
        "_selected",
        "_value",
        "attributes",
        "children_nodes",
        "document",
        "listeners",
        "localName",
        "namespace",
        "nodeId",
        "parent",
        "scrollTop",
    )

    def __init__(self, document: Document, tag: str, node_id: int, svg: bool = False) -> None:
        self.document = document
        self.localName = tag if svg else tag.lower()
        self.namespace = SVG_NAMESPACE if svg else None
        self.nodeId = node_id
        self.attributes: dict[str, str] = {}
        self.children_nodes: list[Node] = []
        self.parent: Element | None = None
        self.listeners: dict[str, list[Callable[[Any], Any]]] = {}
        self._value: str | None = None  # None: the control's value is its attribute's
        self._checked: bool | None = None
        self._selected: bool | None = None
        self._context: Context2D | None = None
        object.__setattr__(self, "scrollTop", 0)

    def __repr__(self) -> str:
        return f"<{self.localName} #{self.nodeId}>"

    def __del__(self) -> None:
        """Neither Python nor the tree holds this element any more: the page may forget its
        id too (a `release` op), or every list drawn again would be kept for ever."""
        with contextlib.suppress(AttributeError):  # one never fully made is not known
            self.document.released.append(self.nodeId)

    def __bool__(self) -> bool:
        return True

    def __getattr__(self, name: str) -> Any:
        if name in REFLECTED:
            attribute, kind = REFLECTED[name]
            value = self.getAttribute(attribute)
            if kind == "flag":
                return value is not None
            if kind == "number":
                return _number(value, self.default_number(name))
            return value or ""
        raise AttributeError(f"the mirror's elements have no {name!r}")

    def __setattr__(self, name: str, value: Any) -> None:
        if name in REFLECTED:
            attribute, kind = REFLECTED[name]
            if kind == "flag":
                if value:
                    self.setAttribute(attribute, "")
                else:
                    self.removeAttribute(attribute)
            else:
                self.setAttribute(attribute, str(int(value) if kind == "number" else value))
            return
        if name == "scrollTop":
            object.__setattr__(self, name, value)
            self.document.record(["prop", self.nodeId, name, value])
            return
        object.__setattr__(self, name, value)  # __slots__ refuses a name it does not know

    def default_number(self, name: str) -> int:
        if name == "tabIndex":
            focusable = self.localName in (*CONTROLS, "a")
            return 0 if focusable else -1
        return {"width": 300, "height": 150}.get(name, 0)

    # ----- attributes -------------------------------------------------------------------

    def getAttribute(self, name: str) -> str | None:
        return self.attributes.get(name.lower() if self.namespace is None else name)

    def getAttributeNames(self) -> list[str]:
        return list(self.attributes)

    def hasAttribute(self, name: str) -> bool:
        return self.getAttribute(name) is not None

    def setAttribute(self, name: str, value: Any) -> None:
        name = name.lower() if self.namespace is None else name
        text = str(value)
        self.attributes[name] = text
        self.resized(name)
        self.document.attribute(self, name, text)

    def removeAttribute(self, name: str) -> None:
        name = name.lower() if self.namespace is None else name
        self.attributes.pop(name, None)
        self.resized(name)
        self.document.attribute(self, name, None)

    def resized(self, name: str) -> None:
        """A canvas's width or height set: the page resets its context (even to the same size)."""
        if self._context is not None and name in ("width", "height"):
            self._context.reset()

    @property
    def tagName(self) -> str:
        return self.localName.upper() if self.namespace is None else self.localName

    @property
    def classList(self) -> ClassList:
        return ClassList(self)

    @property
    def dataset(self) -> Dataset:
        return Dataset(self)

    @property
    def style(self) -> Style:
        return Style(self)

    @property
    def elements(self) -> FormElements[Element]:
        return FormElements(self)

    @property
    def type(self) -> str:
        if self.localName == "select":
            return "select-one"
        default = "submit" if self.localName == "button" else "text"
        return (self.getAttribute("type") or default).lower()

    # ----- form controls' live state ------------------------------------------------------

    @property
    def value(self) -> str:
        if self.localName == "select":
            chosen = self.selected_option()
            return chosen.value if chosen is not None else ""
        if self.localName == "option":
            given = self.getAttribute("value")
            return given if given is not None else " ".join(self.textContent.split())
        if self._value is not None:
            return self._value
        return self.getAttribute("value") or ("on" if self.type == "checkbox" else "")

    @value.setter
    def value(self, value: Any) -> None:
        self.set_state("value", str(value))
        self.document.record(["prop", self.nodeId, "value", str(value)])

    @property
    def checked(self) -> bool:
        return self._checked if self._checked is not None else self.hasAttribute("checked")

    @checked.setter
    def checked(self, value: Any) -> None:
        self.set_state("checked", bool(value))
        self.document.record(["prop", self.nodeId, "checked", bool(value)])

    @property
    def selected(self) -> bool:
        return self._selected if self._selected is not None else self.hasAttribute("selected")

    @selected.setter
    def selected(self, value: Any) -> None:
        self.set_state("selected", bool(value))
        self.document.record(["prop", self.nodeId, "selected", bool(value)])

    @property
    def options(self) -> list[Element]:
        return [n for n in self.descendants() if n.localName == "option"]

    def selected_option(self) -> Element | None:
        options = self.options
        chosen = [o for o in options if o.selected]
        if chosen:
            return chosen[-1]
        return options[0] if options and not self.hasAttribute("multiple") else None

    def set_state(self, name: str, value: str | bool) -> None:
        """Change a control's live state without an op (the page told the mirror, or a
        setter records its own op)."""
        if name == "value" and self.localName == "select":
            for option in self.options:
                option._selected = option.value == value
        elif name == "value":
            self._value = str(value)
        elif name == "checked":
            self._checked = bool(value)
        elif name == "selected":
            self._selected = bool(value)
            select = self.closest("select")
            if value and select is not None and not select.hasAttribute("multiple"):
                for option in select.options:
                    if option is not self:
                        option._selected = False

    # ----- the tree ---------------------------------------------------------------------

    @property
    def childNodes(self) -> list[Node]:
        return list(self.children_nodes)

    @property
    def children(self) -> list[Element]:
        return [n for n in self.children_nodes if isinstance(n, Element)]

    @property
    def firstChild(self) -> Node | None:
        return self.children_nodes[0] if self.children_nodes else None

    @property
    def lastChild(self) -> Node | None:
        return self.children_nodes[-1] if self.children_nodes else None

    @property
    def childElementCount(self) -> int:
        return len(self.children)

    @property
    def firstElementChild(self) -> Element | None:
        kids = self.children
        return kids[0] if kids else None

    @property
    def parentElement(self) -> Element | None:
        return self.parent

    @property
    def parentNode(self) -> Element | None:
        return self.parent

    @property
    def nextElementSibling(self) -> Element | None:
        if self.parent is None:
            return None
        kids = self.parent.children
        index = kids.index(self)
        return kids[index + 1] if index + 1 < len(kids) else None

    @property
    def textContent(self) -> str:
        return "".join(
            n.data if isinstance(n, Text) else n.textContent for n in self.children_nodes
        )

    @textContent.setter
    def textContent(self, value: Any) -> None:
        text = "" if value is None else str(value)
        self.detach_children()
        if text:
            self.adopt(Text(text), len(self.children_nodes))
        self.document.record(["prop", self.nodeId, "textContent", text])

    def descendants(self) -> Iterator[Element]:
        for node in self.children_nodes:
            if isinstance(node, Element):
                yield node
                yield from node.descendants()

    def contains(self, other: Element | None) -> bool:
        while other is not None:
            if other is self:
                return True
            other = other.parent
        return False

    def detach_children(self) -> None:
        for node in self.children_nodes:
            node.parent = None
        self.children_nodes = []

    def adopt(self, node: Node, index: int) -> None:
        """Put `node` at `index` of the children (taken out of its old place first)."""
        if isinstance(node, Element) and node.contains(self):
            raise ValueError(f"{node!r} cannot go inside itself")
        node.remove_quietly()
        self.children_nodes.insert(index, node)
        node.parent = self

    def remove_quietly(self) -> None:
        if self.parent is not None:
            self.parent.children_nodes.remove(self)
            self.parent = None

    def nodes(self, items: tuple[Any, ...]) -> tuple[list[Node], list[Any]]:
        """The nodes to insert for `items` (elements, text nodes or strings) and the ids
        and strings that name them in an op."""
        made: list[Node] = []
        named: list[Any] = []
        for item in items:
            if isinstance(item, Element):
                self.document.known(item)
                made.append(item)
                named.append(item.nodeId)
            elif isinstance(item, Text | str):
                text = item if isinstance(item, Text) else Text(item)
                made.append(text)
                named.append(text.data)
            else:
                raise TypeError(f"the mirror inserts elements and text, not {item!r}")
        return made, named

    def append(self, *items: Any) -> None:
        made, named = self.nodes(items)
        for node in made:
            self.adopt(node, len(self.children_nodes))
        self.document.record(["append", self.nodeId, named])

    def appendChild(self, item: Any) -> Any:
        self.append(item)
        return item

    def prepend(self, *items: Any) -> None:
        made, named = self.nodes(items)
        for index, node in enumerate(made):
            self.adopt(node, index)
        self.document.record(["prepend", self.nodeId, named])

    def replaceChildren(self, *items: Any) -> None:
        made, named = self.nodes(items)
        self.detach_children()
        for node in made:
            self.adopt(node, len(self.children_nodes))
        self.document.record(["children", self.nodeId, named])

    def insertBefore(self, item: Element, before: Element | None) -> Element:
        if before is not None and before.parent is not self:
            raise ValueError(f"{before!r} is not a child of {self!r}")
        self.nodes((item,))
        item.remove_quietly()
        index = self.children_nodes.index(before) if before else len(self.children_nodes)
        self.adopt(item, index)
        ref = before.nodeId if before is not None else None
        self.document.record(["insert", self.nodeId, item.nodeId, ref])
        return item

    def before(self, *items: Any) -> None:
        self.beside(items, 0, "before")

    def after(self, *items: Any) -> None:
        self.beside(items, 1, "after")

    def beside(self, items: tuple[Any, ...], offset: int, op: str) -> None:
        parent = self.parent
        if parent is None:
            raise ValueError(f"{self!r} has no parent to put anything {op} it")
        made, named = self.nodes(items)
        for node in made:
            node.remove_quietly()
        index = parent.children_nodes.index(self) + offset
        for shift, node in enumerate(made):
            parent.adopt(node, index + shift)
        self.document.record([op, self.nodeId, named])

    def remove(self) -> None:
        self.remove_quietly()
        self.document.record(["remove", self.nodeId])

    # ----- selectors --------------------------------------------------------------------

    def querySelectorAll(self, selector: str) -> list[Element]:
        chains = parse_selector(selector)
        return [n for n in self.descendants() if matches_any(n, chains)]

    def querySelector(self, selector: str) -> Element | None:
        chains = parse_selector(selector)
        return next((n for n in self.descendants() if matches_any(n, chains)), None)

    def matches(self, selector: str) -> bool:
        return matches_any(self, parse_selector(selector))

    def closest(self, selector: str) -> Element | None:
        chains = parse_selector(selector)
        node: Element | None = self
        while node is not None:
            if matches_any(node, chains):
                return node
            node = node.parent
        return None

    # ----- events, focus, layout, the canvas ----------------------------------------------

    def addEventListener(
        self, kind: str, handler: Callable[[Any], Any], options: dict[str, Any] | None = None
    ) -> None:
        """Handle `kind` events; the first handler of a kind asks the page to forward them
        (`options`: what the page prevents, as the handler cannot: it runs later)."""
        first = kind not in self.listeners
        self.listeners.setdefault(kind, []).append(handler)
        if first:
            self.document.record(["listen", self.nodeId, kind, dict(options or {})])

    def call(self, method: str, *args: Any) -> None:
        self.document.record(["call", self.nodeId, method, [plain(a) for a in args]])

    def focus(self, options: dict[str, Any] | None = None) -> None:
        self.document.activeElement = self
        self.document.focus_moved = True
        self.call("focus", *([options] if options else []))

    def blur(self) -> None:
        if self.document.activeElement is self:
            self.document.activeElement = None
            self.document.focus_moved = True
        self.call("blur")

    def select(self) -> None:
        self.call("select")

    def click(self) -> None:
        self.call("click")

    def scrollIntoView(self, options: dict[str, Any] | None = None) -> None:
        self.call("scrollIntoView", *([options] if options else []))

    @property
    def clientWidth(self) -> int:
        return self.document.sizes.get(self.nodeId, (0, 0))[0]

    @property
    def clientHeight(self) -> int:
        return self.document.sizes.get(self.nodeId, (0, 0))[1]

    def getContext(self, kind: str) -> Context2D:
        if self.localName != "canvas" or kind != "2d":
            raise ValueError(f"the mirror draws on a canvas's 2d context, not {kind!r}")
        if self._context is None:
            self._context = Context2D(lambda call: self.document.draw(self, call))
        return self._context

    # ----- serializing ------------------------------------------------------------------

    def shown_attributes(self) -> dict[str, str]:
        """The attributes as the page shows the element now: a control's live state (value,
        checked, selected) written as the attribute that starts it so."""
        shown = dict(self.attributes)
        if self.localName in ("input", "textarea") and self._value is not None:
            shown["value"] = self._value
        for name, state in (("checked", self._checked), ("selected", self._selected)):
            if state is True:
                shown[name] = ""
            elif state is False:
                shown.pop(name, None)
        return shown

    def outer_html(self) -> str:
        """The element as HTML: text escaped, attributes quoted (the build writes the board
        into the page with it)."""
        attrs = "".join(
            f' {name}="{html.escape(value, quote=True)}"' if value else f" {name}"
            for name, value in self.shown_attributes().items()
        )
        if self.namespace is None and self.localName in VOID:
            return f"<{self.localName}{attrs}>"
        inner = "".join(
            html.escape(n.data, quote=False) if isinstance(n, Text) else n.outer_html()
            for n in self.children_nodes
        )
        return f"<{self.localName}{attrs}>{inner}</{self.localName}>"


Node = Text | Element


def _number(text: str | None, default: int) -> int:
    try:
        return int(text) if text is not None else default
    except ValueError:
        return default


# ----- the document ------------------------------------------------------------------------


class Document:
    """The mirrored document: its elements by id, the ops not yet sent, the focus and the
    sizes the page reported. `on_change` is told when a batch of ops begins (to flush it at
    the end of the task)."""

    def __init__(self, tree: Any, html_attributes: Any = None) -> None:
        self.ops: list[Op] = []
        # Weak: an element no one holds is forgotten (`released`, then a `release` op).
        self.nodes: weakref.WeakValueDictionary[int, Element] = weakref.WeakValueDictionary()
        self.released: list[int] = []
        self.sizes: dict[int, tuple[int, int]] = {}
        self.activeElement: Element | None = None
        self.focus_moved = False  # Python moved the focus in the batch being recorded
        self.on_change: Callable[[], None] | None = None
        self.next_id = FIRST_NEW_ID
        self.documentElement = Element(self, "html", 0)
        self.nodes[0] = self.documentElement
        for name, value in checked_attributes(html_attributes or {}, "<html>").items():
            self.documentElement.attributes[name] = value
        counter = iter(range(1, FIRST_NEW_ID))
        self.body = self.build(tree, counter, "body")
        self.documentElement.children_nodes.append(self.body)
        self.body.parent = self.documentElement
        self.ops = []  # building records nothing

    def build(self, tree: Any, counter: Iterator[int], where: str) -> Element:
        """An element of the start message's tree, validated as it is built: a hostile tree
        is refused (ProtocolError) before the mirror is used."""
        if not (isinstance(tree, list | tuple) and len(tree) == 3):
            raise ProtocolError(f"{where}: an element is [tag, attributes, children]")
        tag, attrs, children = tree
        if not isinstance(tag, str) or not re.fullmatch(r"(svg:)?[a-zA-Z][\w-]*", tag):
            raise ProtocolError(f"{where}: {tag!r} is not a tag name")
        if not isinstance(children, list | tuple):
            raise ProtocolError(f"{where}: the children of <{tag}> are not a list")
        node_id = next(counter, None)
        if node_id is None:
            raise ProtocolError("the page has more elements than the mirror numbers")
        svg = tag.startswith("svg:")
        node = Element(self, tag[4:] if svg else tag, node_id, svg)
        self.nodes[node_id] = node
        if not isinstance(attrs, dict):
            raise ProtocolError(f"{where}: the attributes of <{tag}> are not an object")
        state = {k: v for k, v in attrs.items() if isinstance(k, str) and k.startswith(".")}
        plain_attrs = {k: v for k, v in attrs.items() if k not in state}
        node.attributes = checked_attributes(plain_attrs, f"<{tag}>")
        for name, value in state.items():
            if name not in (".value", ".checked", ".selected"):
                raise ProtocolError(f"<{tag}>: unknown live state {name!r}")
            if name == ".value" and not isinstance(value, str):
                raise ProtocolError(f"<{tag}>: .value must be text")
            if name != ".value" and not isinstance(value, bool):
                raise ProtocolError(f"<{tag}>: {name} must be true or false")
            if name == ".value" and node.localName != "select":
                node._value = value
            elif name == ".checked":
                node._checked = bool(value)
            elif name == ".selected":
                node._selected = bool(value)
        for child in children:
            if isinstance(child, str):
                text = Text(child)
                text.parent = node
                node.children_nodes.append(text)
            else:
                kid = self.build(child, counter, f"{where} > {tag}")
                kid.parent = node
                node.children_nodes.append(kid)
        if node.localName == "select" and isinstance(value := state.get(".value"), str):
            node.set_state("value", value)
        return node

    # ----- recording ----------------------------------------------------------------------

    def record(self, op: Op) -> None:
        if not self.ops and self.on_change is not None:
            self.on_change()
        self.ops.append(op)

    def attribute(self, node: Element, name: str, value: str | None) -> None:
        """An attribute changed: an `attr` op (the root element's is an `html` effect)."""
        if node is self.documentElement:
            self.record(["effect", "html", [name, value]])
        else:
            self.record(["attr", node.nodeId, name, value])

    def draw(self, canvas: Element, call: list[Any]) -> None:
        """A canvas call: added to the `draw` op just before it, or a new one, so that the
        calls keep their order with everything else."""
        last = self.ops[-1] if self.ops else None
        if last is not None and last[0] == "draw" and last[1] == canvas.nodeId:
            last[2].append(call)
        else:
            self.record(["draw", canvas.nodeId, [call]])

    def take_ops(self) -> list[Op]:
        """The ops recorded since the last call, and last the ids of the elements forgotten
        since (the page forgets them after everything else of the batch)."""
        ops, self.ops = self.ops, []
        released, self.released = self.released, []
        if released:
            ops.append(["release", sorted(released)])
        return ops

    def known(self, node: Element) -> None:
        if node.document is not self or self.nodes.get(node.nodeId) is not node:
            raise ValueError(f"{node!r} belongs to another document")

    # ----- the DOM API -------------------------------------------------------------------

    def createElement(self, tag: str) -> Element:
        return self.made(tag, svg=False)

    def createElementNS(self, namespace: str, tag: str) -> Element:
        return self.made(tag, svg=namespace == SVG_NAMESPACE)

    def made(self, tag: str, svg: bool) -> Element:
        node = Element(self, tag, self.next_id, svg)
        self.nodes[node.nodeId] = node
        self.next_id += 1
        self.record(["new", node.nodeId, f"svg:{tag}" if svg else node.localName])
        return node

    def querySelector(self, selector: str) -> Element | None:
        return self.documentElement.querySelector(selector)

    def querySelectorAll(self, selector: str) -> list[Element]:
        return self.documentElement.querySelectorAll(selector)

    def getElementById(self, name: str) -> Element | None:
        return next((n for n in self.body.descendants() if n.id == name), None)

    def node(self, node_id: Any, what: str = "node") -> Element:
        """The element `node_id` names in a message from the page (ProtocolError if none)."""
        if isinstance(node_id, bool) or not isinstance(node_id, int):
            raise ProtocolError(f"{what}: {node_id!r} is not a node id")
        found = self.nodes.get(node_id)
        if found is None:
            raise ProtocolError(f"{what}: no node {node_id}")
        return found


def checked_attributes(attrs: Any, where: str) -> dict[str, str]:
    if not isinstance(attrs, dict):
        raise ProtocolError(f"{where}: the attributes are not an object")
    for name, value in attrs.items():
        if not isinstance(name, str) or not re.fullmatch(r"[^\s\"'<>/=]+", name):
            raise ProtocolError(f"{where}: {name!r} is not an attribute name")
        if not isinstance(value, str):
            raise ProtocolError(f"{where}: attribute {name} is not text")
    return dict(attrs)
