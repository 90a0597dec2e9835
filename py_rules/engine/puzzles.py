"""Puzzles made from the solvers: positions where the player to move wins, but only with
one or two of their moves, graded by how long the win takes against the best defence.

They are found at build time (`scripts/data/puzzles.py` writes data/puzzles.json) in games
played by sensible computer players, so they look like positions people reach. Each
puzzle is `{"id", "options", "moves", "to_move", "winning_moves", "win_in",
"difficulty"}`: the moves reach the position from the start of a game with those options
(player 1 first), `win_in` counts the solver's own moves to the win, the winning one
included, with the quickest winning move. `check(slug, puzzle)` solves a puzzle again
and lists what no longer holds; `attempt(slug, puzzle, move)` says whether a try wins and
gives the line that follows (the rest of the win, or the opponent's refutation).

Some games have none (`NO_PUZZLES` says why): each game's kit declares what to search
(`puzzle_sets`) and its note (`puzzle_note`).
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..i18n import N_, _
from ..kit import PuzzleSet
from ..registry import GAMES, kit_of, new_game
from ..rules.core import Game
from .players import choose_move
from .solvers.base import BudgetExceeded, node_budget
from .solving import solver_for

FORMAT = "number-duels-puzzles/1"
DATA = Path(__file__).resolve().parents[2] / "data" / "puzzles.json"

# Difficulty by the number of own moves the win takes (the winning one included).
LEVELS = (("easy", 1), ("medium", 2), ("hard", 4))  # (name, fewest own moves)
# New positions the solver may visit to judge one candidate (bigger ones are skipped).
CANDIDATE_BUDGET = 5_000


def difficulty(win_in: int) -> str:
    """The level of a puzzle whose win takes `win_in` own moves (at least 1)."""
    name = LEVELS[0][0]
    for level, fewest in LEVELS:
        if win_in >= fewest:
            name = level
    return name


def puzzle_id(slug: str, options: dict[str, Any], moves: list[str]) -> str:
    """A short id that stays the same for the same position (for links and lessons)."""
    text = json.dumps([slug, sorted(options.items()), moves], separators=(",", ":"))
    return f"{slug}-{hashlib.sha256(text.encode()).hexdigest()[:6]}"


def judge(game: Game[Any], budget: int = CANDIDATE_BUDGET) -> dict[str, Any] | None:
    """The puzzle at the game's position, or None if it is not one: the player to move
    must win, with one or two moves and at most half of the legal ones. None too if the solver
    needs more than `budget` new positions (in all) for the moves and the win's length."""
    if game.is_over or game.has_hidden_information:
        return None
    solver = solver_for(game)
    state = game.state
    legal = game.legal_moves()
    winning: list[Any] = []
    try:
        with node_budget(solver, budget):
            if not solver.state_wins(state):
                return None
            for move in legal:
                if solver.move_wins(state, move):
                    winning.append(move)
                    if 2 * len(winning) > min(4, len(legal)):
                        return None  # three winning moves, or half of the legal ones
            plies = min(solver.state_length(game.after(state, m), budget) for m in winning)
    except BudgetExceeded:
        return None
    win_in = plies // 2 + 1  # the opponent's replies and own moves after the first
    options = rule_options(game)
    moves = [game.move_text(m) for m in game.moves]
    return {
        "id": puzzle_id(game.slug, options, moves),
        "options": options,
        "moves": moves,
        "to_move": game.to_move,
        "winning_moves": [game.move_text(m) for m in winning],
        "win_in": win_in,
        "difficulty": difficulty(win_in),
    }


def rule_options(game: Game[Any]) -> dict[str, Any]:
    """The options that set the rules (not who goes first, the seed or the names)."""
    return {k: v for k, v in game.options.items() if k not in ("first", "seed")}


def position(slug: str, puzzle: dict[str, Any]) -> Game[Any]:
    """The game at the puzzle's position (player 1 moved first)."""
    game = new_game(slug, {**puzzle["options"], "first": 1, "seed": 1})
    for move in puzzle["moves"]:
        game.play(move)
    return game


def check(slug: str, puzzle: dict[str, Any]) -> list[str]:
    """What the puzzle claims that the solver does not confirm (empty: all of it holds)."""
    game = position(slug, puzzle)
    found = judge(game, budget=10 * CANDIDATE_BUDGET)
    if found is None:
        return ["the position is not a puzzle"]
    return [f"{key}: {found[key]!r}" for key in found if found[key] != puzzle.get(key)]


# ----- playing one ----------------------------------------------------------------------


@dataclass(frozen=True)
class Attempt:
    """What happens when the player tries `move` in a puzzle.

    `correct`: the move wins. Then `line` is how the win goes on, the solver playing both
    sides (the winner quickest, the defender holding out longest) to the end of the game.
    Otherwise `line` is the opponent's reply that refutes the move (their quickest win,
    or any winning reply where the quickest is too deep to find), and the player may try
    again from the puzzle's position.
    """

    move: str
    correct: bool
    line: tuple[str, ...]


def attempt(slug: str, puzzle: dict[str, Any], move: str) -> Attempt:
    """Try `move` (in notation) in the puzzle; an illegal move raises IllegalMove."""
    game = position(slug, puzzle)
    played = game.move_text(game.play(move))
    correct = played in puzzle["winning_moves"]
    line: list[str] = []
    while not game.is_over and (correct or not line):
        reply = quickest_or_longest(game)
        if reply is None:
            break  # too deep to play exactly: stop rather than show a doubtful line
        line.append(game.move_text(game.play(reply)))
    return Attempt(played, correct, tuple(line))


def quickest_or_longest(game: Game[Any], budget: int = 10 * CANDIDATE_BUDGET) -> Any | None:
    """The winner's quickest winning move, or the loser's move that holds out longest
    (the first in the game's order on a tie), so that a line shows a win in exactly as
    many moves as the puzzle says. Where the lengths are too deep to find, the first
    winning move (or, for the loser, the first legal move): still right, only not the
    quickest. None if even who wins is beyond `budget` new positions."""
    solver = solver_for(game)
    state = game.state
    try:
        with node_budget(solver, budget):
            winning = solver.state_wins(state)
            candidates = [
                m
                for m in game.legal_moves()
                if not (winning and solver.state_wins(game.after(state, m)))
            ]
    except BudgetExceeded:
        return None
    try:  # the lengths within the budget the puzzle's own length was found in
        with node_budget(solver, CANDIDATE_BUDGET):
            after = [game.after(state, m) for m in candidates]
            plies = [solver.state_length(a, CANDIDATE_BUDGET) for a in after]
    except BudgetExceeded:
        return candidates[0]
    return candidates[plies.index(min(plies) if winning else max(plies))]


# ----- finding them ---------------------------------------------------------------------


def played_positions(
    setups: list[dict[str, Any]], slug: str, rng: random.Random, games: int, opening: int
) -> Iterator[Game[Any]]:
    """The positions of `games` games on setups chosen at random: up to `opening` random
    moves, then computer players, each side at medium or perfect level (chosen at
    random). Random openings vary the games (with the tens, Digit Chain's computer
    players would end every game with the first move)."""
    for _index in range(games):
        game = new_game(slug, {**rng.choice(setups), "first": 1, "seed": rng.randrange(2**32)})
        levels = (rng.choice(("medium", "perfect")), rng.choice(("medium", "perfect")))
        for _opening in range(rng.randint(0, opening)):
            if not game.is_over:
                game.play(rng.choice(game.legal_moves()))
        while not game.is_over:
            yield game
            mover = game.to_move
            assert mover is not None
            game.play(choose_move(game, levels[mover - 1], rng))


def find(
    slug: str,
    setups: list[dict[str, Any]],
    seed: int,
    games: int,
    per_level: int,
    opening: int = 0,
    progress: Callable[[str], None] | None = None,
) -> list[dict[str, Any]]:
    """Up to `per_level` puzzles of each difficulty, from `games` games on `setups`.

    Deterministic for a seed. The puzzles are taken in the order found, at most one
    per game and level, so they come from many different games.
    """
    rng = random.Random(seed)
    chosen: dict[str, list[dict[str, Any]]] = {name: [] for name, _ in LEVELS}
    seen: set[str] = set()
    taken_in_game: set[str] = set()
    last_game: Game[Any] | None = None
    for game in played_positions(setups, slug, rng, games, opening):
        if game is not last_game:
            last_game = game
            taken_in_game.clear()
        found = judge(game)
        if found is None or found["id"] in seen:
            continue
        level = found["difficulty"]
        if level in taken_in_game or len(chosen[level]) >= per_level:
            continue
        seen.add(found["id"])
        taken_in_game.add(level)
        chosen[level].append(found)
        if progress:
            progress(f"{slug} {found['options']} {level}: {' '.join(found['moves'])}")
        if all(len(found) >= per_level for found in chosen.values()):
            break
    return [p for name, _ in LEVELS for p in chosen[name]]


# What scripts/data/puzzles.py searches, as each game's kit declares it: its puzzle sets,
# each (setups, random opening moves, puzzles per level), and its puzzle note, shown
# with its puzzles or instead of them (why it has none).


def puzzle_sets(slug: str) -> tuple[PuzzleSet, ...]:
    return kit_of(slug).puzzle_sets


def note(slug: str) -> str | None:
    return kit_of(slug).puzzle_note


# The games without puzzles, and why.
NO_PUZZLES: dict[str, str] = {
    slug: note(slug) or N_("This game has no puzzles.")
    for slug, cls in GAMES.items()
    if not puzzle_sets(slug)
}
# Every set searched, in the registry's order: (slug, setups, opening moves, per level).
SETS: list[tuple[str, list[dict[str, Any]], int, int]] = [
    (slug, *found) for slug in GAMES for found in puzzle_sets(slug)
]
GAMES_PER_SET = 400
SEED = 1


def generate(progress: Callable[[str], None] | None = None) -> dict[str, Any]:
    """The whole puzzle file: every game, with its puzzles or why it has none."""
    games: dict[str, dict[str, Any]] = {}
    for slug in GAMES:
        games[slug] = {"puzzles": []}
        text = NO_PUZZLES.get(slug) or note(slug)
        if text:
            games[slug]["note"] = text
    for index, (slug, setups, opening, per_level) in enumerate(SETS):
        found = find(slug, setups, SEED + index, GAMES_PER_SET, per_level, opening, progress)
        games[slug]["puzzles"] += found
    return {
        "format": FORMAT,
        "levels": {name: fewest for name, fewest in LEVELS},
        "games": games,
    }


# ----- reading them ---------------------------------------------------------------------


class NoPuzzleData(Exception):
    """data/puzzles.json is missing or not a puzzle file."""


def load(path: Path = DATA) -> dict[str, Any]:
    try:
        data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise NoPuzzleData(
            _("cannot read the puzzles ({path}): {error}").format(path=path, error=error)
        ) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise NoPuzzleData(
            _("{path} is not a puzzle file of format {format}").format(path=path, format=FORMAT)
        )
    return data


def puzzles_for(slug: str, data: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """The puzzles of one game (an empty list for a game that has none)."""
    games = (data or load())["games"]
    puzzles: list[dict[str, Any]] = games.get(slug, {}).get("puzzles", [])
    return puzzles


def matching(slug: str, options: dict[str, Any], data: dict[str, Any] | None = None) -> list[Any]:
    """The puzzles of one game whose options agree with `options` (a few or none of the
    game's options: `python -m py_rules puzzles digit-chain --no-tens`)."""
    return [
        p
        for p in puzzles_for(slug, data)
        if all(p["options"].get(k) == v for k, v in options.items())
    ]
