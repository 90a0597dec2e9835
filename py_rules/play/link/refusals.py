"""Why a device refuses the other player's link before taking anything from it: a link that
does not continue this device's line (a changed move, a second answer to one position, a
changed draw or opening, an older line or the same one again), and a link that says what
only this device may say (its own row's numbers, its resignation or closing, its part of the
draw), and a link from another game, this player or settings not this game's.
`Device.receive` asks all three, with the link's reading, the line the device has (`mine`)
and its player (`seat`); a refusal raises `LinkRefused` and changes nothing.
"""

from __future__ import annotations

from .line import Line, Reading, chosen_settings
from .wire import LinkRefused


def check_same_game(reading: Reading, mine: Line, seat: int, opened_before: bool) -> None:
    """Refuse a link that is not the other player's next word in this very game: another
    game's, this player's own, one opened already (`opened_before`), or one with other
    settings, names or seals than the game this device holds."""
    line = reading.line
    if line.game_id != mine.game_id:
        raise LinkRefused("other-game", "This link is for another game.")
    if reading.sender == seat:
        raise LinkRefused(
            "own", "This is your own link: send it to the other player, and open theirs."
        )
    if opened_before:
        raise LinkRefused("sent-twice", "You have opened this link already.")
    if chosen_settings(line) != chosen_settings(mine):
        raise LinkRefused("tampered", "This link has other settings or names than this game.")
    for player in (1, 2):
        if (
            line.sealed(player)
            and mine.sealed(player)
            and line.seals[player - 1] != mine.seals[player - 1]
        ):
            raise LinkRefused(
                "tampered",
                f"This link has other seals for {mine.names[player - 1]}'s numbers than this game"
                " (was the game opened on two devices?).",
            )


def check_sender(reading: Reading, mine: Line, seat: int) -> None:
    """Refuse a link that says what only this device may say: an opening of this
    player's row (this device alone knows its numbers and salts), this player's
    resignation or closing, or this device's part of the draw. Checked before any
    failed opening is taken for cheating, so no link can make this device accuse
    its own player."""
    line, problem = reading.line, reading.problem
    new_openings = line.openings[len(mine.openings) :]
    if any(opening.seat == seat for opening in new_openings) or (
        problem is not None and problem.seat == seat
    ):
        raise LinkRefused(
            "tampered", "This link reveals a number of your row: only your device can."
        )
    if seat in line.closed and seat not in mine.closed:
        raise LinkRefused("tampered", "This link opens your row: only you can.")
    if line.resigned == seat and mine.resigned != seat:
        raise LinkRefused("tampered", "This link says that you resigned: you did not.")
    theirs, ours = line.draw, mine.draw
    if theirs is None or ours is None:
        return
    if (theirs.joined is not None and ours.joined is None and ours.seat != seat) or (
        theirs.revealed is not None and ours.revealed is None and ours.seat == seat
    ):
        raise LinkRefused(
            "tampered", "This link brings this device's own part of the draw: it is refused."
        )


def check_continues(reading: Reading, mine: Line, movers: list[int], seat: int) -> None:
    """Refuse a link that does not continue this device's line (see `device`'s
    docstring); a problem of the link in the part both have is a changed history."""
    line = reading.line
    problem = reading.problem
    for index, (theirs, ours) in enumerate(zip(line.moves, mine.moves, strict=False)):
        if theirs != ours:
            if movers[index] == seat:
                raise LinkRefused(
                    "tampered", f"This link changes your move {index + 1} ({ours} to {theirs})."
                )
            raise LinkRefused(
                "forked",
                f"This link answers move {index} differently ({theirs}) from the link you"
                f" opened before ({ours}): only the first answer counts.",
            )
    their_draw, our_draw = line.draw, mine.draw
    if (
        their_draw
        and our_draw
        and our_draw.joined
        and their_draw.joined not in (None, our_draw.joined)
    ):
        raise LinkRefused("tampered", "This link changes the draw of the random settings.")
    known = min(len(line.openings), len(mine.openings))
    if line.openings[:known] != mine.openings[:known]:
        raise LinkRefused("tampered", "This link changes a number revealed before.")
    old_part = len(line.openings) < len(mine.openings) and (
        problem is None or problem.index < len(mine.moves)
    )
    if problem and old_part:
        raise LinkRefused("tampered", f"This link changes the game's history: {problem.message}")
    behind = (
        any(mine.sealed(seat) and not line.sealed(seat) for seat in (1, 2))
        or len(line.moves) < len(mine.moves)
        or len(line.openings) < len(mine.openings)
        or (mine.resigned is not None and line.resigned is None)
        or (
            mine.draw is not None
            and line.draw is not None
            and line.draw.progress < mine.draw.progress
        )
    )
    if behind and problem is None:
        raise LinkRefused(
            "stale",
            f"This link is older than the game on this device (it has {len(line.moves)} moves,"
            f" this device {len(mine.moves)}): open the other player's latest link.",
        )
    if problem is None and line == mine:
        raise LinkRefused("sent-twice", "This link brings nothing new: you have opened it already.")
