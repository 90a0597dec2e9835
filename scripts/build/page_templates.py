"""The pages' templating: a template (site/templates/) in a language, its words translated
(page_messages.py) and its fields filled, and the parts every page shares (head, header
with the language menu, footer). build_site.py says which pages there are and what goes in
them; this says how one is written.
"""

from __future__ import annotations

import functools
import gettext
import html
from dataclasses import dataclass
from pathlib import Path
from string import Template

import catalogues
import page_messages
import page_words
from app.settings import LANGUAGE_NAMES, LANGUAGES, RIGHT_TO_LEFT

import py_rules
from py_rules.i18n import SOURCE_LANGUAGE
from py_rules.i18n.tags import aliases

SITE = Path(__file__).resolve().parents[2] / "site"


def N_(message: str) -> str:
    """Mark a message for extraction (the `pages` domain); it is translated where it is shown."""
    return message


# The pages every header links to besides the home page: (page, address, link text).
NAV = (
    ("puzzles", "puzzles/", N_("Puzzles")),
    ("tutorial", "tutorial.html", N_("Tutorial")),
    ("teach", "teach/", N_("Make a lesson")),
)
# The tags besides the languages' own that name one of them, for assets/language.js's choice
# (py_rules.i18n.tags: "pt=pt-BR zh=zh-Hans zh-tw= ..."; an empty one names none).
ALIASES = " ".join(f"{tag}={name}" for tag, name in aliases(LANGUAGES).items())
# The pages' scripts with messages of their own (embed.js carries its own: scripts/build/embed.py).
PAGE_SCRIPTS = sorted((SITE / "assets").glob("*.js"))


@dataclass(frozen=True)
class Language:
    """The language a set of pages is written in: English at the site's root, every other
    one in a folder of its tag (`es/games/circle-duel/`), with the same pages inside."""

    tag: str
    tr: gettext.NullTranslations  # English: one that translates nothing

    @property
    def folder(self) -> str:
        return "" if self.tag == SOURCE_LANGUAGE else f"{self.tag}/"

    def root(self, up: str) -> str:
        """The way from a page `up` levels below its language's folder to the site's root,
        where the one copy of the assets, the runtime and the bundle is."""
        return ("../" if self.folder else "") + up

    def html_attributes(self) -> str:
        direction = ' dir="rtl"' if self.tag in RIGHT_TO_LEFT else ""
        return f'lang="{self.tag}"{direction}'

    @functools.cached_property
    def words_script(self) -> str:
        """The pages' scripts' messages in this language, for assets/language.js (none in
        English): the same in every page's head, so made once."""
        if not self.folder:
            return ""
        messages = page_words.js_messages(PAGE_SCRIPTS)
        table = page_words.words_json(self.tr, messages)
        return f'<script type="application/json" id="nd-words">{table}</script>\n  '


def render(template: str, language: Language, **values: str) -> str:
    """A template in `language`: its words translated, then its fields filled."""
    source = (SITE / "templates" / template).read_text(encoding="utf-8")
    return Template(page_messages.translate_html(source, language.tr)).substitute(values)


def rules_html(slug: str, language: Language) -> str:
    """A game's rules (site/content/<slug>.html) in `language`."""
    source = (SITE / "content" / f"{slug}.html").read_text(encoding="utf-8").strip()
    return page_messages.translate_html(source, language.tr)


def art(slug: str) -> str:
    """The little picture of a game on the home page (inline, so no extra requests)."""
    path = SITE / "assets" / "art" / f"{slug}.svg"
    return path.read_text(encoding="utf-8").strip() if path.is_file() else ""


def language_options(current: str) -> str:
    """The options of the header's language menu: every language the site offers, each in
    its own name, marked with its own language (read aloud in it) and never translated, the
    page's selected."""
    options = []
    for code in LANGUAGES:
        selected = " selected" if code == current else ""
        options.append(
            f'<option value="{code}" lang="{code}" translate="no"{selected}>'
            f"{html.escape(LANGUAGE_NAMES[code])}</option>"
        )
    return "".join(options)


def shared(up: str, page: str, language: Language) -> dict[str, str]:
    """What every page shares, from one partial each: `head` (inside <head>: encoding,
    viewport, the language's words and chooser, icon, style sheet), `header` (the top bar:
    the brand, the links to the other pages, the current one marked, the language menu) and
    `footer`; and `html_attributes`, `up` and `root`. `up`: the way to the language's
    folder (links to pages); `page`: "home", "puzzles", ..."""
    tr, root = language.tr, language.root(up)
    every_game = html.escape(tr.gettext("All games"))
    links = [] if page == "home" else [f'<a href="{up or "./"}">{every_game}</a>']
    for name, href, text in NAV:
        current = ' aria-current="page"' if page == name else ""
        links.append(f'<a href="{up}{href}"{current}>{html.escape(tr.gettext(text))}</a>')
    every = " ".join((SOURCE_LANGUAGE, *catalogues.built_languages()))
    return {
        "head": render(
            "head.html",
            language,
            root=root,
            words=language.words_script,
            languages=every,
            aliases=ALIASES,
        ).strip(),
        "header": render(
            "header.html",
            language,
            home=up or "./",
            nav=" ".join(links),
            languages=language_options(language.tag),
        ).strip(),
        "footer": render("footer.html", language, up=up).strip(),
        "html_attributes": language.html_attributes(),
        "up": up,
        "root": root,
    }


def write(out: Path, language: Language, path: str, page: str) -> None:
    target = out / language.folder / path
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(page, encoding="utf-8")


def game_list_html(language: Language) -> str:
    items = []
    for slug, cls in py_rules.GAMES.items():
        title, summary = language.tr.gettext(cls.title), language.tr.gettext(cls.summary)
        items.append(
            f'<li class="game-card game-{slug}"><a href="games/{slug}/">'
            f'<span class="game-card-art" aria-hidden="true">{art(slug)}</span>'
            f'<span class="game-card-title">{html.escape(title)}</span>'
            f'<span class="game-card-summary">{html.escape(summary)}</span></a></li>'
        )
    return "\n        ".join(items)


def languages() -> list[Language]:
    """English (the pages as written), then every other language the site is built in."""
    others = [Language(tag, catalogues.page_catalogue(tag)) for tag in catalogues.built_languages()]
    return [Language(SOURCE_LANGUAGE, gettext.NullTranslations()), *others]
