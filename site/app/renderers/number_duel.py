"""Number Duel: two rows of cards; yours at the bottom, your opponent's on top.

What is drawn comes only from `game.observation(seat)` (or the public view while the
hand-over screen is up), so the board can never show a hidden number by mistake.
A move is one of your numbers (kept as `pending`), then one of the opponent's positions.
Before play (`view.arranging`) your own cards are buttons: press one, then another, to
swap them (the game restarts with that order), and "Done arranging" when it suits you.
"""

from __future__ import annotations

from typing import Any

from py_rules.i18n import N_, _, ngettext
from py_rules.rules.core import other

from ..drawing import theme
from ..drawing.canvas import Pen
from .base import Choice, Layout, Renderer, Target, View

CAPTION = 26.0
BAND = 84.0
DONE = N_("Done arranging")


class NumberDuelRenderer(Renderer):
    reads_in_line_order = True  # a row read in order: mirrored in a right-to-left language

    def rows(self, game: Any, view: View) -> dict[int, list[dict[str, Any]]]:
        """Each player's row as this view may see it."""
        if view.reveal:
            return {p: game.observation(p)["rows"][str(p)] for p in (1, 2)}
        seen = game.observation(view.viewer) if view.viewer else game.public_view()
        return {p: seen["rows"][str(p)] for p in (1, 2)}

    def geometry(self, game: Any, width: float) -> tuple[float, float, float, float, float]:
        k = game.options["numbers"]
        gap = 12.0
        w = min(86.0, (width - 24 - gap * (k - 1)) / k)
        h = w * 1.34
        left = (width - (k * w + (k - 1) * gap)) / 2
        return w, h, gap, left, CAPTION + h + BAND  # card size, gap, left edge, bottom row y

    def layout(self, game: Any, view: View, width: float) -> Layout:
        w, h, gap, left, bottom = self.geometry(game, width)
        seat = view.seat
        if view.arranging:  # your own cards by position, labelled with their numbers
            order = game.arrangement(seat)
            cards = [
                Target(
                    f"a{i}",
                    _("{number} at position {position}").format(number=n, position=i),
                    left + (i - 1) * (w + gap),
                    bottom,
                    w,
                    h,
                )
                for i, n in enumerate(order, start=1)
            ]
            return Layout(bottom + h + CAPTION + 6, (*cards, Target("done", _(DONE), bar=True)))
        targets = [
            Target(
                f"p{i}",
                _("Position {position}").format(position=i),
                left + (i - 1) * (w + gap),
                CAPTION,
                w,
                h,
            )
            for i in range(1, game.options["numbers"] + 1)
        ]
        if view.viewer == seat or view.reveal:
            order = game.arrangement(seat)  # the seat's own secret: theirs to see
            targets += [
                Target(str(n), str(n), left + i * (w + gap), bottom, w, h)
                for i, n in enumerate(order)
            ]
        return Layout(bottom + h + CAPTION + 6, tuple(targets))

    def choose(self, game: Any, view: View, key: str) -> Choice:
        seat = view.seat
        if view.arranging:
            return self.arrange(game, view, key)
        if key.startswith("p"):
            if view.pending is None:
                return Choice(
                    refusal=_("Choose one of your numbers first, then a position to attack.")
                )
            return Choice(move=f"{view.pending}@{key[1:]}")
        if game.to_move != seat:  # the numbers shown are the seat's: not the mover's
            return Choice(refusal=_("It is not your turn."))
        positions = range(1, game.options["numbers"] + 1)
        return Choice(select=key, completions=tuple(f"{key}@{p}" for p in positions))

    def arrange(self, game: Any, view: View, key: str) -> Choice:
        """A card is picked up, swapped with the one picked up before, or it is done."""
        if key == "done":
            return Choice(ready=True)
        if view.pending is None or view.pending == key:
            return Choice(select=key)
        return Choice(swap=(int(view.pending[1:]), int(key[1:])))

    def draw(self, pen: Pen, game: Any, view: View, layout: Layout) -> None:
        w, h, gap, left, bottom = self.geometry(game, pen.width)
        seat = view.seat
        rival = other(seat)
        rows = self.rows(game, view)
        # Only a move in play lights up positions to attack: never while arranging.
        my_turn = game.to_move == seat and view.viewer == seat and not view.arranging
        legal_positions = set()
        if my_turn and view.pending is not None:
            legal_positions = {
                move.position for move in game.legal_moves() if str(move.number) == view.pending
            }
        pen.text(
            left,
            CAPTION / 2,
            _("{name}'s positions").format(name=game.player_name(rival)),
            13,
            theme.MUTED,
            600,
            "left",
        )
        for card in rows[rival]:
            x = left + (card["position"] - 1) * (w + gap)
            self.card(
                pen,
                x,
                CAPTION,
                w,
                h,
                card,
                rival,
                own=False,
                legal=card["position"] in legal_positions,
            )
            pen.text(x + w / 2, CAPTION + h + 12, str(card["position"]), 12, theme.MUTED, 600)
        self.band(pen, game, CAPTION + h + 22, BAND - 30, view.awaiting)
        remaining = set(game.state.remaining(seat))
        order = game.arrangement(seat)
        for i, card in enumerate(rows[seat]):
            x = left + i * (w + gap)
            lift = 8 if view.pending in (str(card["number"]), f"a{i + 1}") else 0
            own_number = order[i] if (view.viewer == seat or view.reveal) else None
            self.card(
                pen,
                x,
                bottom - lift,
                w,
                h,
                card,
                seat,
                own=True,
                legal=view.arranging
                or (my_turn and view.pending is None and own_number in remaining),
                selected=lift > 0,
                ghost=own_number if not card["occupied"] else None,
            )
        pen.text(
            left,
            bottom + h + CAPTION / 2 + 6,
            _("{name}'s numbers").format(name=game.player_name(seat)),
            13,
            theme.MUTED,
            600,
            "left",
        )

    def card(
        self,
        pen: Pen,
        x: float,
        y: float,
        w: float,
        h: float,
        card: dict[str, Any],
        owner: int,
        own: bool,
        legal: bool = False,
        selected: bool = False,
        ghost: int | None = None,
    ) -> None:
        """One card: face down, face up, or an empty place (with the used number ghosted)."""
        radius = w * 0.14
        if not card["occupied"]:
            pen.rect(
                x + 2,
                y + 2,
                w - 4,
                h - 4,
                radius,
                fill=theme.EMPTY,
                stroke=theme.FAINT,
                width=1.5,
                dash=(5, 4),
            )
            if ghost is not None:
                pen.text(x + w / 2, y + h / 2, str(ghost), w * 0.34, theme.MUTED, 700)
            return
        if legal:
            pen.shadow(12, "rgba(241, 184, 58, 0.6)")
        else:
            pen.shadow(8, dy=3)
        if card["number"] is None:  # face down: the card's back in its owner's colour
            pen.rect(x, y, w, h, radius, fill=theme.PLAYER[owner])
            pen.shadow()
            pen.rect(
                x + 6,
                y + 6,
                w - 12,
                h - 12,
                radius * 0.6,
                stroke="rgba(255,255,255,0.55)",
                width=1.5,
            )
            pen.text(x + w / 2, y + h / 2 + 1, "?", w * 0.36, theme.ON_PLAYER, 800)
        else:
            pen.rect(
                x, y, w, h, radius, fill=theme.ON_PLAYER, stroke=theme.PLAYER[owner], width=2.5
            )
            pen.shadow()
            pen.text(
                x + w / 2,
                y + h / 2 + 2,
                str(card["number"]),
                w * 0.46,
                theme.PLAYER_DARK[owner],
                800,
            )
            if card["face_up"]:
                pen.rect(x + w * 0.18, y + 6, w * 0.64, 15, 7, fill=theme.PLAYER_TINT[owner])
                pen.text(
                    x + w / 2,
                    y + 14,
                    _("shown") if own else _("face up"),
                    9.5,
                    theme.PLAYER_DARK[owner],
                    700,
                )
        if legal or selected:
            pen.rect(
                x - 3,
                y - 3,
                w + 6,
                h + 6,
                radius + 3,
                stroke=theme.PLAYER_DARK[owner] if selected else theme.LEGAL,
                width=3,
            )

    def band(
        self, pen: Pen, game: Any, y: float, height: float, awaiting: str | None = None
    ) -> None:
        """The last encounter, public to both players, between the rows; in a game by
        link, this player's attack while it waits for the other device's answer."""
        cx = pen.width / 2
        pen.line(
            [(24, y + height / 2), (pen.width - 24, y + height / 2)], theme.TRACK, 2, dash=(2, 6)
        )
        if awaiting is not None:  # an attack sent by link, waiting for the defence
            number, position = awaiting.split("@")
            attacker = game.to_move or 1
            mid = y + height / 2 - 7
            pen.rect(cx - 160, y, 320, height, 14, fill=theme.SURFACE, stroke=theme.LEGAL, width=2)
            pen.text(cx - 46, mid, number, 24, theme.PLAYER[attacker], 800)
            pen.text(cx, mid, _("vs"), 13, theme.MUTED, 700)
            pen.text(cx + 46, mid, "?", 24, theme.MUTED, 800)
            caption = _("You attack position {position} · waiting for {name}'s number")
            caption = caption.format(position=position, name=game.player_name(other(attacker)))
            pen.text(cx, y + height - 11, caption, 11.5, theme.MUTED, 600)
            return
        if not game.state.encounters:
            pen.rect(cx - 110, y + 4, 220, height - 8, 14, fill=theme.SURFACE, stroke=theme.TRACK)
            pen.text(cx, y + height / 2, _("No attacks yet"), 14, theme.MUTED, 600)
            return
        e = game.state.encounters[-1]
        defender = other(e.attacker)
        mid = y + height / 2 - 7
        pen.rect(cx - 160, y, 320, height, 14, fill=theme.SURFACE, stroke=theme.TRACK, width=1.5)
        pen.text(cx - 46, mid, str(e.number), 24, theme.PLAYER[e.attacker], 800)
        pen.text(cx, mid, _("vs"), 13, theme.MUTED, 700)
        pen.text(cx + 46, mid, str(e.defender_number), 24, theme.PLAYER[defender], 800)
        attacker = game.player_name(e.attacker)
        if e.winner is None:
            caption = _("{name} attacked position {position} · a tie: both are out")
            caption = caption.format(name=attacker, position=e.position)
        else:
            winning = e.number if e.winner == e.attacker else e.defender_number
            caption = _("{name} attacked position {position} · {number} wins")
            caption = caption.format(name=attacker, position=e.position, number=winning)
        pen.text(cx, y + height - 11, caption, 11.5, theme.MUTED, 600, max_width=300)

    def prompt(self, game: Any, view: View) -> str:
        if view.arranging:
            return _(
                "arrange your numbers: press one card, then another to swap them, then {done}"
            ).format(done=_(DONE))
        if view.pending is not None:
            return _("attack with {number}: now choose a position to attack").format(
                number=view.pending
            )
        return _("choose one of your numbers to attack with")

    def awaiting(self, game: Any, move: str, player: int) -> str:
        number, position = move.split("@")
        return _(
            "You attacked {rival}'s position {position} with your {number}: their number"
            " there decides it."
        ).format(rival=game.player_name(other(player)), position=position, number=number)

    def describe(self, game: Any, move: str, player: int) -> str:
        e = game.state.encounters[-1]
        me, them = game.player_name(player), game.player_name(other(player))
        if e.winner is None:
            message = _(
                "{name} attacked position {position} with {number}: "
                "{rival}'s {defender} ties; both are eliminated."
            )
        elif e.winner == player:
            message = _(
                "{name} attacked position {position} with {number}: it beats {rival}'s {defender}."
            )
        else:
            message = _(
                "{name} attacked position {position} with {number}: "
                "{rival}'s {defender} wins and stays face up."
            )
        return message.format(
            name=me, position=e.position, number=e.number, rival=them, defender=e.defender_number
        )

    def player_facts(self, game: Any, view: View, player: int) -> list[str]:
        public = game.public_view()
        left = len(game.state.occupied(player))
        gone = public["gone"][str(player)]
        facts = [ngettext("{count} number left", "{count} numbers left", left).format(count=left)]
        if gone:
            facts.append(_("Used or lost: {numbers}").format(numbers=_(", ").join(map(str, gone))))
        else:
            facts.append(_("Nothing used yet"))
        return facts
