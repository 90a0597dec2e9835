"""The GitHub Pages workflow (.github/workflows/pages.yml): least privilege, actions
pinned to full commits, a maintained Node.js LTS.

Read as text, by indentation (the file is plain block YAML): no YAML library needed.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.no_wasm  # reads the workflow file: no Python code of the page runs

WORKFLOW = Path(__file__).resolve().parent.parent / ".github" / "workflows" / "pages.yml"
MAINTAINED_NODE_LTS = {"22", "24"}  # Node.js 20 reached its end of life in April 2026
USES = re.compile(r"^\s*(?:- )?uses:\s*(\S+)(.*)$")
PINNED = re.compile(r"^[\w.-]+/[\w.-]+@[0-9a-f]{40}$")
VERSION_COMMENT = re.compile(r"^\s+# v\d+\.\d+\.\d+$")


def lines() -> list[str]:
    return [line for line in WORKFLOW.read_text().splitlines() if line.strip()]


def block(key: str, indent: int, within: list[str] | None = None) -> list[str]:
    """The lines under `key:` at `indent` spaces (those indented deeper, up to the next)."""
    source = lines() if within is None else within
    start = next(i for i, line in enumerate(source) if line == " " * indent + key + ":")
    body = []
    for line in source[start + 1 :]:
        if len(line) - len(line.lstrip()) <= indent and not line.lstrip().startswith("#"):
            break
        body.append(line)
    return body


def permissions(within: list[str], indent: int) -> dict[str, str]:
    if not any(line == " " * indent + "permissions:" for line in within):
        return {}
    entries = block("permissions", indent, within)
    return dict(line.strip().split(": ", 1) for line in entries if not line.strip().startswith("#"))


def test_only_the_deploy_job_may_write_to_pages_or_get_a_token() -> None:
    assert permissions(lines(), 0) == {"contents": "read"}
    jobs = block("jobs", 0)
    assert permissions(block("deploy", 2, jobs), 4) == {"pages": "write", "id-token": "write"}
    assert permissions(block("build", 2, jobs), 4) == {}
    text = WORKFLOW.read_text()
    assert text.count("pages: write") == 1 and text.count("id-token: write") == 1


def test_every_action_is_pinned_to_a_full_commit_with_its_release_in_a_comment() -> None:
    used = [USES.match(line) for line in lines() if USES.match(line)]
    assert len(used) == 6
    for match in used:
        action, rest = match.groups()
        assert PINNED.match(action), f"{action} is not pinned to a full commit"
        assert VERSION_COMMENT.match(rest), f"{action}: no '# vX.Y.Z' comment"
    names = {match.group(1).split("@")[0] for match in used}
    assert names == {
        "actions/checkout",
        "actions/setup-python",
        "actions/setup-node",
        "actions/configure-pages",
        "actions/upload-pages-artifact",
        "actions/deploy-pages",
    }


def test_node_is_a_maintained_lts_line() -> None:
    versions = re.findall(r'node-version:\s*"?(\d+)"?', WORKFLOW.read_text())
    assert versions and set(versions) <= MAINTAINED_NODE_LTS, versions
