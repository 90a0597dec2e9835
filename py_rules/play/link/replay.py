"""A line replayed with the rules: its moves, and the openings the rules call for as it goes.

Number Duel's openings follow from the moves. For each attack, in order: the attacker's
number and where it stood (unless it was face up already), then the defender's number
(unless face up already), except for the last attack of a link whose sender made it: only
the defender's device knows that number, and reveals it in its answer. After the end a
player may open the rest of their row (`closed`).

`walk` checks every opening against its seal as it goes; it never raises for what it finds
in the moves: the first problem comes back with the move it concerns, so the device can
tell a changed history from a bad new move.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from ...registry import GAMES
from ...rules.core import Game, other
from ...rules.games.number_duel import Attack
from .line import Line, Problem, Reading, replaced, row_size
from .seal import Opening, seal


def completed(line_size: int, shown: dict[int, int]) -> tuple[int, ...]:
    """A full order that agrees with every opened position: the rest of the numbers,
    in increasing order, on the rest of the positions. Where they really stand never
    changes what the rules do with the moves played (nothing hidden was touched)."""
    rest = iter(sorted(set(range(1, line_size + 1)) - set(shown.values())))
    return tuple(shown[p] if p in shown else next(rest) for p in range(1, line_size + 1))


def make_game(
    line: Line,
    shown: tuple[dict[int, int], dict[int, int]],
    own: tuple[int, tuple[int, ...]] | None,
) -> Game[Any]:
    """The game of `line` at its start: hidden rows completed from what is shown,
    except the row of the device's own player (`own`: seat and order)."""
    options = {**line.options, "seed": 0}
    if line.hidden:
        for seat in (1, 2):
            order = own[1] if own and own[0] == seat else completed(row_size(line), shown[seat - 1])
            options[f"order{seat}"] = order
    return GAMES[line.slug](options, line.names)


def attack_needs(
    game: Game[Any], attack: Attack, shown: tuple[dict[int, int], dict[int, int]], pending: bool
) -> list[tuple[int, int | None, int | None]]:
    """The openings an attack calls for: (seat, position or None, number or None),
    None where the opening supplies it."""
    attacker = game.to_move
    assert attacker is not None
    defender = other(attacker)
    needs: list[tuple[int, int | None, int | None]] = []
    if attack.number not in shown[attacker - 1].values():
        needs.append((attacker, None, attack.number))
    if not pending and attack.position not in shown[defender - 1]:
        needs.append((defender, attack.position, None))
    return needs


class Replay:
    """Walks a line with the rules, keeping what each row has shown and checking each
    opening as it comes (shared by `decode` and `encode`)."""

    def __init__(
        self, line: Line, own: tuple[int, tuple[int, ...]] | None, trusted: bool = False
    ) -> None:
        self.line = line
        self.own = own
        self.shown: tuple[dict[int, int], dict[int, int]] = ({}, {})
        self.salts: set[bytes] = set()
        self.moves: list[str] = []
        # A trusted line (one this device made or has checked) shows every opening up
        # front: its rows are completed once. Otherwise each opening is learned (and
        # the rows completed again) as the replay reaches it.
        self.trusted = trusted
        known: tuple[dict[int, int], dict[int, int]] = ({}, {})
        for opening in line.openings if trusted else ():
            known[opening.seat - 1][opening.position] = opening.number
        self.game = make_game(line, known, own)

    def rebuild(self) -> None:
        if self.trusted:
            return
        game = make_game(self.line, self.shown, self.own)
        for text in self.moves:
            game.play(text)
        self.game = game

    def check_opening(self, opening: Opening, index: int) -> Problem | None:
        """Whether an opening is sound: its seal opens, its number is new in its row,
        its salt is fresh and opens no other seal of the row. None if sound."""
        line, who = self.line, GAMES[self.line.slug]
        name = line.names[opening.seat - 1]
        seals = line.seals[opening.seat - 1]
        assert seals is not None
        size = row_size(line)
        where = f"position {opening.position}"
        if not 1 <= opening.number <= size:
            return Problem(
                index,
                f"{name} showed a {opening.number} at {where}, but the numbers are 1 to {size}.",
                True,
            )
        if not opening.opens(line.game_id, seals):
            sealed = opening.sealed_number(line.game_id, seals, size)
            truth = (
                f"the seal of {where} holds a {sealed} with that salt"
                if sealed is not None
                else f"that salt does not open the seal of {where} with any number"
            )
            return Problem(
                index,
                f"{name} showed a {opening.number} at {where}, but {truth}"
                f" (seal {seals[opening.position - 1].hex()[:16]}..., salt {opening.salt.hex()}).",
                True,
            )
        for position, number in self.shown[opening.seat - 1].items():
            if number == opening.number:
                return Problem(
                    index,
                    f"{name} showed a {number} at {where}, and a {number} at position {position}"
                    f" before: their row was not the numbers 1 to {size} ({who.title}).",
                    True,
                )
        if opening.salt in self.salts or self.salt_opens_another(opening):
            return Problem(
                index,
                f"{name} used the salt of {where} ({opening.salt.hex()}) for another seal"
                " too: its number could be guessed.",
                True,
            )
        return None

    def salt_opens_another(self, opening: Opening) -> bool:
        seals = self.line.seals[opening.seat - 1]
        assert seals is not None
        size = len(seals)
        for position in range(1, size + 1):
            if position == opening.position or position in self.shown[opening.seat - 1]:
                continue
            for number in range(1, size + 1):
                if (
                    seal(self.line.game_id, opening.seat, position, number, opening.salt)
                    == seals[position - 1]
                ):
                    return True
        return False

    def learn(self, opening: Opening) -> None:
        self.shown[opening.seat - 1][opening.position] = opening.number
        self.salts.add(opening.salt)

    def hidden_positions(self, seat: int) -> list[int]:
        return [p for p in range(1, row_size(self.line) + 1) if p not in self.shown[seat - 1]]


Choose = Callable[[Replay, list[Any]], int]

Take = Callable[[Replay, int, int | None, int | None], Opening | Problem]


def walk(
    reading: Reading,
    count: int,
    choose: Choose,
    take: Take,
    own: tuple[int, tuple[int, ...]] | None = None,
    check: bool = True,
) -> Replay:
    """Replay `count` moves of `reading.line`: `choose` gives each move's index among
    the legal moves, `take` each opening the rules call for (seat, and the position or
    the number it must have). Fills `reading`: its line's moves and openings as far as
    they are sound, the player who made each, and the first problem. Without `check`
    the openings are taken as they are (to write a line, not to read one)."""
    line = reading.line
    replay = Replay(line, own, trusted=not check)
    openings: list[Opening] = []

    def stop(problem: Problem) -> Replay:
        reading.problem = problem
        reading.line = replaced(line, tuple(replay.moves), tuple(openings))
        return replay

    def opened(index: int, seat: int, position: int | None, number: int | None) -> Problem | None:
        got = take(replay, seat, position, number)
        if isinstance(got, Problem):
            return Problem(index, got.message, got.cheating)
        problem = replay.check_opening(got, index) if check else None
        if problem is not None:
            problem = dataclasses.replace(problem, seat=got.seat)
        if problem is None:
            replay.learn(got)
            openings.append(got)
        return problem

    if line.hidden and count and not (line.sealed(1) and line.sealed(2)):
        return stop(Problem(0, "It has moves before both players sealed their numbers."))
    if line.draw and count and not line.draw.done:
        return stop(Problem(0, "It has moves before both devices drew its random settings."))
    for index in range(count):
        legal = replay.game.legal_moves()
        if not legal:
            return stop(
                Problem(index, f"It has a move after the end of the game (move {index + 1}).")
            )
        move = legal[choose(replay, legal)]
        mover = replay.game.to_move
        assert mover is not None
        pending = line.pending and index == count - 1
        if line.hidden:
            assert isinstance(move, Attack)
            if pending and move.position in replay.shown[other(mover) - 1]:
                return stop(Problem(index, "It waits for a number that is face up already."))
            needs = attack_needs(replay.game, move, replay.shown, pending)
            for seat, position, number in needs:
                problem = opened(index, seat, position, number)
                if problem:
                    return stop(problem)
            if needs:
                replay.rebuild()
        replay.moves.append(replay.game.move_text(move))
        reading.movers.append(mover)
        if not pending:
            replay.game.play(move)
    reading.line = replaced(line, tuple(replay.moves), tuple(openings))
    end = _end_problem(reading, replay)
    if end:
        return stop(end)
    for seat in line.closed:
        for position in replay.hidden_positions(seat):
            problem = opened(count, seat, position, None)
            if problem:
                return stop(problem)
    if line.closed:
        replay.rebuild()
    reading.line = replaced(line, tuple(replay.moves), tuple(openings))
    return replay


def _end_problem(reading: Reading, replay: Replay) -> Problem | None:
    line, count = reading.line, len(reading.line.moves)
    over = replay.game.is_over
    if line.resigned is not None and (line.pending or over or replay.game.to_move != line.resigned):
        return Problem(count, "It has a player resign when it was not their turn.")
    if line.closed and (not line.hidden or not (over or line.resigned is not None)):
        return Problem(count, "It opens a row before the game is over.")
    return None
