"""The page benchmarks' figures: Lighthouse's report and the page's performance entries cut
to what bench/page_lighthouse.py and bench/play_latency.py print (bench/_perf_figures.py)."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from _perf_figures import (
    Phase,
    Worst,
    largest_message_task,
    lighthouse_figures,
    main_thread_cpu,
    medians,
    overall,
    worst_by_phase,
)

pytestmark = pytest.mark.no_wasm  # the benchmarks run on the host


def lighthouse_report(score: float | None, tbt: float, tasks: list[float]) -> dict[str, Any]:
    """The parts of a Lighthouse 12 JSON report the figures come from."""
    return {
        "categories": {"performance": {"score": score}},
        "audits": {
            "total-blocking-time": {"numericValue": tbt},
            "max-potential-fid": {"numericValue": 780.5},
            "largest-contentful-paint": {"numericValue": 4800.0},
            "cumulative-layout-shift": {"numericValue": 0.01},
            "total-byte-weight": {"numericValue": 4_750_000},
            "long-tasks": {
                "details": {
                    "type": "table",
                    "items": [{"url": "x.wasm", "duration": d, "startTime": 1.0} for d in tasks],
                }
            },
        },
    }


def test_lighthouse_figures_read_the_score_the_audits_and_the_long_tasks() -> None:
    figures = lighthouse_figures(lighthouse_report(0.33, 1846.0, [120.0, 1190.0, 960.0]))
    assert figures["score"] == 33
    assert figures["tbt_ms"] == 1846.0
    assert figures["max_fid_ms"] == 780.5
    assert figures["bytes"] == 4_750_000
    assert figures["longest_task_ms"] == 1190.0
    assert figures["long_tasks"] == 3


def test_a_report_without_a_score_or_long_tasks_reads_zero_and_a_missing_audit_nan() -> None:
    report = lighthouse_report(None, 0.0, [])
    del report["audits"]["long-tasks"]["details"]
    del report["audits"]["cumulative-layout-shift"]
    figures = lighthouse_figures(report)
    assert figures["score"] == 0
    assert (figures["longest_task_ms"], figures["long_tasks"]) == (0.0, 0)
    assert math.isnan(figures["cls"])


def test_medians_take_each_figure_over_the_runs() -> None:
    runs = [
        {"tbt_ms": 300.0, "score": 40},
        {"tbt_ms": 100.0, "score": 60},
        {"tbt_ms": 200.0, "score": 50},
    ]
    assert medians(runs) == {"tbt_ms": 200.0, "score": 50}


def test_entries_count_in_the_phase_they_started_in_and_the_page_start_is_left_out() -> None:
    phases = [
        Phase("play", 1000.0),
        Phase("hint", 2000.0),
        Phase("play", 2500.0),
        Phase("review", 4000.0),
    ]
    tasks = [
        [10.0, 900.0],
        [1100.0, 60.0],
        [2100.0, 140.0],
        [2600.0, 51.0],
        [4100.0, 101.0],
        [4200.0, 50.0],
    ]
    events = [
        [1500.0, 40.0, "pointerdown", 7],
        [1500.0, 48.0, "click", 7],
        [2600.0, 232.0, "click", 8],
        [3000.0, 500.0, "mouseover", 0],  # no interaction: not a press
    ]
    worst = worst_by_phase(tasks, events, phases)
    assert worst["play"] == Worst(longest_task=60.0, over_50=2, over_100=0, worst_press=232.0)
    assert worst["hint"] == Worst(longest_task=140.0, over_50=1, over_100=1)
    assert worst["review"] == Worst(longest_task=101.0, over_50=1, over_100=1)
    assert overall(worst) == Worst(longest_task=140.0, over_50=4, over_100=2, worst_press=232.0)


def test_the_main_threads_tasks_in_thread_time() -> None:
    """Only the page's main thread's top-level tasks count (not a worker's, not what runs
    inside a task), each by the time the thread ran (`tdur`, µs), not the wall time."""
    names = [(1, "CrRendererMain"), (2, "DedicatedWorker thread"), (3, "Compositor")]
    events: list[dict[str, Any]] = [
        {"name": "thread_name", "ph": "M", "pid": 7, "tid": tid, "args": {"name": name}}
        for tid, name in names
    ]
    task = "ThreadControllerImpl::RunTask"
    events += [
        {"name": task, "ph": "X", "pid": 7, "tid": 1, "ts": 0, "dur": 90_000, "tdur": 12_500},
        {"name": "Layout", "ph": "X", "pid": 7, "tid": 1, "ts": 5, "dur": 9_000, "tdur": 8_000},
        {"name": task, "ph": "X", "pid": 7, "tid": 2, "ts": 0, "dur": 500_000, "tdur": 400_000},
        {"name": task, "ph": "X", "pid": 7, "tid": 1, "ts": 100_000, "dur": 3_000, "tdur": 3_000},
    ]
    trace = json.dumps({"traceEvents": events}).encode()
    assert main_thread_cpu(trace) == [12.5, 3.0]


def test_the_task_of_the_largest_message_and_the_frame_after_it() -> None:
    """The task that handled the longest message in thread time, the style recalculation
    inside it, and the next task that renders (a task with only script in between is not
    the frame); a worker's message handling does not count."""
    names = [(1, "CrRendererMain"), (2, "DedicatedWorker thread")]
    events: list[dict[str, Any]] = [
        {"name": "thread_name", "ph": "M", "pid": 7, "tid": tid, "args": {"name": name}}
        for tid, name in names
    ]

    def ran(name: str, tid: int, ts: int, tdur: int) -> dict[str, Any]:
        return {"name": name, "ph": "X", "pid": 7, "tid": tid, "ts": ts, "dur": tdur, "tdur": tdur}

    task = "ThreadControllerImpl::RunTask"
    events += [
        ran(task, 1, 0, 20_000),
        ran("HandlePostMessage", 1, 10, 5_000),
        ran(task, 1, 30_000, 40_000),
        ran("HandlePostMessage", 1, 30_010, 39_000),
        ran("UpdateLayoutTree", 1, 40_000, 9_000),
        ran(task, 1, 80_000, 4_000),
        ran(task, 1, 90_000, 15_000),
        ran("Paint", 1, 91_000, 2_000),
        ran(task, 2, 0, 300_000),
        ran("HandlePostMessage", 2, 10, 200_000),
    ]
    trace = json.dumps({"traceEvents": events}).encode()
    assert largest_message_task(trace) == {"batch": 40.0, "batch_style": 9.0, "frame": 15.0}
