"""The lesson builder's controls: its own form (the game, the names, the moves, a puzzle,
the language, what the board offers) and the game's New game panel beside it (who plays,
the level, the game's options). They are read as an embed reads its attributes and filled
in from a lesson; what the choices mean is `lesson_builder`'s.
"""

from __future__ import annotations

from typing import Any

from py_rules.engine.players import LEVELS
from py_rules.i18n import N_, SOURCE_LANGUAGE, _, ngettext
from py_rules.registry import GAMES

from ..browser.dom import clear, el
from ..drawing.options_form import OptionsForm
from ..settings import mode_player
from . import lesson_builder as lb

# Who plays, in a teacher's words (the New game panel speaks to the player).
MODE_WORDS = {
    "2p": N_("Two people at one screen"),
    "cpu2": N_("A learner against the computer (the learner is Player 1)"),
    "cpu1": N_("The computer against a learner (the computer is Player 1)"),
}
# A puzzle's difficulty (`py_rules.engine.puzzles.difficulty`) in the list of puzzles.
DIFFICULTY = {"easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard")}


class BuilderControls:
    """The builder's form (`form`) and the game's options panel (`options_box`)."""

    def __init__(self, form: Any, options_box: Any) -> None:
        self.form = form
        self.options_box = options_box
        self.options: OptionsForm | None = None
        self.options_game = ""  # the game whose options the New game panel shows

    def field(self, name: str) -> Any:
        return self.form.elements.namedItem(name)

    def control(self, name: str) -> Any:
        """The control named `name` in either panel (None when there is none)."""
        return self.field(name) or self.options_box.elements.namedItem(name)

    def build_options(self, slug: str) -> None:
        """The players and the game's options, from its option specs (the New game panel)."""
        self.options = OptionsForm(self.options_box, GAMES[slug], LEVELS)
        self.options_game = slug
        self.options_box.querySelector("h2").textContent = _("Players and options")
        for option in self.options_box.querySelectorAll("#opt-mode option"):
            option.textContent = _(MODE_WORDS[str(option.value)])
        level = self.options_box.querySelector('label[for="opt-level"]')
        level.textContent = _("Computer's level")
        # A lesson's board is played at one screen: no side to take in a game by link.
        seat = self.options_box.querySelector("#opt-seat")
        if seat is not None:
            seat.closest(".field").remove()
        puzzles = self.field("puzzle")
        clear(puzzles)
        puzzles.append(el("option", text=_("None: the game itself"), value=""))
        for number, puzzle in enumerate(lb.puzzles(slug), start=1):
            count, level = puzzle["win_in"], puzzle["difficulty"]
            text = ngettext(
                "Puzzle {number}: win in {count} move ({level})",
                "Puzzle {number}: win in {count} moves ({level})",
                count,
            ).format(number=number, count=count, level=_(DIFFICULTY.get(level, level)))
            puzzles.append(el("option", text=text, value=str(puzzle["id"])))

    def read(self) -> dict[str, str]:
        """The controls as text parameters, as an embed reads its attributes."""
        params: dict[str, str] = {}
        for form in (self.form, self.options_box):
            for control in form.querySelectorAll("input[name], select[name]"):
                name = str(control.name)
                if str(control.type) == "checkbox":
                    params[name] = "true" if control.checked else "false"
                else:
                    params[name] = str(control.value)
        return params

    def fill(self, lesson: lb.Lesson) -> None:
        """Show a lesson in the controls (the game's own controls are rebuilt first)."""
        if self.options is None or str(self.field("game").value) != lesson.game:
            self.field("game").value = lesson.game
            self.build_options(lesson.game)
        standard = lb.lesson_from({"game": lesson.game})
        for spec in GAMES[lesson.game].public_option_specs():  # back to the standard first
            self.set_control(spec.name, lb.standard_text(spec))
        params = lb.parameters(standard) | {"name1": "", "name2": "", "arrange": "false"}
        params |= {"moves": "", "puzzle": "", "level": LEVELS[0], "first": lesson.first}
        params["lang"] = SOURCE_LANGUAGE
        params |= lb.parameters(lesson)
        params["hints"] = "true" if lesson.hints else "false"
        params["review"] = "true" if lesson.review else "false"
        params["move_list"] = "true" if lesson.move_list else "false"
        for name, value in params.items():
            self.set_control(name, value)

    def set_control(self, name: str, value: str) -> None:
        control = self.control(name)
        if not control:
            return
        if str(control.type) == "checkbox":
            control.checked = value == "true"
        elif name == "mode":
            control.value = next(k for k in MODE_WORDS if mode_player(k) == mode_player(value))
        else:
            control.value = value
