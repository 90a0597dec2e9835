"""Build the static site into _site/: pages, assets, the Python sources and the runtime.

Everything the browser needs is copied here from its one source: `site/` (pages,
styles, the front-end Python package `app`), `py_rules/` (the very files the tests
import) and the npm packages `pyodide` and `@pyscript/core`. Nothing is fetched from
any other origin and every URL is relative, so `_site/` works at a domain root and
under a sub-path such as GitHub Pages' `/<repo>/`.
"""

from __future__ import annotations

import argparse
import html
import importlib.util
import json
import shutil
import sys
import zipfile
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
VENDOR_SOURCES = {
    "vendor/pyodide": PYODIDE_DIR,
    "vendor/pyscript": PYSCRIPT_DIST,
    "vendor/fflate": FFLATE.parent,
}

import analysis_section  # noqa: E402  (scripts/analysis_section.py: perfect-play table)
import catalogues  # noqa: E402  (scripts/catalogues.py: the compiled message catalogues)
import diagram  # noqa: E402  (scripts/diagram.py: the standard board, drawn for the printout)
import embed  # noqa: E402  (scripts/embed.py: embed.js, embed.css and the tutorial)
import notices  # noqa: E402  (scripts/notices.py: the third-party components of the build)
import offline  # noqa: E402  (scripts/offline.py: service worker, manifest, CSP)
import precompile  # noqa: E402  (scripts/precompile.py: the pages' Python as bytecode)
import precompress  # noqa: E402  (scripts/precompress.py: zips gzipped at build time)
import puzzle_index  # noqa: E402  (scripts/puzzle_index.py: the puzzles page's index)
import snapshot  # noqa: E402  (scripts/snapshot.py: the Python memory snapshot)
import stdlib_trim  # noqa: E402  (scripts/stdlib_trim.py: the standard library the pages use)
from app.settings import LANGUAGE_NAMES, LANGUAGES  # noqa: E402  (the header's language menu)

import py_rules  # noqa: E402  (the rules give each page its title and summary)


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
    """Vendor Pyodide and PyScript."""
    missing = [n for n in snapshot.RUNTIME_FILES if not (PYODIDE_DIR / n).is_file()]
    if missing or not (PYSCRIPT_DIST / "core.js").is_file() or not FFLATE.is_file():
        sys.exit("node_modules is incomplete: run `make site` (or `npm ci --omit=dev`) first.")
    pyodide_out = out / "vendor" / "pyodide"
    pyodide_out.mkdir(parents=True)
    for name in snapshot.RUNTIME_FILES:
        shutil.copy2(PYODIDE_DIR / name, pyodide_out / name)
    copy_tree(PYSCRIPT_DIST, out / "vendor" / "pyscript", skip_suffixes=(".map",))
    (out / "vendor" / "fflate").mkdir()
    shutil.copy2(FFLATE, out / "vendor" / "fflate" / FFLATE.name)


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


# The pages every header links to besides the home page: (page, address, link text).
NAV = (
    ("puzzles", "puzzles/", "Puzzles"),
    ("tutorial", "tutorial.html", "Tutorial"),
    ("teach", "teach/", "Make a lesson"),
)


def render(template: str, **values: str) -> str:
    return Template((SITE / "templates" / template).read_text(encoding="utf-8")).substitute(values)


def art(slug: str) -> str:
    """The little picture of a game on the home page (inline, so no extra requests)."""
    path = SITE / "assets" / "art" / f"{slug}.svg"
    return path.read_text(encoding="utf-8").strip() if path.is_file() else ""


def footer_html(up: str) -> str:
    """Every page's footer: the build version (stamped by offline.py) and the notices link."""
    return render("footer.html", up=up).strip()


def language_options() -> str:
    """The options of the header's language menu: every language the site ships, each in
    its own name and marked with its own language (read aloud in it)."""
    return "".join(
        f'<option value="{code}" lang="{code}">{html.escape(LANGUAGE_NAMES[code])}</option>'
        for code in LANGUAGES
    )


def shared(up: str, page: str) -> dict[str, str]:
    """What every page shares, from one partial each: `head` (inside <head>: encoding,
    viewport, icon, style sheet), `header` (the top bar: the brand and the links to the
    other pages, the current one marked) and `footer`. `page`: "home", "puzzles", ..."""
    links = [] if page == "home" else [f'<a href="{up or "./"}">All games</a>']
    for name, href, text in NAV:
        current = ' aria-current="page"' if page == name else ""
        links.append(f'<a href="{up}{href}"{current}>{text}</a>')
    return {
        "head": render("head.html", up=up).strip(),
        "header": render(
            "header.html", home=up or "./", nav=" ".join(links), languages=language_options()
        ).strip(),
        "footer": footer_html(up),
    }


def vendored_files(out: Path) -> list[Path]:
    """The files in node_modules that the build copied into `out`."""
    return [
        source / path.relative_to(out / folder)
        for folder, source in VENDOR_SOURCES.items()
        for path in sorted((out / folder).rglob("*"))
        if (source / path.relative_to(out / folder)).is_file()
    ]


def write_notices(out: Path) -> None:
    page = render(
        "notices.html",
        own_license=notices.own_license_html(),
        components=notices.sections_html(notices.components(vendored_files(out))),
        **shared("", "notices"),
    )
    (out / notices.PAGE).write_text(page, encoding="utf-8")


def game_list_html(up: str) -> str:
    items = []
    for slug, cls in py_rules.GAMES.items():
        items.append(
            f'<li class="game-card game-{slug}"><a href="{up}games/{slug}/">'
            f'<span class="game-card-art" aria-hidden="true">{art(slug)}</span>'
            f'<span class="game-card-title">{html.escape(cls.title)}</span>'
            f'<span class="game-card-summary">{html.escape(cls.summary)}</span></a></li>'
        )
    return "\n        ".join(items)


def write_puzzles_page(out: Path) -> None:
    """`puzzles/`: the index of every game's puzzles beside one board (an embed)."""
    slug, first = puzzle_index.first_puzzle()
    page = render(
        "puzzles.html",
        up="../",
        game=slug,
        puzzle=html.escape(first, quote=True),
        index=puzzle_index.index_html(),
        **shared("../", "puzzles"),
    )
    target = out / "puzzles" / "index.html"
    target.parent.mkdir(parents=True)
    target.write_text(page, encoding="utf-8")


def write_teach_page(out: Path) -> None:
    """`teach/`: the lesson builder, an embed host whose preview is the lesson's board."""
    games = "".join(
        f'<option value="{slug}">{html.escape(cls.title)}</option>'
        for slug, cls in py_rules.GAMES.items()
    )
    page = render("teach.html", game_options=games, **shared("../", "teach"))
    target = out / "teach" / "index.html"
    target.parent.mkdir(parents=True)
    target.write_text(page, encoding="utf-8")


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
    (out / "index.html").write_text(
        render("home.html", games=game_list_html(""), **shared("", "home")), "utf-8"
    )
    for slug, cls in py_rules.GAMES.items():
        up = "../../"
        page = render(
            "game.html",
            up=up,
            slug=slug,
            title=html.escape(cls.title),
            summary=html.escape(cls.summary),
            rules=(SITE / "content" / f"{slug}.html").read_text(encoding="utf-8").strip(),
            analysis=analysis_section.section_html(slug),
            diagram=diagram.figure_html(slug),
            config=html.escape(pyscript_config(up, slug), quote=True),
            runtime_sizes=html.escape(json.dumps(sizes), quote=True),
            interpreter=snapshot.interpreter_name(),
            stdlib=stdlib,
            bundle=BUNDLE + precompress.SUFFIX,
            **shared(up, "game"),
        )
        target = out / "games" / slug / "index.html"
        target.parent.mkdir(parents=True)
        target.write_text(page, encoding="utf-8")
    embed.install(out, BUNDLE, tuple(GAME_DATA), shared("", "tutorial"))
    write_puzzles_page(out)
    write_teach_page(out)
    write_notices(out)
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
