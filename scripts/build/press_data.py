"""A first press as data the page can show before Python (scripts/build/early_board.py).

The build plays every press of a board in one run of the front end, taking the board back
to the fresh one (New game) between two, instead of starting the front end again for each
(two starts a press, one per theme: Digit Chain's 99 would cost 198). Going back
makes some elements again (the move list's empty line), under new ids, and the press that
follows names them so: `matched` finds each element of the page as the fresh board names
it (and checks that the page is the fresh one), `renamed` gives a press's page those names,
so that what the build records is what a fresh start and that one press would show.

A press's picture is written as a patch of the fresh one (`Patches`): Digit Chain's
press redraws each of its 99 cells in a new look, mostly from calls the fresh picture has
(a cell's place, its number) in a new order, which a patch of runs in order could not reuse.
"""

from __future__ import annotations

from typing import Any

from app.browser.mirror import Document, Element, Text
from app.browser.page_diff import Op, Shape

BODY = 1  # the body's id, as the page numbers it


def matched(now: dict[int, Shape], fresh: dict[int, Shape]) -> dict[int, int]:
    """The id the fresh page gives each element of the page `now`, which must be the fresh
    page but for the ids of the elements made again: ValueError, saying where, if not."""
    names: dict[int, int] = {}
    pairs = [(BODY, BODY)]
    while pairs:
        mine, theirs = pairs.pop()
        (tag, attrs, kids), (their_tag, their_attrs, their_kids) = now[mine], fresh[theirs]
        if (tag, attrs, len(kids)) != (their_tag, their_attrs, len(their_kids)):
            raise ValueError(
                f"<{tag}> {mine} {attrs} has {len(kids)} children where the fresh page's "
                f"<{their_tag}> {theirs} {their_attrs} has {len(their_kids)}"
            )
        names[mine] = theirs
        for kid, their_kid in zip(kids, their_kids, strict=True):
            if isinstance(kid, int) and isinstance(their_kid, int):
                pairs.append((kid, their_kid))
            elif kid != their_kid:
                raise ValueError(
                    f"<{tag}> {mine} holds {kid!r} where the fresh page has {their_kid!r}"
                )
    return names


class Names:
    """The ids of a press's page as a fresh start and that press would give them: an element
    of the page before the press by `names` (`matched`); one the press made (from `made`
    on) as the fresh start's next ones (from `first`); one Python held off the page since
    its start as it is."""

    def __init__(self, names: dict[int, int], made: int, first: int) -> None:
        self.names = names
        self.made = made
        self.first = first
        self.taken = set(names.values())

    def __call__(self, node_id: int) -> int:
        if node_id in self.names:
            return self.names[node_id]
        if node_id >= self.made:
            return self.first + node_id - self.made
        if node_id < self.first and node_id not in self.taken:
            return node_id
        raise ValueError(f"element {node_id}, made going back to the fresh board, has no name")


def renamed(found: dict[int, Shape], name: Names) -> dict[int, Shape]:
    return {
        name(node_id): (tag, attrs, [name(k) if isinstance(k, int) else k for k in kids])
        for node_id, (tag, attrs, kids) in found.items()
    }


def renamed_scroll(op: Op, name: Names) -> Op:
    """A `scroll` op with its ids renamed (its target may be "start" or "end")."""
    _scroll, box, to = op
    return ["scroll", name(box), name(to) if isinstance(to, int) else to]


def document_of(found: dict[int, Shape], html: dict[str, str]) -> Document:
    """A page holding the elements `found` (`shapes`), under their ids: the build writes and
    scales a copy of a run's page, whose own page plays on."""
    doc = Document(["body", {}, []], html)
    made: dict[int, Element] = {}
    for node_id, (tag, attrs, _kids) in found.items():
        svg = tag.startswith("svg:")
        made[node_id] = node = Element(doc, tag.removeprefix("svg:"), node_id, svg)
        node.attributes = dict(attrs)
        doc.nodes[node_id] = node
    for node_id, (_tag, _attrs, kids) in found.items():
        for kid in kids:
            item: Element | Text = Text(kid) if isinstance(kid, str) else made[kid]
            item.parent = made[node_id]
            made[node_id].children_nodes.append(item)
    doc.body = made[BODY]
    doc.body.parent = doc.documentElement
    doc.documentElement.children_nodes = [doc.body]
    return doc


class Patches:
    """Patches of pictures against one fresh picture (`picture_patch`): `calls`, the calls
    the fresh picture lacks, and `order`, the picture's calls by their number in the fresh
    calls followed by `calls`, a run of numbers in a row as [first, end]. Each run is the
    longest that starts at the call to write among the places of its first two calls
    (greedy, as LZ77); the fresh calls are indexed once for every press."""

    def __init__(self, fresh: list[Any]) -> None:
        self.picture = fresh
        self.fresh = [repr(call) for call in fresh]
        self.places: dict[str, list[int]] = {}
        self.pairs: dict[tuple[str, str], list[int]] = {}
        for at, key in enumerate(self.fresh):
            self.places.setdefault(key, []).append(at)
            if at > 0:
                self.pairs.setdefault((self.fresh[at - 1], key), []).append(at - 1)

    def __call__(self, after: list[Any]) -> dict[str, list[Any]]:
        table = list(self.fresh)
        # What this picture adds to the fresh indexes, kept apart: copying them for each of
        # Digit Chain's presses cost more than the patch.
        places: dict[str, int] = {}
        pairs: dict[tuple[str, str], list[int]] = {}
        wanted = [repr(call) for call in after]
        calls: list[Any] = []
        order: list[Any] = []
        i = 0
        while i < len(wanted):
            if wanted[i] not in self.places and wanted[i] not in places:  # a call the table
                places[wanted[i]] = len(table)  # lacks: added, then written by number
                if table:
                    pairs.setdefault((table[-1], wanted[i]), []).append(len(table) - 1)
                table.append(wanted[i])
                calls.append(after[i])
            starts: list[int] = []
            if i + 1 < len(wanted):
                pair = (wanted[i], wanted[i + 1])
                starts = [*self.pairs.get(pair, []), *pairs.get(pair, [])]
            known = self.places.get(wanted[i])
            best, longest = known[0] if known else places[wanted[i]], 1
            if starts:
                best, longest = longest_run(table, wanted, i, starts)
            order.append(best if longest == 1 else [best, best + longest])
            i += longest
        return {"calls": calls, "order": order}


def longest_run(table: list[str], wanted: list[str], at: int, starts: list[int]) -> tuple[int, int]:
    """The first of `starts` (places in `table` of the pair of calls `wanted[at:at + 2]`)
    where the longest run of `wanted` from `at` is, and its length. The starts are narrowed
    a call at a time, all of them in one step, rather than each run followed to its end on
    its own: Digit Chain's cells repeat the same few calls, a pair of them is in 99 places,
    and a patch tried some 9,000 runs of three calls or so."""
    length = 2
    while at + length < len(wanted):
        call, end = wanted[at + length], len(table) - length
        found = [s for s in starts if s < end and table[s + length] == call]
        if not found:
            break
        starts, length = found, length + 1
    return starts[0], length


def picture_patch(fresh: list[Any], after: list[Any]) -> dict[str, list[Any]]:
    """The picture `after` as a patch of the `fresh` one (`Patches`)."""
    return Patches(fresh)(after)


def patched(fresh: list[Any], patch: dict[str, list[Any]]) -> list[Any]:
    """The calls a `picture_patch` stands for (as page-worker.js reads it)."""
    table = [*fresh, *patch["calls"]]
    calls: list[Any] = []
    for item in patch["order"]:
        calls += [table[item]] if isinstance(item, int) else table[item[0] : item[1]]
    return calls
