"""What the pages do with Python, run once in Pyodide under Node.js to see what it imports.

Run by scripts/build/stdlib_usage.mjs at build time, in the folder where the site's Python bundle
is unpacked (as on a page); not a test. It imports every front-end module and plays every
game against every computer level, asking for a hint before each move, then saves, loads,
shares and undoes, and feeds the settings parser good and bad values: the code paths of
every mode of every page. Whatever standard-library module this pulls in, a page may need;
anything missed here is caught by the end-to-end import guard.

Only builtins and modules Pyodide or PyScript have already imported are used here, so that
the exercise itself adds nothing to the list.
"""

import contextlib
import importlib
import os
import random

import py_rules
from py_rules.engine.players import LEVELS, choose_move, hint
from py_rules.rules.errors import RulesError


def import_front_end() -> None:
    """Import every module of the `app` package (the pages' front end)."""
    for folder, _dirs, files in os.walk("app"):
        package = folder.replace(os.sep, ".")
        for name in sorted(files):
            if name.endswith(".py"):
                module = package if name == "__init__.py" else f"{package}.{name[:-3]}"
                importlib.import_module(module)


def play_through(slug: str, level: str, seed: int) -> None:
    """One whole game: the computer at `level` against a random player, hints throughout."""
    rng = random.Random(seed)
    game = py_rules.new_game(slug, {"seed": seed})
    while not game.is_over:
        hint(game)
        mover = game.to_move
        move = choose_move(game, level, rng) if mover == 1 else rng.choice(game.legal_moves())
        game.play(move)
        game.public_view()
        if mover is not None:
            game.observation(mover)
    game.outcome()
    restored = py_rules.load_game(game.to_json())
    if restored.moves:
        restored.undo()


def exercise_records(slug: str) -> None:
    """Saves and share links, good and broken, through the front end's record module."""
    from app import record, settings

    game_cls = py_rules.GAMES[slug]
    for name in settings.option_names(game_cls):
        for value in ("3", "random", "--5", "x", ""):
            with contextlib.suppress(RulesError):
                settings.settings_from_params(game_cls, {name: value}, LEVELS)
    game = py_rules.new_game(slug, {"seed": 3})
    game.play(game.legal_moves()[0])
    try:
        rec = py_rules.Session.from_data({"game": game.to_dict()}, slug)
        record.decode_link(record.encode_link(rec.to_data(share=True)))
        record.decode_saved(record.encode_saved(rec.to_data()))
    except RulesError:
        pass
    session = py_rules.Session.new(slug, {"seed": 3}, None, 2, LEVELS[0], arrange=True)
    while session.phase is not py_rules.Phase.OVER and session.total < 6:
        if session.phase is py_rules.Phase.ARRANGE:
            session.done_arranging()
        elif session.phase is py_rules.Phase.COMPUTER:
            session.computer_move()
        else:
            session.play(session.game.legal_moves()[0])
    # The computer's moves are random, so the game may still run (Number Duel then
    # refuses both: an attack cannot be taken back) or be over.
    with contextlib.suppress(RulesError):
        session.undo()
    with contextlib.suppress(RulesError):
        session.step("first")
    for broken in ("", "{", '{"game": 1}', "%%%"):
        for reader in (record.decode_link, record.decode_saved, record.loads):
            with contextlib.suppress(RulesError, ValueError):
                reader(broken)


def exercise_puzzles() -> None:
    """The puzzles page and `data-puzzle`: read the shipped puzzles, play one of each game
    wrong, then right to the end, and read the stored list of solved ones."""
    from app.record import solved_ids, solved_text

    from py_rules.engine.puzzles import load
    from py_rules.play.puzzle_session import PuzzleSession, Stage, find

    data = load()
    for slug, entry in data["games"].items():
        for puzzle in entry["puzzles"][:1] + entry["puzzles"][-1:]:
            session = PuzzleSession(slug, find(data, slug, puzzle["id"]) or puzzle)
            wrong = [m for m in session.game.legal_move_texts() if m not in puzzle["winning_moves"]]
            session.try_move(wrong[0])
            session.retry()
            while session.stage is Stage.SOLVING:
                session.try_move(hint(session.game)["move"])
    for text in ('["a"]', "[[[", None):
        solved_text(solved_ids(text))


def tiny_catalogue(header: str, messages: dict[str, str]) -> bytes:
    """A .mo file (GNU gettext's format, little-endian, no hash table) of `messages`, the
    header first, built with builtins alone."""
    entries = [("", header), *messages.items()]
    count, table = len(entries), 28
    texts = b""
    refs: list[tuple[int, int]] = []
    for column in (0, 1):
        for entry in entries:
            data = entry[column].encode("utf-8")
            refs.append((len(data), 28 + 16 * count + len(texts)))
            texts += data + b"\0"
    numbers = [0x950412DE, 0, count, table, table + 8 * count, 0, 0]
    for length, offset in refs:
        numbers += [length, offset]
    return b"".join(n.to_bytes(4, "little") for n in numbers) + texts


def exercise_languages() -> None:
    """A page shown in another language: its catalogue installed (gettext, imported only
    then), the board's words and the rules' in it, counted words in each plural form."""
    from app import wording
    from app.renderers import renderer_class
    from app.renderers.base import View

    from py_rules import i18n

    header = (
        "Content-Type: text/plain; charset=UTF-8\n"
        "Plural-Forms: nplurals=3; plural=(n == 1 ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2);\n"
    )
    plural = "{count} number left\0{count} numbers left"
    catalogue = tiny_catalogue(header, {"make a move": "haz una jugada", plural: "1\0many\0n"})
    i18n.install("es", catalogue)
    for slug in py_rules.GAMES:
        session = py_rules.Session.new(slug, {"seed": 5})
        renderer = renderer_class(slug)(py_rules.game_class(slug))
        for _turn in range(3):
            if session.phase is not py_rules.Phase.HUMAN:
                break
            session.play(session.game.legal_moves()[0])
        for index in range(len(session.game.moves)):
            renderer.player_facts(session.game, View(), 1 + index % 2)
        wording.status(session, renderer, View(viewer=1), wording.describe_all(session, renderer))
        if not session.game.is_over:
            wording.hint(hint(session.game))
        else:
            wording.ending(session.game, renderer)
    i18n.use("en")


import_front_end()
exercise_puzzles()
exercise_languages()
for game_slug in py_rules.GAMES:
    for game_level in LEVELS:
        play_through(game_slug, game_level, seed=len(game_level))
    exercise_records(game_slug)
    with contextlib.suppress(RulesError):
        py_rules.new_game(game_slug, {"size": "--5", "numbers": 99, "target": "x"})
