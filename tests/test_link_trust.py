"""Playing by link: what only one side may say, the settings both devices draw, and the
limits of a link.

- A link says only what its sender may say: it never opens, closes or resigns the
  receiver's row, so no link can make a device accuse its own player of cheating.
- Settings left to chance are drawn by both devices (commit, then reveal): for any
  fixed value of one side, the other side's values spread the result evenly; the
  inviter's reveal must open its commitment; no move comes before the draw is done.
- A link holds at most as many moves as the rules allow in one game.
"""

from __future__ import annotations

import secrets
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from link_play import Match, copy, matches
from test_link import mid_game, refused

from py_rules import GAMES, IllegalMove
from py_rules.play.link import CHEATING, THEIR_TURN, WAITING, YOUR_TURN, Device, LinkRefused
from py_rules.play.link.draw import VALUE_BYTES, combined, commitment, derive
from py_rules.play.link.line import drawable
from py_rules.play.link.payload import DRAW_VERSION, decode, encode
from py_rules.play.link.seal import Opening
from py_rules.play.link.wire import Writer, from_text, to_text
from py_rules.rules.core import MAX_MOVES, other

examples = settings(max_examples=max(3, settings.default.max_examples // 4))


def forged(line_link: str, **changes: object) -> str:
    """A link made from `line_link`'s line with some fields changed, by its sender."""
    reading = decode(from_text(line_link))
    return to_text(encode(replace(reading.line, **changes), reading.sender))


# ----- a link says only what its sender may say -------------------------------------


@examples
@given(data=st.data())
def test_a_link_cannot_open_the_receivers_row(data: st.DataObject) -> None:
    """The attacker's link opens the defender's attacked position itself, with a made-up
    salt: refused as tampered (never "cheating detected" naming the defender), nothing
    changes, and the attacker's genuine link is taken afterwards."""
    _, _, receiver, link = data.draw(mid_game("number-duel"))
    line = decode(from_text(link)).line
    assume(line.pending)
    position = int(line.moves[-1].split("@")[1])
    shown = {o.number for o in line.openings if o.seat == receiver.seat}
    number = data.draw(st.sampled_from(sorted(set(receiver.order) - shown)))
    salt = data.draw(st.binary(min_size=16, max_size=16))
    framing = Opening(receiver.seat, position, number, salt)
    # Drawn at random, the salt never opens the seal: the old code called that cheating.
    fake = forged(link, pending=False, openings=(*line.openings, framing))
    assert "your row" in str(refused(receiver, fake, "tampered"))
    assert receiver.status != CHEATING
    receiver.receive(link)
    assert receiver.line.moves == line.moves


# ----- settings drawn by both devices -------------------------------------------------


def spread(fixed: bytes, other_high: bytes, fixed_side: int) -> tuple[Counter[int], Counter[int]]:
    """Who moves first and Number Circle's target over every value of the low 12 bits of
    the other side's value (its other bits `other_high`), the fixed side's value fixed."""
    specs = drawable(GAMES["number-circle"])
    firsts: Counter[int] = Counter()
    targets: Counter[int] = Counter()
    base = int.from_bytes(other_high, "big") & ~0xFFF
    for low in range(1 << 12):
        value = (base | low).to_bytes(VALUE_BYTES, "big")
        one, two = (fixed, value) if fixed_side == 1 else (value, fixed)
        drawn = derive(specs, combined(one, two))
        firsts[drawn["first"]] += 1
        targets[drawn["target"]] += 1
    return firsts, targets


@settings(max_examples=20)
@given(
    fixed=st.binary(min_size=VALUE_BYTES, max_size=VALUE_BYTES),
    other_high=st.binary(min_size=VALUE_BYTES, max_size=VALUE_BYTES),
    fixed_side=st.sampled_from([1, 2]),
)
def test_neither_side_alone_steers_the_draw(
    fixed: bytes, other_high: bytes, fixed_side: int
) -> None:
    """Whatever one side's value (chosen by a cheat: Hypothesis picks it), the other
    side's uniform value gives a uniform result: over 4,096 values of the other side,
    each player moves first exactly as often, and each target of 10 to 20 within the
    rounding of 4,096 into 11 parts."""
    firsts, targets = spread(fixed, other_high, fixed_side)
    assert firsts == {1: 2048, 2: 2048}
    assert set(targets) == set(range(10, 21))
    assert max(targets.values()) - min(targets.values()) <= 2


def drawn_match(slug: str, inviter: int = 1) -> tuple[Device, Device, str, str]:
    """An invitation with every drawable setting left to chance, and the joiner's answer."""
    options = {spec.name: "random" for spec in drawable(GAMES[slug])}
    ann = Device.start(slug, options, ("Ann", "Bob"), inviter)
    invitation = ann.link()
    bob = Device.join(invitation)
    return ann, bob, invitation, bob.link()


@pytest.mark.parametrize("slug", ["number-circle", "number-duel", "circle-duel"])
def test_both_devices_draw_the_random_settings(slug: str) -> None:
    ann, bob, invitation, answer = drawn_match(slug)
    draw = decode(from_text(invitation)).line.draw
    assert draw is not None and draw.seat == 1 and draw.joined is None and draw.revealed is None
    assert ann.drawn not in from_text(invitation), "the invitation carries only the commitment"
    assert draw.commitment == commitment(ann.line.game_id, 1, ann.drawn)
    assert ann.status == WAITING and bob.status == THEIR_TURN
    with pytest.raises(IllegalMove):
        bob.play(bob.game.legal_move_texts()[0])
    ann.receive(answer)  # Bob's value in: Ann's device reveals hers in its next link
    assert ann.line.draw is not None and ann.line.draw.done
    bob.receive(ann.link())
    assert bob.line.options == ann.line.options
    assert bob.line.draw == ann.line.draw
    expected = derive(
        [spec for spec in drawable(GAMES[slug])], combined(ann.drawn, bob.line.draw.joined or b"")
    )
    assert {name: ann.line.options[name] for name in expected} == expected
    first = ann.line.options["first"]
    assert {ann.status, bob.status} == {YOUR_TURN, THEIR_TURN}
    assert (ann if first == 1 else bob).status == YOUR_TURN


def test_a_tampered_reveal_is_refused_and_the_true_one_taken() -> None:
    ann, bob, _, answer = drawn_match("number-circle")
    ann.receive(answer)
    reveal = ann.link()
    line = decode(from_text(reveal)).line
    assert line.draw is not None and line.draw.revealed is not None
    other_value = bytes(b ^ 1 for b in line.draw.revealed)
    fake = to_text(encode(replace(line, draw=replace(line.draw, revealed=other_value)), 1))
    assert "committed" in str(refused(bob, fake, "tampered"))
    bob.receive(reveal)
    assert bob.line.draw == ann.line.draw


def test_a_changed_or_usurped_part_of_the_draw_is_refused() -> None:
    ann, bob, _, answer = drawn_match("number-circle")
    line = decode(from_text(answer)).line
    assert line.draw is not None
    ann_copy = copy(ann)
    ann.receive(answer)
    # Bob changes his value once Ann's device has taken the first one.
    changed = replace(line.draw, joined=secrets.token_bytes(VALUE_BYTES))
    refused(ann, to_text(encode(replace(line, draw=changed), 2)), "tampered")
    # A value for Ann's part from Bob's side: only Ann's device reveals it.
    revealed = replace(line.draw, revealed=secrets.token_bytes(VALUE_BYTES))
    with pytest.raises(LinkRefused):
        ann_copy.receive(to_text(encode(replace(line, draw=revealed), 2)))
    # Bob's invitation again, its commitment replaced: other settings.
    other_commit = replace(line.draw, commitment=bytes(32), joined=None)
    refused(bob, to_text(encode(replace(line, draw=other_commit), 1)), "tampered")


def test_no_move_comes_before_the_draw_is_done() -> None:
    ann, bob, _, answer = drawn_match("circle-duel")
    with pytest.raises(IllegalMove):
        ann.play(ann.game.legal_move_texts()[0])
    ann.receive(answer)
    bob.receive(ann.link())
    mover = ann if ann.status == YOUR_TURN else bob
    link = mover.play(mover.game.legal_move_texts()[0])
    # The same link with the reveal taken out (its flag and its 16 bytes): a move
    # played before the draw is done, which the rules cannot have followed.
    payload = bytearray(from_text(link))
    at = 1 + 8 + 1 + 1 + len("circle-duel") + 1  # the draw's flags
    payload[at] &= ~0b1000
    start = at + 1 + 32 + VALUE_BYTES
    del payload[start : start + VALUE_BYTES]
    reading = decode(bytes(payload))
    assert reading.problem is not None and "drew" in reading.problem.message


def test_a_chosen_setting_is_not_drawn() -> None:
    ann = Device.start("number-circle", {"first": 2, "target": 12}, ("Ann", "Bob"))
    assert ann.line.draw is None and ann.line.options["first"] == 2
    assert from_text(ann.link())[0] != DRAW_VERSION


@examples
@given(data=st.data())
def test_a_kept_device_keeps_its_secret_part_of_the_draw(data: st.DataObject) -> None:
    match: Match = data.draw(matches("number-circle"))
    for device in match.devices.values():
        assert copy(device).to_data() == device.to_data()
    ann, bob, _, answer = drawn_match("sequence-duel", inviter=data.draw(st.sampled_from([1, 2])))
    again = copy(ann)
    again.receive(answer)
    bob.receive(again.link())
    assert bob.line.draw == again.line.draw
    wrong = {**ann.to_data(), "drawn": secrets.token_bytes(VALUE_BYTES).hex()}
    with pytest.raises(Exception, match="draw"):
        Device.from_data(wrong)


# ----- limits ----------------------------------------------------------------------------


def too_long_link(count: int) -> str:
    """A Number Circle link from player 2 with `count` moves, none winning (written by
    hand: a device never writes more than the rules allow)."""
    cls = GAMES["number-circle"]
    game = cls({"first": 1, "target": 20, "no_negative": False}, ("Ann", "Bob"))
    state, digits = game.state, []
    for _ in range(count):
        legal = game.moves_in(state)
        index = next(
            i for i, move in enumerate(legal) if game.outcome_of(game.after(state, move)) is None
        )
        digits.append((index, len(legal)))
        state = game.after(state, legal[index])
    out = Writer()
    out.byte(1)
    out.raw(bytes(8))
    out.byte(2)
    out.text("number-circle")
    out.varint(0)  # first: player 1
    out.varint(20 - 10)
    out.byte(0)
    out.text("Ann")
    out.text("Bob")
    out.byte(0)
    code = 0
    for chosen, radix in reversed(digits):
        code = code * radix + chosen
    out.varint(count)
    out.blob(code.to_bytes((code.bit_length() + 7) // 8, "big"))
    out.varint(0)
    return to_text(bytes(out.data))


def test_a_link_beyond_the_rules_move_limit_is_refused_as_damaged() -> None:
    assert decode(from_text(too_long_link(MAX_MOVES))).problem is None
    link = too_long_link(MAX_MOVES + 1)
    with pytest.raises(LinkRefused) as caught:
        Device.join(link)
    assert caught.value.kind == "damaged"


def test_a_device_at_the_move_limit_plays_no_more() -> None:
    bob = Device.join(too_long_link(MAX_MOVES))
    assert bob.seat == 1 and len(bob.line.moves) == MAX_MOVES
    before = bob.to_data()
    with pytest.raises(IllegalMove):
        bob.play(bob.game.legal_move_texts()[0])
    assert bob.to_data() == before
    assert other(bob.seat) == 2
