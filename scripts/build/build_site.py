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
import os
import shutil
import sys
import zipfile
from pathlib import Path

# `make site` runs on $(PYTHON) itself, without a venv: say so plainly if that is too old,
# or if the import path the Makefile sets (PYTHONPATH: py_rules and site/) is missing.
if sys.version_info < (3, 11):  # noqa: UP036
    sys.exit(f"The build needs Python 3.11 or newer; this is {sys.version.split()[0]}.")
if not all(importlib.util.find_spec(name) for name in ("py_rules", "app")):
    sys.exit("Run the build with `make site`: it puts py_rules and site/ on the import path.")

ROOT = Path(__file__).resolve().parents[2]
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
# Where a game page runs its Python: a Web Worker (assets/page-worker.js and
# assets/python-worker.mjs, docs/worker-protocol.md), or the page's own main thread through
# PyScript. Each is a pair of templates: what goes into <head>, and what ends <body>. The
# game's address (index.html) is the worker's page, and only it is built by default;
# `ND_GAME_PAGES=page make site` builds the main thread's page as index.html and the
# worker's beside it (worker.html), to compare the two (bench/) or test the older one.
IN_PAGE = ("python-page-head.html", "python-page-body.html")
IN_WORKER = ("python-worker-head.html", None)
PYTHON_PLACES = (
    {"index.html": IN_PAGE, "worker.html": IN_WORKER}
    if os.environ.get("ND_GAME_PAGES") == "page"
    else {"index.html": IN_WORKER}
)
# Scripts the build joins into one file, so that a game page's <head> waits on fewer requests
# before its board takes a press (over HTTP/1.1 a browser opens at most six connections to a
# host; the head's blocking requests now fit in one round of them): the served file, and the
# source files it is made of, in order. The parts stay separate in site/assets/ (embed.js
# copies page-dom.js into itself: scripts/build/embed.py).
JOINED_SCRIPTS = {"assets/page-worker.js": ("page-dom.js", "page-worker.js")}
VENDOR_SOURCES = {
    "vendor/pyodide": PYODIDE_DIR,
    "vendor/pyscript": PYSCRIPT_DIST,
    "vendor/fflate": FFLATE.parent,
    "vendor/qrcode-generator": QR_ENCODER.parent,
}

import analysis_section  # noqa: E402  (scripts/build/analysis_section.py: perfect-play table)
import catalogues  # noqa: E402  (scripts/build/catalogues.py: the compiled message catalogues)
import diagram  # noqa: E402  (scripts/build/diagram.py: the standard board, drawn for the printout)
import early_board  # noqa: E402  (scripts/build/early_board.py: the board before Python)
import early_downloads  # noqa: E402  (scripts/build/early_downloads.py: the worker's at once)
import embed  # noqa: E402  (scripts/build/embed.py: embed.js, embed.css and the tutorial)
import head_scripts  # noqa: E402  (scripts/build/head_scripts.py: one blocking <head> script)
import notices  # noqa: E402  (scripts/build/notices.py: the third-party components of the build)
import offline  # noqa: E402  (scripts/build/offline.py: service worker, manifest, CSP)
import precompile  # noqa: E402  (scripts/build/precompile.py: the pages' Python as bytecode)
import precompress  # noqa: E402  (scripts/build/precompress.py: zips gzipped at build time)
import puzzle_index  # noqa: E402  (scripts/build/puzzle_index.py: the puzzles page's index)
import pyodide_patch  # noqa: E402  (scripts/build/pyodide_patch.py: no shared memory made at load)
import snapshot  # noqa: E402  (scripts/build/snapshot.py: the Python memory snapshot)
import stdlib_trim  # noqa: E402  (scripts/build/stdlib_trim.py: the standard library the pages use)
from page_templates import (  # noqa: E402  (page_templates.py: a template in a language)
    Language,
    game_list_html,
    languages,
    render,
    rules_html,
    shared,
    write,
)

import py_rules  # noqa: E402  (the rules give each page its title and summary)
from py_rules import i18n  # noqa: E402


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
    """Vendor Pyodide and PyScript, with the source maps their scripts name (fetched only by
    developer tools, never precached), fflate and the QR code encoder, and Pyodide's one
    change (scripts/build/pyodide_patch.py)."""
    missing = [n for n in snapshot.RUNTIME_FILES if not (PYODIDE_DIR / n).is_file()]
    needed = (PYSCRIPT_DIST / "core.js", FFLATE, QR_ENCODER)
    if missing or not all(path.is_file() for path in needed):
        sys.exit("node_modules is incomplete: run `make site` (or `npm ci --omit=dev`) first.")
    pyodide_out = out / "vendor" / "pyodide"
    pyodide_out.mkdir(parents=True)
    for name in snapshot.RUNTIME_FILES:
        shutil.copy2(PYODIDE_DIR / name, pyodide_out / name)
        if (PYODIDE_DIR / f"{name}.map").is_file():
            shutil.copy2(PYODIDE_DIR / f"{name}.map", pyodide_out / f"{name}.map")
    asm = pyodide_out / pyodide_patch.TARGET
    try:
        asm.write_text(pyodide_patch.patched(asm.read_text(encoding="utf-8")), encoding="utf-8")
    except pyodide_patch.PatchNotApplicable as error:
        sys.exit(f"{error}: update scripts/pyodide_patch.py for this Pyodide")
    copy_tree(PYSCRIPT_DIST, out / "vendor" / "pyscript")
    for single in (FFLATE, QR_ENCODER):
        folder = out / "vendor" / single.parent.parent.name
        folder.mkdir()
        shutil.copy2(single, folder / single.name)


def runtime_sizes(out: Path, stdlib: str) -> dict[str, int]:
    """The runtime files a page downloads (the trimmed standard library, gzipped, in place of
    the full one) -> their sizes, for the progress bar."""
    names = [stdlib if n == stdlib_trim.FULL_ZIP else n for n in snapshot.RUNTIME_FILES]
    return {name: (out / "vendor" / "pyodide" / name).stat().st_size for name in names}


def join_scripts(out: Path) -> None:
    """Write each of JOINED_SCRIPTS from its parts, which are then not served on their own."""
    for target, parts in JOINED_SCRIPTS.items():
        sources = [(SITE / "assets" / part).read_text(encoding="utf-8") for part in parts]
        (out / target).write_text("\n".join(sources), encoding="utf-8")
        for part in parts:
            if f"assets/{part}" != target:
                (out / "assets" / part).unlink()


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


def pyscript_config(up: str, slug: str, stdlib: str) -> str:
    """The inline PyScript config of the page of game `slug`, `up` levels below the root
    (e.g. "../../"): the bundle, and the data of this game; and for the worker's page, the
    files its worker asks for at once (`early`, scripts/build/early_downloads.py; `stdlib`:
    the trimmed standard library's name, as sent).

    No `packages` key: nothing beyond the runtime is fetched (micropip is not needed).
    """
    files = {f"{up}{rel}": where for rel, where in python_files(slug).items()}
    packed = set(packed_files(stdlib.removesuffix(precompress.SUFFIX)))
    early = early_downloads.early(up, interpreter_path(), stdlib, list(python_files(slug)), packed)
    config = {"interpreter": f"{up}{interpreter_path()}", "files": files, "early": early}
    return json.dumps(config, separators=(",", ":"))


def embed_early(stdlib: str) -> list[str]:
    """What embed.js's worker asks for at once, as a game page's (paths from the root; the
    script finds the root from its own address): an embed may show any game, so every game's
    data file, which it loads anyway."""
    packed = set(packed_files(stdlib.removesuffix(precompress.SUFFIX)))
    return early_downloads.early("", interpreter_path(), stdlib, [BUNDLE, *GAME_DATA], packed)


def python_files(slug: str) -> dict[str, str]:
    """The files a page of game `slug` puts where PyScript would (path from the site's root ->
    where): the bundle, and the data of this game."""
    files = {BUNDLE: "./*"}
    return files | {rel: f"./{rel}" for rel, game in GAME_DATA.items() if game == slug}


def interpreter_path() -> str:
    """The runtime wrapper the pages start Python with, from the site's root."""
    return f"vendor/pyodide/{snapshot.interpreter_name()}"


def packed_files(stdlib: str) -> tuple[str, ...]:
    """The files that travel gzipped whatever the host compresses (the page fetches
    <name>.gz), from the site's root; `stdlib`: the trimmed standard library's file name."""
    return (BUNDLE, f"vendor/pyodide/{stdlib}", *GAME_DATA)


def runtime_values(slug: str, root: str, sizes: dict[str, int], stdlib: str) -> dict[str, str]:
    """What a game page's Python templates (IN_PAGE, IN_WORKER) fill in, for the page of
    `slug` at `root` (the way up to the site's root): the runtime's files by the names this
    build gave them (`stdlib`: the trimmed standard library as sent, `sizes`: the runtime's
    files for the progress bar)."""
    return {
        "slug": slug,
        "config": html.escape(pyscript_config(root, slug, stdlib), quote=True),
        "runtime_sizes": html.escape(json.dumps(sizes), quote=True),
        "interpreter": snapshot.interpreter_name(),
        "stdlib": stdlib,
        "bundle": BUNDLE + precompress.SUFFIX,
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
        runtime = runtime_values(slug, parts["root"], sizes, stdlib)
        for page_name, (head, body) in PYTHON_PLACES.items():
            page = render(
                "game.html",
                language,
                slug=slug,
                title=html.escape(tr.gettext(cls.title)),
                summary=html.escape(tr.gettext(cls.summary)),
                rules=rules_html(slug, language),
                analysis=analysis_section.section_html(slug, tr),
                diagram=diagram.figure_html(slug, tr),
                python_head=render(head, language, **runtime).strip(),
                python_body=render(body, language, **runtime).strip() if body else "",
                **parts,
            )
            write(out, language, f"games/{slug}/{page_name}", page)
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


def build(out: Path) -> None:
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    copy_runtime(out)
    bundle_python(out)
    # The bundle is compiled in place (its sources stay in the repository), in the same run of
    # Pyodide as the standard library; where a page starts PyScript, with bytecode for
    # PyScript's own package. A build whose pages all run Python in a worker has neither
    # PyScript's package in the bundle nor what only its start imports in the library.
    pyscript = IN_PAGE in PYTHON_PLACES.values()
    also = [precompile.Job(out / BUNDLE, out / BUNDLE, precompile.HOME, with_pyscript=pyscript)]
    stdlib = stdlib_trim.install(out, out / BUNDLE, also, pyscript=pyscript).name
    snapshot.use_stdlib(out / "vendor" / "pyodide" / stdlib)
    copy_game_data(out)
    # One file a language, outside the bundle: a page fetches only the one it shows.
    catalogues.compile_all(out / "locale")
    # These travel gzipped whatever the host compresses: the page fetches <name>.gz.
    packed = packed_files(stdlib)
    snapshot.install(out, precompressed=packed, bundle=BUNDLE)
    precompress.pack(out, packed, precompress.chosen())
    stdlib += precompress.SUFFIX
    sizes = runtime_sizes(out, stdlib)
    copy_tree(SITE / "assets", out / "assets")
    join_scripts(out)
    (out / ".nojekyll").write_text("")  # GitHub Pages: serve every file as it is
    pages = languages()
    components = notices.components(vendored_files(out))
    translations = {lang.tag: lang.tr for lang in pages[1:]}
    embed.install(out, BUNDLE, tuple(GAME_DATA), translations, embed_early(stdlib))
    for language in pages:
        with i18n.using(language.tr):  # the rules' own words in the page's language
            write_pages(out, language, sizes, stdlib, components)
    # The fresh board, drawn by the pages' own Python into the pages that run it in a worker.
    early_board.install(out, [language.folder for language in pages], list(py_rules.GAMES))
    head_scripts.join(out)  # after the board: it finds a worker page by its page-worker.js
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
