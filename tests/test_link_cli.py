"""`python -m py_rules link`: two terminals (two folders of games) play by passing links.

Most tests call the command in process with answers fed to its prompts; the one marked
no_wasm runs two real `python -m py_rules` processes.
"""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest
from commands import run_py_rules
from strategies import SLUGS

from py_rules import new_game
from py_rules.play.link import Device
from py_rules.play.link.status import OVER, YOUR_TURN
from py_rules.rules.core import other
from py_rules.terminal import cli

ORDERS = {1: "5,4,3,2,1", 2: "1,2,3,4,5"}


def link_in(output: str) -> str:
    """The link a command printed to send (the line after "Send this link to ...:")."""
    lines = output.splitlines()
    return next(lines[i + 1] for i, line in enumerate(lines) if line.startswith("Send this link"))


def command(
    capsys: pytest.CaptureFixture[str], answers: list[str], *args: str
) -> tuple[int, str, str]:
    """Run `link ARGS` in process, answering its prompts with `answers` (then end of input)."""
    queue = list(answers)

    def read(prompt: str) -> str:
        if not queue:
            raise EOFError
        return queue.pop(0)

    out = io.StringIO()
    from py_rules.terminal.link import main

    status = main(list(args), read, out)
    captured = capsys.readouterr()
    return status, out.getvalue() + captured.out, captured.err


def kept(folder: Path) -> Device:
    (path,) = folder.glob("*.json")
    return Device.from_data(json.loads(path.read_text(encoding="utf-8")))


def next_answer(folder: Path) -> list[str]:
    """The first legal move of the game kept in `folder`, if it is that player's turn."""
    device = kept(folder)
    return device.game.legal_move_texts()[:1] if device.status == YOUR_TURN else []


@pytest.mark.parametrize("slug", SLUGS)
def test_two_terminals_finish_a_game_by_link(
    slug: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folders = {seat: str(tmp_path / f"player{seat}") for seat in (1, 2)}
    orders = {seat: ["--order", ORDERS[seat]] if slug == "number-duel" else [] for seat in (1, 2)}
    status, _, err = command(
        capsys, [], "new", slug, "--name1", "Ann", "--name2", "Bob", "--dir", folders[1], *orders[1]
    )
    assert (status, err) == (0, "")
    game_id = kept(Path(folders[1])).line.game_id.hex()

    def show(seat: int) -> str:
        """`show` on that player's terminal, with their move if it is their turn."""
        status, out, err = command(
            capsys, next_answer(Path(folders[seat])), "show", game_id, "--dir", folders[seat]
        )
        assert (status, err) == (0, ""), out
        return out

    command(capsys, [], "open", link_in(show(1)), "--dir", folders[2], *orders[2])
    seat = 2
    for _ in range(300):
        if all(kept(Path(folders[s])).status == OVER for s in (1, 2)):
            break
        out = show(seat)
        status, _, err = command(capsys, [], "open", link_in(out), "--dir", folders[other(seat)])
        assert status == 0 or "opened this link already" in err or "nothing new" in err, err
        seat = other(seat)
    ann, bob = kept(Path(folders[1])), kept(Path(folders[2]))
    assert ann.status == bob.status == OVER
    assert ann.outcome() == bob.outcome()
    assert "wins" in show(1) + show(2) or "draw" in show(1)
    hidden = {"order1": ORDERS[1], "order2": ORDERS[2]} if slug == "number-duel" else {}
    hot = new_game(slug, {**ann.line.options, **hidden})
    for move in ann.line.moves:
        hot.play(move)
    assert hot.outcome() == ann.outcome()


def test_a_link_opened_twice_or_damaged_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ann, bob = str(tmp_path / "ann"), str(tmp_path / "bob")
    _, out, _ = command(capsys, ["4"], "new", "circle-duel", "--dir", ann)
    link = link_in(out)
    assert command(capsys, [], "open", link, "--dir", bob)[0] == 0
    status, out, err = command(capsys, [], "open", link, "--dir", bob)
    assert status == 2 and "opened this link already" in err
    status, _, err = command(capsys, [], "open", link[:-3], "--dir", bob)
    assert status == 2 and "damaged" in err
    status, _, err = command(capsys, [], "open", link, "--dir", ann)
    assert status == 2 and "your own link" in err


def test_list_resign_and_stop(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ann, bob = str(tmp_path / "ann"), str(tmp_path / "bob")
    _, out, _ = command(capsys, ["4"], "new", "sequence-duel", "--name2", "Bob", "--dir", ann)
    link = link_in(out)
    _, out, _ = command(capsys, [], "open", link, "--dir", bob)
    assert "End of input" in out
    _, out, _ = command(capsys, [], "list", "--dir", bob)
    assert "Sequence Duel: Bob against Player 1, your turn" in out
    game_id = out.split()[0]
    status, out, _ = command(capsys, [], "resign", game_id[:6], "--dir", bob)
    assert status == 0 and "Bob resigned: Player 1 wins." in out
    status, out, _ = command(capsys, [], "open", link_in(out), "--dir", ann)
    assert status == 0 and "Bob resigned" in out
    status, out, _ = command(capsys, [], "stop", game_id, "--dir", ann)
    assert "You stopped this game." in out
    status, _, err = command(capsys, [], "show", "ffff", "--dir", ann)
    assert status == 2 and "no game by link" in err


def test_resign_typed_at_the_prompt(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ann, bob = str(tmp_path / "ann"), str(tmp_path / "bob")
    _, out, _ = command(capsys, ["2"], "new", "digit-chain", "--dir", ann)
    _, out, _ = command(capsys, ["resign"], "open", link_in(out), "--dir", bob)
    assert "Player 2 resigned: Player 1 wins." in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["new"], "name a game"),
        (["new", "chess"], "unknown game"),
        (["new", "circle-duel", "--size", "99"], "size must be between"),
        (["jump"], "unknown command"),
        (["open", "not a link!"], "damaged"),
    ],
)
def test_bad_commands_are_one_line(
    args: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = command(capsys, [], *args, "--dir", str(tmp_path))
    assert status == 2 and message in err and err.count("\n") == 1


def test_the_command_line_names_link(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--help"]) == 0
    assert "link" in capsys.readouterr().out


@pytest.mark.no_wasm
def test_two_processes_play_by_link(tmp_path: Path) -> None:
    """Real `python -m py_rules link` processes, answers piped in, links passed on."""

    def run(folder: str, answers: str, *args: str) -> str:
        env = {**os.environ, "NUMBER_DUELS_LINKS": str(tmp_path / folder)}
        done = run_py_rules("link", *args, stdin=answers, env=env, timeout=120)
        assert (done.returncode, done.stderr) == (0, "")
        return done.stdout

    out = run("ann", "1\n", "new", "circle-duel", "--size", "3")
    out = run("bob", "2\n", "open", link_in(out))
    out = run("ann", "3\n", "open", link_in(out))
    assert "Player 1 wins the game!" in out
    out = run("bob", "", "open", link_in(out).replace("AQ", "AQ"))
    assert "Player 1 wins the game!" in out


def test_games_are_kept_readable_by_their_user_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A game's file holds its hidden order and salts: 0600 in a 0700 folder, whatever
    the umask, and an older folder readable by others is tightened."""
    folder = tmp_path / "links"
    folder.mkdir(mode=0o755)
    os.chmod(folder, 0o755)
    old = os.umask(0o022)
    try:
        command(capsys, [], "new", "number-duel", "--dir", str(folder))
    finally:
        os.umask(old)
    (path,) = folder.glob("*.json")
    assert (folder.stat().st_mode & 0o777, path.stat().st_mode & 0o777) == (0o700, 0o600)
    assert [p.name for p in folder.iterdir()] == [path.name]
