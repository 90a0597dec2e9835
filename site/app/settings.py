"""Who plays and with which options: read from the form, a page's attributes or a URL.

Pure Python (no browser imports), so the rules for reading untrusted text are tested
in CPython. Nothing here is checked against the game's option ranges: `py_rules.new_game`
does that, in one place, and explains anything out of range.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from py_rules import i18n
from py_rules.engine.players import LEVELS
from py_rules.i18n import N_, SOURCE_LANGUAGE, _, best
from py_rules.play.lesson import parse_line
from py_rules.play.session import Session
from py_rules.play.session_record import MODES, mode_of
from py_rules.registry import GAMES
from py_rules.rules.errors import BadOption, RulesError, quoted
from py_rules.rules.options import FlagOption

# Friendlier spellings accepted in embed attributes and page addresses.
MODE_ALIASES = {"two-players": "2p", "vs-computer": "cpu2", "computer-first": "cpu1"}
MAX_VALUE_LENGTH = 40
COMPUTER_DELAY_MS = 650  # long enough to follow the computer's move, short enough not to bore
MAX_DELAY_MS = 5000
# Not an option of the game: each human arranges their own numbers before play.
ARRANGE = FlagOption(
    "arrange", N_("arrange my numbers before play starts (otherwise they are shuffled)")
)
# What a lesson's board offers besides play; a lesson may turn each off ("false").
FEATURES = (
    FlagOption("hints", N_("offer a Hint button"), default=True),
    FlagOption("review", N_("review the moves in the move list"), default=True),
    FlagOption("move_list", N_("show the move list"), default=True),
)


@dataclass(frozen=True)
class Features:
    """The parts of a board besides play that a lesson may leave out."""

    hints: bool = True
    review: bool = True
    move_list: bool = True


def features_or_notice(params: Mapping[str, str]) -> tuple[Features, str]:
    """The features a page's attributes or address ask for; all of them and a notice if
    a value is refused (`data-hints="maybe"`)."""
    values: dict[str, bool] = {}
    for flag in FEATURES:
        try:
            values[flag.name] = flag.parse(params.get(flag.name, "true")[:MAX_VALUE_LENGTH])
        except BadOption as error:
            refused = _("This setting was refused ({error}): everything is offered.")
            return Features(), refused.format(error=error)
    return Features(**values), ""


@dataclass(frozen=True)
class Settings:
    """What a game is started with: who plays, and the options for py_rules.new_game."""

    computer: int | None = None  # the player the computer plays, or None for two people
    level: str = "easy"
    names: tuple[str, str] = ("", "")
    options: dict[str, Any] = field(default_factory=dict)
    arrange: bool = False  # each human arranges their own numbers first (Number Duel)
    moves: str = ""  # a lesson's starting line (data-moves): moves between spaces

    @property
    def mode(self) -> str:
        return mode_of(self.computer)


def mode_player(mode: str) -> int | None:
    """The computer's player for a mode name; BadOption for anything else."""
    key = MODE_ALIASES.get(mode, mode)
    if key not in MODES:
        raise BadOption(
            _("mode must be two-players, vs-computer or computer-first, not {value}").format(
                value=quoted(mode)
            ),
            "mode",
        )
    return MODES[key]


def option_names(game_cls: type[Any]) -> list[str]:
    """The options a page may set (secrets, such as hidden orders, are never among them)."""
    return [spec.name for spec in game_cls.public_option_specs()]


def settings_from_params(
    game_cls: type[Any], params: Mapping[str, str], levels: tuple[str, ...]
) -> Settings:
    """Settings from text parameters (data-* attributes or a page address).

    Unknown parameters are ignored (a host page has its own data attributes); a bad mode
    or level raises BadOption; option values are passed on as text for new_game to check.
    """
    computer = mode_player(params.get("mode", "2p"))
    level = params.get("level", levels[0])
    if level not in levels:
        refused = _("level must be one of {levels}, not {level}")
        raise BadOption(refused.format(levels=", ".join(levels), level=quoted(level)), "level")
    names = [params.get("name1", ""), params.get("name2", "")]
    if computer is not None and not names[computer - 1].strip():
        names[computer - 1] = "Computer"
    options: dict[str, Any] = {}
    for name in ("first", *option_names(game_cls)):
        if name in params:
            options[name] = params[name][: MAX_VALUE_LENGTH + 1]
    arrange_text = params.get("arrange", "false")[:MAX_VALUE_LENGTH]
    arrange = ARRANGE.parse(arrange_text or "true")  # a bare data-arrange attribute means yes
    moves = params.get("moves", "")  # checked by new_session, against the game
    return Settings(computer, level, (names[0], names[1]), options, arrange, moves)


def computer_delay(params: Mapping[str, str]) -> int:
    """The computer's thinking pause; `?delay=ms` (or data-delay) changes it."""
    value = params.get("delay", "")
    if value.isdecimal() and len(value) < 7:
        return min(int(value), MAX_DELAY_MS)
    return COMPUTER_DELAY_MS


def new_session(slug: str, settings: Settings) -> Session:
    """A new session with `settings` (BadOption or IllegalMove if they are refused)."""
    computer, level, line = settings.computer, settings.level, parse_line(settings.moves)
    names, arrange = settings.names, settings.arrange
    return Session.new(slug, settings.options, names, computer, level, arrange, line)


def settings_of(session: Session) -> Settings:
    """The settings of a session, to show in the New game form."""
    game = session.game
    names = tuple("" if n == f"Player {i}" else n for i, n in enumerate(game.names, 1))
    secret = game.secret_options()
    options = {k: v for k, v in game.options.items() if k not in secret}
    arrange = bool(session.arranging)
    return Settings(session.computer, session.level, (names[0], names[1]), options, arrange)


def settings_or_notice(slug: str, params: dict[str, str]) -> tuple[Settings, str]:
    """Settings from text parameters; the standard ones and a notice if they are refused.
    A refused starting line (`data-moves`) alone keeps the other settings, from the start."""
    try:
        settings = settings_from_params(GAMES[slug], params, LEVELS)
    except RulesError as error:
        refused = _("These settings were refused ({error}): the standard game is shown.")
        return Settings(), refused.format(error=error)
    if settings.moves.strip():
        from_start = replace(settings, moves="")
        try:
            new_session(slug, from_start)
        except RulesError:
            return settings, ""  # the board refuses these settings itself, moves and all
        try:
            new_session(slug, settings)
        except RulesError as error:
            refused = _("These moves were refused ({error}): the standard start is shown.")
            return from_start, refused.format(error=error)
    return settings, ""


# English and every language the site ships a catalogue of (`_site/locale/<lang>.mo`), by tag,
# in the order of their catalogues' folders; a test checks this against py_rules/locale.
LANGUAGES = ("en", "ar", "de", "es", "fr", "pt-BR", "zh-Hans")
LANGUAGE_NAMES = {  # each in its own language, for the Language menu
    "en": "English",
    "ar": "العربية",
    "de": "Deutsch",
    "es": "Español",
    "fr": "Français",
    "pt-BR": "Português (Brasil)",
    "zh-Hans": "简体中文",
}
# Built like a language but offered in no menu: English made longer and accented (en-XA) and
# written right to left (ar-XB), to see text that a page forgot to translate or could not fit.
PSEUDO_LANGUAGES = ("en-XA", "ar-XB")
# The pages written right to left: the real languages (whose messages isolate the values
# filled in, py_rules.i18n) and ar-XB, whose made-up catalogue isolates its own.
RIGHT_TO_LEFT = i18n.RIGHT_TO_LEFT | {"ar-XB"}


def supported(tag: str | None) -> str:
    """The language the site shows for a tag: a pseudo-locale by its exact tag ("en-XA",
    any case), else the language of LANGUAGES it asks for (`py_rules.i18n.best`: "es-MX" is
    "es", "pt-PT" "pt-BR", "zh-CN" "zh-Hans", "zh-TW" English); English for any other."""
    wanted = (tag or "").strip().replace("_", "-").lower()
    for pseudo in PSEUDO_LANGUAGES:
        if wanted == pseudo.lower():
            return pseudo
    return best(tag or "", LANGUAGES) or SOURCE_LANGUAGE
