"""The language a page shows its boards in, chosen before the first one is drawn.

`?lang=es` in a page's address chooses it, and is remembered for the site's other pages
(under this deployment's folder, as the colour theme is: `assets/theme.js`; when the
browser refuses storage the choice holds on the page it was made on); an embed's
`data-lang="es"` chooses it for that host page alone. Anything else is English: the static
HTML around the boards is still English, so the browser's preferred languages are not
followed yet. A language other than English fetches its one catalogue,
`locale/<lang>.mo`, from the site; English fetches nothing and never imports gettext.
"""

from __future__ import annotations

from py_rules import i18n
from py_rules.i18n import SOURCE_LANGUAGE

from . import dom, storage
from .settings import LANGUAGES, supported

__all__ = ["LANGUAGES", "choose", "start", "supported"]

CHOICE_NAME = "lang"  # the storage name of the language chosen by ?lang=


def choose(param: str | None, remembered: str | None, attribute: str | None) -> str:
    """The language to show: an embed's attribute, else the address's `?lang=`, else the
    one remembered from an earlier `?lang=`, else English."""
    for tag in (attribute, param, remembered):
        if tag:
            return supported(tag)
    return SOURCE_LANGUAGE


async def start(attribute: str | None = None) -> str:
    """Choose the page's language and load its catalogue; the language now in use. An
    `attribute` (an embed's data-lang) sets the language of the embeds, not of the page."""
    key = storage.site_key(dom.site_scope(), CHOICE_NAME)
    param = dom.query_params().get("lang")
    if param is not None:  # remembered as what it shows: an unsupported tag is English
        dom.store(key, supported(param))
    language = choose(param, dom.stored(key), attribute)
    if language == SOURCE_LANGUAGE:
        return i18n.language()
    data = await dom.fetch_bytes(dom.site_file(f"locale/{language}.mo"))
    if data is None:  # offline before the catalogue was ever fetched: English
        dom.warn(f"locale/{language}.mo could not be fetched: the page shows English")
        return i18n.language()
    i18n.install(language, data)
    if not attribute:
        dom.set_language(dom.page_root(), language)
    return language
