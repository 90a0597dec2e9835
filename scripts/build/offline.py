"""Offline use, app install and the Content Security Policy of the built site.

`install(out)` is the last step of build_site.py:

1. every page gets the same few tags at the top of its <head>: the Content Security Policy,
   the web app manifest, the theme colour; and at its end `assets/offline.js` (deferred: it
   registers the service worker and shows the "new version" notice, whose styles the build
   appends to style.css);
2. the app icons are drawn as PNGs next to the SVG one (icons.py);
3. `manifest.webmanifest` is copied to the root;
4. `sw.js` is written to the root from site/sw.js with the build's version, the list of
   every file the worker precaches with its SHA-256 (the English pages and every file the
   languages share: runtime included; the memory snapshot is kept by the page itself, and
   what no page loads is left out: NOT_PRECACHED, and PyScript in a build whose game pages
   all run Python in a worker), and
   the files of each other language with theirs, so that a new build is a new worker with a
   new cache.

A language other than English is a catalogue `locale/<tag>.mo` and the pages in the folder
of its tag (`es/`, `es/games/circle-duel/`, ...): its set. Nobody downloads a language they
never chose, so no set is precached; the worker caches a language's whole set (checked by
hash as the rest) once a page asks for any file of it, so that every page of a language
used once works offline, and a new build's worker precaches the sets its older cache held.

The version is a hash of every file's path and bytes: any change to any file makes a new
version, and an unchanged build keeps its version (nothing is downloaded again).
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from pathlib import Path

from icons import write_icons

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "site"
WORKER = "sw.js"
MANIFEST = "manifest.webmanifest"
NOT_CACHED = {WORKER, ".nojekyll"}
# What no page loads, and so no visitor should download to play offline:
# - the gzip memory snapshot: a visit makes its own and keeps it unpacked in Cache Storage
#   (site/snapshot/pyodide-snapshot.mjs); offline Python starts without it anyway;
# - Pyodide's full standard library (2.5 MB on the wire), the safety net that loads a module
#   the trimmed library lacks, which the tests guarantee never happens, and Pyodide's package
#   lock file (the pages give it one without packages);
# - the libraries behind PyScript's code editor and terminal (CodeMirror, xterm.js), which its
#   plugins (loaded by every page) import only for a <py-editor> or a terminal, which no page
#   has; and the vendored scripts' source maps, which only developer tools fetch;
# - a game page's first presses in files of their own (scripts/build/early_board.py): one is
#   fetched when its button is pressed before Python is ready; offline, Python is soon there.
NOT_PRECACHED = re.compile(
    r"vendor/pyodide/(snapshot-[0-9a-f]+\.gz|python_stdlib\.zip|pyodide-lock\.json)"
    r"|vendor/pyscript/(codemirror|xterm)[^/]*"
    r"|vendor/.*\.map"
    r"|([^/]+/)?games/[^/]+/presses/.*"
)
# PyScript's files serve only a game page whose Python runs on the main thread, which a
# default build has none of (scripts/build/build_site.py, PYTHON_PLACES): precached only
# where a page of the build loads them.
PYSCRIPT_FILES = re.compile(r"vendor/pyscript/.*|assets/pyscript\.js")
LOADS_PYSCRIPT = re.compile(r'(?:src|href)="[^"]*(?:vendor/pyscript/|assets/pyscript\.js)')
# A language's catalogue; the language's set is it and the pages in the folder of its tag.
CATALOGUE = re.compile(r"locale/(?P<tag>[^/]+)\.mo")

# The minimum the pages need, found by experiment (e2e fails on any violation):
# - WebAssembly compilation needs 'wasm-unsafe-eval';
# - no 'unsafe-eval': PyScript 0.7.31 would compile its worker hooks with `Function(...)`
#   when it starts a script, but the pages start it through assets/pyscript.js, which
#   removes its one worker hook first (Python runs on the main thread, no workers), so
#   nothing is compiled;
# - no inline script or style (Python styles elements through the CSSOM, which CSP allows;
#   the pages have no inline handlers), no blob: or data: URL (but `worker-src data:` on the
#   game pages, below).
# Everything else comes from the site's own origin.
CSP = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self' 'wasm-unsafe-eval'",
        "style-src 'self'",
        "img-src 'self'",
        "connect-src 'self'",
        "worker-src 'self'",
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
    )
)
THEME = "#1f2430"
# A <style> block the build wrote into a page (the board before Python's positions,
# scripts/build/early_board.py): allowed by its hash in that page's policy, nothing else.
INLINE_STYLE = re.compile(r"<style>(.*?)</style>", re.S)


# A game page whose Python runs in a Web Worker (assets/page-worker.js, alone or joined with the
# head's other scripts: scripts/build/head_scripts.py): in an opaque origin (a
# sandboxed iframe without allow-same-origin) the site's address is another origin, which a
# worker may not be started from, so the page starts its worker from a `data:` URL that imports
# the host from the site; a `blob:` worker does not load there in Chromium.
WORKER_PAGE = re.compile(r'<script src="[^"]*assets/(?:head-[\w-]*)?page-worker\.js"')


def policy(page: str) -> str:
    """The page's Content Security Policy: CSP, plus the hash of each <style> it holds, and a
    game page whose Python runs in a worker may start it from a `data:` URL."""
    hashes = [
        "'sha256-" + base64.b64encode(hashlib.sha256(css.encode()).digest()).decode() + "'"
        for css in INLINE_STYLE.findall(page)
    ]
    found = CSP.replace("style-src 'self'", " ".join(["style-src 'self'", *hashes]))
    if WORKER_PAGE.search(page):
        found = found.replace("worker-src 'self'", "worker-src 'self' data:")
    return found


def head_tags(up: str, csp: str = CSP) -> str:
    """What every page gets right after <meta charset>; `up` leads back to the site root.
    The notice's styles are in style.css (fold_styles); offline.js is deferred, and goes at
    the end of <head> (head_end_tags), after the requests the first paint waits on."""
    return (
        f'\n  <meta http-equiv="Content-Security-Policy" content="{csp}">'
        f'\n  <link rel="manifest" href="{up}{MANIFEST}">'
        f'\n  <meta name="theme-color" content="{THEME}">'
        f'\n  <link rel="apple-touch-icon" href="{up}assets/icons/icon-192.png">'
    )


def head_end_tags(up: str) -> str:
    """What every page gets right before </head>."""
    return f'  <script src="{up}assets/offline.js" defer></script>\n'


# The "new version" notice's styles (site/assets/offline.css), served inside style.css, which
# every page links: one request fewer in every page's <head>.
OFFLINE_CSS = "assets/offline.css"
STYLE_CSS = "assets/style.css"


def fold_styles(out: Path) -> None:
    """Append offline.css to the build's style.css, and serve it no more on its own."""
    style, notice = out / STYLE_CSS, out / OFFLINE_CSS
    if not style.is_file() or not notice.is_file():
        raise SystemExit(f"the build lacks {STYLE_CSS} or {OFFLINE_CSS}")
    style.write_text(
        style.read_text(encoding="utf-8") + "\n" + notice.read_text(encoding="utf-8"),
        encoding="utf-8",
    )
    notice.unlink()


CHARSET = re.compile(r'<meta charset="utf-8">', re.IGNORECASE)
HEAD_END = re.compile(r"</head>", re.IGNORECASE)


def add_head_tags(out: Path) -> list[Path]:
    """Put head_tags() into every page of the build; return the pages."""
    pages = sorted(out.rglob("*.html"))
    for page in pages:
        text = page.read_text(encoding="utf-8")
        if "Content-Security-Policy" in text:
            raise SystemExit(f"{page} already has a CSP: the build adds it to every page")
        up = "../" * (len(page.relative_to(out).parts) - 1)
        tags = head_tags(up, policy(text))
        text, found = CHARSET.subn(lambda m, tags=tags: m.group(0) + tags, text, 1)
        if not found:
            raise SystemExit(f'{page} has no <meta charset="utf-8"> to put the CSP after')
        text, found = HEAD_END.subn(lambda m, up=up: head_end_tags(up) + m.group(0), text, 1)
        if not found:
            raise SystemExit(f"{page} has no </head>")
        page.write_text(text, encoding="utf-8")
    return pages


# ----- the service worker ------------------------------------------------------------------


def _listing(out: Path, paths: list[Path]) -> dict[str, str]:
    """URLs (relative to the root) -> SHA-256 of `paths`; a page is listed under its
    folder's URL as well ("games/x/" beside "games/x/index.html"), the address people open."""
    files = {}
    for path in paths:
        rel = path.relative_to(out).as_posix()
        sha = hashlib.sha256(path.read_bytes()).hexdigest()
        files[rel] = sha
        if path.name == "index.html":
            files[rel.removesuffix("index.html") or "./"] = sha
    return files


def _language_paths(out: Path) -> dict[str, list[Path]]:
    """Each language's set of files (its catalogue, its folder's files), by its tag."""
    sets = {}
    for catalogue in sorted((out / "locale").glob("*.mo")):
        match = CATALOGUE.fullmatch(catalogue.relative_to(out).as_posix())
        if match is None:
            continue
        folder = out / match["tag"]
        found = folder.rglob("*") if folder.is_dir() else ()
        pages = sorted(
            p
            for p in found
            if p.is_file() and not NOT_PRECACHED.fullmatch(p.relative_to(out).as_posix())
        )
        sets[match["tag"]] = [*pages, catalogue]
    return sets


def language_files(out: Path) -> dict[str, dict[str, str]]:
    """Each language's set, URL -> SHA-256, its catalogue last: the worker caches a set
    only once it has every file, and puts the catalogue in last, so that a cache holding
    the catalogue holds the whole set."""
    return {tag: _listing(out, paths) for tag, paths in _language_paths(out).items()}


def loads_pyscript(out: Path) -> bool:
    """Whether a page of the build loads PyScript (a game page running Python on the page)."""
    return any(LOADS_PYSCRIPT.search(p.read_text(encoding="utf-8")) for p in out.rglob("*.html"))


def site_files(out: Path) -> dict[str, str]:
    """Every URL of the build the worker precaches (relative to the root) -> SHA-256: all
    but the languages' sets, the worker itself, the memory snapshot, and PyScript where no
    page loads it."""
    languages = {p for paths in _language_paths(out).values() for p in paths}
    pyscript = loads_pyscript(out)

    def precached(rel: str) -> bool:
        if rel in NOT_CACHED or NOT_PRECACHED.fullmatch(rel):
            return False
        return pyscript or not PYSCRIPT_FILES.fullmatch(rel)

    return _listing(
        out,
        [
            path
            for path in sorted(out.rglob("*"))
            if path.is_file()
            and path not in languages
            and precached(path.relative_to(out).as_posix())
        ],
    )


def build_version(files: dict[str, str], worker_source: str) -> str:
    h = hashlib.sha256(worker_source.encode())
    for rel, sha in sorted(files.items()):
        h.update(f"{rel}\0{sha}\n".encode())
    return h.hexdigest()[:16]


# Where a page shows the build version (its footer); the version is computed with this
# placeholder in place, so it names the build without having to contain itself.
VERSION_STAMP = "@BUILD_VERSION@"


def stamp_version(out: Path, version: str) -> None:
    """Write the build version into every page that shows it."""
    for page in sorted(out.rglob("*.html")):
        text = page.read_text(encoding="utf-8")
        if VERSION_STAMP in text:
            page.write_text(text.replace(VERSION_STAMP, version), encoding="utf-8")


def write_worker(out: Path) -> str:
    """Write sw.js for the build in `out` (after every other file); return its version.

    The version hashes every file as built (pages with the version placeholder); the
    worker's lists have each file's hash once the pages show the version.
    """
    source = (SITE / WORKER).read_text(encoding="utf-8")
    every = site_files(out)
    for files in language_files(out).values():
        every |= files
    version = build_version(every, source)
    stamp_version(out, version)
    lists = {
        "@VERSION@": version,
        "/*@FILES@*/ {}": json.dumps(site_files(out), indent=1),
        "/*@LANGUAGES@*/ {}": json.dumps(language_files(out), indent=1),
    }
    for placeholder in lists:
        if placeholder not in source:
            raise SystemExit(f"site/{WORKER} lacks the placeholder {placeholder}")
    for placeholder, text in lists.items():
        source = source.replace(placeholder, text)
    (out / WORKER).write_text(source, encoding="utf-8")
    return version


def install(out: Path) -> str:
    """Make the build in `out` installable and usable offline; return the build version."""
    add_head_tags(out)
    fold_styles(out)
    write_icons(out)
    (out / MANIFEST).write_bytes((SITE / MANIFEST).read_bytes())
    return write_worker(out)
