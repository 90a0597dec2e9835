"""The page as plain data (each element's tag, attributes and children) and the least ops
that turn one page into another (docs/worker-protocol.md).

Two users, one code: the build records a first press as the changes from the fresh board it
drew (scripts/build/early_board.py), and the worker sends Python's first draw on a page that
holds that board as what differs from it (`first_batch`), instead of the whole board made
again, which cost the page's main thread most of its start. Standard library only.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import Any

from .mirror import FIRST_NEW_ID, Document, Element, ProtocolError, Text

Op = list[Any]
Shape = tuple[str, dict[str, str], list[int | str]]

# Ops that change the tree's shape: what `changes` says again as the least ops.
TREE_OPS = frozenset(
    [
        "new",
        "attr",
        "class",
        "style",
        "children",
        "remove",
        "append",
        "prepend",
        "before",
        "after",
        "insert",
    ]
)
# Ops that are no part of the shape, kept as Python sent them.
KEPT_OPS = frozenset(["listen", "observe", "effect", "scroll", "call"])
# A control's live state and a scroll position: properties, not attributes, so never in a
# shape (an attribute set again would not change a value the visitor has edited).
STATE = frozenset(["value", "checked", "selected", "scrollTop"])
CONTROLS = frozenset(["input", "option", "select", "textarea"])  # whose STATE is live
SIZES = ("width", "height")  # a canvas's: setting either clears it


def tag_of(node: Element) -> str:
    return f"svg:{node.localName}" if node.namespace else node.localName


def shape_of(node: Element, shown: bool = True) -> Shape:
    """`node`'s tag, attributes (with its live state written as attributes when `shown`,
    as HTML starts a control so) and children (ids and texts)."""
    attrs = node.shown_attributes() if shown else dict(node.attributes)
    kids: list[int | str] = [
        n.data if isinstance(n, Text) else n.nodeId for n in node.children_nodes
    ]
    return (tag_of(node), attrs, kids)


def shapes(doc: Document) -> dict[int, Shape]:
    """Every element in the body, as shown."""
    return {node.nodeId: shape_of(node) for node in [doc.body, *doc.body.descendants()]}


def held_shapes(doc: Document) -> dict[int, Shape]:
    """Every element the mirror holds, in the page or out of it (Python may put it there
    later), with its attributes only: its live state goes as properties."""
    return {
        node_id: shape_of(node, shown=False)
        for node_id, node in list(doc.nodes.items())
        if node is not doc.documentElement
    }


def changes(before: dict[int, Shape], after: dict[int, Shape]) -> list[Op]:
    """The least ops that turn the page `before` into `after` (an element of `before` that
    `after` lacks is left where its parent's new children put it)."""
    made = [i for i in sorted(after) if i not in before or before[i][0] != after[i][0]]
    ops: list[Op] = [["new", i, after[i][0]] for i in made]
    fresh = set(made)
    for node_id in sorted(after):
        _tag, attrs, kids = after[node_id]
        old_attrs, old_kids = (
            ({}, []) if node_id in fresh else (before[node_id][1], before[node_id][2])
        )
        for name in sorted(set(attrs) | set(old_attrs)):
            if name == "style":  # through the CSSOM: the pages' policy refuses style attributes
                ops += style_changes(node_id, old_attrs.get(name), attrs.get(name))
            elif attrs.get(name) != old_attrs.get(name):
                ops.append(["attr", node_id, name, attrs.get(name)])
        if kids != old_kids:
            ops.append(["children", node_id, kids])
    return ops


def declarations(style: str | None) -> dict[str, str]:
    found: dict[str, str] = {}
    for item in (style or "").split(";"):
        name, colon, value = item.partition(":")
        if colon and name.strip():
            found[name.strip().lower()] = value.strip()
    return found


def style_changes(node_id: int, before: str | None, after: str | None) -> list[Op]:
    old, new = declarations(before), declarations(after)
    names = sorted(set(old) | set(new))
    return [["style", node_id, n, new.get(n)] for n in names if old.get(n) != new.get(n)]


# ----- the worker's first batch -----------------------------------------------------------


def page_shapes(doc: Document, built: Any) -> dict[int, Shape]:
    """The page as it holds the build's board: the elements of the `start` message's tree
    (`doc`, before Python changed it), and the page's `built` list, `[id, tag, attributes,
    children]` for each element the build made and each element of the page that holds any
    (its children as they are, the build's among them). Checked whole: ProtocolError."""
    if not isinstance(built, list):
        raise ProtocolError("start: built must be a list of elements")
    found = {
        node.nodeId: shape_of(node, shown=False) for node in [doc.body, *doc.body.descendants()]
    }
    for item in built:
        if not (isinstance(item, list) and len(item) == 4):
            raise ProtocolError("start: a built element is [id, tag, attributes, children]")
        node_id, tag, attrs, kids = item
        if isinstance(node_id, bool) or not isinstance(node_id, int) or node_id < 1:
            raise ProtocolError(f"start: built: {node_id!r} is not a node id")
        if not isinstance(tag, str) or not isinstance(attrs, dict) or not isinstance(kids, list):
            raise ProtocolError(f"start: built element {node_id} is malformed")
        if not all(isinstance(k, str) and isinstance(v, str | bool) for k, v in attrs.items()):
            raise ProtocolError(f"start: the attributes of built element {node_id} are not texts")
        if not all(
            isinstance(k, str) or (isinstance(k, int) and not isinstance(k, bool)) for k in kids
        ):
            raise ProtocolError(
                f"start: the children of built element {node_id} are not ids or texts"
            )
        plain = {k: v for k, v in attrs.items() if not k.startswith(".") and isinstance(v, str)}
        found[node_id] = (tag, plain, list(kids))
    return found


def canvas_pictures(ops: Iterable[Op], canvases: Collection[int] = ()) -> dict[int, list[Any]]:
    """Each canvas drawn in `ops` and the calls of its last picture: those after its size
    was last set (which clears it) or it was made. `canvases`: ids known to be canvases,
    found cleared (an empty picture) even if `ops` never draw them; any other element is
    taken for a canvas only once drawn (an image has a width too)."""
    found: dict[int, list[Any]] = {}
    for op in ops:
        if op[0] == "draw":
            found.setdefault(op[1], []).extend(op[2])
        elif (
            op[0] in ("new", "attr")
            and (op[1] in found or op[1] in canvases)
            and (op[0] == "new" or op[2] in SIZES)
        ):
            found[op[1]] = []
    return found


def last_picture(ops: Iterable[Op], canvas: int) -> list[Any] | None:
    """The calls of the canvas's last picture in `ops`; None when `ops` neither clear nor
    draw it."""
    return canvas_pictures(ops, (canvas,)).get(canvas)


def first_batch(base: dict[int, Shape], doc: Document, ops: list[Op], shown: list[Op]) -> list[Op]:
    """Python's first drawing `ops` on a page that holds `base` (`page_shapes`) as the least
    ops that give the page Python's elements, then the ops that are no part of the shape:
    each canvas cleared (its size set again) and drawn once, the listeners, the effects, the
    live state.
    `shown`: the ops the page applied by itself since it was numbered (a first press shown
    from the build's data), whose elements are then sent again whole."""
    after = held_shapes(doc)
    pictures = canvas_pictures(ops)
    batch = [
        op
        for op in changes(base, after)
        if not (op[0] == "attr" and op[1] in pictures and op[2] in SIZES)
    ]
    batch += put_again(after, batch)
    batch += restated(doc, shown)
    for canvas, calls in pictures.items():
        node = doc.nodes.get(canvas)
        if node is None:
            continue
        batch += [["attr", canvas, name, node.getAttribute(name)] for name in SIZES]
        batch.append(["draw", canvas, calls])
    released: set[int] = {i for i in base if i >= FIRST_NEW_ID and i not in after}
    for op in ops:
        if op[0] == "release":
            released.update(i for i in op[1] if i in base)
        elif kept(op, after):
            batch.append(op)
    if released:
        batch.append(["release", sorted(released)])
    return batch


def put_again(after: dict[int, Shape], batch: list[Op]) -> list[Op]:
    """The build's elements put in their place again (each element of the page that holds
    any gets its children anew) when the first drawing changes any of them: moved from where
    the build drew them to where Python places them, the same elements would count as layout
    shift (a phone's board buttons, which the build draws smaller), and so would the ones a
    taller board pushes down (the players' panel under it); put in again, they are laid out
    anew, as when Python made them. A first drawing that changes none of the build's elements
    (but for taking off their mark and a control's first state, `still`) leaves them where
    they are: put in again, each would be laid out and painted anew for nothing (Digit
    Chain's 99 board buttons, in the same places in % at every width). The page's own
    elements' styles are the build's rules written again (the board's room, its canvas's
    size): a board whose room changes places its buttons anew, which is a change."""
    done = {op[1] for op in batch if op[0] == "children"}
    if all(still(op, after) for op in batch if op[0] in TREE_OPS and not restyled_page(op)):
        return []
    return [
        ["children", node_id, kids]
        for node_id, (_tag, _attrs, kids) in sorted(after.items())
        if node_id < FIRST_NEW_ID
        and node_id not in done
        and any(isinstance(kid, int) and kid >= FIRST_NEW_ID for kid in kids)
    ]


def restyled_page(op: Op) -> bool:
    """Whether `op` sets a style of the page's own element (one the build styled by a rule)."""
    return op[0] == "style" and int(op[1]) < FIRST_NEW_ID


def still(op: Op, after: dict[int, Shape]) -> bool:
    """Whether `op` leaves its element as the page shows it: it takes off the build's mark
    (`data-nd-id`) of an element Python made again, or a control's attribute that only said
    its first state (`value`, `checked`, `selected` as the build wrote them), which Python
    holds as a property and the batch sets as one (`prop`)."""
    if op[0] != "attr" or op[3] is not None:
        return False
    control = op[1] in after and after[op[1]][0] in CONTROLS
    return op[2] == "data-nd-id" or (op[2] in STATE and control)


def kept(op: Op, held: dict[int, Shape]) -> bool:
    """Whether `op` goes in the first batch as Python sent it: an effect, or a listener, a
    call, a live state... of an element Python still holds (none of another is sent)."""
    if op[0] == "effect":
        return True
    named = op[0] in KEPT_OPS or (op[0] == "prop" and op[2] in STATE)
    return named and op[1] in held


def restated(doc: Document, shown: list[Op]) -> list[Op]:
    """The elements the page changed by itself (`shown`: the ops of a first press it took
    from the build's data) as Python holds them now, whole: each made again (the page
    empties it in place) and put back in its parent; one Python holds no more leaves the
    page. What the page's press changed is then Python's again, whatever came between."""
    touched = sorted({op[1] for op in shown if op[0] in TREE_OPS})
    ops: list[Op] = []
    parents: list[Element] = []
    for node_id in touched:
        node = doc.nodes.get(node_id)
        if node is None:
            ops.append(["remove", node_id])
            continue
        tag, attrs, kids = shape_of(node, shown=False)
        if node is doc.body:  # no parent to put it back in: what the page changed, set again
            ops += body_restated(node_id, shown, attrs, kids)
            continue
        ops += changes({}, {node_id: (tag, attrs, kids)})
        if node.parent is not None and node.parent not in parents:
            parents.append(node.parent)
    for parent in parents:  # last: a `new` above may have emptied one made again
        if parent is not doc.documentElement:
            ops.append(["children", parent.nodeId, shape_of(parent)[2]])
    return ops


def body_restated(
    node_id: int, shown: list[Op], attrs: dict[str, str], kids: list[int | str]
) -> list[Op]:
    """The body's attributes, styles and children that `shown` changed, as Python holds them."""
    mine = [op for op in shown if op[1] == node_id]
    names = {op[2] if op[0] == "attr" else "class" for op in mine if op[0] in ("attr", "class")}
    held = declarations(attrs.get("style"))
    styles = {op[2] for op in mine if op[0] == "style"} | set(held)
    ops: list[Op] = [["attr", node_id, n, attrs.get(n)] for n in sorted(names - {"style"})]
    ops += [["style", node_id, n, held.get(n)] for n in sorted(styles)]
    return [*ops, ["children", node_id, kids]]


def checked_shown(shown: Any) -> list[Op]:
    """The `shown` ops of a `first` message: a list of ops naming elements by id."""
    if shown is None:
        return []
    if not isinstance(shown, list) or not all(
        isinstance(op, list) and len(op) >= 2 and isinstance(op[0], str) for op in shown
    ):
        raise ProtocolError("first: shown must be a list of ops")
    for op in shown:
        if op[0] in TREE_OPS and (isinstance(op[1], bool) or not isinstance(op[1], int)):
            raise ProtocolError(f"first: shown: {op[1]!r} is not a node id")
        if op[0] in ("attr", "style") and (len(op) < 3 or not isinstance(op[2], str)):
            raise ProtocolError(f"first: shown: {op[0]} names no attribute")
    return shown
