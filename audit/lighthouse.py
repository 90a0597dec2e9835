"""Lighthouse's accessibility, best-practices and SEO audits on every built page (`make audit`).

Lighthouse 12.2.3 (npm, pinned in audit/package-lock.json, installed by `make audit` apart
from the build's and the tests' packages: 12.2.3 is the last release that installs on
Node.js 20) runs in Debian's Chromium (scripts/browsers/lighthouse_run.py, the command line
`make bench` runs too: the tests' flags, and every request that is not for loopback
refused) against `_site/` served with GitHub Pages' rules (scripts/serve/site_server.py),
one page after another, mobile settings (Lighthouse's default). It prints each page's
three scores and every audit that lost points, keeps the JSON reports in `.build/audit/`,
and fails if a score is under 100. Performance is `make bench`'s.

    .venv/bin/python audit/lighthouse.py                 # every page, every language
    .venv/bin/python audit/lighthouse.py --lang en es    # those languages only
    .venv/bin/python audit/lighthouse.py --page teach/   # pages whose path contains this
    .venv/bin/python audit/lighthouse.py --site /tmp/copy  # another build (a copy of _site)
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from chromium import CHROMIUM_MISSING, find_chromium
from lighthouse_run import LIGHTHOUSE, ROOT, lighthouse
from site_server import SITE_DIR, start_server

REPORTS = ROOT / ".build" / "audit"
CATEGORIES = ("accessibility", "best-practices", "seo")
TARGET = 100


def pages(site: Path, languages: list[str] | None, part: str | None) -> list[str]:
    """Every built page's address from the site's root (a folder's index.html as its folder),
    third-party files left out."""
    found = []
    for path in sorted(site.rglob("*.html")):
        rel = path.relative_to(site).as_posix()
        if rel.startswith("vendor/"):
            continue
        first = rel.split("/", 1)[0]
        # Every language but English has its own folder with the whole site inside.
        language = first if (site / first / "games").is_dir() else "en"
        if languages and language not in languages:
            continue
        address = rel.removesuffix("index.html")
        if part is None or part in address:
            found.append(address)
    return found


def lost_points(result: dict[str, object]) -> list[str]:
    """Each audit of the three categories that counts and did not pass, with its summary."""
    audits = result["audits"]
    categories = result["categories"]
    assert isinstance(audits, dict) and isinstance(categories, dict)
    lines = []
    for name in CATEGORIES:
        for ref in categories[name]["auditRefs"]:
            found = audits[ref["id"]]
            if ref["weight"] > 0 and found["score"] is not None and found["score"] < 1:
                lines.append(f"{name}: {ref['id']}: {found.get('displayValue') or found['title']}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lang", nargs="+", help="only these languages' pages (en, es, ...)")
    parser.add_argument("--page", help="only pages whose address contains this")
    parser.add_argument("--site", type=Path, default=SITE_DIR, help="a built site (_site/)")
    args = parser.parse_args(argv)
    chromium = find_chromium()
    if chromium is None:
        print(CHROMIUM_MISSING, file=sys.stderr)
        return 2
    if not LIGHTHOUSE.exists():
        print("Lighthouse is not installed: run `make audit`", file=sys.stderr)
        return 2
    REPORTS.mkdir(parents=True, exist_ok=True)
    server, base = start_server(args.site)
    below = 0
    started = time.monotonic()
    try:
        chosen = pages(args.site, args.lang, args.page)
        print(f"{'page':44} " + " ".join(f"{c:>14}" for c in CATEGORIES), flush=True)
        for address in chosen:
            report = REPORTS / ((address.strip("/").replace("/", "_") or "home") + ".json")
            result = lighthouse(chromium, base + address, report, CATEGORIES)
            categories = result["categories"]
            assert isinstance(categories, dict)
            scores = [round(100 * (categories[c]["score"] or 0)) for c in CATEGORIES]
            print(f"{address or '/':44} " + " ".join(f"{s:>14}" for s in scores), flush=True)
            if min(scores) < TARGET:
                below += 1
                for line in lost_points(result):
                    print(f"    {line}", flush=True)
    finally:
        server.shutdown()
    print(
        f"{len(chosen)} pages in {time.monotonic() - started:.0f} s; "
        f"{below} under {TARGET} in a category; reports in {REPORTS.relative_to(ROOT)}/"
    )
    return 1 if below else 0


if __name__ == "__main__":
    sys.exit(main())
