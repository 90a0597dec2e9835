"""The registry of kits: each game's parts reached through its kit, never by name.

The tests' own game (tests/take_away.py) is registered for the whole run (conftest.py);
the package itself lists exactly the five built-in games.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from take_away import KIT, TakeAway

import py_rules
from py_rules import BadOption
from py_rules.kit import Engine
from py_rules.registry import BUILT_IN, KITS, kit_of, registered
from py_rules.rules.core import Reason
from py_rules.terminal.presenters import PRESENTERS, presenter_class, presenting
from py_rules.terminal.presenters.base import Presenter

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ["circle-duel", "number-circle", "sequence-duel", "digit-chain", "number-duel"]


@pytest.mark.no_wasm  # a fresh interpreter
def test_the_package_lists_exactly_the_five_games() -> None:
    code = "import py_rules; print(' '.join(py_rules.GAMES))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == SHIPPED == [kit.slug for kit in BUILT_IN]


def test_the_tests_own_game_joined_through_the_public_kit() -> None:
    assert list(py_rules.GAMES) == [*SHIPPED, "take-away"]
    assert kit_of("take-away") is KIT and py_rules.game_class("take-away") is TakeAway


class Later(TakeAway):
    slug = "take-away-later"


def test_a_registered_game_is_gone_after_its_block() -> None:
    kit = replace(KIT, game=Later)
    with registered(kit):
        assert py_rules.new_game("take-away-later", {"pile": 4}).legal_move_texts() == [
            "1",
            "2",
            "3",
        ]
        assert kit_of("take-away-later") is kit
        with pytest.raises(ValueError, match="already registered"), registered(kit):
            pass
    assert "take-away-later" not in py_rules.GAMES and "take-away-later" not in KITS
    with pytest.raises(BadOption, match="unknown game 'take-away-later'"):
        kit_of("take-away-later")


def test_each_engine_values_moves_the_way_its_game_needs() -> None:
    for kit in KITS.values():
        engine = kit.engine()
        assert kit.engine() is engine  # imported once
        hidden = kit.game.has_hidden_information
        assert (engine.chances is not None) == hidden and (engine.solver is None) == hidden
    with pytest.raises(TypeError, match="either a solver or chances"):
        Engine(sentence=str)


def test_the_terminal_registers_a_presenter_for_every_game() -> None:
    assert set(PRESENTERS) == {*BUILT_IN, KIT}  # the five, and the tests' own (conftest.py)
    for kit in KITS.values():
        shown = presenter_class(kit.slug)
        assert issubclass(shown, Presenter) and shown is presenter_class(kit.slug)
    assert presenter_class("number-duel").__name__ == "NumberDuelPresenter"
    with pytest.raises(BadOption, match="unknown game 'nim'"):
        presenter_class("nim")


def test_a_game_shown_in_the_terminal_for_a_while() -> None:
    kit = replace(KIT, game=Later)
    with registered(kit):
        with pytest.raises(KeyError):  # registered, but the terminal cannot show it yet
            presenter_class("take-away-later")
        with presenting(kit, lambda: Presenter):
            assert presenter_class("take-away-later") is Presenter
            with (
                pytest.raises(ValueError, match="already has a presenter"),
                presenting(kit, lambda: Presenter),
            ):
                pass
        assert kit not in PRESENTERS


def test_why_a_game_ended_keeps_its_written_values() -> None:
    values = ["stuck", "target", "no-numbers", "last-encounter", "resigned"]
    assert [r.value for r in Reason] == values
    assert Reason("no-numbers") is Reason.NO_NUMBERS and Reason.STUCK == "stuck"


def imports_by_name(path: Path) -> list[str]:
    """Calls that import a module named by a string at run time."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call):
            name = ast.unparse(node.func)
            if name in ("importlib.import_module", "import_module", "__import__"):
                found.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
    return found


def test_no_part_of_a_game_is_found_by_a_module_name() -> None:
    sources = [*(ROOT / "py_rules").rglob("*.py"), *(ROOT / "site" / "app").rglob("*.py")]
    assert [found for path in sources for found in imports_by_name(path)] == []
