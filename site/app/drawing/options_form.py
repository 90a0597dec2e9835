"""The New game form, built from each game's option specs so no game needs its own form.

Reading the form never starts anything by itself: the controller hands the values to
`py_rules.new_game`, which checks them and explains anything out of range.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from py_rules.i18n import N_, _
from py_rules.play.session_record import MODES
from py_rules.rules.errors import BadOption, RulesError
from py_rules.rules.options import FIRST, spec_summary

from ..browser.dom import clear, el
from ..settings import ARRANGE, Settings

MODE_LABELS = {
    "2p": N_("Two players at this screen"),
    "cpu2": N_("Me against the computer (I play first as Player 1)"),
    "cpu1": N_("The computer against me (it is Player 1)"),
}

# The computer's levels (`py_rules.engine.players.LEVELS`) as the form names them.
LEVEL_NAMES = {"easy": N_("easy"), "medium": N_("medium"), "perfect": N_("perfect")}


def player_name(number: int) -> str:
    """A default player name ("Player 1") in the current language."""
    return _("Player {number}").format(number=number)


def label_text(help_text: str) -> str:
    text = _(help_text)
    return text[:1].upper() + text[1:]


class OptionsForm:
    """The options panel: one field per option spec, plus players and first mover."""

    def __init__(self, form: Any, game_cls: type[Any], levels: tuple[str, ...]) -> None:
        self.form = form
        self.specs = [spec_summary(s) for s in game_cls.public_option_specs()]
        self.levels = levels
        clear(form)
        form.append(el("h2", text=_("New game")))
        players = el("fieldset")
        players.append(el("legend", text=_("Players")))
        modes = [(m, _(MODE_LABELS[m])) for m in MODES]
        players.append(self.select("mode", _("Who plays"), modes, "2p"))
        if len(levels) > 1:
            named = [(x, _(LEVEL_NAMES.get(x, x)).capitalize()) for x in levels]
            players.append(self.select("level", _("Computer"), named, levels[0]))
        one, two = player_name(1), player_name(2)
        players.append(self.text("name1", _("Player 1 name"), one))
        players.append(self.text("name2", _("Player 2 name"), two))
        sides = [("1", one), ("2", two)]
        players.append(self.select("seat", _("Playing a friend by link, I am"), sides, "1"))
        form.append(players)
        game = el("fieldset")
        game.append(el("legend", text=_("Game")))
        first = [("1", one), ("2", two), ("random", _("Flip a coin"))]
        game.append(self.select("first", _("Who moves first"), first, str(FIRST.default)))
        for spec in self.specs:
            game.append(self.field(spec))
        if game_cls.has_arrangement:
            game.append(self.field(spec_summary(ARRANGE)))
        form.append(game)
        self.error = el("p", "form-error", role="alert")
        form.append(self.error)

    # ----- building -----------------------------------------------------------------

    def row(self, name: str, label: str, control: Any, hint: str | None = None) -> Any:
        wrap = el("div", "field")
        control.id = f"opt-{name}"
        control.name = name
        wrap.append(el("label", text=label, for_=f"opt-{name}"))
        wrap.append(control)
        if hint:
            wrap.append(el("span", "hint", text=hint))
        return wrap

    def select(self, name: str, label: str, choices: Any, default: str) -> Any:
        control = el("select")
        for value, text in choices:
            option = el("option", text=text, value=value)
            if value == default:
                option.selected = True
            control.append(option)
        return self.row(name, label, control)

    def text(self, name: str, label: str, placeholder: str) -> Any:
        control = el(
            "input", type="text", placeholder=placeholder, autocomplete="off", spellcheck="false"
        )
        return self.row(name, label, control)

    def field(self, spec: dict[str, Any]) -> Any:
        name = spec["name"]
        if spec["kind"] == "flag":
            wrap = el("div", "field check")
            box = el("input", type="checkbox", id=f"opt-{name}", name=name)
            box.checked = bool(spec["default"])
            wrap.append(box)
            wrap.append(el("label", text=label_text(spec["help"]), for_=f"opt-{name}"))
            return wrap
        low, high = spec["low"], spec["high"]
        if spec["random"]:
            choices = [("random", _("Random ({low}–{high})").format(low=low, high=high))] + [
                (str(v), str(v)) for v in range(low, high + 1)
            ]
            return self.select(name, label_text(spec["help"]), choices, str(spec["default"]))
        control = el(
            "input", type="number", min=str(low), max=str(high), step="1", inputmode="numeric"
        )
        control.value = str(spec["default"])
        return self.row(
            name,
            label_text(spec["help"]),
            control,
            _("{low} to {high}, standard {default}").format(
                low=low, high=high, default=spec["default"]
            ),
        )

    # ----- reading ------------------------------------------------------------------

    def value(self, name: str) -> Any:
        return self.form.elements.namedItem(name)

    def read(self) -> Settings:
        mode = self.value("mode").value
        computer = MODES[mode]
        names = [self.value("name1").value, self.value("name2").value]
        if computer is not None and not names[computer - 1].strip():
            names[computer - 1] = "Computer"
        options: dict[str, Any] = {"first": self.value("first").value}
        for spec in self.specs:
            control = self.value(spec["name"])
            options[spec["name"]] = (
                bool(control.checked) if spec["kind"] == "flag" else control.value
            )
        level_control = self.value("level")
        level = level_control.value if level_control else self.levels[0]
        arrange = self.value("arrange")
        arrange_on = bool(arrange.checked) if arrange else False
        return Settings(computer, level, (names[0], names[1]), options, arrange_on)

    def read_for_link(self) -> Settings:
        """The settings for a game by link: two people, named as typed (the friend is
        never the computer that "Who plays" may still name)."""
        names = (self.value("name1").value, self.value("name2").value)
        return replace(self.read(), computer=None, names=names)

    def seat(self) -> int:
        """The side this player takes in a game by link."""
        return 2 if self.value("seat").value == "2" else 1

    def fill(self, settings: Settings) -> None:
        """Show the settings of the game on the board (resumed or opened from a link)."""
        self.value("mode").value = settings.mode
        level = self.value("level")
        if level:
            level.value = settings.level
        for index, name in enumerate(settings.names, start=1):
            computer = settings.computer == index and name == "Computer"
            self.value(f"name{index}").value = "" if computer else name
        for name, value in settings.options.items():
            control = self.value(name)
            if not control:
                continue
            if control.type == "checkbox":
                control.checked = bool(value)
            else:
                control.value = str(value)

    def show_error(self, refusal: str | RulesError | None) -> None:
        """Show why the settings were refused (or clear it), marking the field at fault: the
        one a refused option names (`BadOption.field`), so the mark does not depend on the
        message's language."""
        text = str(refusal) if refusal else ""
        field = refusal.field if isinstance(refusal, BadOption) else None
        self.error.textContent = _("Not started: {error}").format(error=text) if text else ""
        for control in self.form.querySelectorAll("input, select"):
            bad = bool(text) and str(control.name) == field
            control.setAttribute("aria-invalid", "true" if bad else "false")
