"""The language a page shows its boards in, known before the first one is drawn.

The site is built once per language (English at the root, every other language in a folder
of its tag), and `assets/language.js` has already sent the player to the page in the
language they chose (`?lang=`, the remembered choice, the browser's preferred languages)
before any Python runs: the page's `<html lang>` says which. An embed's `data-lang` chooses
the language of the boards on its host page instead (a host page's own `lang` counts when
no box names one). A tag the site has no catalogue for is English. A language other than
English fetches its one catalogue, `locale/<tag>.mo`, from the site; English fetches
nothing and never imports gettext.
"""

from __future__ import annotations

from py_rules import i18n
from py_rules.i18n import SOURCE_LANGUAGE

from ..browser import address_bar, dom
from ..settings import LANGUAGES, PSEUDO_LANGUAGES, supported

__all__ = ["LANGUAGES", "PSEUDO_LANGUAGES", "choose", "start", "supported"]


def choose(page: str | None, attribute: str | None) -> str:
    """The language to show: an embed's attribute, else the page's own `lang`, else
    English."""
    for tag in (attribute, page):
        if tag:
            return supported(tag)
    return SOURCE_LANGUAGE


async def start(attribute: str | None = None) -> str:
    """Load the catalogue of the page's language (or of an embed's `attribute`, its
    data-lang); the language now in use."""
    root = dom.page_root()
    language = choose(str(getattr(root, "lang", "") or ""), attribute)
    if language == SOURCE_LANGUAGE:
        return i18n.language()
    data = await dom.fetch_bytes(address_bar.site_file(f"locale/{language}.mo"))
    if data is None:  # offline before the catalogue was ever kept: English
        dom.warn(f"locale/{language}.mo could not be fetched: the page shows English")
        return i18n.language()
    i18n.install(language, data)
    return language
