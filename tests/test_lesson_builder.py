"""The lesson builder's logic (site/app/lesson_builder.py): a lesson <-> attributes <-> address.

Any lesson the builder accepts comes back unchanged from every form it hands out: the
parameters, the builder's own address, the pasted `<div>`, the iframe and the link. A
lesson the game would refuse is refused with the option's own message, the very text the
New game panel shows (both come from `settings.new_session`).
"""

from __future__ import annotations

import json
import string
from dataclasses import replace
from typing import Any

import pytest
from app.pages import lesson_builder as lb
from app.settings import LANGUAGE_NAMES, LANGUAGES, new_session, settings_from_params
from hypothesis import assume, given
from hypothesis import strategies as st
from strategies import SLUGS

import py_rules
from py_rules import BadOption, RulesError
from py_rules.engine.players import LEVELS
from py_rules.rules.options import FlagOption, IntOption

BASE = "https://teacher.example/number-duels/"
NAME_CHARACTERS = string.ascii_letters + string.digits + " \"'<>&=-é"


def option_texts(draw: st.DrawFn, slug: str) -> tuple[tuple[str, str], ...]:
    """Some of the game's options, each a valid text that differs from the standard."""
    chosen = []
    for spec in py_rules.GAMES[slug].public_option_specs():
        if not draw(st.booleans()):
            continue
        if isinstance(spec, FlagOption):
            text = "false" if spec.default else "true"
        else:
            assert isinstance(spec, IntOption)
            choices = [str(v) for v in range(spec.low, spec.high + 1) if v != spec.default]
            text = draw(st.sampled_from(choices + ["random"] * spec.allow_random))
        chosen.append((spec.name, text))
    return tuple(chosen)


def starting_line(draw: st.DrawFn, slug: str, options: tuple[tuple[str, str], ...]) -> str:
    """Some legal moves from the start (none for a hidden game or a random option)."""
    game = py_rules.new_game(slug, dict(options))
    if game.secret_options() or any(text == "random" for _, text in options):
        return ""
    for _ in range(draw(st.integers(0, 4))):
        legal = game.legal_moves()
        if game.is_over or not legal:
            break
        game.play(draw(st.sampled_from(legal)))
    return " ".join(game.move_text(move) for move in game.moves)


@st.composite
def lessons(draw: st.DrawFn) -> lb.Lesson:
    """A lesson the builder accepts: a game with settings and a start, or a puzzle."""
    slug = draw(st.sampled_from(SLUGS))
    features = {name: draw(st.booleans()) for name in ("hints", "review", "move_list")}
    lang = draw(st.sampled_from(LANGUAGES))
    puzzles = [str(p["id"]) for p in lb.puzzles(slug)]
    if puzzles and draw(st.booleans()):
        puzzle = draw(st.sampled_from(puzzles))
        return replace(lb.Lesson(game=slug, puzzle=puzzle, **features), lang=lang)
    mode = draw(st.sampled_from(lb.MODES))
    level = draw(st.sampled_from(LEVELS)) if mode != "two-players" else LEVELS[0]
    names = [draw(st.text(NAME_CHARACTERS, max_size=24).map(str.strip)) for _ in range(2)]
    options = option_texts(draw, slug)
    arrange = py_rules.GAMES[slug].has_arrangement and draw(st.booleans())
    moves = starting_line(draw, slug, options)
    first = draw(st.sampled_from(lb.FIRSTS))
    lesson = lb.Lesson(
        slug, mode, level, (names[0], names[1]), first, options, arrange, moves, "", **features
    )
    lesson = replace(lesson, lang=lang)
    assume(lb.valid(lesson))
    return lesson


@given(lessons())
def test_a_valid_lesson_comes_back_from_every_form_it_is_handed_out_in(lesson: lb.Lesson) -> None:
    assert lb.problem(lesson) is None
    assert lb.lesson_from(lb.parameters(lesson)) == lesson
    assert lb.lesson_from(lb.query_params(lb.query(lesson))) == lesson
    for snippet in (
        lb.script_snippet(lesson, BASE),
        lb.iframe_snippet(lesson, BASE),
        lb.plain_link(lesson, BASE),
        lb.win_example(lesson, BASE),
    ):
        assert lb.lesson_from(lb.params_of(snippet)) == lesson, snippet


@given(lessons())
def test_the_snippets_name_the_site_where_the_builder_was_opened(lesson: lb.Lesson) -> None:
    script = lb.script_snippet(lesson, BASE)
    assert script.startswith('<div class="number-duels" data-game=')
    assert script.endswith(f'<script src="{BASE}embed.js" defer></script>')
    frame = lb.iframe_snippet(lesson, BASE)
    assert f'src="{BASE}games/{lesson.game}/?embed=1&amp;' in frame
    assert 'sandbox="allow-scripts"' in frame
    assert lb.plain_link(lesson, BASE).startswith(f"{BASE}games/{lesson.game}/?embed=1&")


@given(lessons())
def test_the_attributes_are_what_an_embed_reads(lesson: lb.Lesson) -> None:
    """The board's own reading of the parameters starts the same game the builder checked."""
    params = lb.parameters(lesson)
    if lesson.puzzle:
        return
    settings = settings_from_params(py_rules.GAMES[lesson.game], params, LEVELS)
    session = new_session(lesson.game, settings)
    assert [session.game.move_text(m) for m in session.game.moves] == lesson.moves.split()


def test_the_boards_language_is_data_lang_and_anything_unknown_is_english() -> None:
    spanish = lb.lesson_from({"game": "digit-chain", "lang": "es-MX"})
    assert spanish.lang == "es"
    assert 'data-lang="es"' in lb.script_snippet(spanish, BASE)
    assert "&amp;lang=es" in lb.iframe_snippet(spanish, BASE)
    english = lb.lesson_from({"game": "digit-chain"})
    assert "lang" not in lb.div_snippet(english) and "lang" not in lb.plain_link(english, BASE)
    for unknown in ("xx", "", "<script>", "e" * 500):
        assert lb.lesson_from({"game": "digit-chain", "lang": unknown}).lang == "en"
    assert list(LANGUAGES) == py_rules.i18n.available() == list(LANGUAGE_NAMES)


def out_of_range(spec: IntOption) -> st.SearchStrategy[str]:
    low = st.integers(spec.low - 1000, spec.low - 1)
    high = st.integers(spec.high + 1, spec.high + 1000)
    return (low | high).map(str) | st.sampled_from(["--5", "x", "1.5", "7e1"])


@st.composite
def bad_options(draw: st.DrawFn) -> tuple[str, str, str]:
    """A game, one of its number options and a value the game refuses."""
    slug = draw(st.sampled_from(SLUGS))
    specs = [s for s in py_rules.GAMES[slug].public_option_specs() if isinstance(s, IntOption)]
    spec = draw(st.sampled_from(specs))
    return slug, spec.name, draw(out_of_range(spec))


@given(bad_options())
def test_a_refused_option_is_refused_with_the_options_own_message(
    bad: tuple[str, str, str],
) -> None:
    slug, name, value = bad
    lesson = lb.lesson_from({"game": slug, name: value})
    with pytest.raises(BadOption) as refused:
        py_rules.new_game(slug, {name: value})
    assert lb.problem(lesson) == str(refused.value)
    assert str(refused.value).startswith(f"{name} ")  # the panel marks the field by this


def test_a_refused_start_or_puzzle_says_which_and_why() -> None:
    line = lb.lesson_from({"game": "sequence-duel", "size": "9", "moves": "5 5"})
    assert (lb.problem(line) or "").startswith("move 2 ('5') is illegal: 5 is already claimed")
    hidden = lb.lesson_from({"game": "number-duel", "moves": "1@1"})
    assert lb.problem(hidden) == "Number Duel cannot start from given moves: its numbers are hidden"
    puzzle = lb.lesson_from({"game": "digit-chain", "puzzle": "nope"})
    assert lb.problem(puzzle) == "puzzle 'nope' is not one of the puzzles of digit-chain"
    name = lb.lesson_from({"game": "digit-chain", "name1": "x" * 30})
    assert lb.problem(name) == "the name of player 1 is longer than 24 characters"


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"game": "chess"}, "game must be one of"),
        ({"game": "digit-chain", "mode": "solo"}, "mode must be two-players"),
        ({"game": "digit-chain", "mode": "vs-computer", "level": "genius"}, "level must be"),
        ({"game": "digit-chain", "first": "3"}, "first must be 1, 2 or random"),
        ({"game": "digit-chain", "hints": "maybe"}, "hints must be true or false"),
        ({"game": "digit-chain", "no_tens": "perhaps"}, "no_tens must be true or false"),
    ],
)
def test_unreadable_parameters_are_refused_by_name(params: dict[str, str], message: str) -> None:
    with pytest.raises(BadOption, match=f"^{message}"):
        lb.lesson_from(params)


@given(st.text(max_size=300))
def test_pasted_text_gives_a_lesson_or_a_clear_refusal(text: str) -> None:
    try:
        lb.lesson_from(lb.params_of(text))
    except RulesError as error:
        assert str(error)
    except Exception as error:  # pragma: no cover - the assertion names what leaked
        pytest.fail(f"{type(error).__name__} from pasted text {text!r}: {error}")


def test_a_pasted_snippet_keeps_its_attributes_and_ignores_the_hosts() -> None:
    snippet = """<div class="number-duels" id="mine" data-game='digit-chain' data-pool=30
      data-no-tens="true" data-name1="Ann &amp; Bo" data-arrange data-lesson-step="2"></div>"""
    lesson = lb.lesson_from(lb.params_of(snippet))
    assert lesson.options == (("pool", "30"), ("no_tens", "true"))
    assert lesson.names == ("Ann & Bo", "")
    assert not lesson.arrange  # Digit Chain has nothing to arrange: the attribute is ignored
    with pytest.raises(BadOption, match="no lesson found"):
        lb.params_of("<p>Hello</p>")


def test_the_win_example_is_a_page_that_listens_for_the_end() -> None:
    lesson = lb.Lesson(game="digit-chain", names=('A "quoted" </script> name', ""))
    example = lb.win_example(lesson, BASE)
    assert 'addEventListener("number-duels:end"' in example
    assert example.count("</script>") == 2  # the name cannot close the script early
    said = example.split("? ", 1)[1].split("\n", 1)[0]
    assert (
        json.loads(said.replace("\\u003c", "<")) == 'Well done, A "quoted" </script> name: you won.'
    )


def test_an_address_reads_like_the_browser_reads_it() -> None:
    params: dict[str, Any] = lb.query_params("?name1=A%20b+c&moves=21%2013&x=%zz&name1=ignored")
    assert params == {"name1": "A b c", "moves": "21 13", "x": "%zz"}
    assert lb.encode("Zoë & co") == "Zo%C3%AB%20%26%20co"


def test_moves_that_an_option_makes_illegal_are_refused_as_the_moves_fault() -> None:
    lesson = lb.lesson_from({"game": "digit-chain", "moves": "30", "no_tens": "true"})
    refused = lb.refusal(lesson)
    assert isinstance(refused, BadOption) and refused.field == "moves", refused
    option = lb.refusal(lb.lesson_from({"game": "digit-chain", "pool": "7", "moves": "3"}))
    assert isinstance(option, BadOption) and option.field == "pool", option


def test_the_iframe_is_as_tall_as_the_board_the_options_make() -> None:
    small = lb.frame_height("digit-chain", {"pool": "10"}, "")
    large = lb.frame_height("digit-chain", {"pool": "99"}, "")
    assert small < large
    assert f'height="{large}"' in lb.iframe_snippet(lb.lesson_from({"game": "digit-chain"}), "/")
