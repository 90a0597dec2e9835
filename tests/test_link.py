"""Playing by link: honest devices play exactly the hot-seat game, and every deviation
by either side is refused (nothing changes) or caught as cheating.

Each test runs for all five games where the deviation exists there; Number Duel's
sealed rows get their own tests (a changed number, a changed salt, a reused salt, a
number claimed at another position) and a scan of every link for secrets.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from link_play import Match, copy, matches, patched, play_on
from strategies import SLUGS, pick

from py_rules import GAMES, BadSave, IllegalMove
from py_rules.play.link import CHEATING, OVER, RESIGNED, STOPPED, YOUR_TURN, Device, LinkRefused
from py_rules.play.link.payload import decode, encode
from py_rules.play.link.seal import Opening, seal
from py_rules.play.link.wire import MAX_LINK_CHARS, from_text, to_text
from py_rules.rules.core import other

# Each example plays a game by link on two devices (every link read, replayed and
# checked): a quarter of the profile's examples keeps the suite's time in bounds.
examples = settings(max_examples=max(3, settings.default.max_examples // 4))
HIDDEN = [slug for slug in SLUGS if GAMES[slug].has_hidden_information]
STANDARD_LIMIT = 2_000


def refused(device: Device, link: str, kind: str | None = None) -> LinkRefused:
    """Open `link` on `device`, which must refuse it and change nothing."""
    before = device.to_data()
    with pytest.raises(LinkRefused) as caught:
        device.receive(link)
    assert device.to_data() == before
    if kind is not None:
        assert caught.value.kind == kind, str(caught.value)
    return caught.value


def view(device: Device, hot: Any) -> dict[str, Any]:
    return hot.observation(device.seat)


@st.composite
def mid_game(draw: st.DrawFn, slug: str) -> tuple[Match, Device, Device, str]:
    """A match after some moves, and the next link, sent but not yet opened."""
    match = draw(matches(slug))
    play_on(draw, match, draw(st.integers(0, 12)))
    assume(not match.hot.is_over)
    sender = match.mover()
    receiver = match.devices[other(sender.seat)]
    move = match.hot.move_text(pick(draw, match.hot.legal_moves()))
    link = match.send(sender, sender.play(move))
    match.hot.play(move)
    return match, sender, receiver, link


def to_a_choice(draw: st.DrawFn, match: Match, most: int) -> None:
    """Play random moves by link, at most `most`, to the last position on the way where
    the player to move has a choice (in Circle Duel only the first two moves have one)."""
    probe, moves, choices = match.hot.copy(), [], []
    for _ in range(most + 1):
        if probe.is_over:
            break
        if len(probe.legal_moves()) > 1:
            choices.append(len(moves))
        move = pick(draw, probe.legal_moves())
        moves.append(probe.move_text(move))
        probe.play(move)
    assume(choices)
    for text in moves[: choices[-1]]:
        match.play(text)


# ----- honest play ------------------------------------------------------------------


@pytest.mark.parametrize("slug", SLUGS)
@examples
@given(data=st.data())
def test_honest_devices_play_the_hot_seat_game(slug: str, data: st.DataObject) -> None:
    match = data.draw(matches(slug))
    hot = match.hot
    while not hot.is_over and len(hot.moves) < 30:
        match.play(hot.move_text(pick(data.draw, hot.legal_moves())))
        receiver = next(
            d for d in match.devices.values() if d.status != "their-turn" or hot.is_over
        )
        for device in match.devices.values():
            assert device.line.moves == tuple(hot.move_text(m) for m in hot.moves)
        if not hot.is_over:
            # The device that just received sees exactly what the rules show it.
            assert receiver.view() == view(receiver, hot)
    match.finish()
    for device in match.devices.values():
        assert device.outcome() == hot.outcome()
        if hot.is_over:
            assert device.status == OVER
            assert device.game.revealed_view() == hot.revealed_view()
        else:
            assert device.view() == view(device, hot)


@pytest.mark.parametrize("slug", SLUGS)
@examples
@given(data=st.data())
def test_links_at_the_standard_sizes_fit_in_2000_characters(slug: str, data: st.DataObject) -> None:
    """With the longest names (24 emoji each), every link of a whole game."""
    match = data.draw(matches(slug, standard={}))
    play_on(data.draw, match, 30)
    match.finish()
    assert max(len(link) for _, link in match.links) <= STANDARD_LIMIT


@examples
@given(data=st.data())
def test_a_number_duel_of_nine_numbers_fits_too(data: st.DataObject) -> None:
    match = data.draw(matches("number-duel", standard={"numbers": 9}))
    play_on(data.draw, match)
    match.finish()
    assert max(len(link) for _, link in match.links) <= STANDARD_LIMIT


@pytest.mark.parametrize("slug", HIDDEN)
@examples
@given(data=st.data())
def test_no_link_holds_a_number_or_salt_the_rules_have_not_revealed(
    slug: str, data: st.DataObject
) -> None:
    match = data.draw(matches(slug))
    salts = {seat: device.salts for seat, device in match.devices.items()}
    orders = {seat: device.order for seat, device in match.devices.items()}
    checked = 0
    for index in range(60):
        hot = match.hot
        if index and not hot.is_over:
            match.play(hot.move_text(pick(data.draw, hot.legal_moves())))
        public = hot.public_view()["rows"]
        for _seat, link in match.links[checked:]:
            payload = from_text(link)
            for row in (1, 2):
                shown = {
                    card["position"]
                    for card in public[str(row)]
                    if hot.is_over or not card["occupied"] or card["face_up"]
                }
                for position, salt in enumerate(salts[row], start=1):
                    if position not in shown:
                        assert salt not in payload
            for opening in decode(payload).line.openings:
                row = public[str(opening.seat)]
                card = row[opening.position - 1]
                assert hot.is_over or not card["occupied"] or card["face_up"]
                assert opening.number == orders[opening.seat][opening.position - 1]
        checked = len(match.links)
        if hot.is_over:
            break
    match.finish()


# ----- refused: nothing changes -------------------------------------------------------


@pytest.mark.parametrize("slug", SLUGS)
@examples
@given(data=st.data())
def test_a_link_opened_twice_is_refused(slug: str, data: st.DataObject) -> None:
    _, _, receiver, link = data.draw(mid_game(slug))
    receiver.receive(link)
    refused(receiver, link, "sent-twice")


@pytest.mark.parametrize("slug", SLUGS)
@examples
@given(data=st.data())
def test_a_stale_link_is_refused(slug: str, data: st.DataObject) -> None:
    match, sender, receiver, link = data.draw(mid_game(slug))
    earlier = [text for seat, text in match.links[:-1] if seat == sender.seat]
    assume(earlier)
    receiver.receive(link)
    refused(receiver, earlier[-1], "stale")
    refused(receiver, earlier[0], None)


@pytest.mark.parametrize("slug", SLUGS)
@examples
@given(data=st.data())
def test_a_forked_line_is_refused(slug: str, data: st.DataObject) -> None:
    """The sender answers the same position twice, differently: the first one counts."""
    match = data.draw(matches(slug))
    to_a_choice(data.draw, match, data.draw(st.integers(0, 12)))
    sender = match.mover()
    receiver = match.devices[other(sender.seat)]
    twin = copy(sender)
    first, second = data.draw(st.permutations(match.hot.legal_move_texts()))[:2]
    link, fork = sender.play(first), twin.play(second)
    receiver.receive(link)
    refused(receiver, fork, "forked")
    if receiver.status == YOUR_TURN:
        sender.receive(receiver.play(receiver.game.legal_move_texts()[0]))
        refused(receiver, fork, "forked")


@pytest.mark.parametrize("slug", SLUGS)
@examples
@given(data=st.data())
def test_links_from_another_game_or_this_device_are_refused(slug: str, data: st.DataObject) -> None:
    _, sender, receiver, link = data.draw(mid_game(slug))
    elsewhere = data.draw(matches(slug))
    assume(elsewhere.devices[1].line.game_id != receiver.line.game_id)
    refused(receiver, elsewhere.links[0][1], "other-game")
    refused(sender, link, "own")
    receiver.receive(link)
    refused(receiver, receiver.link(), "own")


@pytest.mark.parametrize("slug", SLUGS)
@examples
@given(data=st.data())
def test_a_move_out_of_turn_is_refused(slug: str, data: st.DataObject) -> None:
    match, sender, receiver, link = data.draw(mid_game(slug))
    with pytest.raises(IllegalMove):
        sender.play(match.hot.legal_move_texts()[0] if match.hot.legal_moves() else "1")
    # Two moves in one link: the sender's, then one it played for the receiver.
    assume(not match.hot.is_over)
    stand_in, ahead = copy(receiver), copy(sender)
    stand_in.receive(link)
    assume(stand_in.status == YOUR_TURN)
    ahead.receive(stand_in.play(stand_in.game.legal_move_texts()[0]))
    assume(ahead.status == YOUR_TURN)
    both = ahead.play(ahead.game.legal_move_texts()[0])
    refused(receiver, both, "out-of-turn")


@pytest.mark.parametrize("slug", SLUGS)
@examples
@given(data=st.data())
def test_a_changed_history_is_refused(slug: str, data: st.DataObject) -> None:
    """The receiver's own move comes back changed (a consistent story, made with honest
    devices: only the history gives it away)."""
    match = data.draw(matches(slug))
    to_a_choice(data.draw, match, data.draw(st.integers(0, 12)))
    player = match.mover()
    opponent = match.devices[other(player.seat)]
    player_twin, story_teller = copy(player), copy(opponent)
    real, changed = data.draw(st.permutations(match.hot.legal_move_texts()))[:2]
    opponent.receive(player.play(real))
    story_teller.receive(player_twin.play(changed))
    if story_teller.status == YOUR_TURN:
        story = story_teller.play(story_teller.game.legal_move_texts()[0])
    else:
        story = story_teller.link()
    refused(player, story, "tampered")


@pytest.mark.parametrize("slug", SLUGS)
@examples
@given(data=st.data())
def test_a_damaged_link_is_refused(slug: str, data: st.DataObject) -> None:
    _, _, receiver, link = data.draw(mid_game(slug))
    cut = data.draw(st.integers(1, len(link) - 1))
    refused(receiver, link[:cut], "damaged")
    at = data.draw(st.integers(0, len(link) - 1))
    changed = link[:at] + ("A" if link[at] != "A" else "B") + link[at + 1 :]
    refused(receiver, changed, "damaged")


@pytest.mark.parametrize("slug", SLUGS)
@examples
@given(data=st.data())
def test_any_edited_byte_is_refused_caught_or_only_changes_the_new_move(
    slug: str, data: st.DataObject
) -> None:
    """An edit made on purpose (the check recomputed): whatever arrives, the history
    both have agreed on never changes."""
    _, _sender, receiver, link = data.draw(mid_game(slug))
    payload = bytearray(from_text(link))
    at = data.draw(st.integers(0, len(payload) - 1))
    payload[at] = data.draw(st.integers(0, 255).filter(lambda b: b != payload[at]))
    before = receiver.line
    try:
        receiver.receive(to_text(bytes(payload)))
    except LinkRefused:
        assert receiver.line == before
        return
    if receiver.status == CHEATING:
        return
    line = receiver.line
    assert line.moves[: len(before.moves)] == before.moves
    assert len(line.moves) <= len(before.moves) + 1
    assert line.openings[: len(before.openings)] == before.openings


@examples
@given(text=st.text(max_size=200) | st.binary(max_size=300).map(lambda b: to_text(b"\x01" + b)))
def test_junk_is_refused_as_damaged(text: str) -> None:
    device = Device.start("circle-duel")
    with pytest.raises(LinkRefused):
        device.receive(text)
    with pytest.raises(LinkRefused):
        Device.join(text)


def test_a_link_far_too_long_is_refused_at_once() -> None:
    device = Device.start("circle-duel")
    with pytest.raises(LinkRefused, match="far too long"):
        device.receive("A" * (MAX_LINK_CHARS + 4))


# ----- Number Duel: caught cheating -------------------------------------------------------


@st.composite
def answered_attack(draw: st.DrawFn) -> tuple[Match, Device, Device, str, int]:
    """A Number Duel where an attack was answered: the answer's link (not yet opened by
    the attacker) and the index of the defending number's opening in it."""
    match, attacker, defender, link = draw(mid_game("number-duel"))
    assume(attacker.pending)
    count = len(attacker.line.openings)
    defender.receive(link)
    answer = defender.link() if defender.status != YOUR_TURN else None
    if answer is None:
        move = match.hot.move_text(pick(draw, match.hot.legal_moves()))
        answer = defender.play(move)
        match.hot.play(move)
    return match, attacker, defender, answer, count


def caught(device: Device, link: str, evidence: str) -> None:
    result = device.receive(link)
    assert device.status == CHEATING
    assert result.cheating and evidence in result.cheating
    with pytest.raises(LinkRefused, match="ended"):
        device.receive(link)
    with pytest.raises(IllegalMove):
        device.play("1@1")


@examples
@given(data=st.data())
def test_a_changed_defending_number_is_caught(data: st.DataObject) -> None:
    _, attacker, defender, answer, index = data.draw(answered_attack())
    true_number = decode(from_text(answer)).line.openings[index].number
    size = len(defender.order)
    lie = data.draw(st.integers(1, size).filter(lambda n: n != true_number))
    caught(attacker, patched(answer, index, 1, lie), "showed a")


@examples
@given(data=st.data())
def test_a_changed_salt_is_caught(data: st.DataObject) -> None:
    _, attacker, _, answer, index = data.draw(answered_attack())
    byte = data.draw(st.integers(2, 17))
    salt = decode(from_text(answer)).line.openings[index].salt
    caught(attacker, patched(answer, index, byte, salt[byte - 2] ^ 1), "salt")


@examples
@given(data=st.data())
def test_a_number_claimed_at_another_position_is_caught(data: st.DataObject) -> None:
    """The attacker says its number stood somewhere else: changing its order mid-game."""
    match = data.draw(matches("number-duel"))
    play_on(data.draw, match, data.draw(st.integers(0, 8)))
    assume(not match.hot.is_over)
    attacker = match.mover()
    defender = match.devices[other(attacker.seat)]
    row = attacker.view()["rows"][str(attacker.seat)]
    hidden = [card for card in row if card["occupied"] and not card["face_up"]]
    assume(len(hidden) > 1)
    used, elsewhere = data.draw(st.permutations(hidden))[:2]
    target = pick(data.draw, [m.position for m in match.hot.legal_moves()])
    link = attacker.play(f"{used['number']}@{target}")
    last = len(decode(from_text(link)).line.openings) - 1
    caught(defender, patched(link, last, 0, elsewhere["position"]), "seal")


@examples
@given(data=st.data())
def test_a_reused_salt_is_caught_at_its_first_reveal(data: st.DataObject) -> None:
    """A device that seals every position with one salt gives its row away at the first
    reveal: caught then, not at the second use of the salt."""
    match = data.draw(matches("number-duel"))
    cheat = match.devices[match.hot.to_move or 1]
    honest = match.devices[other(cheat.seat)]
    salt = bytes(data.draw(st.binary(min_size=16, max_size=16)))
    seals = tuple(
        seal(cheat.line.game_id, cheat.seat, p, n, salt) for p, n in enumerate(cheat.order, 1)
    )
    both = list(cheat.line.seals)
    both[cheat.seat - 1] = seals
    sealed = replace(cheat.line, seals=(both[0], both[1]))
    honest.line = sealed  # as if the invitation had carried these seals
    honest._replay()
    attack = pick(data.draw, match.hot.legal_moves())
    where = cheat.order.index(attack.number) + 1
    forged = replace(
        sealed,
        moves=(str(attack),),
        openings=(Opening(cheat.seat, where, attack.number, salt),),
        pending=True,
    )
    caught(honest, to_text(encode(forged, cheat.seat)), "salt")


@examples
@given(data=st.data())
def test_an_old_reveal_changed_later_is_refused(data: st.DataObject) -> None:
    _, _, receiver, link = data.draw(mid_game("number-duel"))
    known = len(receiver.line.openings)
    assume(known)
    index = data.draw(st.integers(0, known - 1))
    salt = decode(from_text(link)).line.openings[index].salt
    refused(receiver, patched(link, index, 2, salt[0] ^ 1), "tampered")


# ----- resigning, stopping, keeping -----------------------------------------------------


@pytest.mark.parametrize("slug", SLUGS)
@examples
@given(data=st.data())
def test_resigning_is_a_move_and_stopping_refuses_every_link(
    slug: str, data: st.DataObject
) -> None:
    _match, sender, receiver, link = data.draw(mid_game(slug))
    with pytest.raises(IllegalMove):
        sender.resign()
    receiver.receive(link)
    assume(receiver.status == YOUR_TURN)
    sender.receive(receiver.resign())
    for device in (sender, receiver):
        outcome = device.outcome()
        assert outcome is not None and outcome.reason == RESIGNED
        assert outcome.winner == sender.seat
    sender.stop()
    assert sender.status == STOPPED
    refused(sender, receiver.link(), "ended")


@pytest.mark.parametrize("slug", SLUGS)
@examples
@given(data=st.data())
def test_a_device_is_kept_and_read_back_exactly(slug: str, data: st.DataObject) -> None:
    _, sender, receiver, link = data.draw(mid_game(slug))
    for device in (sender, receiver):
        again = Device.from_data(device.to_data())
        assert again.to_data() == device.to_data()
        assert again.view() == device.view()
    kept = receiver.to_data()
    assert Device.from_data(kept).receive(link).moves == receiver.receive(link).moves


@pytest.mark.parametrize(
    "change",
    [
        {"v": 2},
        {"seat": 3},
        {"line": "AAAA"},
        {"salts": ["00"]},
        {"order": "x"},
        {"received": "zz"},
        {"ended": ["won", "?"]},
    ],
)
def test_a_corrupt_kept_device_is_refused(change: dict[str, Any]) -> None:
    device = Device.start("number-duel", names=("Ann", "Bob"))
    with pytest.raises(BadSave):
        Device.from_data({**device.to_data(), **change})


def test_a_link_is_found_in_a_page_address() -> None:
    device = Device.start("sequence-duel", {"size": 6})
    link = device.link()
    joined = Device.join(f"https://example.org/numbers/games/sequence-duel/#play={link}")
    assert joined.seat == 2 and joined.line == device.line
