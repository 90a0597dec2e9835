"""What each e2e test costs, in measures a busy machine bends little: the Python starts its
pages made (each a Web Worker: a game page's, an embed host's), the CPU seconds
of the test process and every process it started (Playwright's driver, Chromium and its
renderers, the site's server threads), beside the wall time and the load average it ran at.

`pytest e2e --costs` prints them per file at the end of the run (and per test with
`--costs=items`); with xdist each worker measures its own tests and the figures reach the
controller in the tests' reports (`user_properties`)."""

from __future__ import annotations

import os
import re
import threading
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
PROPERTY = "cost"
# A Python start is a dedicated worker a page starts (site/assets/page-worker.js,
# site/embed/embed.js: another origin's or a sandboxed frame's is a `blob:` or `data:` module
# importing the site's). Playwright does not report a worker's own workers: the snapshot a
# first visit makes in one (site/snapshot/pyodide-snapshot.mjs) is not counted.
PYTHON_WORKER = re.compile(r"python-worker\.mjs|^(blob|data):")


class CpuMeter:
    """CPU seconds (user and system) of this process, its descendants and every process in a
    session one of them started (Chromium's renderers leave their parent's tree: they are
    reparented, and their time would go to whoever reaps them). Sampled every half second
    beside the test, so that a process that ends between two reads loses at most that."""

    INTERVAL_S = 0.5

    def __init__(self) -> None:
        self.root = os.getpid()
        self.seen: dict[tuple[int, int], int] = {}  # (pid, start time) -> most ticks read
        self.lock = threading.Lock()
        threading.Thread(target=self.run, daemon=True, name="cpu-meter").start()

    def run(self) -> None:
        while True:
            time.sleep(self.INTERVAL_S)
            self.sample()

    def sample(self) -> float:
        """Read every process of the run now; the CPU seconds they have spent in all."""
        parents: dict[int, int] = {}
        sessions: dict[int, int] = {}
        ticks: dict[int, tuple[int, int]] = {}
        for entry in os.scandir("/proc"):
            if not entry.name.isdigit():
                continue
            try:
                stat = Path(entry.path, "stat").read_text()
            except OSError:  # ended meanwhile
                continue
            fields = stat[stat.rindex(")") + 2 :].split()  # from field 3, the state, on
            pid = int(entry.name)
            parents[pid], sessions[pid] = int(fields[1]), int(fields[3])
            ticks[pid] = (int(fields[19]), int(fields[11]) + int(fields[12]))  # start, u+s
        children: dict[int, list[int]] = defaultdict(list)
        for pid, parent in parents.items():
            children[parent].append(pid)
        tree, stack = set(), [self.root]
        while stack:
            pid = stack.pop()
            tree.add(pid)
            stack.extend(children.get(pid, ()))
        own = {sessions[pid] for pid in tree if pid != self.root} - {sessions.get(self.root)}
        members = tree | {pid for pid, session in sessions.items() if session in own}
        with self.lock:
            for pid in members:
                started, spent = ticks[pid]
                key = (pid, started)
                self.seen[key] = max(self.seen.get(key, 0), spent)
            return sum(self.seen.values()) / CLOCK_TICKS


@dataclass
class Started:
    wall: float
    cpu: float
    load: float
    workers: int


class Workers:
    """Every dedicated worker the pages of the session's browser contexts started."""

    def __init__(self) -> None:
        self.urls: list[str] = []

    def watch(self, page: Any) -> None:
        page.on("worker", lambda worker: self.urls.append(worker.url))


WORKERS = Workers()
STARTED = pytest.StashKey[Started]()
METERS: list[CpuMeter] = []  # one while --costs is asked for, started at the first test


def addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--costs",
        nargs="?",
        const="files",
        choices=("files", "items"),
        help="print each e2e file's (or test's) Python starts, CPU seconds, wall time and "
        "load average at the end",
    )


def start(item: pytest.Item) -> None:
    if item.config.getoption("costs", None) is None:
        return
    if not METERS:
        METERS.append(CpuMeter())
    item.stash[STARTED] = Started(
        time.monotonic(), METERS[0].sample(), os.getloadavg()[0], len(WORKERS.urls)
    )


def record(item: pytest.Item, report: pytest.TestReport) -> None:
    """Put the test's cost in its teardown report (after its fixtures have ended)."""
    started = item.stash.get(STARTED, None)
    if started is None:
        return
    urls = WORKERS.urls[started.workers :]
    report.user_properties.append(
        (
            PROPERTY,
            {
                "wall": time.monotonic() - started.wall,
                "cpu": METERS[0].sample() - started.cpu,
                "load": started.load,
                "starts": sum(1 for url in urls if PYTHON_WORKER.search(url)),
            },
        )
    )


def summary(terminalreporter: Any) -> None:
    """The table `--costs` asks for: per file (or per test), the most starts first."""
    how = terminalreporter.config.getoption("costs", None)
    if how is None:
        return
    costs = {
        report.nodeid: dict(report.user_properties)[PROPERTY]
        for reports in terminalreporter.stats.values()
        for report in reports
        if getattr(report, "when", None) == "teardown"
        and PROPERTY in dict(getattr(report, "user_properties", ()))
    }
    rows: dict[str, list[dict[str, float]]] = defaultdict(list)
    for nodeid, cost in costs.items():
        rows[nodeid if how == "items" else nodeid.split("::")[0]].append(cost)
    terminalreporter.section(f"costs per {'test' if how == 'items' else 'file'}")
    terminalreporter.write_line(
        f"{'starts':>6} {'cpu s':>7} {'wall s':>7} {'load':>5} {'tests':>5}  where"
    )
    total = defaultdict(float)
    for where, group in sorted(rows.items(), key=lambda row: -sum(c["cpu"] for c in row[1])):
        sums = {key: sum(c[key] for c in group) for key in ("starts", "cpu", "wall")}
        load = sum(c["load"] for c in group) / len(group)
        for key, value in sums.items():
            total[key] += value
        terminalreporter.write_line(
            f"{sums['starts']:6.0f} {sums['cpu']:7.1f} "
            f"{sums['wall']:7.1f} {load:5.1f} {len(group):5d}  {where}"
        )
    terminalreporter.write_line(
        f"{total['starts']:6.0f} {total['cpu']:7.1f} "
        f"{total['wall']:7.1f} {os.getloadavg()[0]:5.1f} {len(costs):5d}  in all (load now)"
    )
