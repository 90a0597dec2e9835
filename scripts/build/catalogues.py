"""Compile the message catalogues (.po, under version control) to .mo files.

On the bare system Python (the build installs nothing from PyPI), with the package's own
compiler, `py_rules.i18n.mo`. Two gettext domains: `number_duels`, the rules' and the
boards' messages (py_rules/locale/), and `pages`, the static pages' own words
(site/locale/, found by scripts/build/page_messages.py). Two uses:

    make catalogues                             # each rules .mo beside its .po (terminal, tests)
    python3 scripts/build/catalogues.py --out DIR     # DIR/<lang>.mo (with the Makefile's
                                                # PYTHONPATH, as `make site` runs it)

The rules' catalogues stay out of the Python bundle every page downloads: a page that shows
another language fetches that one file (`locale/<lang>.mo`) and hands it to
`py_rules.i18n.install`. The pages' catalogues are used at build time only, by `page_catalogue`.
The pseudo-locales (en-XA, ar-XB) are made from the message ids of the Spanish catalogues,
which the tests keep complete.
"""

from __future__ import annotations

import argparse
import gettext
import io
from pathlib import Path

import pseudo_locales
from app.settings import LANGUAGES, PSEUDO_LANGUAGES

from py_rules.i18n import DOMAIN, LOCALE_DIR, SOURCE_LANGUAGE, tag_of
from py_rules.i18n.mo import compile_po, parse_po

ROOT = Path(__file__).resolve().parents[2]
PAGES_DOMAIN = "pages"
PAGES_LOCALE_DIR = ROOT / "site" / "locale"
# The catalogue whose message ids the pseudo-locales are made from.
PSEUDO_SOURCE = "es"


def catalogues(locale_dir: Path = LOCALE_DIR, domain: str = DOMAIN) -> dict[str, Path]:
    """Each language with a catalogue of `domain`, by tag (the folder `pt_BR` is `pt-BR`, the
    tag the site's folders, `locale/<tag>.mo` and `<html lang>` use) -> its .po file."""
    found = sorted(locale_dir.glob(f"*/LC_MESSAGES/{domain}.po"))
    return {tag_of(po.parent.parent.name): po for po in found}


def built_languages() -> tuple[str, ...]:
    """Every language the site is built in besides English: the menu's, then the pseudo ones."""
    return tuple(tag for tag in LANGUAGES if tag != SOURCE_LANGUAGE) + PSEUDO_LANGUAGES


def compiled(language: str, locale_dir: Path = LOCALE_DIR, domain: str = DOMAIN) -> bytes:
    """The .mo bytes of `language`'s catalogue of `domain` (made up for a pseudo-locale)."""
    if language in PSEUDO_LANGUAGES:
        source = catalogues(locale_dir, domain)[PSEUDO_SOURCE].read_text(encoding="utf-8")
        return pseudo_locales.pseudo_mo(parse_po(source), language)
    return compile_po(catalogues(locale_dir, domain)[language].read_text(encoding="utf-8"))


def page_catalogue(language: str) -> gettext.GNUTranslations:
    """What the build translates `language`'s pages with: the pages' own catalogue, falling
    back to the rules' (a game's title and summary, option names)."""
    pages = gettext.GNUTranslations(io.BytesIO(compiled(language, PAGES_LOCALE_DIR, PAGES_DOMAIN)))
    pages.add_fallback(gettext.GNUTranslations(io.BytesIO(compiled(language))))
    return pages


def _write(target: Path, data: bytes) -> Path:
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_suffix(".mo.partial")  # a reader never sees half a file
    partial.write_bytes(data)
    partial.replace(target)
    return target


def compile_all(out: Path | None = None) -> list[Path]:
    """Write every rules catalogue's .mo: beside its .po, or as out/<lang>.mo for every
    language the site is built in (the pseudo-locales too); the files."""
    if out is None:
        return [_write(po.with_suffix(".mo"), compiled(tag)) for tag, po in catalogues().items()]
    return [_write(out / f"{tag}.mo", compiled(tag)) for tag in built_languages()]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, help="write <lang>.mo files here")
    for path in compile_all(parser.parse_args(argv).out):
        print(f"compiled {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")


if __name__ == "__main__":
    main()
