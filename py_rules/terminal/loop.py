"""The terminal game: two people at one keyboard, prompts and messages as in the seeds.

One generic loop (`run`) plays every game on a `Session`, which says what happens next
(arranging, a hand-over, a human's or the computer's move, the end); the game's
presenter (registered in `py_rules.terminal.presenters` against its kit) says what the screen
shows and what the prompts ask, following each seed's "Command-Line Interaction"
sample. The rules are never repeated here: a refused answer is explained with the
message of `Game.why_illegal`, which names the rule, and asked again.

Input and output are injectable (`read` works like `input`, `out` is any text stream),
so tests play whole games without a terminal.

Exit status: 0 when a game ends, and also when the input ends (EOF, e.g. a script or
Ctrl-D: stopping is a normal way to leave); 130 after Ctrl-C (128 + SIGINT, the shell
convention for an interrupted program). Either way a short message, never a traceback.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TextIO

from ..i18n import _
from ..play.session import Phase, Session
from ..registry import GAMES, new_game
from ..rules.core import Game
from .presenters import presenter_class
from .presenters.base import CLEAR_SCREEN, Console, Presenter, Read, number_ranges

__all__ = ["CLEAR_SCREEN", "EXIT_INTERRUPTED", "number_ranges", "play_in_terminal", "run"]

# A computer player: given the game, the move it makes (see py_rules.engine.players.choose_move).
Chooser = Callable[[Game[Any]], Any]
EXIT_INTERRUPTED = 130


def presenter_for(session: Session, console: Console) -> Presenter[Any]:
    """The registered presenter of the session's game."""
    return presenter_class(session.game.slug)(session, console)


def run(presenter: Presenter[Any], chooser: Chooser | None = None) -> None:
    """The one game loop: the session says what happens next, the presenter shows it."""
    session = presenter.session
    presenter.welcome()
    presenter.setup()
    while (phase := session.phase) is not Phase.OVER:
        player = session.next_player
        assert player is not None
        if phase is Phase.HAND_OVER:
            presenter.hand_over(player)
            session.reveal()
        elif phase is Phase.ARRANGE:
            presenter.arrange(player)
            session.done_arranging()
        elif phase is Phase.COMPUTER:
            assert chooser is not None
            move = session.computer_move(choose=chooser)
            presenter.show_computer_move(player, move)
            presenter.report(player, session.game.moves[-1])
        else:
            presenter.show_turn(player)
            session.play(presenter.read_move(player))
            presenter.report(player, session.game.moves[-1])
    presenter.show_end()


def play_in_terminal(
    game: Game[Any],
    read: Read | None = None,
    out: TextIO | None = None,
    computer: Mapping[int, Chooser] | None = None,
) -> int:
    """Play `game` at the terminal until it ends; the exit status (see the module doc).

    `computer` maps a player (1 or 2) to a function choosing that player's moves;
    everyone else is a human at the keyboard. Each human arranges their numbers first
    in a game that has an arrangement. Names typed in Sequence Duel and numbers
    arranged in Number Duel start the game afresh with them: `game` itself is then
    left unplayed.
    """
    computer = dict(computer or {})
    if len(computer) > 1:
        raise ValueError("the terminal game has at most one computer player")
    console = Console(read, out)
    player, chooser = next(iter(computer.items()), (None, None))
    humans = [p for p in (1, 2) if p != player]
    arranging = [p for p in humans if game.arrangement(p) is not None and not game.moves]
    session = Session(game, computer=player, arranging=arranging)
    return guarded(console, lambda: run(presenter_for(session, console), chooser))


def guarded(console: Console, body: Callable[[], None]) -> int:
    """Run `body`; end of input or Ctrl-C ends it with a message instead of a traceback."""
    try:
        body()
    except EOFError:
        console.say("", _("End of input: the game is abandoned."))
        return 0
    except KeyboardInterrupt:
        console.say("", _("Interrupted: the game is abandoned."))
        return EXIT_INTERRUPTED
    return 0


def choose_game(read: Read | None = None, out: TextIO | None = None) -> int:
    """A menu of the five games; the chosen one starts with its standard options."""
    console = Console(read, out)
    slugs = list(GAMES)
    console.say(_("Number Duels: choose a game."), "")
    for index, slug in enumerate(slugs, start=1):
        cls = GAMES[slug]
        console.say(f"  {index}. {_(cls.title)} ({slug}): {_(cls.summary)}")
    console.say()

    def problem(answer: str) -> str | None:
        if answer in slugs or (answer.isdecimal() and 1 <= int(answer) <= len(slugs)):
            return None
        return _("Choose a game by its number, 1 to {count}, or by its name.").format(
            count=len(slugs)
        )

    chosen: list[str] = []

    def ask() -> None:
        answer = console.ask_until(_("Game (1-{count}): ").format(count=len(slugs)), problem)
        chosen.append(answer if answer in slugs else slugs[int(answer) - 1])

    status = guarded(console, ask)
    if not chosen:
        return status
    console.say()
    return play_in_terminal(new_game(chosen[0]), read, out)
