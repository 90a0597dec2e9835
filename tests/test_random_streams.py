"""Random choices a player sees come from streams independent of the hidden ones.

Number Duel shuffles each player's hidden order from the game's seed; the computer then
chooses among equally good attacks at random, and who moves first may be left to chance.
If those public choices came from the stream that shuffled the orders, they would give
the orders away (the terminal's computer used to attack, as its first target, the number
it held in position 5: every time). `--seed` must still replay a game exactly.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from py_rules import Game, cli, new_game, terminal
from py_rules.options import MAX_SEED

SEEDS = 60  # games per check: a count of matches is Binomial(60, 1/5) when independent
# A count of matches this high has probability below 1e-10 for independent choices;
# the old terminal computer matched in all 60.
MOST_MATCHES = 36


def terminal_computer(argv: list[str]) -> tuple[Game[Any], Any]:
    """The game and the computer player that `python -m py_rules play ...` would run."""
    started: list[tuple[Game[Any], Any]] = []

    def capture(game: Game[Any], computer: dict[int, Any] | None = None, **_: Any) -> int:
        assert computer is not None and len(computer) == 1
        started.append((game, computer))
        return 0

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(terminal, "play_in_terminal", capture)
        assert cli.main(["play", *argv]) == 0
    game, computer = started[0]
    return game, computer


@pytest.mark.parametrize("level", ["easy", "perfect"])
@settings(max_examples=5, deadline=None)
@given(base=st.integers(0, MAX_SEED - SEEDS))
def test_the_terminal_computers_first_target_does_not_follow_any_hidden_number(
    level: str, base: int
) -> None:
    matches: Counter[tuple[int, int]] = Counter()
    firsts: Counter[int] = Counter()
    for seed in range(base, base + SEEDS):
        argv = ["number-duel", "--vs", level, "--as", "2", "--seed", str(seed)]
        game, computer = terminal_computer(argv)
        attack = game.parse_move(game.move_text(computer[1](game)))
        for player in (1, 2):
            for place, number in enumerate(game.options[f"order{player}"]):
                matches[player, place] += attack.position == number
        random_first = new_game("number-duel", {"seed": seed, "first": "random"})
        firsts[random_first.options["first"]] += random_first.options["order1"][0] % 2
    assert max(matches.values()) <= MOST_MATCHES, matches
    # who moves first (public) says nothing of the first hidden number's parity either
    assert max(firsts.values()) <= MOST_MATCHES + 6, firsts


@settings(max_examples=20, deadline=None)
@given(
    seed=st.integers(0, MAX_SEED),
    orders=st.lists(st.permutations(range(1, 6)), min_size=2, max_size=2),
)
def test_the_same_seed_with_other_hidden_orders_makes_the_same_public_choices(
    seed: int, orders: list[list[int]]
) -> None:
    """The computer's first target depends on the seed only, never on its own hidden
    order, and the same seed replays the same choice."""
    targets = []
    for order in (*orders, orders[0]):
        argv = ["number-duel", "--vs", "medium", "--as", "2", "--seed", str(seed)]
        argv += ["--order1", ",".join(map(str, order))]
        game, computer = terminal_computer(argv)
        targets.append(game.parse_move(game.move_text(computer[1](game))).position)
    assert len(set(targets)) == 1


def test_a_seed_still_replays_the_hidden_orders_and_who_moves_first() -> None:
    for seed in range(20):
        options = {"seed": seed, "first": "random", "numbers": 7}
        assert new_game("number-duel", options).options == new_game("number-duel", options).options
