"""Compile the message catalogues (.po, under version control) to .mo files.

On the bare system Python (the build installs nothing from PyPI), with the package's own
compiler, `py_rules.i18n.mo`. Two uses:

    make catalogues                             # each .mo beside its .po (terminal, tests)
    python3 scripts/catalogues.py --out DIR     # DIR/<lang>.mo (with the Makefile's
                                                # PYTHONPATH, as `make site` runs it)

The site's catalogues stay out of the Python bundle every page downloads: a page that
shows another language fetches that one file (`locale/<lang>.mo`) and hands it to
`py_rules.i18n.install`.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from py_rules.i18n import DOMAIN, LOCALE_DIR
from py_rules.i18n.mo import compile_po

ROOT = Path(__file__).resolve().parent.parent


def catalogues() -> dict[str, Path]:
    """Each language with a catalogue -> its .po file."""
    found = sorted(LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
    return {po.parent.parent.name: po for po in found}


def compile_all(out: Path | None = None) -> list[Path]:
    """Write every catalogue's .mo (beside its .po, or as out/<lang>.mo); the files."""
    written = []
    for language, po in catalogues().items():
        target = po.with_suffix(".mo") if out is None else out / f"{language}.mo"
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = target.with_suffix(".mo.partial")  # a reader never sees half a file
        partial.write_bytes(compile_po(po.read_text(encoding="utf-8")))
        partial.replace(target)
        written.append(target)
    return written


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, help="write <lang>.mo files here")
    for path in compile_all(parser.parse_args(argv).out):
        print(f"compiled {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")


if __name__ == "__main__":
    main()
