"""The command line: `replay` JSON for every game, errors, --help.

Most tests call `cli.main` in process (they also run inside Pyodide); the few marked
no_wasm run `python -m py_rules` as a real subprocess, the way scripts use it.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from commands import run_py_rules
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import every_game

import py_rules
from py_rules import GAMES
from py_rules.engine.solving import solves_quickly
from py_rules.terminal import cli

REPO = Path(__file__).resolve().parent.parent
MENDED_NUMBER_CIRCLE = ["2+", "9+", "3+", "8-", "4+", "7+", "5+", "6+", "6-", "5-", "7+"]
KEYS = {"game", "options", "moves", "over", "winner", "draw", "to_move", "legal"}


def replay(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = cli.main(["replay", *args])
    out, err = capsys.readouterr()
    return status, out, err


def report(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    status, out, err = replay(capsys, *args)
    assert (status, err) == (0, "")
    assert out.count("\n") == 1  # one JSON object on one line
    return json.loads(out)


# Each game: arguments, then fields the JSON must have.
REPLAYS: dict[str, tuple[list[str], dict[str, Any]]] = every_game(
    {
        "circle-duel": (
            ["--seed", "1", "4", "5"],
            {"over": False, "winner": None, "to_move": 1, "legal": ["6"], "moves": ["4", "5"]},
        ),
        "number-circle": (
            ["--seed", "1", *MENDED_NUMBER_CIRCLE],
            {"over": True, "winner": 1, "draw": False, "to_move": None, "legal": []},
        ),
        "sequence-duel": (
            ["--size", "5", "--first", "2", "--seed", "1", "3", "1", "5"],
            {"over": True, "winner": 2, "to_move": None, "legal": [], "moves": ["3", "1", "5"]},
        ),
        "digit-chain": (
            ["--seed", "1", "--pool", "30", "--no-tens", "26"],
            {"over": False, "to_move": 2, "legal": ["6"], "moves": ["26"]},
        ),
        "number-duel": (
            ["--numbers", "3", "--order1", "1,2,3", "--order2", "3,1,2", "--seed", "1", "3@1"],
            {"over": False, "to_move": 2, "remaining": {"1": [1, 2], "2": [1, 2]}},  # a tie
        ),
        "take-away": (
            ["--pile", "5", "--most", "2", "--seed", "1", "2", "2"],
            {"over": False, "legal": ["1"], "moves": ["2", "2"]},
        ),
    }
)


@pytest.mark.parametrize("slug", list(REPLAYS))
def test_replay_prints_the_position_as_json(slug: str, capsys: pytest.CaptureFixture[str]) -> None:
    args, expected = REPLAYS[slug]
    data = report(capsys, slug, *args)
    hidden = GAMES[slug].has_hidden_information  # each player's numbers left are public
    assert set(data) == KEYS | ({"remaining"} if hidden else set())
    assert data["game"] == slug and data["options"]["seed"] == 1
    for key, value in expected.items():
        assert data[key] == value, key


def test_replay_fields_in_detail(capsys: pytest.CaptureFixture[str]) -> None:
    data = report(capsys, "digit-chain", "--pool", "30", "--seed", "9", "12")
    assert data["legal"] == ["2", "20", "21", "22", "23", "24", "25", "26", "27", "28", "29"]
    assert data["options"] == {"first": 1, "pool": 30, "no_tens": False, "seed": 9}
    data = report(capsys, "number-circle", "--target", "random", "--seed", "5", "--first", "2")
    assert 10 <= data["options"]["target"] <= 20 and data["to_move"] == 2
    assert data["legal"] == ["2+", "2-", "9+", "9-"]
    data = report(capsys, "number-duel", "--numbers", "3", "--order1", "1,2,3", "--order2",
                  "1,2,3", "1@1", "2@2", "3@3")  # fmt: skip
    assert (data["over"], data["draw"], data["winner"]) == (True, True, None)
    assert data["remaining"] == {"1": [], "2": []}


def test_replay_with_no_moves_lists_every_opening(capsys: pytest.CaptureFixture[str]) -> None:
    data = report(capsys, "circle-duel", "--size", "12")
    assert data["legal"] == [str(n) for n in range(1, 13)] and data["moves"] == []


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["circle-duel", "4", "7"], "move 2 ('7') is illegal: You must select a number adjacent"),
        (["sequence-duel", "10", "11"], "move 2 ('11') is illegal: 11 is adjacent to Player 1's"),
        (["digit-chain", "26", "19"], "move 2 ('19') is illegal: Your number must start with 6"),
        (["number-circle", "2+", "9+", "1+"], "move 3 ('1+') is illegal: No backtracking"),
        (
            ["number-duel", "--order1", "1,2,3,4,5", "--order2", "5,4,3,2,1", "1@1", "1@2", "1@1"],
            "move 3 ('1@1') is illegal: Your 1 has already been used or eliminated.",
        ),
        (["number-duel", "--order1", "1,2,3,4,5", "1@1", "1@1"], "move 2 ('1@1') is illegal: "),
        (["circle-duel", "four"], "move 1 ('four') is illegal: 'four' is not a number."),
    ],
)
def test_an_illegal_move_is_named_on_stderr_with_status_2(
    args: list[str], expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = replay(capsys, *args)
    assert status == 2
    assert out == ""
    assert err.startswith("python -m py_rules: error: ") and expected in err
    assert err.count("\n") == 1


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["replay", "circle-duel", "--size", "99"], "size must be between 3 and 40, not 99"),
        (["replay", "circle-duel", "--size", "x"], "size must be a whole number"),
        (["replay", "circle-duel", "--size=--5"], "size must be a whole number, not '--5'"),
        (["replay", "number-circle", "--target=+-12"], "target must be a whole number"),
        (["replay", "number-duel", "--numbers=5-"], "numbers must be a whole number"),
        (["replay", "circle-duel", "--first=-1-"], "first must be a whole number"),
        (["solve", "circle-duel", "--seed=--5"], "seed must be a whole number"),
        (["replay", "number-circle", "--target", "9"], "target must be between 10 and 20"),
        (["replay", "sequence-duel", "--first", "3"], "first must be between 1 and 2"),
        (["replay", "digit-chain", "--pool", "100"], "pool must be between 10 and 99"),
        (["replay", "number-duel", "--numbers", "10"], "numbers must be between 3 and 9"),
        (["replay", "number-duel", "--order1", "1,1,2,3,4"], "order1 must list each of"),
        (["replay", "circle-duel", "--seed", "-1"], "seed must be between 0 and"),
        (["replay", "circle-duel", "--bogus"], "unrecognized arguments: --bogus"),
        (["replay", "circle-duel", "--no-tens"], "unrecognized arguments: --no-tens"),
        (["replay", "chess"], "unknown game 'chess'"),
        (["replay"], "name a game: circle-duel, number-circle"),
        (["frob", "circle-duel"], "unknown command 'frob'"),
        (["f" * 99, "circle-duel"], f"unknown command '{'f' * 40}'...; commands"),
        (["replay", "g" * 99], f"unknown game '{'g' * 40}'...; games"),
        (["play", "circle-duel", "--name1", "x" * 25], "longer than 24 characters"),
        (["play", "number-circle", "--target"], "expected one argument"),
    ],
)
def test_bad_options_are_one_line_on_stderr_with_status_2(
    argv: list[str], expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status = cli.main(argv)
    out, err = capsys.readouterr()
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and expected in err


@settings(max_examples=60)
@given(
    flag=st.sampled_from(["--size", "--first", "--seed"]),
    value=st.text(st.characters(exclude_categories=["Cs"]), max_size=24)
    | st.from_regex(r"[+-]{0,3}[0-9]{0,22}", fullmatch=True),
)
def test_any_option_text_gives_status_0_or_one_line_and_status_2(flag: str, value: str) -> None:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = cli.main(["replay", "circle-duel", f"{flag}={value}"])
    if status == 0:
        assert json.loads(out.getvalue())["game"] == "circle-duel" and err.getvalue() == ""
    else:
        assert status == 2 and out.getvalue() == ""
        assert err.getvalue().count("\n") == 1 and flag[2:] in err.getvalue()


def test_help_lists_commands_and_games(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in ([], ["--help"], ["-h"], ["play", "--help"]):
        assert cli.main(argv) == 0
        out = capsys.readouterr().out
        assert out.startswith("usage: python -m py_rules COMMAND GAME")
        assert all(slug in out for slug in GAMES) and "replay" in out


@pytest.mark.parametrize(
    ("slug", "flags"),
    [
        ("circle-duel", ["--size"]),
        ("number-circle", ["--target", "--no-negative"]),
        ("sequence-duel", ["--size"]),
        ("digit-chain", ["--pool", "--no-tens"]),
        ("number-duel", ["--numbers", "--order1", "--order2"]),
    ],
)
def test_a_games_help_lists_its_options(
    slug: str, flags: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["play", slug, "--help"]) == 0
    out = capsys.readouterr().out
    for flag in [*flags, "--first", "--seed", "--name1", "--name2"]:
        assert flag in out


# ----- as a real command (subprocesses: not inside Pyodide) ---------------------------


def command(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return run_py_rules(*args, stdin=stdin)


@pytest.mark.no_wasm
def test_the_command_replays_and_refuses() -> None:
    done = command("replay", "circle-duel", "--seed", "3", "4")
    assert done.returncode == 0 and done.stderr == ""
    assert json.loads(done.stdout)["legal"] == ["3", "5"]
    done = command("replay", "circle-duel", "4", "4")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (
        "python -m py_rules: error: move 2 ('4') is illegal: 4 has already been selected.\n"
    )
    done = command("replay", "circle-duel", "--size", "2")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "size must be between 3 and 40" in done.stderr
    done = command("replay", "circle-duel", "--size=--5")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == "python -m py_rules: error: size must be a whole number, not '--5'\n"


@pytest.mark.no_wasm
def test_the_terminal_game_with_piped_input_echoes_answers_and_stops_at_eof() -> None:
    done = command("play", "circle-duel", stdin="4\n4\n5\n")
    assert done.returncode == 0 and done.stderr == ""
    assert "Select a number: 4\n4 has already been selected.\nSelect a number: 5\n" in done.stdout
    assert done.stdout.endswith("End of input: the game is abandoned.\n")


# The number of the `read` system call (/proc/<pid>/syscall's first field while a process
# waits in it), by machine.
READ_SYSCALL = {"x86_64": "0", "aarch64": "63"}


def wait_until_reading(pid: int) -> None:
    """Return once the process `pid` waits in `read` (its input), polled from /proc."""
    number = READ_SYSCALL[os.uname().machine]
    deadline = time.monotonic() + 60
    while Path(f"/proc/{pid}/syscall").read_text().split()[0] != number:
        assert time.monotonic() < deadline, "the program never read its input"
        time.sleep(0.005)


def _default_interrupt() -> None:
    """Ctrl-C's default action in the program, whatever this test was started under: a shell
    starts a background job with SIGINT ignored, and Python keeps an ignored SIGINT ignored."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.no_wasm
def test_ctrl_c_at_a_prompt_ends_with_status_130_and_no_traceback() -> None:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    with subprocess.Popen(
        [sys.executable, "-m", "py_rules", "play", "digit-chain"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=REPO,
        env=env,
        preexec_fn=_default_interrupt,
    ) as process:
        assert process.stdout is not None and process.stdin is not None
        seen = ""
        while not seen.endswith("Select any number from the pool: "):
            char = process.stdout.read(1)
            assert char, seen  # the prompt must come before the output ends
            seen += char
        # A signal that comes after the prompt but before the program reads would set
        # Python's flag and leave the read waiting: wait until it reads, as a person's Ctrl-C
        # comes to a program waiting for their answer.
        wait_until_reading(process.pid)
        process.send_signal(signal.SIGINT)
        # Wait with stdin still open, as a terminal's is: communicate() would close it, and
        # an end of input that wins the race with the signal ends the game as piped input
        # does (status 0). What it prints after the prompt is a line, far below a pipe's
        # buffer, so waiting before reading cannot block it.
        process.wait(timeout=60)
        out = process.stdout.read()
        err = process.stderr.read() if process.stderr else ""
    assert process.returncode == 130
    assert "Traceback" not in err and err == ""
    assert out.endswith("\nInterrupted: the game is abandoned.\n")


# ----- solve: a position too big to solve quickly ----------------------------------------

SLOW = "python -m py_rules: this position is too big to solve quickly and may take a long time"


@pytest.mark.no_wasm
def test_solve_says_up_front_when_it_will_take_long_and_keeps_a_budget() -> None:
    done = command("solve", "sequence-duel", "--size", "60", "--budget", "1")
    assert done.returncode == cli.EXIT_GAVE_UP and done.stdout == ""
    assert done.stderr == (
        f"{SLOW}; it stops after 1 s (--budget).\n"
        "python -m py_rules: not solved within 1 s (--budget).\n"
    )
    done = command("solve", "sequence-duel", "--size", "12", "--budget", "30")
    assert done.returncode == 0 and done.stderr == ""  # quick: not a word
    assert json.loads(done.stdout)["value"] == "win"


@pytest.mark.no_wasm
def test_ctrl_c_during_a_long_solve_exits_130_without_a_traceback() -> None:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    with subprocess.Popen(
        [sys.executable, "-m", "py_rules", "solve", "number-duel", "--numbers", "9"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=REPO,
        env=env,
        preexec_fn=_default_interrupt,
    ) as process:
        assert process.stderr is not None
        warning = process.stderr.readline()  # said before the long search starts
        assert warning == f"{SLOW}; press Ctrl-C to stop, or give --budget SECONDS.\n"
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
    assert process.returncode == 130 and out == ""
    assert err == "python -m py_rules: interrupted.\n"


@pytest.mark.parametrize("value", ["0", "-1", "x", "1e9", "9" * 50])
def test_a_bad_budget_is_refused_in_one_line(
    value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["solve", "circle-duel", f"--budget={value}"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "give a number of seconds such as 30" in err


@pytest.mark.parametrize(
    ("slug", "options", "quick"),
    [
        ("sequence-duel", {"size": 12}, True),
        ("sequence-duel", {"size": 60}, False),
        ("number-duel", {"numbers": 5}, True),
        ("number-duel", {"numbers": 9}, False),
        ("circle-duel", {"size": 40}, True),
        ("digit-chain", {}, True),
    ],
)
def test_solves_quickly_tells_the_long_solves_apart(
    slug: str, options: dict[str, Any], quick: bool
) -> None:
    assert solves_quickly(py_rules.new_game(slug, options)) is quick
