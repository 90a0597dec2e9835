"""The page's address and the site's place, on either backend of `dom`: the query and the
fragment in the address bar (changed without loading anything), this page's address, and
where the site's files are (on its own pages, or from an embed's host page).
"""

from __future__ import annotations

from collections.abc import Callable

from . import dom
from .events import on


def embed_base() -> str:
    """The site's address as `embed.js` found it ("" on the site's own pages)."""
    if (page := dom.mirrored()) is not None:
        return page.site if page.embedded else ""
    return str(getattr(dom.js.window, "ndEmbedBase", "") or "")


def site_scope() -> str:
    """The folder of this deployment of the site, as in "/number-duels/": the part of the
    site's address that tells it from another deployment on the same origin (the whole
    address when the page is on another origin, as a host page of an embed is)."""
    if (page := dom.mirrored()) is not None:
        return page.site_scope()
    base = dom.js.URL.new(
        embed_base() or getattr(dom.js.window, "ndSiteBase", "") or dom.js.location.href
    )
    here = dom.js.URL.new(dom.js.location.href)
    return str(base.pathname) if str(base.origin) == str(here.origin) else str(base.href)


def site_file(path: str) -> str:
    """The address of a file of the site (`path` from its root), on any page of it or on
    an embed's host page."""
    if (page := dom.mirrored()) is not None:
        return page.site_file(path)
    base = embed_base() or getattr(dom.js.window, "ndSiteBase", "") or dom.js.location.href
    return str(dom.js.URL.new(path, base).href)


def page_address() -> str:
    """This page's address without its query or fragment.

    From the URL, not `location.origin`: in a sandboxed iframe (no allow-same-origin)
    the page's origin is opaque and `location.origin` is the text "null".
    """
    if (page := dom.mirrored()) is not None:
        return page.page_address()
    url = dom.js.URL.new(dom.js.location.href)
    return str(url.origin) + str(url.pathname)


def query_params() -> dict[str, str]:
    """The page address's query parameters (the first value of each)."""
    if (page := dom.mirrored()) is not None:
        return page.query_params()
    params: dict[str, str] = {}
    search = dom.js.URLSearchParams.new(dom.js.location.search)
    for pair in search.entries():
        name, value = str(pair[0]), str(pair[1])
        params.setdefault(name, value)
    return params


def set_address_param(name: str, value: str) -> None:
    """Put `name=value` into the address bar's query without loading anything, so that a
    reload or a bookmark comes back to what the page shows."""
    if (page := dom.mirrored()) is not None:
        return page.set_param(name, value)
    url = dom.js.URL.new(dom.js.location.href)
    url.searchParams.set(name, value)
    dom.js.history.replaceState(dom.js.history.state, "", url.href)


def replace_query(query: str) -> None:
    """Make `query` the address bar's whole query (no "?"), loading nothing."""
    if (page := dom.mirrored()) is not None:
        return page.set_address(page.with_query(query))
    url = dom.js.URL.new(dom.js.location.href)
    url.search = query
    dom.js.history.replaceState(dom.js.history.state, "", url.href)


def drop_query_param(name: str) -> None:
    """Take `name` out of the address bar (a link's game, once opened, lives in the save)."""
    if (page := dom.mirrored()) is not None:
        return page.drop_param(name)
    url = dom.js.URL.new(dom.js.location.href)
    if url.searchParams.has(name):
        url.searchParams.delete(name)
        dom.js.history.replaceState(dom.js.history.state, "", url.href)


def address_fragment() -> str:
    """The page address's fragment, "#" included ("" when it has none): a game by
    link's `#play=...` never reaches the web server."""
    if (page := dom.mirrored()) is not None:
        return page.fragment()
    return str(dom.js.location.hash or "")


def set_fragment(fragment: str) -> None:
    """Put `fragment` in the address bar without loading anything or firing hashchange."""
    if (page := dom.mirrored()) is not None:
        return page.set_fragment(fragment)
    url = dom.js.URL.new(dom.js.location.href)
    url.hash = fragment
    dom.js.history.replaceState(dom.js.history.state, "", url.href)


def on_fragment(handler: Callable[[str], None]) -> None:
    """Call `handler(fragment)` whenever the player opens another `#...` on this page."""
    if (page := dom.mirrored()) is not None:
        return page.fragment_watchers.append(handler)
    on(dom.js.window, "hashchange", lambda _event: handler(address_fragment()))
