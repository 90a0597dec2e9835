"""Today's build beside the one measured: a git commit's site, built once and kept by commit.

The page benchmarks (page_lighthouse, play_latency) measure the site in `_site/` and, in the
same run and interleaved with it, the site of another commit (`--baseline REF`, by default
the commit main was at before Python moved off the main thread). That commit's files are
taken with `git archive` into a cache folder outside the repository
($XDG_CACHE_HOME/number-duels-bench/<commit>/, else ~/.cache/...) and built there with its own
`make site`; its npm packages are this worktree's when the two lock files are the same, else
its own `npm ci`. A finished build is reused by every later run.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# main before the pages' Python moved into a Web Worker.
DEFAULT_BASELINE = "16af234"
CACHE = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "number-duels-bench"


def add_baseline_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--baseline",
        default=DEFAULT_BASELINE,
        help=f"a git ref whose build is measured beside _site/, or none ({DEFAULT_BASELINE})",
    )


def commit_of(ref: str) -> str:
    found = subprocess.run(
        ["git", "rev-parse", "--verify", f"{ref}^{{commit}}"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    if found.returncode:
        raise SystemExit(f"--baseline {ref}: not a commit here ({found.stderr.strip()})")
    return found.stdout.strip()


def baseline_site(ref: str | None) -> tuple[str, Path] | None:
    """(short commit, its built _site) for `ref`, building it on first use; None for none."""
    if ref is None or ref.lower() == "none":
        return None
    commit = commit_of(ref)
    folder = CACHE / commit
    site = folder / "_site"
    done = folder / ".built"
    if not done.exists():
        build(commit, folder)
        done.touch()
    return commit[:7], site


def linked(source: str, target: str) -> None:
    """A hard link to `source` (no bytes copied), or a copy on another file system."""
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)


def build(commit: str, folder: Path) -> None:
    print(f"building the baseline {commit[:7]} in {folder} (once)", file=sys.stderr, flush=True)
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    archive = subprocess.run(
        ["git", "archive", "--format=tar", commit], cwd=ROOT, capture_output=True, check=True
    )
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive.stdout, check=True)
    lock = "package-lock.json"
    same_packages = (folder / lock).read_bytes() == (ROOT / lock).read_bytes()
    if same_packages and (ROOT / "node_modules" / ".build-installed").exists():
        # Linked file by file, never the folder itself: an `npm ci` there (the older
        # Makefile's idea of what is out of date) empties node_modules before it installs,
        # which through a link to the folder emptied this checkout's own.
        shutil.copytree(
            ROOT / "node_modules", folder / "node_modules", symlinks=True, copy_function=linked
        )
    log = folder / "build.log"
    with log.open("w") as out:
        made = subprocess.run(
            ["make", "site"],
            cwd=folder,
            stdout=out,
            stderr=subprocess.STDOUT,
            check=False,
        )
    if made.returncode or not (folder / "_site" / "index.html").is_file():
        raise SystemExit(f"the baseline {commit[:7]} did not build: see {log}")
