"""`python -m py_rules link ...`: play a friend by link from the terminal.

    python -m py_rules link new GAME [options] [--as 1|2] [--order 5,3,1,2,4]
    python -m py_rules link open LINK          # the other player's link (or its page address)
    python -m py_rules link list               # the games kept here, and whose turn it is
    python -m py_rules link show ID            # where it stands; your move if it is your turn
    python -m py_rules link resign|stop ID     # resign (on your turn), or stop: refuse to go on

The links are the page's links, so a terminal player and a browser player can play each
other. Each game is kept as one file in a folder (`--dir`, else $NUMBER_DUELS_LINKS, else
~/.number-duels/links), named by the game's id, so a link opened days later continues
the right game. On your turn the game asks for your move with its usual prompts (or
"resign"); the end of input leaves the move for later. The link to send is printed as a
page address when the site's address is known (`--site`, else $NUMBER_DUELS_SITE),
else as the bare link, which the page's "Open a link" takes too.

A refused link, a bad option or a missing game: one line on stderr, exit status 2.
"""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn, TextIO

from ..play.link.device import Device
from ..play.link.line import RESIGNED
from ..play.link.payload import decode
from ..play.link.status import CHEATING, OVER, STOPPED, THEIR_TURN, WAITING, YOUR_TURN
from ..play.link.wire import LinkRefused, from_text
from ..play.session import Session
from ..registry import GAMES, game_class
from ..rules.core import Game, other
from ..rules.errors import BadOption, BadSave, IllegalMove, RulesError
from .arguments import UsageError, game_parser
from .presenters import presenter_class
from .presenters.base import Console, Presenter, Read

PROG = "python -m py_rules link"
USAGE = (__doc__ or "").split("\n\n")[1]


class LinkUsageError(Exception):
    """A malformed command line or a refused action: one line, exit status 2."""


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise LinkUsageError(message)


class Resigned(Exception):
    """The player typed "resign" at a prompt."""


def games_dir(given: str | None) -> Path:
    where = given or os.environ.get("NUMBER_DUELS_LINKS") or "~/.number-duels/links"
    return Path(where).expanduser()


class Shelf:
    """The games kept on this device: one JSON file per game, named by its id."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def path(self, device: Device) -> Path:
        return self.folder / f"{device.line.game_id.hex()}.json"

    def save(self, device: Device) -> None:
        """Write the game, secrets included, readable by this user alone: the folder
        0700 and the file 0600, whatever the umask (and tightened if an earlier
        version made them readable by others). Written whole to a new file first, then
        renamed over the old one, so an interrupted write never leaves half a game."""
        self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        os.chmod(self.folder, 0o700)
        path = self.path(device)
        fresh = path.with_suffix(".tmp")
        fd = os.open(fresh, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.chmod(fresh, 0o600)  # a leftover file keeps its mode through O_CREAT
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(json.dumps(device.to_data()))
        os.replace(fresh, path)

    def find(self, game_id: str) -> Device | None:
        """The game whose id is (or starts with) `game_id`; None if none is kept."""
        found = [p for p in self.paths() if p.stem.startswith(game_id.lower())] if game_id else []
        if len(found) > 1:
            raise LinkUsageError(f"more than one game starts with {game_id!r}: give more of it")
        return self.load(found[0]) if found else None

    def paths(self) -> list[Path]:
        return sorted(self.folder.glob("*.json")) if self.folder.is_dir() else []

    def load(self, path: Path) -> Device:
        try:
            return Device.from_data(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError, RulesError) as error:
            raise LinkUsageError(f"the game kept in {path} cannot be read: {error}") from None


class Table:
    """One game at this terminal: shows it with the game's own presenter, asks moves."""

    def __init__(self, device: Device, console: Console, site: str | None) -> None:
        self.device = device
        self.console = console
        self.site = site

    def presenter(self, game: Game[Any]) -> Presenter[Any]:
        # The other player stands where a computer player would: the screen shows this
        # player's side only, and no hand-over screen is needed.
        session = Session(game, computer=other(self.device.seat))
        return presenter_class(game.slug)(session, self.console)

    def report_since(self, count: int) -> None:
        """Say what each move after the first `count` did, as the hot-seat game does."""
        full = self.device.game
        movers = full.moves_by_player()
        for index in range(count, len(full.moves)):
            game = full.copy()
            while len(game.moves) > index + 1:
                game.undo()
            self.presenter(game).report(movers[index][0], game.moves[index])

    def link_text(self) -> str:
        link = self.device.link()
        if not self.site:
            return link
        return f"{self.site.rstrip('/')}/games/{self.device.line.slug}/#play={link}"

    def send(self) -> None:
        name = self.device.line.names[other(self.device.seat) - 1]
        self.console.say("", f"Send this link to {name}:", self.link_text(), "")

    def show(self) -> None:
        """Where the game stands, and what to do next."""
        device, say = self.device, self.console.say
        name = device.line.names[other(device.seat) - 1]
        status = device.status
        outcome = device.outcome()
        if status == CHEATING:
            assert device.ended is not None
            say("Cheating detected: the game is over.", device.ended[1])
        elif status == STOPPED:
            say("You stopped this game.")
        elif outcome and outcome.reason == RESIGNED and outcome.winner:
            winner, loser = (
                device.line.names[p - 1] for p in (outcome.winner, other(outcome.winner))
            )
            say(f"{loser} resigned: {winner} wins.")
        elif status == OVER:
            self.presenter(device.game).show_end()
        elif status == WAITING:
            say(f"Waiting for {name} to open your invitation.")
        elif status == THEIR_TURN and device.drawing:
            say(f"Waiting for {name}'s link: it completes the draw of the random settings.")
        elif status == THEIR_TURN:
            pending = (
                f" (your attack {device.pending} waits for their answer)" if device.pending else ""
            )
            say(f"It is {name}'s turn{pending}.")
        if status in (OVER, WAITING, THEIR_TURN):
            self.send()
        if status in (WAITING, THEIR_TURN):
            say(f"When their link comes: {PROG} open LINK")

    def turn(self) -> None:
        """On this player's turn: ask the move (or "resign") and play it."""
        if self.device.status != YOUR_TURN:
            return
        presenter = self.presenter(self.device.game)
        presenter.show_turn(self.device.seat)
        self.console.say('(Type "resign" to resign; end of input to move later.)')
        try:
            move = presenter.read_move(self.device.seat)
        except Resigned:
            self.device.resign()
            return
        before = len(self.device.game.moves)
        self.device.play(move)
        self.report_since(before)


def resigning_reader(read: Read) -> Read:
    def ask(prompt: str) -> str:
        answer = read(prompt)
        if answer.strip().lower() == "resign":
            raise Resigned
        return answer

    return ask


def parser_for(command: str) -> argparse.ArgumentParser:
    parser = Parser(prog=f"{PROG} {command}")
    parser.add_argument("--dir", help="where this device keeps its games by link")
    if command == "open":
        parser.add_argument("link", metavar="LINK", help="the other player's link or page address")
    elif command in ("show", "resign", "stop"):
        parser.add_argument("id", metavar="ID", help="the game's id (from `list`), or its start")
    if command in ("new", "open"):
        parser.add_argument("--order", metavar="5,3,1,2,4", help="your hidden order (Number Duel)")
    if command in ("new", "open", "show", "resign"):
        parser.add_argument("--site", help="the site's address, to print links as page addresses")
    return parser


def new_parser(cls: type[Game[Any]]) -> argparse.ArgumentParser:
    parser = game_parser("link", cls)
    parser.prog = f"{PROG} new {cls.slug}"
    parser.add_argument("--as", dest="seat", choices=("1", "2"), default="1", help="your side")
    parser.add_argument("--order", metavar="5,3,1,2,4", help="your hidden order (Number Duel)")
    parser.add_argument("--dir", help="where this device keeps its games by link")
    parser.add_argument("--site", help="the site's address, to print links as page addresses")
    return parser


def main(argv: Sequence[str], read: Read | None = None, out: TextIO | None = None) -> int:
    """Run one `link` command; the exit status."""
    import sys

    console = Console(resigning_reader(read or Console().read), out)
    try:
        return run(list(argv), console)
    except (LinkUsageError, UsageError, LinkRefused, BadOption, BadSave, IllegalMove) as error:
        print(f"{PROG}: error: {error}", file=sys.stderr)
        return 2
    except EOFError:
        console.say("", "End of input: your move can wait (the game is kept).")
        return 0
    except KeyboardInterrupt:
        console.say("", "Interrupted: the game is kept as it was.")
        return 130


def run(argv: list[str], console: Console) -> int:
    if not argv or argv[0] in ("-h", "--help"):
        console.say(f"usage: {USAGE.strip()}")
        return 0
    command, rest = argv[0], argv[1:]
    if command == "new":
        if not rest or rest[0].startswith("-"):
            raise LinkUsageError(f"name a game: {', '.join(GAMES)}")
        cls = game_class(rest[0])
        args = new_parser(cls).parse_args(rest[1:])
        return start(cls, args, console)
    if command not in ("open", "list", "show", "resign", "stop"):
        raise LinkUsageError(
            f"unknown command {command!r}; commands: new, open, list, show, resign, stop"
        )
    args = parser_for(command).parse_args(rest)
    shelf = Shelf(games_dir(args.dir))
    if command == "list":
        return list_games(shelf, console)
    if command == "open":
        return open_link(shelf, args, console)
    device = shelf.find(args.id)
    if device is None:
        raise LinkUsageError(f"no game by link with the id {args.id!r} here (see `{PROG} list`)")
    table = Table(device, console, site_of(args))
    if command == "resign":
        device.resign()
    elif command == "stop":
        device.stop()
    return take_turn(shelf, table, ask=command == "show")


def take_turn(shelf: Shelf, table: Table, ask: bool = True) -> int:
    """Keep the game, ask this player's move if it is their turn (`ask`), keep the game
    again whatever happens, then show where it stands."""
    shelf.save(table.device)
    try:
        if ask:
            table.turn()
    finally:
        shelf.save(table.device)
    table.show()
    return 0


def site_of(args: argparse.Namespace) -> str | None:
    return getattr(args, "site", None) or os.environ.get("NUMBER_DUELS_SITE") or None


def start(cls: type[Game[Any]], args: argparse.Namespace, console: Console) -> int:
    names = ("first", "seed", *(spec.name for spec in cls.option_specs))
    options = {name: getattr(args, name) for name in names if getattr(args, name) is not None}
    seat = int(args.seat)
    order = args.order or options.pop(f"order{seat}", None)
    device = Device.start(cls.slug, options, (args.name1, args.name2), seat, order)
    shelf = Shelf(games_dir(args.dir))
    table = Table(device, console, site_of(args))
    you = device.line.names[device.seat - 1]
    console.say(f"A new {cls.title} by link, id {device.line.game_id.hex()}: you are {you}.")
    return take_turn(shelf, table)


def open_link(shelf: Shelf, args: argparse.Namespace, console: Console) -> int:
    game_id = decode(from_text(args.link)).line.game_id.hex()
    device = shelf.find(game_id)
    if device is None:
        device = Device.join(args.link, args.order)
        names, title = device.line.names, GAMES[device.line.slug].title
        console.say(
            f"{names[other(device.seat) - 1]} invites you to {title} (id {game_id}):"
            f" you are {names[device.seat - 1]}."
        )
        table = Table(device, console, site_of(args))
        table.report_since(0)
    else:
        table = Table(device, console, site_of(args))
        before = len(device.game.moves)
        result = device.receive(args.link)
        table.report_since(before)
        if result.cheating:
            return take_turn(shelf, table, ask=False)
    return take_turn(shelf, table)


def list_games(shelf: Shelf, console: Console) -> int:
    words = {
        YOUR_TURN: "your turn",
        THEIR_TURN: "their turn",
        WAITING: "waiting for them to join",
        OVER: "over",
        CHEATING: "cheating detected",
        STOPPED: "stopped",
    }
    paths = shelf.paths()
    if not paths:
        console.say("No games by link here.")
    for path in paths:
        device = shelf.load(path)
        names = device.line.names
        console.say(
            f"{path.stem}  {GAMES[device.line.slug].title}: {names[device.seat - 1]} against"
            f" {names[other(device.seat) - 1]}, {words[device.status]}"
        )
    return 0
