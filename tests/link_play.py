"""Two devices playing a game by link, beside the same game played at one screen.

Shared by the link tests: a `Match` starts a game on two `Device`s (one invites, the
other joins), plays moves by passing links, and keeps the hot-seat game with the same
orders and moves, so every test can compare the two.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st
from strategies import move_bound, options_for, pick

from py_rules import GAMES, Game, new_game
from py_rules.play.link import WAITING, YOUR_TURN, Device, LinkRefused
from py_rules.play.link.payload import decode
from py_rules.play.link.wire import from_text, to_text
from py_rules.rules.core import other

NAMES = [(None, None), ("Ann", "Bob"), ("\U0001f98a" * 24, "Zoë Ünïcode-Ñame Longest")]
OPENING_BYTES = 18  # position, number, salt


@dataclass
class Match:
    devices: dict[int, Device]
    hot: Game[Any]
    links: list[tuple[int, str]] = field(default_factory=list)  # (sender, link) in order

    def mover(self) -> Device:
        (device,) = [d for d in self.devices.values() if d.status == YOUR_TURN]
        return device

    def send(self, device: Device, link: str) -> str:
        self.links.append((device.seat, link))
        return link

    def play(self, text: str) -> str:
        """The player to move plays `text`; the other device opens the link."""
        device = self.mover()
        link = self.send(device, device.play(text))
        self.hot.play(text)
        self.devices[other(device.seat)].receive(link)
        return link

    def finish(self) -> None:
        """Pass each device's link to the other until neither has anything new (the
        answer to a last attack, the rows opened after the end)."""
        for _ in range(2):
            for seat in (1, 2):
                here, there = self.devices[seat], self.devices[other(seat)]
                before = there.line
                try:
                    there.receive(self.send(here, here.link()))
                except LinkRefused as refusal:
                    assert refusal.kind == "sent-twice" and there.line == before


def orders_for(draw: st.DrawFn, slug: str, options: dict[str, Any]) -> dict[int, tuple[int, ...]]:
    if not GAMES[slug].has_hidden_information:
        return {}
    size = new_game(slug, options).options["numbers"]
    numbers = list(range(1, size + 1))
    return {seat: tuple(draw(st.permutations(numbers))) for seat in (1, 2)}


@st.composite
def matches(draw: st.DrawFn, slug: str, standard: dict[str, Any] | None = None) -> Match:
    """A game by link just started (both rows sealed), with its hot-seat twin; with
    `standard`, those options (the rest standard) and the longest names."""
    cls = GAMES[slug]
    options = dict(standard) if standard is not None else draw(options_for(slug))
    options = {k: v for k, v in options.items() if k not in cls.secret_options()}
    names = NAMES[-1] if standard is not None else draw(st.sampled_from(NAMES))
    orders = orders_for(draw, slug, options)
    inviter = draw(st.sampled_from([1, 2]))
    entropy = random.Random(draw(st.integers(0, 2**32))).randbytes  # replays exactly
    first = Device.start(slug, options, names, inviter, orders.get(inviter), entropy)
    match = Match({inviter: first}, new_game(slug, {}))
    invitation = match.send(first, first.link())
    second = Device.join(invitation, orders.get(other(inviter)), entropy)
    match.devices[second.seat] = second
    if first.status == WAITING:  # sealed rows, a draw: the joiner's part comes back
        first.receive(match.send(second, second.link()))
    if second.drawing:  # the inviter's reveal completes the draw
        second.receive(match.send(first, first.link()))
    hidden = {f"order{seat}": order for seat, order in orders.items()}
    match.hot = new_game(slug, {**first.line.options, **hidden}, first.line.names)
    return match


def play_on(draw: st.DrawFn, match: Match, most: int | None = None) -> None:
    """Random legal moves by link, up to `most` (or to the end or the game's bound)."""
    bound = move_bound(match.hot) if most is None else most
    for _ in range(bound):
        if match.hot.is_over:
            return
        match.play(match.hot.move_text(pick(draw, match.hot.legal_moves())))


def copy(device: Device) -> Device:
    return Device.from_data(device.to_data())


def patched(link: str, opening: int, offset: int, value: int) -> str:
    """`link` with one byte of its `opening`-th opening (0-based) set to `value`
    (offset 0: position, 1: number, 2..17: salt), its check recomputed: an edit made
    on purpose, which no damage check can catch."""
    payload = bytearray(from_text(link))
    count = len(decode(bytes(payload)).line.openings)
    payload[len(payload) - OPENING_BYTES * (count - opening) + offset] = value
    return to_text(bytes(payload))
