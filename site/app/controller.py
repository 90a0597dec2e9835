"""The generic board controller: one class runs any of the five games in the page.

It owns the game from `py_rules`, the mode (two people, or one against the computer),
the half-made move and the hand-over screen; it turns the renderer's targets into real
buttons over the canvas, and every press into `game.play` or a refusal that names the
rule. Illegal choices stay clickable (aria-disabled) so that pressing one explains why.
"""

from __future__ import annotations

import math
import random
from typing import Any

import js  # type: ignore[import-not-found]

import py_rules
from py_rules.players import LEVELS, choose_move

from .canvas import Pen
from .dom import by_id, clear, el, on, proxy
from .options_form import OptionsForm, Settings
from .renderers import renderer_class
from .renderers.base import Layout, Target, View

COMPUTER_DELAY_MS = 650  # long enough to follow the computer's move, short enough not to bore
MAX_DELAY_MS = 5000
ARROWS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}


class BoardController:
    def __init__(self, slug: str) -> None:
        self.cls = py_rules.GAMES[slug]
        self.renderer = renderer_class(slug)(self.cls)
        self.hidden_info = bool(getattr(self.cls, "has_hidden_information", False))
        self.board = by_id("board")
        self.canvas = by_id("board-canvas")
        self.targets_box = by_id("targets")
        self.choices_box = by_id("choices")
        self.status = by_id("status")
        self.message_line = by_id("message")
        self.handover_box = by_id("handover")
        self.form = OptionsForm(by_id("options"), self.cls, LEVELS)
        self.rng = random.Random()
        self.buttons: dict[str, Any] = {}
        self.drawn: dict[str, tuple[Any, ...]] = {}
        self.layout: Layout | None = None
        self.width = 0.0
        self.timer: Any = None
        self.tick = proxy(self.computer_move)
        self.delay = computer_delay(str(js.location.search))
        self.seat = 1
        self.wire()
        settings = self.form.read()
        self.start_game(
            settings, py_rules.new_game(self.cls.slug, settings.options, settings.names)
        )

    # ----- events -------------------------------------------------------------------

    def wire(self) -> None:
        on(self.targets_box, "click", self.on_press)
        on(self.choices_box, "click", self.on_press)
        on(self.targets_box, "keydown", self.on_arrow)
        on(self.form.form, "submit", self.on_new_game)
        on(by_id("new-game"), "click", self.on_new_game)
        on(by_id("undo"), "click", lambda _event: self.undo())
        observer = js.ResizeObserver.new(proxy(lambda *_: self.on_resize()))
        observer.observe(self.board)
        for button_id in ("new-game", "undo"):
            by_id(button_id).disabled = False
        if self.hidden_info:
            by_id("undo").hidden = True  # taking back an attack after seeing it would be cheating

    def on_press(self, event: Any) -> None:
        button = event.target.closest("button[data-key]")
        if button:
            event.preventDefault()
            self.press(str(button.dataset.key))

    def on_new_game(self, event: Any) -> None:
        event.preventDefault()
        settings = self.form.read()
        try:
            game = py_rules.new_game(self.cls.slug, settings.options, settings.names)
        except py_rules.BadOption as error:
            self.form.show_error(str(error))  # the current game carries on untouched
            return
        self.start_game(settings, game)

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

    def start_game(self, settings: Settings, game: Any) -> None:
        self.cancel_computer()
        self.form.show_error(None)
        self.settings = settings
        self.computer = settings.computer
        self.game = game
        self.pending: str | None = None
        self.log: list[str] = []
        self.seat = 3 - self.computer if self.computer else game.to_move
        self.handover = self.needs_handover()
        self.say("")
        self.render()
        self.schedule_computer()

    def needs_handover(self) -> bool:
        return self.hidden_info and self.computer is None and not self.game.is_over

    def press(self, key: str) -> None:
        game = self.game
        if self.handover:
            return self.say(f"Press “Show {game.player_name(game.to_move)}'s numbers” first.")
        if game.is_over:
            return self.say("The game is over: press New game to play again.")
        if game.to_move == self.computer:
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

    def play(self, move: str) -> None:
        game = self.game
        player = game.to_move
        try:
            game.play(move)
        except py_rules.IllegalMove as error:
            return self.say(str(error))
        self.pending = None
        self.log.append(self.renderer.describe(game, move, player))
        if self.computer is None and not game.is_over:
            self.seat = game.to_move
        self.handover = self.needs_handover()
        self.render()
        self.schedule_computer()

    def undo(self) -> None:
        game = self.game
        if self.hidden_info or not game.moves:
            return
        self.cancel_computer()
        game.undo()
        self.log.pop()
        while self.computer and game.moves and game.to_move == self.computer:
            game.undo()
            self.log.pop()
        self.pending = None
        self.say("")
        self.render()
        self.schedule_computer()

    def reveal_hand(self) -> None:
        """Hand-over screen: the player to move says they are at the screen."""
        self.handover = False
        self.seat = self.game.to_move
        self.render()
        first = next(
            (b for b in self.buttons.values() if b.getAttribute("aria-disabled") == "false"), None
        )
        if first is not None:
            first.focus()

    # ----- the computer -------------------------------------------------------------

    def schedule_computer(self) -> None:
        if self.computer and self.game.to_move == self.computer:
            self.timer = js.setTimeout(self.tick, self.delay)

    def cancel_computer(self) -> None:
        if self.timer is not None:
            js.clearTimeout(self.timer)
            self.timer = None

    def computer_move(self) -> None:
        self.timer = None
        game = self.game
        if game.to_move != self.computer:
            return
        move = choose_move(game, self.settings.level, self.rng)
        self.play(game.move_text(move))

    # ----- drawing ------------------------------------------------------------------

    def view(self) -> View:
        game = self.game
        viewer = None if (self.hidden_info and self.handover) else self.seat
        return View(viewer=viewer, pending=self.pending, reveal=game.is_over, seat=self.seat)

    def render(self) -> None:
        view = self.view()
        self.width = float(self.board.clientWidth) or 600.0
        self.layout = layout = self.renderer.layout(self.game, view, self.width)
        self.sync_buttons(layout, view)
        self.renderer.draw(Pen(self.canvas, self.width, layout.height), self.game, view, layout)
        self.board.style.height = f"{layout.height}px"
        self.show_status(view)
        self.show_players(view)
        self.show_history()
        self.show_handover()
        by_id("undo").disabled = not self.game.moves
        js.document.body.dataset.turn = self.turn_kind()

    def turn_kind(self) -> str:
        """Whose turn it is, for the page's data-turn attribute (styles and tests use it)."""
        if self.game.is_over:
            return "over"
        if self.game.to_move == self.computer:
            return "computer"
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
        busy = self.game.to_move == self.computer or self.game.is_over
        self.targets_box.inert = bool(self.handover)
        for t in layout.targets:
            refused = busy or self.renderer.choose(self.game, view, t.key).refusal is not None
            state = (t.x, t.y, t.w, t.h, t.round, refused, view.pending == t.key)
            if self.drawn.get(t.key) == state:
                continue
            self.drawn[t.key] = state
            button = self.buttons[t.key]
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
        last = self.log[-1] + " " if self.log else ""
        if game.is_over:
            text = self.renderer.result(game)
        elif game.to_move == self.computer:
            text = f"{last}{game.player_name(self.computer)} is thinking…"
        elif self.handover:
            text = f"{last}Pass the screen to {game.player_name(game.to_move)}."
        else:
            text = f"{last}{game.player_name(game.to_move)}: {self.renderer.prompt(game, view)}."
        self.status.textContent = text
        self.status.dataset.over = "true" if game.is_over else "false"
        self.status.dataset.player = str(game.winner if game.is_over else game.to_move or "")

    def show_players(self, view: View) -> None:
        box = by_id("players")
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

    def show_history(self) -> None:
        box = by_id("history")
        clear(box)
        for line in self.log:
            box.append(el("li", text=line))
        if not self.log:
            box.append(el("li", "empty", "No moves yet."))
        box.scrollTop = box.scrollHeight

    def show_handover(self) -> None:
        box = self.handover_box
        if not self.handover:
            box.hidden = True
            return
        name = self.game.player_name(self.game.to_move)
        other = self.game.player_name(3 - self.game.to_move)
        clear(box)
        card = el("div", "handover-card")
        card.append(el("h2", text=f"{name}'s turn"))
        if self.log:
            card.append(el("p", "handover-last", self.log[-1]))
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


def computer_delay(query: str) -> int:
    """The computer's thinking pause; `?delay=ms` in the page address changes it."""
    for part in query.lstrip("?").split("&"):
        name, _, value = part.partition("=")
        if name == "delay" and value.isdecimal():
            return min(int(value), MAX_DELAY_MS)
    return COMPUTER_DELAY_MS


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
