"""The third-party notices of the built site: the components listed on `notices.html`.

Everything listed is read from what the build copied out of `node_modules/`: each copied
file's npm package (its package.json and the license files it ships), the packages that
a copied bundle was made from (its source map, left in npm, names them and holds their
source; a jsDelivr bundle names its version in a header; a package's own
`3rd-party-licenses/` folder has their license texts), and what Pyodide's build contains
(its lock file names the CPython and Emscripten versions). Only the licenses of CPython
and Emscripten inside Pyodide are typed here, since its npm package does not ship them.
When the build copies something new, the page lists it without being told.

A package bundled into another is described by its own npm package, installed as a build
dependency at the version that was bundled: it is taken only if its files are exactly the
source the bundle's map holds (so the version shown is the one inside, not a guess). Code
that a package keeps as a port in its own sources ("Port of https://github.com/o/r") gets
the license of the npm package published from that repository. Anything that cannot be
matched so is listed as "not recorded", which the tests refuse.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from py_rules.i18n import ENGLISH, N_, Catalogue

ROOT = Path(__file__).resolve().parents[2]
NODE = ROOT / "node_modules"
PAGE = "notices.html"
LICENSE_FILE = re.compile(r"^(licen[cs]e|copying|notice)([.-].*)?$", re.IGNORECASE)
# A source path inside a package: ".../node_modules/<name>/<rest>" (scoped names have a /).
IN_NODE_MODULES = re.compile(r"^(?:.*/)?node_modules/((?:@[^/]+/)?[^/]+)/(.*)$")
# The header jsDelivr writes into the bundles it makes: "Original file: /npm/<name>@<version>/".
JSDELIVR = re.compile(r"Original file: /npm/((?:@[^/@]+/)?[^/@]+)@([^/\s]+)/")
# A re-export wrapper such as PyScript's src/3rd-party/codemirror_view.js.
REEXPORT = re.compile(r'^\s*export \* from "([^"./][^"]*)";\s*$')
# A file ported into a package's own sources names where it came from.
PORT_OF = re.compile(r"\bPort of https://github\.com/([\w.-]+)/([\w.-]+)")
NOT_RECORDED = N_("not recorded here; see its source")
NOT_DECLARED = N_("not declared")
IN_TEXT_BELOW = N_("in the license text below")
# What the license line says in our own words rather than a package's: shown translated.
OWN_LICENSE_WORDS = (NOT_RECORDED, NOT_DECLARED, IN_TEXT_BELOW)
# SPDX license identifiers in their registered spelling (SPDX matches them case-blind;
# package.json files do not always use the registered case, e.g. "APACHE-2.0").
SPDX_IDS = (
    "0BSD",
    "Apache-2.0",
    "BlueOak-1.0.0",
    "BSD-2-Clause",
    "BSD-3-Clause",
    "CC0-1.0",
    "ISC",
    "MIT",
    "MPL-2.0",
    "NCSA",
    "PSF-2.0",
    "Python-2.0",
    "Unlicense",
    "Zlib",
)
SPDX_SPELLING = {spdx.lower(): spdx for spdx in SPDX_IDS}


@dataclass
class Component:
    """One piece of third-party software in the build, as its own files describe it."""

    name: str
    version: str
    license: str
    source: str
    texts: dict[str, str] = field(default_factory=dict)  # file name -> license text
    license_url: str = ""
    inside: str = ""  # the vendored package it is bundled in ("" for a vendored package)
    # The version in our own words, when it is not the package's own: (message, its values).
    version_words: tuple[str, dict[str, str]] | None = None


def said(message: str, **values: str) -> tuple[str, tuple[str, dict[str, str]]]:
    """A phrase of ours in English (for the data and the tests), and the message and values
    that say it in the page's language."""
    return message.format(**values), (message, values)


@dataclass
class Kept:
    """Third-party code a bundle was made from, before its package is looked up."""

    name: str
    version: str = ""
    texts: dict[str, str] = field(default_factory=dict)
    npm: bool = True  # published on npm under `name` (else kept in its owner's sources)
    files: dict[str, str | None] = field(default_factory=dict)  # path in package -> source
    where: str = ""  # its folder under node_modules where it was bundled from
    port_of: str = ""  # "owner/repo" on GitHub of code ported into the owner's sources


def meta_of(folder: Path) -> dict:
    return json.loads((folder / "package.json").read_text(encoding="utf-8"))


def package_root(path: Path) -> Path | None:
    """The nearest folder at or above `path` (within node_modules) with a package.json."""
    for folder in (path, *path.parents):
        if folder == NODE or NODE not in folder.parents:
            return None
        if (folder / "package.json").is_file():
            return folder
    return None


def installed(name: str) -> Path | None:
    """Where npm installed package `name` (hoisted, or nested under another package)."""
    for candidate in (NODE / name, *sorted(NODE.glob(f"*/node_modules/{name}"))):
        if (candidate / "package.json").is_file():
            return candidate
    return None


def repository_url(meta: dict) -> str:
    repo = meta.get("repository")
    url = repo.get("url", "") if isinstance(repo, dict) else str(repo or "")
    url = re.sub(r"^git\+", "", url).removesuffix(".git")
    url = re.sub(r"^git://", "https://", url)
    if url.startswith("github:") or re.fullmatch(r"[\w.-]+/[\w.-]+", url):
        url = "https://github.com/" + url.removeprefix("github:")
    return url or meta.get("homepage", "") or f"https://www.npmjs.com/package/{meta['name']}"


def spdx_spelling(expression: str) -> str:
    """A license expression with every known SPDX identifier in its registered case."""
    return re.sub(
        r"[\w.+-]+", lambda m: SPDX_SPELLING.get(m.group(0).lower(), m.group(0)), expression
    )


def license_texts(folder: Path) -> dict[str, str]:
    return {
        p.name: p.read_text(encoding="utf-8", errors="replace").strip()
        for p in sorted(folder.iterdir())
        if p.is_file() and LICENSE_FILE.match(p.name)
    }


def npm_component(folder: Path, inside: str = "") -> Component:
    meta = meta_of(folder)
    declared = meta.get("license", "")
    if isinstance(declared, dict):
        declared = declared.get("type", "")
    texts = license_texts(folder)
    spdx = re.fullmatch(r"[A-Za-z0-9.+-]+", declared or "")
    return Component(
        name=meta["name"],
        version=meta.get("version", ""),
        license=spdx_spelling(declared) if declared else NOT_DECLARED,
        source=repository_url(meta),
        texts=texts,
        # A package that ships no license file: the standard text of the license it names.
        license_url="" if texts or not spdx else f"https://spdx.org/licenses/{declared}.html",
        inside=inside,
    )


def pyodide_contents(folder: Path, copied: set[Path]) -> list[Component]:
    """CPython and Emscripten, compiled into Pyodide; their versions from its lock file."""
    lock = folder / "pyodide-lock.json"
    if not lock.is_file():
        return []
    info = json.loads(lock.read_text(encoding="utf-8")).get("info", {})
    found = []
    if info.get("python") and folder / "pyodide.asm.wasm" in copied:
        version = info["python"]
        short = ".".join(version.split(".")[:2])
        found.append(
            Component(
                "CPython",
                version,
                "PSF-2.0",
                f"https://github.com/python/cpython/tree/v{version}",
                license_url=f"https://docs.python.org/{short}/license.html",
                inside=meta_of(folder)["name"],
            )
        )
    platform = re.fullmatch(r"emscripten_(\d+)_(\d+)_(\d+)", info.get("platform", ""))
    if platform and folder / "pyodide.asm.mjs" in copied:
        version = ".".join(platform.groups())
        found.append(
            Component(
                "Emscripten",
                version,
                "MIT OR NCSA",
                f"https://github.com/emscripten-core/emscripten/tree/{version}",
                license_url=f"https://github.com/emscripten-core/emscripten/blob/{version}/LICENSE",
                inside=meta_of(folder)["name"],
            )
        )
    return found


def map_sources(copied: Path) -> list[tuple[str, str | None]]:
    """The files a copied bundle was made from, as its source map (left in npm) names them,
    each with its source text if the map holds it."""
    source_map = copied.with_name(copied.name + ".map")
    if not source_map.is_file():
        return []
    data = json.loads(source_map.read_text(encoding="utf-8"))
    sources = list(data.get("sources", []))
    contents = list(data.get("sourcesContent") or [])
    return [(s, contents[i] if i < len(contents) else None) for i, s in enumerate(sources)]


def same_source(folder: Path, files: dict[str, str | None]) -> bool:
    """Whether the package in `folder` holds exactly these files (path -> source text)."""
    for rest, source in files.items():
        path = folder / rest
        if source is None or not path.is_file():
            return False
        if path.read_bytes().decode("utf-8", errors="replace") != source:
            return False
    return bool(files)


def bundled_install(item: Kept) -> Path | None:
    """The installed copy of a bundled package whose files are the bundled source."""
    candidates = [
        NODE / item.where,
        NODE / item.name,
        *sorted(NODE.glob(f"*/node_modules/{item.name}")),
        *sorted(NODE.glob(f"@*/*/node_modules/{item.name}")),
    ]
    for folder in dict.fromkeys(candidates):
        if (folder / "package.json").is_file() and same_source(folder, item.files):
            return folder
    return None


def ported_install(item: Kept) -> Path | None:
    """The installed npm package published from the GitHub repository a port names."""
    home = installed(item.name)
    if home is None:
        return None
    url = repository_url(meta_of(home)).lower()
    return home if url == f"https://github.com/{item.port_of}".lower() else None


def read_source(copied: Path, source: str) -> str:
    """The start of a bundle's source file: where its map says, or where npm hoisted it."""
    path = (copied.parent / source).resolve()
    match = IN_NODE_MODULES.match(source)
    if not path.is_file() and match and (home := installed(match.group(1))):
        path = home / match.group(2)
    return path.read_text(encoding="utf-8", errors="replace")[:600] if path.is_file() else ""


def kept_in_sources(owner: Path) -> dict[str, Kept]:
    """Package name -> third-party code a package keeps in its own sources, with licenses.

    PyScript keeps `src/3rd-party/<stem>.js` (a jsDelivr bundle naming its package and
    version, or a re-export of a package) with `src/3rd-party-licenses/<stem>.*.txt`.
    """
    found = {}
    for wrapper in sorted(owner.glob("**/3rd-party/*.js")):
        if "node_modules" in wrapper.relative_to(owner).parts:
            continue
        text = wrapper.read_text(encoding="utf-8", errors="replace")[:600]
        named = JSDELIVR.search(text)
        reexport = next(filter(None, map(REEXPORT.match, text.splitlines())), None)
        licenses = sorted(wrapper.parent.parent.glob(f"3rd-party-licenses/{wrapper.stem}.*"))
        name = named.group(1) if named else reexport.group(1) if reexport else wrapper.stem
        found[f"3rd-party/{wrapper.name}"] = Kept(
            name,
            named.group(2) if named else "",
            {p.name: p.read_text(encoding="utf-8").strip() for p in licenses},
            npm=bool(named or reexport),
        )
    return found


def kept_in_bundles(owner: Path, files: Iterable[Path]) -> dict[str, Kept]:
    """Name -> third-party code that the copied bundles of package `owner` were made from.

    A source under `node_modules/<name>/` is package <name> (or, if it is a jsDelivr
    bundle, the package its header names); `vendor/<name>/` and `3rd-party/<file>` are
    kept in the owner's own sources.
    """
    wrappers = kept_in_sources(owner)
    licensed = {k.name: k.texts for k in wrappers.values() if k.texts}
    found: dict[str, Kept] = {}
    for copied in files:
        for source, content in map_sources(copied):
            match = IN_NODE_MODULES.match(source)
            named = JSDELIVR.search(read_source(copied, source)) if match else None
            wrapper = re.search(r"3rd-party/[^/]+$", source)
            vendor = re.search(r"(?:^|/)vendor/([^/]+)/", source)
            port = PORT_OF.search(content or "")
            if named:
                kept = Kept(named.group(1), named.group(2))
            elif match:
                where = source.split("node_modules/", 1)[1].removesuffix("/" + match.group(2))
                kept = Kept(match.group(1), where=where)
                kept.files[match.group(2)] = content
            elif wrapper and wrapper.group(0) in wrappers:
                kept = wrappers[wrapper.group(0)]
            elif port:
                kept = Kept(port.group(2), npm=False, port_of=f"{port.group(1)}/{port.group(2)}")
            elif vendor:
                kept = Kept(vendor.group(1), npm=False)
            else:
                continue  # the owner's own code
            item = found.setdefault(kept.where or kept.name, kept)
            item.version = item.version or kept.version
            item.texts = item.texts or kept.texts or licensed.get(kept.name, {})
            item.files.update(kept.files)
    return found


def described_by(item: Kept) -> Path | None:
    """The installed npm package that describes bundled code `item`, or None: for a port,
    the package of the repository it names; for source that the map holds, the package
    with exactly that source; for a jsDelivr bundle, the package of the version it names."""
    if item.port_of:
        return ported_install(item)
    if item.files:
        return bundled_install(item)
    home = installed(item.name) if item.version else None
    return home if home is not None and meta_of(home).get("version") == item.version else None


def bundled_components(owner: Path, files: Iterable[Path]) -> list[Component]:
    """What the copied bundles of package `owner` contain from other packages.

    Each is described by its own installed npm package where one matches (`described_by`);
    otherwise the version is the one the bundle names or the range the owner declares, and
    the license texts are the owner's copies, if it keeps any.
    """
    meta = meta_of(owner)
    inside = meta["name"]
    found: dict[tuple[str, str], Component] = {}
    for item in sorted(kept_in_bundles(owner, files).values(), key=lambda k: k.name):
        name = item.name
        if name == inside:
            continue
        home = described_by(item)
        if home is not None:
            component = npm_component(home, inside)
            if item.port_of:
                component.version, component.version_words = said(
                    N_("ported into {inside}; license of {version}"),
                    inside=inside,
                    version=component.version,
                )
            found[(name, component.version)] = component
            continue
        version, words = item.version or declared_range(meta, name), None
        if not version:
            version, words = said(N_("as bundled in {inside}"), inside=inside)
        npm = f"https://www.npmjs.com/package/{name}"
        found[(name, version)] = Component(
            name,
            version,
            IN_TEXT_BELOW if item.texts else NOT_RECORDED,
            (f"{npm}/v/{item.version}" if item.version else npm)
            if item.npm
            else repository_url(meta),
            texts=item.texts,
            inside=inside,
            version_words=words,
        )
    return list(found.values())


def declared_range(meta: dict, name: str) -> str:
    """The version range package `meta` asks for `name`, if it names it at all."""
    for key in ("dependencies", "devDependencies", "optionalDependencies"):
        if name in meta.get(key, {}):
            return meta[key][name]
    return ""


def components(copied: Iterable[Path]) -> list[Component]:
    """Every third-party component in a build that copied the files `copied` from npm."""
    by_owner: dict[Path, list[Path]] = {}
    for path in copied:
        owner = package_root(path.resolve().parent)
        if owner is not None:
            by_owner.setdefault(owner, []).append(path.resolve())
    found = []
    for owner, files in sorted(by_owner.items()):
        found.append(npm_component(owner))
        found += pyodide_contents(owner, set(files))
        found += bundled_components(owner, files)
    return found


# ----- the page ----------------------------------------------------------------------------


def anchor(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def version_html(c: Component, tr: Catalogue) -> str:
    """The version, or our words about it with the package's names kept as they are."""
    if c.version_words is None:
        return html.escape(c.version)
    message, values = c.version_words
    kept = {k: f'<span translate="no">{html.escape(str(v))}</span>' for k, v in values.items()}
    return html.escape(tr.gettext(message)).format(**kept)


def license_text(c: Component, tr: Catalogue) -> str:
    return tr.gettext(c.license) if c.license in OWN_LICENSE_WORDS else c.license


def component_html(c: Component, tr: Catalogue, key: str = "") -> str:
    """One component's section, our words in the language of `tr` (its name, version,
    license and texts as the package gives them); `key` (default: from its name) is its id
    on the page."""
    e = html.escape
    # Names, license identifiers, addresses and file names are the package's own: no
    # translation (nor a browser's translator) changes them.
    keep = "" if c.license in OWN_LICENSE_WORDS else ' translate="no"'
    licence = f"<strong{keep}>{e(license_text(c, tr))}</strong>"
    if c.license_url:
        link = e(tr.gettext("license text"))
        licence += f' (<a href="{e(c.license_url)}">{link}</a>)'
    texts = "".join(
        f'<details><summary translate="no">{e(name)}</summary><pre>{e(text)}</pre></details>'
        for name, text in c.texts.items()
    )
    key = key or anchor(c.name)
    version = f'<span class="notice-version">{version_html(c, tr)}</span>'
    source = f'<a href="{e(c.source)}" translate="no">{e(c.source)}</a>'
    line = e(tr.gettext("License: {license}. Source: {source}")).format(
        license=licence, source=source
    )
    return (
        f'<section class="notice" id="{key}" aria-labelledby="{key}-h">'
        f'<h3 id="{key}-h"><span translate="no">{e(c.name)}</span> {version}</h3>'
        f"<p>{line}</p>{texts}</section>"
    )


def sections_html(found: list[Component], tr: Catalogue = ENGLISH) -> str:
    """One section per vendored package, followed by what it has inside, our words in the
    language of `tr`."""
    parts = []
    names = [c.name for c in found]
    # Two versions of one package (bundled from two places) get ids with their versions.
    key = {
        id(c): anchor(c.name if names.count(c.name) == 1 else f"{c.name}-{c.version}")
        for c in found
    }
    for top in (c for c in found if not c.inside):
        inner = [c for c in found if c.inside == top.name]
        parts.append('<div class="panel notices-package">')
        parts.append(component_html(top, tr, key[id(top)]))
        if inner:
            name = f'<span translate="no">{html.escape(top.name)}</span>'
            inside = html.escape(tr.gettext("Inside {name}")).format(name=name)
            parts.append(f"<h4>{inside}</h4>")
            parts.extend(component_html(c, tr, key[id(c)]) for c in inner)
        parts.append("</div>")
    return "\n".join(parts)


def own_license_html() -> str:
    """The site's own LICENSE, as written: a license is never translated."""
    return html.escape((ROOT / "LICENSE").read_text(encoding="utf-8").strip())
