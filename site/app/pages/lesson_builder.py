"""The lesson builder's choices as plain data: builder state <-> data-* attributes <-> address.

What a teacher chooses on `teach/` is one `Lesson`. `parameters(lesson)` gives it as the
text parameters an embed reads (only what differs from the standard, so a snippet stays
short); `lesson_from(params)` reads them back, whether they came from the builder's own
address, a pasted `<div>`'s attributes or an iframe's or link's address (`params_of`
finds them in any of the three). `problem(lesson)` says why the game would refuse it, in
the option's own words: the same check as the New game panel (`settings.new_session`).
The three snippets a teacher pastes are made here too. No browser code: tested in CPython.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from py_rules.engine.players import LEVELS
from py_rules.engine.puzzles import NoPuzzleData, load
from py_rules.i18n import N_, SOURCE_LANGUAGE, _
from py_rules.play.puzzle_session import find
from py_rules.registry import GAMES
from py_rules.rules.errors import BadOption, RulesError, quoted
from py_rules.rules.options import FIRST, FlagOption

from ..settings import (
    ARRANGE,
    FEATURES,
    MAX_VALUE_LENGTH,
    MODE_ALIASES,
    mode_player,
    new_session,
    settings_from_params,
    supported,
)
from .frame_size import FRAME_WIDTH, frame_height
from .query import encode, query_params

MODES = tuple(MODE_ALIASES)  # two-players, vs-computer, computer-first: as embeds spell them
FIRSTS = ("1", "2", "random")
MAX_NAME_LENGTH = 40
MAX_PASTE_LENGTH = 20_000  # characters of a pasted snippet: far more than any snippet
# Where the standard game is over at its first move, a new lesson starts from the variant that
# lasts, and the builder says why whenever the standard one is chosen: the options it sets, and
# the advice.
LASTING: dict[str, tuple[tuple[tuple[str, str], ...], str]] = {
    "digit-chain": (
        (("no_tens", "true"),),
        N_(
            "With the tens in the pool, the first move decides the game: a first number "
            "ending in 0 wins at once, and any other loses at once to the ten that starts "
            "with its last digit. Leave the tens out for a lesson that lasts."
        ),
    ),
}
ATTRIBUTE = re.compile(r"""\bdata-([a-z0-9-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?""")
ADDRESS = re.compile(r"""(?:src|href)\s*=\s*["']([^"']*)["']|(https?://\S+|\?\S+)""")


@dataclass(frozen=True)
class Lesson:
    """A lesson's board: the game, who plays, its options and start, and what it offers.

    Options are kept as text, in the game's order, and only where they differ from the
    standard; `puzzle` replaces the game's settings (a puzzle has its own)."""

    game: str = next(iter(GAMES))
    mode: str = "two-players"
    level: str = LEVELS[0]
    names: tuple[str, str] = ("", "")
    first: str = str(FIRST.default)
    options: tuple[tuple[str, str], ...] = ()
    arrange: bool = False
    moves: str = ""
    puzzle: str = ""
    hints: bool = True
    review: bool = True
    move_list: bool = True
    lang: str = SOURCE_LANGUAGE  # the board's language (`data-lang`)


def new_lesson(slug: str) -> Lesson:
    """The lesson a teacher starts from on choosing a game: the standard one, or the variant
    that lasts where the standard game is decided by its first move."""
    options, _advice = LASTING.get(slug, ((), ""))
    return Lesson(game=slug, options=options)


def advice(lesson: Lesson) -> str | None:
    """What a teacher should know about the game as chosen (None: nothing)."""
    if lesson.puzzle or lesson.game not in LASTING:
        return None
    options, words = LASTING[lesson.game]
    return None if set(options) <= set(lesson.options) else _(words)


def flag(option: FlagOption, params: Mapping[str, str]) -> bool:
    """A flag from text; a bare attribute (`data-arrange`) means yes."""
    text = params.get(option.name)
    return option.default if text is None else option.parse(text[:MAX_VALUE_LENGTH] or "true")


def standard_text(spec: Any) -> str:
    default = spec.default
    return ("true" if default else "false") if isinstance(default, bool) else str(default)


def lesson_from(params: Mapping[str, str]) -> Lesson:
    """The lesson that text parameters describe (names as an embed reads them: `no_tens`).

    Unknown parameters are ignored, as an embed ignores them; an unknown game, mode, level
    or first player, or a flag that is not true or false, raises BadOption."""
    game = params.get("game", Lesson.game)
    if game not in GAMES:
        refused = _("game must be one of {games}, not {game}")
        raise BadOption(refused.format(games=", ".join(GAMES), game=quoted(game)))
    cls = GAMES[game]
    hints, review, move_list = (flag(option, params) for option in FEATURES)
    lang = supported(params.get("lang", "")[:MAX_VALUE_LENGTH])  # unknown: English, no error
    puzzle = params.get("puzzle", "").strip()[:MAX_VALUE_LENGTH]
    if puzzle:
        return Lesson(
            game=game, puzzle=puzzle, hints=hints, review=review, move_list=move_list, lang=lang
        )
    mode = params.get("mode", "two-players")
    computer = mode_player(mode)
    mode = next(m for m in MODES if mode_player(m) == computer)
    level = params.get("level", LEVELS[0]) if computer else LEVELS[0]
    if level not in LEVELS:
        refused = _("level must be one of {levels}, not {level}")
        raise BadOption(refused.format(levels=", ".join(LEVELS), level=quoted(level)), "level")
    first = params.get("first", Lesson.first)
    if first not in FIRSTS:
        refused = _("first must be 1, 2 or random, not {value}")
        raise BadOption(refused.format(value=quoted(first)), "first")
    names = tuple(params.get(f"name{i}", "").strip()[:MAX_NAME_LENGTH] for i in (1, 2))
    options = []
    for spec in cls.public_option_specs():
        text = params.get(spec.name, "").strip()[:MAX_VALUE_LENGTH]
        if isinstance(spec, FlagOption) and text:
            text = "true" if flag(spec, {spec.name: text}) else "false"
        if text and text != standard_text(spec):
            options.append((spec.name, text))
    arrange = flag(ARRANGE, params) if cls.has_arrangement else False
    moves = " ".join(params.get("moves", "").split())
    return Lesson(
        game, mode, level, (names[0], names[1]), first, tuple(options), arrange, moves, "",
        hints, review, move_list, lang,
    )  # fmt: skip


def parameters(lesson: Lesson) -> dict[str, str]:
    """The lesson as text parameters, in a stable order, leaving out what is standard."""
    params = {"game": lesson.game}
    if lesson.puzzle:
        params["puzzle"] = lesson.puzzle
    else:
        params["mode"] = lesson.mode
        if lesson.mode != "two-players":
            params["level"] = lesson.level
        for index, name in enumerate(lesson.names, start=1):
            if name:
                params[f"name{index}"] = name
        if lesson.first != Lesson.first:
            params["first"] = lesson.first
        params.update(lesson.options)
        if lesson.arrange:
            params["arrange"] = "true"
        if lesson.moves:
            params["moves"] = lesson.moves
    for option in FEATURES:
        if not getattr(lesson, option.name):
            params[option.name] = "false"
    if lesson.lang != SOURCE_LANGUAGE:
        params["lang"] = lesson.lang
    return params


def puzzles(slug: str) -> list[dict[str, Any]]:
    """The shipped puzzles of one game (none if the data is missing)."""
    try:
        entry = load()["games"].get(slug, {})
    except NoPuzzleData:
        return []
    found: list[dict[str, Any]] = entry.get("puzzles", [])
    return found


def refusal(lesson: Lesson) -> RulesError | None:
    """Why the board would refuse this lesson (the option's or move's own error), or None."""
    if lesson.puzzle:
        try:
            data = load()
        except NoPuzzleData:
            data = {"games": {}}
        if find(data, lesson.game, lesson.puzzle):
            return None
        refused = _("puzzle {puzzle} is not one of the puzzles of {game}")
        return BadOption(refused.format(puzzle=quoted(lesson.puzzle), game=lesson.game))
    params = parameters(lesson)
    try:
        settings = settings_from_params(GAMES[lesson.game], params, LEVELS)
        new_session(lesson.game, replace(settings, moves=""))
    except RulesError as error:
        return error
    try:  # the options are fine: a refusal now is the starting moves', and says so
        new_session(lesson.game, settings)
    except RulesError as error:
        return BadOption(str(error), "moves")
    return None


def problem(lesson: Lesson) -> str | None:
    """Why the board would refuse this lesson, in words, or None."""
    refused = refusal(lesson)
    return None if refused is None else str(refused)


def valid(lesson: Lesson) -> bool:
    return problem(lesson) is None


# ----- addresses and snippets ---------------------------------------------------------


def query(lesson: Lesson) -> str:
    """The lesson as an address's query, without the "?"."""
    return "&".join(f"{name}={encode(value)}" for name, value in parameters(lesson).items())


def attribute_name(name: str) -> str:
    return "data-" + name.replace("_", "-")


def div_snippet(lesson: Lesson) -> str:
    """The `<div>` that becomes the board on a host page."""
    attrs = " ".join(
        f'{attribute_name(name)}="{html.escape(value, quote=True)}"'
        for name, value in parameters(lesson).items()
    )
    return f'<div class="number-duels" {attrs}></div>'


def script_snippet(lesson: Lesson, base: str) -> str:
    """The `<div>` and the script that runs it, `base` the site's address (ends in "/")."""
    return f'{div_snippet(lesson)}\n<script src="{html.escape(base)}embed.js" defer></script>'


def frame_address(lesson: Lesson, base: str) -> str:
    return f"{base}games/{lesson.game}/?embed=1&{query(lesson)}"


def iframe_snippet(lesson: Lesson, base: str) -> str:
    """The `<iframe>`: the game page showing the board only. Scripts are all it needs."""
    width = FRAME_WIDTH
    height = frame_height(lesson.game, dict(lesson.options), lesson.puzzle)
    title = html.escape(GAMES[lesson.game].title)
    src = html.escape(frame_address(lesson, base), quote=True)
    return (
        f'<iframe src="{src}" title="{title}" width="{width}" height="{height}"\n'
        f'  style="border:0; max-width:100%" sandbox="allow-scripts"></iframe>'
    )


def plain_link(lesson: Lesson, base: str) -> str:
    """A link that opens the lesson's board alone, as the iframe shows it. Not the full game
    page: that one would show a learner's own saved game instead of the lesson."""
    return frame_address(lesson, base)


def params_of(snippet: str) -> dict[str, str]:
    """The parameters in a pasted snippet: a `<div>`'s data-* attributes, else the query
    of the first address in it (an iframe's src, a link), with the game from its path.
    BadOption if there are none."""
    text = snippet[:MAX_PASTE_LENGTH]
    params: dict[str, str] = {}
    for found in ATTRIBUTE.finditer(text):
        value = next((v for v in found.groups()[1:] if v is not None), "")
        params.setdefault(found.group(1).replace("-", "_"), html.unescape(value))
    if "game" in params:
        return params
    for found in ADDRESS.finditer(text):
        address = html.unescape(found.group(1) or found.group(2) or "")
        path, _sep, rest = address.partition("?")
        params = query_params(rest.split("#")[0])
        game = re.search(r"games/([a-z-]+)/", path)
        if game:
            params.setdefault("game", game.group(1))
        if "p" in params and "puzzle" not in params:  # the puzzles page's own address
            params["puzzle"] = params["p"]
            params.setdefault("game", params["p"].rsplit("-", 1)[0])
        if "game" in params:
            return params
    raise BadOption(
        _("no lesson found in it: paste a snippet made here (the <div>, <iframe> or link)")
    )


def win_example(lesson: Lesson, base: str) -> str:
    """A lesson page that reacts to the end of the game: the board, a note, a listener."""
    name = lesson.names[0] or _("Player {number}").format(number=1)
    praise, again = (
        json.dumps(words).replace("<", "\\u003c")  # no "</script>" can end the script early
        for words in (
            _("Well done, {name}: you won.").format(name=name),
            _("Not this time: press New game and try again."),
        )
    )
    return f"""{script_snippet(lesson, base)}
<p id="lesson-note" aria-live="polite"></p>
<script>
  const board = document.querySelector(".number-duels");
  board.addEventListener("number-duels:end", (event) => {{
    document.querySelector("#lesson-note").textContent = event.detail.winner === 1
      ? {praise}
      : {again};
  }});
</script>"""
