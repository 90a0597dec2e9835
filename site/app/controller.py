"""The generic board controller: one class runs any of the five games, once per board.

It owns the game record (moves played, and moves taken back that Redo or Next replays),
the mode (two people, or one against the computer), the half-made move and the
hand-over screen; it turns the renderer's targets into real buttons over the canvas,
and every press into `game.play` or a refusal that names the rule. Illegal choices stay
clickable (aria-disabled) so that pressing one explains why.

Everything a board touches lies inside its own root element and is found by class, so
several boards share one page (and one Python runtime) without clashing ids.

Number Duel: while it runs there is no Undo, Redo or stepping back: an attack shows
numbers, so taking it back would let a player (or a person against the computer) try
again knowing them. Once it is over every number is public and the replay works.
Taking back a move and then playing another replaces the moves after it (they are
listed, dimmed, until then); against the computer, Undo goes back to your last turn.
With "Arrange my numbers", each human first arranges their own row (behind the
hand-over screen between two people); each swap restarts the unplayed game with it.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

import js  # type: ignore[import-not-found]

import py_rules
from py_rules.errors import RulesError
from py_rules.players import LEVELS, choose_move, hint, perfect_move

from . import record as records
from . import storage
from .canvas import Pen
from .dom import clear, el, on, proxy
from .movelist import MoveList
from .options_form import OptionsForm
from .renderers import renderer_class
from .renderers.base import Layout, Target, View
from .settings import Settings

COMPUTER_DELAY_MS = 650  # long enough to follow the computer's move, short enough not to bore
MAX_DELAY_MS = 5000
ARROWS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}
OTHER_TAB = "This game was played on in another tab: here it is as it is now."
NO_TAKE_BACK = "Not in Number Duel while it runs: an attack shows numbers, so taking it back would let you try again knowing them."  # noqa: E501


@dataclass(frozen=True)
class Host:
    """Where a board lives and what it may do there."""

    root: Any  # the element holding this board's parts (the page body, or an embed's div)
    slug: str
    share_url: str  # the game page's address; a share link adds ?g=...
    delay: int = COMPUTER_DELAY_MS
    save_key: str | None = None  # localStorage key; None: this board is not saved


class BoardController:
    def __init__(self, host: Host, settings: Settings) -> None:
        self.host = host
        root = host.root
        self.cls = py_rules.GAMES[host.slug]
        self.renderer = renderer_class(host.slug)(self.cls)
        self.hidden_info = bool(getattr(self.cls, "has_hidden_information", False))
        self.board = root.querySelector(".board")
        self.canvas = self.board.querySelector("canvas")
        self.targets_box = root.querySelector(".targets")
        self.choices_box = root.querySelector(".choices")
        self.status = root.querySelector(".status")
        self.message_line = root.querySelector(".message")
        self.handover_box = root.querySelector(".handover")
        self.players_box = root.querySelector(".players")
        form = root.querySelector("form.options")
        self.form = OptionsForm(form, self.cls, LEVELS) if form else None
        self.start_settings = settings
        self.rng = random.Random()
        self.buttons: dict[str, Any] = {}
        self.drawn: dict[str, tuple[Any, ...]] = {}
        self.layout: Layout | None = None
        self.width = 0.0
        self.timer: Any = None
        self.tick = proxy(self.computer_move)
        self.seat = 1
        self.arranging: list[int] = []  # the players still to arrange their numbers
        self.future: list[str] = []
        self.log: list[str] = []
        self.final_over = False
        self.slot = storage.SaveSlot(host.save_key) if host.save_key else None
        if self.slot:
            self.slot.watch(self.refresh)
        self.build_actions(root.querySelector(".actions"))
        history = root.querySelector(".history")
        self.moves = MoveList(history, self.go) if history else None
        self.wire()

    # ----- starting: a link, the saved game, or the given settings ------------------

    def begin(self, link: str | None = None, notice: str = "") -> None:
        """Open the game a link carries, else the saved one, else a new one; never fail."""
        loaded, where = None, ""
        try:
            if link is not None:
                where = "That link could not be opened"
                loaded = records.from_data(records.decode_link(link), *self.record_args(True))
            elif self.slot and (text := self.slot.load()):
                where = "Your saved game could not be restored"
                loaded = records.from_data(records.decode_saved(text), *self.record_args(False))
        except RulesError as error:
            notice = f"{where}: {error} A new game has started."
        except Exception as error:  # hostile input must never stop the page
            js.console.warn(f"{where}: {type(error).__name__}: {error}")
            notice = f"{where}: it is damaged. A new game has started."
        if loaded is None:
            loaded, problem = self.fresh(self.start_settings)
            notice = notice or problem
        self.load(loaded)
        if self.form:
            self.form.fill(self.settings_of(loaded))
        self.say(notice)

    def refresh(self) -> None:
        """Show the game as another tab of this page saved it."""
        self.cancel_computer()
        self.begin(None, OTHER_TAB)

    def stale(self) -> bool:
        """Refresh instead of acting when another tab has saved since this one."""
        if self.slot and self.slot.is_stale():
            self.refresh()
            return True
        return False

    def record_args(self, from_link: bool) -> tuple[str, tuple[str, ...], bool]:
        return self.host.slug, LEVELS, from_link

    def fresh(self, settings: Settings) -> tuple[records.Record, str]:
        """A new game with `settings`, or with the defaults if they are refused."""
        try:
            game = py_rules.new_game(self.cls.slug, settings.options, settings.names)
            return records.Record(game, [], settings.computer, settings.level), ""
        except RulesError as error:
            game = py_rules.new_game(self.cls.slug)
            problem = f"This game's settings were refused ({error}): the standard game is shown."
            return records.Record(game, [], None, LEVELS[0]), problem

    def settings_of(self, record: records.Record) -> Settings:
        game = record.game
        names = tuple("" if n == f"Player {i}" else n for i, n in enumerate(game.names, 1))
        options = {k: v for k, v in game.options.items() if k not in records.SECRET_OPTIONS}
        return Settings(record.computer, record.level, (names[0], names[1]), options)

    def load(self, loaded: records.Record, arrangers: list[int] | None = None) -> None:
        self.cancel_computer()
        if self.form:
            self.form.show_error(None)
        self.game = loaded.game
        self.future = list(loaded.future)
        self.computer = loaded.computer
        self.level = loaded.level
        full = loaded.whole()
        self.final_over = full.is_over
        self.log = self.describe_record(full)
        self.pending: str | None = None
        self.arranging = list(arrangers or [])
        self.seat = 3 - self.computer if self.computer else self.next_player() or 1
        self.handover = self.needs_handover()
        self.say("")
        self.changed()

    def describe_record(self, full: Any) -> list[str]:
        """Every recorded move in words, replayed from the start."""
        replay = full.copy()
        while replay.moves:
            replay.undo()
        lines = []
        for move in full.moves:
            player = replay.to_move
            replay.play(move)
            lines.append(self.renderer.describe(replay, replay.move_text(move), player))
        return lines

    # ----- events -------------------------------------------------------------------

    def build_actions(self, box: Any) -> None:
        """New game, Undo, Redo and Share, and the box that shows a share link."""
        clear(box)
        self.action: dict[str, Any] = {}
        for key, label, cls in (
            ("new", "New game", "button primary"),
            ("undo", "Undo", "button"),
            ("redo", "Redo", "button"),
            ("hint", "Hint", "button"),
            ("share", "Share", "button"),
        ):
            button = el("button", cls, label, type="button")
            button.dataset.action = key
            box.append(button)
            self.action[key] = button
        if self.hidden_info:
            for key in ("undo", "redo"):
                self.action[key].title = NO_TAKE_BACK
        self.share_box = el("div", "share")
        self.share_box.hidden = True
        box.after(self.share_box)

    def wire(self) -> None:
        on(self.targets_box, "click", self.on_press)
        on(self.choices_box, "click", self.on_press)
        on(self.targets_box, "keydown", self.on_arrow)
        if self.form:
            on(self.form.form, "submit", self.on_new_game)
        on(self.action["new"], "click", self.on_new_game)
        on(self.action["undo"], "click", lambda _event: self.undo())
        on(self.action["redo"], "click", lambda _event: self.redo())
        on(self.action["hint"], "click", lambda _event: self.show_hint())
        on(self.action["share"], "click", lambda _event: self.share())
        observer = js.ResizeObserver.new(proxy(lambda *_: self.on_resize()))
        observer.observe(self.board)

    def on_press(self, event: Any) -> None:
        button = event.target.closest("button[data-key]")
        if button:
            event.preventDefault()
            self.press(str(button.dataset.key))

    def on_new_game(self, event: Any) -> None:
        event.preventDefault()
        if self.stale():
            return
        settings = self.form.read() if self.form else self.start_settings
        try:
            game = py_rules.new_game(self.cls.slug, settings.options, settings.names)
        except RulesError as error:
            if self.form:
                self.form.show_error(str(error))  # the current game carries on untouched
            return
        humans = [p for p in (1, 2) if p != settings.computer]
        arrangers = humans if settings.arrange and self.hidden_info else []
        self.load(records.Record(game, [], settings.computer, settings.level), arrangers)

    def on_resize(self) -> None:
        if abs(self.board.clientWidth - self.width) >= 1:
            self.render()

    def on_arrow(self, event: Any) -> None:
        """Arrow keys move the focus to the nearest button in that direction."""
        step = ARROWS.get(str(event.key))
        current = js.document.activeElement
        if not step or not self.layout or current is None or not current.dataset.key:
            return
        here = next((t for t in self.layout.targets if t.key == str(current.dataset.key)), None)
        if here is None:
            return
        best = nearest(here, [t for t in self.layout.targets if not t.bar], step)
        if best is not None:
            event.preventDefault()
            self.buttons[best.key].focus()

    # ----- game flow ----------------------------------------------------------------

    def next_player(self) -> int | None:
        """Who acts next: the next to arrange their numbers, else the player to move."""
        return self.arranging[0] if self.arranging else self.game.to_move

    def needs_handover(self) -> bool:
        return (
            self.hidden_info and self.computer is None and not self.game.is_over and not self.future
        )

    def replaying(self) -> bool:
        """A finished Number Duel stepped back: shown, not played."""
        return self.hidden_info and bool(self.future)

    def press(self, key: str) -> None:
        if self.stale():
            return
        game = self.game
        if self.handover:
            return self.say(f"Press “Show {game.player_name(self.next_player())}'s numbers” first.")
        if self.arranging:
            return self.arrange(key)
        if self.replaying():
            return self.say("This is a replay of the finished game: press New game to play again.")
        if game.is_over:
            return self.say("The game is over: press New game to play again.")
        if game.to_move == self.computer:
            if self.future:
                return self.say("The computer moves here: step forward, or back to your turn.")
            return self.say("Wait for the computer's move.")
        choice = self.renderer.choose(game, self.view(), key)
        if choice.refusal:
            return self.say(choice.refusal)
        self.say("")
        if choice.move is not None:
            self.play(choice.move)
        else:
            self.pending = None if choice.select == self.pending else choice.select
            self.render()

    def arrange(self, key: str) -> None:
        """A press while arranging: pick up a card, swap two, or finish this player's row."""
        choice = self.renderer.choose(self.game, self.view(), key)
        self.say("")
        if choice.select is not None:
            self.pending = None if choice.select == self.pending else choice.select
            return self.render()
        if choice.options is not None:
            game = self.game
            try:
                changed = {**game.options, **choice.options}
                self.game = py_rules.new_game(self.cls.slug, changed, game.names)
            except RulesError as error:
                return self.say(str(error))
        elif choice.ready:
            self.arranging.pop(0)
            if self.computer is None:
                self.seat = self.next_player() or 1
            self.handover = self.needs_handover()
        self.pending = None
        self.changed()

    def play(self, move: str) -> None:
        game = self.game
        player = game.to_move
        played = len(game.moves)
        try:
            game.play(move)
        except py_rules.IllegalMove as error:
            return self.say(str(error))
        self.pending = None
        self.future.clear()  # a new move replaces any moves taken back
        self.log[played:] = [self.renderer.describe(game, move, player)]
        self.final_over = game.is_over
        if self.computer is None and not game.is_over:
            self.seat = game.to_move
        self.handover = self.needs_handover()
        self.changed()

    def undo_target(self) -> int | None:
        """How many moves stay after Undo: back one move, or to your last turn."""
        if self.hidden_info or not self.game.moves:
            return None
        probe = self.game.copy()
        probe.undo()
        while self.computer and probe.moves and probe.to_move == self.computer:
            probe.undo()
        return None if probe.to_move == self.computer else len(probe.moves)

    def redo_target(self) -> int | None:
        """How many moves are shown after Redo: one more, or on to your next turn."""
        if self.hidden_info or not self.future:
            return None
        probe = self.game.copy()
        rest = list(self.future)
        probe.play(rest.pop(0))
        while self.computer and rest and probe.to_move == self.computer:
            probe.play(rest.pop(0))
        return len(probe.moves)

    def undo(self) -> None:
        if self.stale():
            return
        target = self.undo_target()
        if target is None:
            return self.say(NO_TAKE_BACK if self.hidden_info else "There is no move to undo.")
        self.show_position(target)

    def redo(self) -> None:
        if self.stale():
            return
        target = self.redo_target()
        if target is None:
            return self.say(NO_TAKE_BACK if self.hidden_info else "There is no move to redo.")
        self.show_position(target)

    def show_hint(self) -> None:
        """Say a best move for the player to move, from the exact solvers."""
        game = self.game
        if game.is_over or self.replaying() or self.handover or self.busy() or self.arranging:
            return self.say("A hint is for the player to move, during the game.")
        advice = hint(game)
        if advice is None:
            return self.say("No quick hint here: this position is too deep to solve in the page.")
        move = advice["move"]
        if not advice["exact"]:  # a strong move from an estimate, not proved best
            return self.say(f"Hint (strong, not proved perfect: too big to solve here): {move}.")
        if advice["winning"] is None:  # Number Duel: a chance, from what this player sees
            chance = round(100 * advice["value"])
            return self.say(f"Hint: play {move}. Your chance to win is {chance}% with best play.")
        if advice["winning"]:
            return self.say(f"Hint: play {move}. It wins against any defence.")
        self.say(f"Every move loses against perfect play; {move} holds out longest.")

    def can_step(self) -> bool:
        return not self.hidden_info or self.final_over

    def go(self, where: str | int) -> None:
        """The move list's request: "first", "prev", "next", "last" or a move count."""
        if self.stale():
            return
        if not self.can_step():
            return self.say(NO_TAKE_BACK)
        here, total = len(self.game.moves), len(self.log)
        steps = {"first": 0, "prev": here - 1, "next": here + 1, "last": total}
        target = steps[where] if isinstance(where, str) else where
        self.show_position(max(0, min(total, target)))

    def show_position(self, count: int) -> None:
        """Show the position after `count` recorded moves (moves after it become the future)."""
        self.cancel_computer()
        game = self.game
        while len(game.moves) > count:
            self.future.insert(0, game.move_text(game.undo()))
        while len(game.moves) < count and self.future:
            game.play(self.future.pop(0))
        self.pending = None
        if self.computer is None and game.to_move:
            self.seat = game.to_move
        self.handover = self.needs_handover()
        self.say("")
        self.changed()

    def reveal_hand(self) -> None:
        """Hand-over screen: the player to move says they are at the screen."""
        if self.stale():
            return
        self.handover = False
        self.seat = self.next_player() or 1
        self.render()
        first = next(
            (b for b in self.buttons.values() if b.getAttribute("aria-disabled") == "false"), None
        )
        if first is not None:
            first.focus()

    def changed(self) -> None:
        """After any change to the record: draw, save, and let the computer move."""
        self.render()
        self.save()
        self.schedule_computer()

    # ----- saving and sharing -------------------------------------------------------

    def current(self) -> records.Record:
        return records.Record(self.game, list(self.future), self.computer, self.level)

    def save(self) -> None:
        if self.slot and not self.slot.store(records.encode_saved(records.to_data(self.current()))):
            self.refresh()

    def share(self) -> None:
        """Show (and copy) a link that opens this game at the position shown."""
        data = records.to_data(self.current(), share=True)
        url = f"{self.host.share_url}?g={records.encode_link(data)}"
        box = self.share_box
        clear(box)
        field = el("input", "share-link", type="text", readonly="", aria_label="Share link")
        field.value = url
        note = el("p", "share-note", "Copy this link to share the game at this position.")
        if data["game"]["moves"] == [] and self.game.moves:
            note.textContent = (
                "While a Number Duel runs, a link carries only its settings (its moves would "
                "give away hidden numbers): it starts a new game. Share again once it is over."
            )
        box.append(field)
        box.append(note)
        box.hidden = False
        field.select()

        def copied(ok: bool) -> None:
            if ok:
                note.textContent = "Link copied. " + note.textContent

        storage.copy_text(url, copied)

    # ----- the computer -------------------------------------------------------------

    def schedule_computer(self) -> None:
        game = self.game
        idle = not (self.future or self.arranging)
        if self.computer and game.to_move == self.computer and idle:
            self.timer = js.setTimeout(self.tick, self.host.delay)

    def cancel_computer(self) -> None:
        if self.timer is not None:
            js.clearTimeout(self.timer)
            self.timer = None

    def computer_move(self) -> None:
        self.timer = None
        if self.stale():
            return
        game = self.game
        if game.to_move != self.computer or self.future or self.arranging:
            return
        exact = True
        if self.level == "perfect":
            move, exact = perfect_move(game, self.rng)
        else:
            move = choose_move(game, self.level, self.rng)
        self.play(game.move_text(move))
        if not exact:  # the exact search is too big here: say so, not "perfect"
            self.log[-1] += " (a strong move, not proved perfect)"
            self.say("The computer's move is strong, not proved perfect: too big to solve here.")

    # ----- drawing ------------------------------------------------------------------

    def view(self) -> View:
        game = self.game
        viewer = None if (self.hidden_info and self.handover) else self.seat
        reveal = game.is_over or self.replaying()
        arranging = bool(self.arranging) and not self.handover
        return View(viewer, self.pending, reveal, self.seat, arranging)

    def busy(self) -> bool:
        """Nothing on the board may be played now (computer's turn, over, or a replay)."""
        game = self.game
        if self.arranging:
            return False
        return game.to_move == self.computer or game.is_over or self.replaying()

    def render(self) -> None:
        view = self.view()
        self.width = float(self.board.clientWidth) or 600.0
        self.layout = layout = self.renderer.layout(self.game, view, self.width)
        self.sync_buttons(layout, view)
        self.renderer.draw(Pen(self.canvas, self.width, layout.height), self.game, view, layout)
        self.board.style.height = f"{layout.height}px"
        self.show_status(view)
        self.show_players(view)
        self.show_handover()
        if self.moves:
            self.moves.show(self.log, len(self.game.moves), self.can_step())
        self.action["undo"].disabled = self.undo_target() is None
        self.action["redo"].disabled = self.redo_target() is None
        self.host.root.dataset.turn = self.turn_kind()

    def turn_kind(self) -> str:
        """Whose turn it is, for the root's data-turn attribute (styles and tests use it)."""
        if self.game.is_over:
            return "over"
        if self.arranging:
            return "handover" if self.handover else "arrange"
        if self.busy():
            return "replay" if self.future else "computer"
        return "handover" if self.handover else "human"

    def sync_buttons(self, layout: Layout, view: View) -> None:
        """Make one real button per target; rebuild only when the set of targets changes."""
        keys = [t.key for t in layout.targets]
        if keys != list(self.buttons):
            clear(self.targets_box)
            clear(self.choices_box)
            self.buttons, self.drawn = {}, {}
            for t in layout.targets:
                button = el("button", "choice" if t.bar else "target", t.label, type="button")
                button.dataset.key = t.key
                if t.title:
                    button.title = t.title
                (self.choices_box if t.bar else self.targets_box).append(button)
                self.buttons[t.key] = button
        busy = self.busy()
        self.targets_box.inert = bool(self.handover)
        for t in layout.targets:
            refused = busy or self.renderer.choose(self.game, view, t.key).refusal is not None
            state = (t.label, t.x, t.y, t.w, t.h, t.round, refused, view.pending == t.key)
            if self.drawn.get(t.key) == state:
                continue
            self.drawn[t.key] = state
            button = self.buttons[t.key]
            button.textContent = t.label  # an arranged card keeps its place, not its number
            if not t.bar:
                style = button.style
                style.left, style.top = f"{t.x:.1f}px", f"{t.y:.1f}px"
                style.width, style.height = f"{t.w:.1f}px", f"{t.h:.1f}px"
                button.classList.toggle("round", t.round)
            button.setAttribute("aria-disabled", "true" if refused else "false")
            if view.pending == t.key:
                button.setAttribute("aria-pressed", "true")
            else:
                button.removeAttribute("aria-pressed")

    def show_status(self, view: View) -> None:
        game = self.game
        here = len(game.moves)
        last = self.log[here - 1] + " " if here else ""
        if self.replaying():
            text = f"Replay, move {here} of {len(self.log)}. {last}".rstrip()
        elif game.is_over:
            text = self.renderer.result(game)
        elif self.arranging and not self.handover:
            text = f"{game.player_name(self.seat)}: {self.renderer.prompt(game, view)}."
        elif game.to_move == self.computer and self.future:
            text = f"{last}{game.player_name(self.computer)} moves next: step forward to see it."
        elif game.to_move == self.computer:
            text = f"{last}{game.player_name(self.computer)} is thinking…"
        elif self.handover:
            text = f"{last}Pass the screen to {game.player_name(self.next_player())}."
        else:
            text = f"{last}{game.player_name(game.to_move)}: {self.renderer.prompt(game, view)}."
        self.status.textContent = text
        self.status.dataset.over = "true" if game.is_over else "false"
        self.status.dataset.player = str(game.winner if game.is_over else game.to_move or "")

    def show_players(self, view: View) -> None:
        box = self.players_box
        if not box:  # an embed has no players panel
            return
        clear(box)
        game = self.game
        for player in (1, 2):
            card = el("div", f"player p{player}")
            if game.to_move == player:
                card.classList.add("to-move")
            if game.winner == player:
                card.classList.add("winner")
            head = el("div", "player-head")
            head.append(el("span", "player-dot"))
            head.append(el("span", "player-name", game.player_name(player)))
            if self.computer == player:
                head.append(el("span", "badge", "Computer"))
            elif self.computer:
                head.append(el("span", "badge", "You"))
            if game.winner == player:
                head.append(el("span", "badge win", "Winner"))
            elif game.to_move == player:
                head.append(el("span", "badge turn", "To move"))
            card.append(head)
            for fact in self.renderer.player_facts(game, view, player):
                card.append(el("div", "player-fact", fact))
            box.append(card)

    def show_handover(self) -> None:
        box = self.handover_box
        if not self.handover:
            box.hidden = True
            return
        player = self.next_player() or 1
        name, other = self.game.player_name(player), self.game.player_name(3 - player)
        clear(box)
        card = el("div", "handover-card")
        card.append(el("h2", text=f"{name}'s turn"))
        here = len(self.game.moves)
        if here:
            card.append(el("p", "handover-last", self.log[here - 1]))
        card.append(el("p", text=f"Pass the screen to {name}. {other}, no peeking!"))
        button = el("button", "button primary", f"Show {name}'s numbers", type="button")
        on(button, "click", lambda _event: self.reveal_hand())
        card.append(button)
        box.append(card)
        box.hidden = False

    def say(self, message: str) -> None:
        """The refusal line: why the last press did nothing (empty to clear it)."""
        self.message_line.textContent = message
        self.message_line.classList.toggle("show", bool(message))


def computer_delay(params: dict[str, str]) -> int:
    """The computer's thinking pause; `?delay=ms` (or data-delay) changes it."""
    value = params.get("delay", "")
    return (
        min(int(value), MAX_DELAY_MS) if value.isdecimal() and len(value) < 7 else COMPUTER_DELAY_MS
    )


def nearest(here: Target, targets: list[Target], step: tuple[int, int]) -> Target | None:
    """The closest target in the direction `step`, favouring ones straight ahead."""
    hx, hy = here.x + here.w / 2, here.y + here.h / 2
    best, best_score = None, math.inf
    for t in targets:
        dx, dy = t.x + t.w / 2 - hx, t.y + t.h / 2 - hy
        ahead = dx * step[0] + dy * step[1]
        if t.key == here.key or ahead <= 1:
            continue
        side = abs(dx * step[1]) + abs(dy * step[0])
        score = ahead + 2.5 * side
        if score < best_score:
            best, best_score = t, score
    return best
