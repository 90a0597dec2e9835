"""The figures the page benchmarks print, from what the browser and Lighthouse report.

Pure functions (no browser, no files), so that tests/test_bench_figures.py checks them:
Lighthouse's JSON report cut to the figures that say whether Python holds the page, and a
page's PerformanceObserver entries (long tasks, Event Timing) cut to the worst of each phase,
and a Chromium trace cut to the main thread's tasks.
Not a benchmark itself: bench/run.py skips modules whose name starts with "_".
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

# Lighthouse audit ids and the figure each gives (its numericValue).
LIGHTHOUSE_AUDITS = {
    "tbt_ms": "total-blocking-time",
    "max_fid_ms": "max-potential-fid",
    "lcp_ms": "largest-contentful-paint",
    "cls": "cumulative-layout-shift",
    "bytes": "total-byte-weight",
}


def lighthouse_figures(report: Mapping[str, Any]) -> dict[str, float]:
    """Score (0-100), the audits above, and the longest task and count of long tasks that
    Lighthouse's `long-tasks` audit lists (at most 20 listed; its durations are simulated
    under the preset's CPU slowdown, as its Total Blocking Time is)."""
    audits = report["audits"]
    figures: dict[str, float] = {
        "score": round(100 * (report["categories"]["performance"]["score"] or 0))
    }
    for name, audit_id in LIGHTHOUSE_AUDITS.items():
        value = audits.get(audit_id, {}).get("numericValue")
        figures[name] = float("nan") if value is None else float(value)
    tasks = [float(item["duration"]) for item in long_task_items(audits)]
    figures["longest_task_ms"] = max(tasks, default=0.0)
    figures["long_tasks"] = len(tasks)
    return figures


def long_task_items(audits: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    details = audits.get("long-tasks", {}).get("details") or {}
    return [item for item in details.get("items", []) if "duration" in item]


def medians(runs: Sequence[Mapping[str, float]]) -> dict[str, float]:
    """The median of each figure over several runs of one page."""
    return {key: statistics.median(run[key] for run in runs) for key in runs[0]}


@dataclass(frozen=True)
class Phase:
    """What the page was doing from `start` (ms, the page's performance.now()) on."""

    name: str
    start: float


@dataclass(frozen=True)
class Worst:
    """The main thread's worst in one phase: the longest task, how many went over 50 and
    over 100 ms, and the longest press-to-next-paint (an interaction's Event Timing entry:
    what Interaction to Next Paint takes)."""

    longest_task: float = 0.0
    over_50: int = 0
    over_100: int = 0
    worst_press: float = 0.0

    def merge(self, other: Worst) -> Worst:
        return Worst(
            max(self.longest_task, other.longest_task),
            self.over_50 + other.over_50,
            self.over_100 + other.over_100,
            max(self.worst_press, other.worst_press),
        )


def phase_of(start: float, phases: Sequence[Phase]) -> str | None:
    """The phase an entry that started at `start` belongs to: the last one begun by then."""
    found = None
    for phase in phases:
        if phase.start <= start:
            found = phase.name
    return found


def worst_by_phase(
    tasks: Iterable[Sequence[float]],
    events: Iterable[Sequence[Any]],
    phases: Sequence[Phase],
) -> dict[str, Worst]:
    """Long tasks ([startTime, duration]) and Event Timing entries ([startTime, duration,
    name, interactionId]) summed up per phase; entries from before the first phase (the
    page's start) are left out. Only entries of an interaction (interactionId > 0: a
    press, a key) count as presses, as for Interaction to Next Paint."""
    found = {phase.name: Worst() for phase in phases}
    for start, duration in tasks:
        name = phase_of(start, phases)
        if name is not None:
            found[name] = found[name].merge(
                Worst(duration, int(duration > 50), int(duration > 100))
            )
    for start, duration, _kind, interaction in events:
        name = phase_of(start, phases)
        if name is not None and interaction:
            found[name] = found[name].merge(Worst(worst_press=duration))
    return found


def overall(worst: Mapping[str, Worst]) -> Worst:
    total = Worst()
    for one in worst.values():
        total = total.merge(one)
    return total


def main_thread_cpu(trace: bytes) -> list[float]:
    """The thread time (ms) of each task the page's main thread ran, from a Chromium trace:
    the time the thread itself ran, which the CPU throttling lengthens as a slower CPU would
    (measured here: about 4 times at rate 4) but another process's work on this busy machine
    hardly does, where it lengthens the wall time of the same task several times."""
    events = json.loads(trace)["traceEvents"]
    main = {
        (e["pid"], e["tid"])
        for e in events
        if e.get("name") == "thread_name" and e["args"].get("name") == "CrRendererMain"
    }
    ran = [e for e in events if e.get("ph") == "X" and (e["pid"], e["tid"]) in main]
    tasks = [e for e in ran if e["name"] == "ThreadControllerImpl::RunTask"]
    return [e.get("tdur", 0) / 1000 for e in tasks or [e for e in ran if e["name"] == "RunTask"]]


FRAME_WORK = {"UpdateLayoutTree", "Layout", "Paint", "PrePaint", "Commit"}


def largest_message_task(trace: bytes) -> dict[str, float]:
    """The main thread's task that handled the worker's largest message (the longest
    `HandlePostMessage` in thread time: Python's first drawing on a game page) and the next
    task that renders a frame, in thread time (ms): `batch` (the whole task), `batch_style`
    (the style recalculation forced inside it), `frame` (the task after it that lays out or
    paints). A change that only moves work from the one into the other shows here."""
    events = json.loads(trace)["traceEvents"]
    main = {
        (e["pid"], e["tid"])
        for e in events
        if e.get("name") == "thread_name" and e["args"].get("name") == "CrRendererMain"
    }
    ran = sorted(
        (e for e in events if e.get("ph") == "X" and (e["pid"], e["tid"]) in main),
        key=lambda e: e["ts"],
    )
    names = {e["name"] for e in ran}
    task_name = (
        "ThreadControllerImpl::RunTask" if "ThreadControllerImpl::RunTask" in names else "RunTask"
    )
    tasks = [e for e in ran if e["name"] == task_name]
    handled = [e for e in ran if e["name"] == "HandlePostMessage"]
    if not handled:
        return {"batch": 0.0, "batch_style": 0.0, "frame": 0.0}
    message = max(handled, key=lambda e: e.get("tdur", 0))
    inside = lambda task, e: task["ts"] <= e["ts"] < task["ts"] + task["dur"]  # noqa: E731
    task = next(t for t in tasks if inside(t, message))
    style = sum(
        e.get("tdur", 0) for e in ran if e["name"] == "UpdateLayoutTree" and inside(task, e)
    )
    later = (t for t in tasks if t["ts"] >= task["ts"] + task["dur"])
    frame = next(
        (t for t in later if any(e["name"] in FRAME_WORK and inside(t, e) for e in ran)), None
    )
    return {
        "batch": task.get("tdur", 0) / 1000,
        "batch_style": style / 1000,
        "frame": 0.0 if frame is None else frame.get("tdur", 0) / 1000,
    }
