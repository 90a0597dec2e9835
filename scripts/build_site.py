"""Build the static site into _site/: pages, assets, the Python sources and the runtime.

Everything the browser needs is copied here from its one source: `site/` (pages,
styles, the front-end Python package `app`), `py_rules/` (the very files the tests
import) and the npm packages `pyodide` and `@pyscript/core`. Nothing is fetched from
any other origin and every URL is relative, so `_site/` works at a domain root and
under a sub-path such as GitHub Pages' `/<repo>/`.
"""

from __future__ import annotations

import argparse
import functools
import gettext
import html
import importlib.util
import json
import shutil
import sys
import zipfile
from dataclasses import dataclass
from pathlib import Path
from string import Template

# `make site` runs on $(PYTHON) itself, without a venv: say so plainly if that is too old,
# or if the import path the Makefile sets (PYTHONPATH: py_rules and site/) is missing.
if sys.version_info < (3, 11):  # noqa: UP036
    sys.exit(f"The build needs Python 3.11 or newer; this is {sys.version.split()[0]}.")
if not all(importlib.util.find_spec(name) for name in ("py_rules", "app")):
    sys.exit("Run the build with `make site`: it puts py_rules and site/ on the import path.")

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
NODE = ROOT / "node_modules"
PYODIDE_DIR = NODE / "pyodide"
PYSCRIPT_DIST = NODE / "@pyscript" / "core" / "dist"
BUNDLE = "py/number-duels.zip"
# Committed solver output the pages read, zipped into the bundle beside py_rules.
DATA_FILES = ("data/puzzles.json",)
# Committed data that only one game needs: fetched beside the bundle (into the same place)
# by its game page and by embeds (which can show any game), and by no other page.
GAME_DATA = {"data/number_duel_openings.bin": "number-duel"}
# Where the build puts each npm package's files (the notices page lists what is there).
# fflate unpacks the pre-compressed files in a browser without DecompressionStream (the runtime
# wrapper imports it only there).
FFLATE = NODE / "fflate" / "esm" / "browser.js"
# The QR code encoder: a game page loads it when a player asks for a link as a QR code (a
# classic script defining `window.qrcode`; site/app/link_qr.py). The worker precaches it.
QR_ENCODER = NODE / "qrcode-generator" / "dist" / "qrcode.js"
VENDOR_SOURCES = {
    "vendor/pyodide": PYODIDE_DIR,
    "vendor/pyscript": PYSCRIPT_DIST,
    "vendor/fflate": FFLATE.parent,
    "vendor/qrcode-generator": QR_ENCODER.parent,
}

import analysis_section  # noqa: E402  (scripts/analysis_section.py: perfect-play table)
import catalogues  # noqa: E402  (scripts/catalogues.py: the compiled message catalogues)
import diagram  # noqa: E402  (scripts/diagram.py: the standard board, drawn for the printout)
import embed  # noqa: E402  (scripts/embed.py: embed.js, embed.css and the tutorial)
import notices  # noqa: E402  (scripts/notices.py: the third-party components of the build)
import offline  # noqa: E402  (scripts/offline.py: service worker, manifest, CSP)
import page_messages  # noqa: E402  (scripts/page_messages.py: the pages' words in a language)
import page_words  # noqa: E402  (scripts/page_words.py: the pages' scripts' words)
import precompile  # noqa: E402  (scripts/precompile.py: the pages' Python as bytecode)
import precompress  # noqa: E402  (scripts/precompress.py: zips gzipped at build time)
import puzzle_index  # noqa: E402  (scripts/puzzle_index.py: the puzzles page's index)
import snapshot  # noqa: E402  (scripts/snapshot.py: the Python memory snapshot)
import stdlib_trim  # noqa: E402  (scripts/stdlib_trim.py: the standard library the pages use)
from app.settings import LANGUAGE_NAMES, LANGUAGES, RIGHT_TO_LEFT  # noqa: E402  (the language menu)

import py_rules  # noqa: E402  (the rules give each page its title and summary)
from py_rules import i18n  # noqa: E402
from py_rules.i18n import SOURCE_LANGUAGE  # noqa: E402


def python_sources(package: Path) -> list[Path]:
    """The .py files of a package, relative to its parent, in a stable order."""
    return sorted(
        p.relative_to(package.parent) for p in package.rglob("*.py") if "__pycache__" not in p.parts
    )


def copy_tree(src: Path, dst: Path, skip_suffixes: tuple[str, ...] = ()) -> None:
    for path in sorted(src.rglob("*")):
        if (
            path.is_file()
            and not path.name.endswith(skip_suffixes)
            and "__pycache__" not in path.parts
        ):
            target = dst / path.relative_to(src)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)


def copy_runtime(out: Path) -> None:
    """Vendor Pyodide, PyScript, fflate and the QR code encoder."""
    missing = [n for n in snapshot.RUNTIME_FILES if not (PYODIDE_DIR / n).is_file()]
    needed = (PYSCRIPT_DIST / "core.js", FFLATE, QR_ENCODER)
    if missing or not all(path.is_file() for path in needed):
        sys.exit("node_modules is incomplete: run `make site` (or `npm ci --omit=dev`) first.")
    pyodide_out = out / "vendor" / "pyodide"
    pyodide_out.mkdir(parents=True)
    for name in snapshot.RUNTIME_FILES:
        shutil.copy2(PYODIDE_DIR / name, pyodide_out / name)
    copy_tree(PYSCRIPT_DIST, out / "vendor" / "pyscript", skip_suffixes=(".map",))
    for single in (FFLATE, QR_ENCODER):
        folder = out / "vendor" / single.parent.parent.name
        folder.mkdir()
        shutil.copy2(single, folder / single.name)


def runtime_sizes(out: Path, stdlib: str) -> dict[str, int]:
    """The runtime files a page downloads (the trimmed standard library, gzipped, in place of
    the full one) -> their sizes, for the progress bar."""
    names = [stdlib if n == stdlib_trim.FULL_ZIP else n for n in snapshot.RUNTIME_FILES]
    return {name: (out / "vendor" / "pyodide" / name).stat().st_size for name in names}


def bundle_python(out: Path) -> list[str]:
    """Zip py_rules, the front end `app` and the puzzles into one archive that PyScript
    unpacks.

    One request instead of dozens; the archive holds the very source files the tests
    import (minus the terminal's, which no page imports), which `build` then compiles to
    bytecode.
    Returns the archived paths.
    """
    target = out / BUNDLE
    target.parent.mkdir(parents=True, exist_ok=True)
    names = []
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for package in (ROOT / "py_rules", SITE / "app"):
            for rel in python_sources(package):
                name = rel.as_posix()
                if not snapshot.on_pages(name):  # the terminal game
                    continue
                info = zipfile.ZipInfo(name, date_time=(2024, 1, 1, 0, 0, 0))
                info.compress_type = zipfile.ZIP_DEFLATED
                archive.writestr(info, (package.parent / rel).read_bytes())
                names.append(name)
        for rel in DATA_FILES:  # where py_rules looks for them, beside its folder
            info = zipfile.ZipInfo(rel, date_time=(2024, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, (ROOT / rel).read_bytes())
            names.append(rel)
    return names


def copy_game_data(out: Path) -> None:
    for rel in GAME_DATA:
        (out / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / rel, out / rel)


def pyscript_config(up: str, slug: str) -> str:
    """The inline PyScript config of the page of game `slug`, `up` levels below the root
    (e.g. "../../"): the bundle, and the data of this game.

    No `packages` key: nothing beyond the runtime is fetched (micropip is not needed).
    """
    files = {f"{up}{BUNDLE}": "./*"}
    files |= {f"{up}{rel}": f"./{rel}" for rel, game in GAME_DATA.items() if game == slug}
    config = {"interpreter": f"{up}vendor/pyodide/{snapshot.interpreter_name()}", "files": files}
    return json.dumps(config, separators=(",", ":"))


def N_(message: str) -> str:
    """Mark a message for extraction (the `pages` domain); it is translated where it is shown."""
    return message


# The pages every header links to besides the home page: (page, address, link text).
NAV = (
    ("puzzles", "puzzles/", N_("Puzzles")),
    ("tutorial", "tutorial.html", N_("Tutorial")),
    ("teach", "teach/", N_("Make a lesson")),
)
# The pages' scripts with messages of their own (embed.js carries its own: scripts/embed.py).
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
            "head.html", language, root=root, words=language.words_script, languages=every
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


def vendored_files(out: Path) -> list[Path]:
    """The files in node_modules that the build copied into `out`."""
    return [
        source / path.relative_to(out / folder)
        for folder, source in VENDOR_SOURCES.items()
        for path in sorted((out / folder).rglob("*"))
        if (source / path.relative_to(out / folder)).is_file()
    ]


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


def write_pages(
    out: Path,
    language: Language,
    sizes: dict[str, int],
    stdlib: str,
    components: list[notices.Component],
) -> None:
    """Every page of the site in `language`: home, games, tutorial, puzzles, lesson builder,
    notices (`components`: what the build vendored, found once for every language)."""
    tr = language.tr
    home = render(
        "home.html", language, games=game_list_html(language), **shared("", "home", language)
    )
    write(out, language, "index.html", home)
    for slug, cls in py_rules.GAMES.items():
        parts = shared("../../", "game", language)
        page = render(
            "game.html",
            language,
            slug=slug,
            title=html.escape(tr.gettext(cls.title)),
            summary=html.escape(tr.gettext(cls.summary)),
            rules=rules_html(slug, language),
            analysis=analysis_section.section_html(slug, tr),
            diagram=diagram.figure_html(slug, tr),
            config=html.escape(pyscript_config(parts["root"], slug), quote=True),
            runtime_sizes=html.escape(json.dumps(sizes), quote=True),
            interpreter=snapshot.interpreter_name(),
            stdlib=stdlib,
            bundle=BUNDLE + precompress.SUFFIX,
            **parts,
        )
        write(out, language, f"games/{slug}/index.html", page)
    write(
        out,
        language,
        "tutorial.html",
        render("tutorial.html", language, **shared("", "tutorial", language)),
    )
    slug, first = puzzle_index.first_puzzle()
    puzzles = render(
        "puzzles.html",
        language,
        game=slug,
        puzzle=html.escape(first, quote=True),
        index=puzzle_index.index_html(tr),
        **shared("../", "puzzles", language),
    )
    write(out, language, "puzzles/index.html", puzzles)
    games = "".join(
        f'<option value="{slug}">{html.escape(tr.gettext(cls.title))}</option>'
        for slug, cls in py_rules.GAMES.items()
    )
    teach = render("teach.html", language, game_options=games, **shared("../", "teach", language))
    write(out, language, "teach/index.html", teach)
    page = render(
        "notices.html",
        language,
        own_license=notices.own_license_html(),
        components=notices.sections_html(components, tr),
        **shared("", "notices", language),
    )
    write(out, language, notices.PAGE, page)


def languages() -> list[Language]:
    """English (the pages as written), then every other language the site is built in."""
    others = [Language(tag, catalogues.page_catalogue(tag)) for tag in catalogues.built_languages()]
    return [Language(SOURCE_LANGUAGE, gettext.NullTranslations()), *others]


def build(out: Path) -> None:
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    copy_runtime(out)
    bundle_python(out)
    # The bundle is compiled in place (its sources stay in the repository), with bytecode for
    # PyScript's own package, in the same run of Pyodide as the standard library.
    also = [precompile.Job(out / BUNDLE, out / BUNDLE, precompile.HOME, with_pyscript=True)]
    stdlib = stdlib_trim.install(out, out / BUNDLE, also).name
    snapshot.use_stdlib(out / "vendor" / "pyodide" / stdlib)
    copy_game_data(out)
    # One file a language, outside the bundle: a page fetches only the one it shows.
    catalogues.compile_all(out / "locale")
    # These travel gzipped whatever the host compresses: the page fetches <name>.gz.
    packed = (BUNDLE, f"vendor/pyodide/{stdlib}", *GAME_DATA)
    snapshot.install(out, precompressed=packed)
    precompress.pack(out, packed)
    stdlib += precompress.SUFFIX
    sizes = runtime_sizes(out, stdlib)
    copy_tree(SITE / "assets", out / "assets")
    (out / ".nojekyll").write_text("")  # GitHub Pages: serve every file as it is
    pages = languages()
    components = notices.components(vendored_files(out))
    embed.install(out, BUNDLE, tuple(GAME_DATA), {lang.tag: lang.tr for lang in pages[1:]})
    for language in pages:
        with i18n.using(language.tr):  # the rules' own words in the page's language
            write_pages(out, language, sizes, stdlib, components)
    version = offline.install(out)  # last: it lists and hashes every file of the build
    total = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    print(
        f"built {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out}: "
        f"{len(py_rules.GAMES)} games, {total / 1e6:.1f} MB, version {version}"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "_site", help="output directory")
    build(parser.parse_args(argv).out.resolve())


if __name__ == "__main__":
    main()
