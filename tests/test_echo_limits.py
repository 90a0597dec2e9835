"""Every message repeats at most MAX_ECHO characters of what someone typed, escaped.

Wherever input comes from (a command line, a move typed at the terminal or in the
page, an option in a page address, a saved game or a link), the message that refuses it
quotes it through `errors.quoted`: no long text can pass itself off as the message,
and no control or escape character reaches a terminal or a page.
"""

from __future__ import annotations

import contextlib
import io
import unicodedata
from collections.abc import Callable

import pytest
from app import settings as page_settings
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import SLUGS

from py_rules import GAMES, RulesError, new_game
from py_rules.play.session import Session
from py_rules.rules.core import UNSHOWABLE
from py_rules.rules.errors import MAX_ECHO
from py_rules.rules.options import OrderOption
from py_rules.terminal import cli
from py_rules.terminal.loop import play_in_terminal

# Long input, with control, escape, bidi and line-separator characters mixed in.
LONG = st.text(
    st.one_of(st.characters(), st.sampled_from("\x1b[31m\x07\u202e\u2028\x00,@+-")),
    min_size=MAX_ECHO + 1,
    max_size=400,
)


def assert_echo_limited(message: str, typed: str) -> None:
    """No more than MAX_ECHO characters of `typed` in a row, and nothing unshowable
    (but the line breaks of a transcript)."""
    lines = message.split("\n")
    assert not [ch for ch in "".join(lines) if unicodedata.category(ch) in UNSHOWABLE], message
    for start in range(len(typed) - MAX_ECHO):
        assert typed[start : start + MAX_ECHO + 1] not in message, message


def cli_message(argv: list[str]) -> str:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = cli.main(argv)
    out, err = out.getvalue(), err.getvalue()
    assert status == 2 and out == "", (status, out)
    assert err.count("\n") == 1  # one line
    return err


def command_lines(slug: str, typed: str) -> list[list[str]]:
    """Command lines that give `typed` somewhere a message might repeat it."""
    lines = [
        ["replay", slug, typed],
        ["replay", slug, "--" + typed],
        ["replay", typed],
        [typed, slug],
        ["play", slug, "--vs", typed],
    ]
    for spec in GAMES[slug].option_specs:
        lines.append(["replay", slug, f"--{spec.name.replace('_', '-')}", typed])
    return lines


@settings(max_examples=40, deadline=None)
@given(slug=st.sampled_from(SLUGS), typed=LONG)
def test_the_command_line_echoes_at_most_the_limit(slug: str, typed: str) -> None:
    for argv in command_lines(slug, typed):
        assert_echo_limited(cli_message(argv), typed)


@given(numbers=st.lists(st.integers(-(10**6), 10**6), min_size=12, max_size=3000))
def test_a_long_order_list_is_not_repeated(numbers: list[int]) -> None:
    typed = ",".join(map(str, numbers))
    spec = next(s for s in GAMES["number-duel"].option_specs if isinstance(s, OrderOption))
    with pytest.raises(RulesError) as refused:
        new_game("number-duel", {spec.name: typed})
    assert_echo_limited(str(refused.value), typed)
    with pytest.raises(RulesError) as refused:
        new_game("number-duel", {spec.name: numbers})
    assert_echo_limited(str(refused.value), typed)


@given(slug=st.sampled_from(SLUGS), typed=LONG)
def test_moves_saves_and_page_addresses_echo_at_most_the_limit(slug: str, typed: str) -> None:
    game = new_game(slug)
    messages = [game.why_illegal(typed) or ""]
    record = Session.new(slug).to_data()
    record["game"]["moves"] = [typed]
    attempts: list[Callable[[], object]] = [
        lambda: Session.from_data(record, slug),
        lambda: Session.from_data({**record, "level": typed}, slug),
        lambda: Session.new(slug, moves=[typed]),
    ]
    for attempt in attempts:
        with pytest.raises(RulesError) as refused:
            attempt()
        messages.append(str(refused.value))
    for key in ("mode", "level", "moves", "first", *page_settings.option_names(GAMES[slug])):
        messages.append(page_settings.settings_or_notice(slug, {key: typed})[1])
    for message in messages:
        assert_echo_limited(message, typed)


@settings(max_examples=30, deadline=None)
@given(slug=st.sampled_from(SLUGS), typed=LONG)
def test_the_terminal_game_echoes_at_most_the_limit(slug: str, typed: str) -> None:
    answers = iter(["", "", "", "", "", typed, typed])
    out = io.StringIO()

    def read(prompt: str) -> str:
        out.write(prompt)
        answer = next(answers, None)
        if answer is None:
            raise EOFError
        return answer

    play_in_terminal(new_game(slug, {"first": 1}), read, out)
    assert_echo_limited(out.getvalue(), typed)
