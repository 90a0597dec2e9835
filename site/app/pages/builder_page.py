"""The lesson builder page (`teach/`): a teacher's choices, a live board, the code to paste.

The page is an ordinary embed host: its preview is a `<div class="number-duels">` that the
embed code starts, and every change of the choices sets that div's data-* attributes and
starts it again, exactly as a lesson page will. What the choices mean (attributes, address,
snippets, the refusal in the option's own words) is `lesson_builder`'s; this module reads
the controls (`builder_controls`), fills them in, and shows the results. The address always
holds the choices.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from py_rules import i18n
from py_rules.i18n import N_, SOURCE_LANGUAGE, _
from py_rules.play.lesson import END_EVENT, MOVE_EVENT, detail
from py_rules.registry import GAMES
from py_rules.rules.errors import BadOption, RulesError

from ..browser import address_bar, dom, sharing
from ..browser.dom import clear, el
from ..browser.events import on
from ..settings import LANGUAGE_NAMES, LANGUAGES
from . import lesson_builder as lb
from .builder_controls import BuilderControls

# What the copy buttons say, by what they copy: copied, or to be copied by hand.
COPIED = {
    "script": (N_("Copied the script."), N_("Select the script and copy it.")),
    "iframe": (N_("Copied the iframe."), N_("Select the iframe and copy it.")),
    "link": (N_("Copied the link."), N_("Select the link and copy it.")),
    "example": (N_("Copied the example."), N_("Select the example and copy it.")),
}
SNIPPETS = ("script", "iframe", "link")
MAX_EVENTS = 30  # lines kept in the events panel


class Builder:
    def __init__(
        self,
        page: Any,
        restart: Callable[[Any], None],
        boards: Callable[[], Any],
        stop: Callable[[Any], None],
    ):
        self.page = page
        self.restart = restart  # starts the preview again from its attributes
        self.boards = boards  # the embedded boards' controllers
        self.stop = stop  # stops the preview's board
        self.base = address_bar.embed_base()
        self.form = page.querySelector("form.lesson-form")
        self.options_box = page.querySelector("form.lesson-options")
        self.controls = BuilderControls(self.form, self.options_box)
        self.preview = page.querySelector(".number-duels")
        self.refused = page.querySelector(".lesson-refused")
        self.events = page.querySelector(".event-log")
        self.copied = page.querySelector(".copy-status")
        self.pasted = page.querySelector(".paste-result")
        self.shown: dict[str, str] | None = None
        self.lesson = lb.Lesson()
        languages = self.field("lang")
        for code in LANGUAGES:
            languages.append(el("option", text=LANGUAGE_NAMES[code], value=code, lang=code))
        for name in ("change", "input"):
            on(self.form, name, lambda _event: self.update())
            on(self.options_box, name, lambda _event: self.update())
        on(self.field("game"), "change", lambda _event: self.choose_game())
        self.wire_buttons()
        for name in (MOVE_EVENT, END_EVENT):
            on(self.preview, name, self.heard)

    # ----- the controls ---------------------------------------------------------------

    def field(self, name: str) -> Any:
        return self.controls.field(name)

    def fill(self, lesson: lb.Lesson) -> None:
        """Show a lesson in the controls, and take it as the one shown."""
        self.controls.fill(lesson)
        self.lesson = lesson

    def wire_buttons(self) -> None:
        actions = {
            "use-position": self.use_position,
            "clear-moves": self.clear_moves,
            "load": self.load_pasted,
            "clear-events": lambda: clear(self.events),
        }
        for button in self.page.querySelectorAll("button[data-action]"):
            on(button, "click", self.pressed(actions[str(button.dataset.action)]))
        for button in self.page.querySelectorAll("button[data-copy]"):
            on(button, "click", self.copier(str(button.dataset.copy)))

    def pressed(self, action: Callable[[], None]) -> Callable[[Any], None]:
        def handler(event: Any) -> None:
            event.preventDefault()
            action()

        return handler

    # ----- changes --------------------------------------------------------------------

    def choose_game(self) -> None:
        """Another game: its own options, from the standard, no start position or puzzle. The
        game already shown keeps its options (a `change` that changed nothing: with Python in a
        worker it may come after the teacher typed into the options it would build again)."""
        slug = str(self.field("game").value)
        if slug == self.controls.options_game:
            return
        self.controls.build_options(slug)
        self.fill(lb.new_lesson(slug))
        self.update()

    def update(self) -> None:
        """Read the choices; show the preview, the snippets and the address for them, or
        why they are refused (in the option's own words) and no snippet."""
        try:
            lesson = lb.lesson_from(self.controls.read())
        except RulesError as error:
            return self.refuse(error)
        self.show(lesson)

    def show(self, lesson: lb.Lesson) -> None:
        self.lesson = lesson
        hidden = any(spec.secret for spec in GAMES[lesson.game].option_specs)
        moves = self.form.querySelector("fieldset.lb-moves")  # hidden numbers take no moves
        moves.disabled = bool(lesson.puzzle) or (hidden and not lesson.moves)
        for fieldset in self.options_box.querySelectorAll("fieldset"):
            fieldset.disabled = bool(lesson.puzzle)
        note = self.page.querySelector(".lesson-advice")
        note.textContent = lb.advice(lesson) or ""
        note.hidden = not note.textContent
        refused = lb.refusal(lesson)
        if refused is not None:
            return self.refuse(refused)
        assert self.controls.options is not None
        self.controls.options.show_error(None)
        self.mark_field(None)
        self.refused.hidden = True
        self.page.dataset.lesson = "ready"
        self.snippets(lesson)
        # The builder's own address keeps the board's language only where it is the page's:
        # `?lang=` there chooses the language of the builder itself, and is remembered.
        same = lesson.lang == i18n.language()
        address_bar.replace_query(
            lb.query(lesson if same else replace(lesson, lang=SOURCE_LANGUAGE))
        )
        params = lb.parameters(lesson)
        if params != self.shown:  # start the preview again only when the lesson changed
            self.shown = params
            for name in [str(n) for n in self.preview.getAttributeNames()]:
                if name.startswith("data-"):
                    self.preview.removeAttribute(name)
            for name, value in params.items():  # the preview shares the builder's Python,
                if name != "lang":  # and so its language
                    self.preview.setAttribute(lb.attribute_name(name), value)
            clear(self.events)
            self.restart(self.preview)

    def refuse(self, refusal: str | RulesError) -> None:
        """Say why beside the field at fault (in the New game panel's words), offer no
        snippet and show no board: the preview shows no lesson but the one chosen."""
        problem = str(refusal)
        if (options := self.controls.options) is not None:
            options.show_error(refusal)
            options.error.textContent = _("No lesson yet: {error}").format(error=problem)
        self.mark_field(refusal)
        self.stop(self.preview)
        self.shown = None
        clear(self.preview)
        no_board = _("No board for these choices: {error}").format(error=problem)
        self.preview.append(el("p", "status", no_board, role="status"))
        self.refused.textContent = _("No code yet: {error}").format(error=problem)
        self.refused.hidden = False
        self.page.dataset.lesson = "refused"
        for name in SNIPPETS:
            self.page.querySelector(f'[data-snippet="{name}"]').value = ""
        self.page.querySelector(".event-example").textContent = ""

    def mark_field(self, refusal: str | RulesError | None) -> None:
        """Mark the field a refusal names, in whichever panel it is, with the reason right
        beside it (and clear an earlier mark)."""
        for note in self.page.querySelectorAll(".field-error"):
            note.remove()
        for control in self.page.querySelectorAll("[aria-describedby$='-error']"):
            control.removeAttribute("aria-describedby")
        for control in self.form.querySelectorAll("input, select"):
            control.setAttribute("aria-invalid", "false")
        field = refusal.field if isinstance(refusal, BadOption) else None
        control = field and self.controls.control(field)
        if not control:
            return
        note = el("p", "field-error", str(refusal), id=f"{control.id}-error")
        control.setAttribute("aria-invalid", "true")
        control.setAttribute("aria-describedby", note.id)
        control.closest(".field").append(note)

    def snippets(self, lesson: lb.Lesson) -> None:
        texts = {
            "script": lb.script_snippet(lesson, self.base),
            "iframe": lb.iframe_snippet(lesson, self.base),
            "link": lb.plain_link(lesson, self.base),
        }
        for name, text in texts.items():
            self.page.querySelector(f'[data-snippet="{name}"]').value = text
        self.page.querySelector(".event-example").textContent = lb.win_example(lesson, self.base)

    # ----- the buttons ----------------------------------------------------------------

    def board(self) -> Any:
        return next((b for b in self.boards() if b.host.root == self.preview), None)

    def use_position(self) -> None:
        """Start the lesson from the position on the preview (played there, with Undo)."""
        board = self.board()
        if board is None or self.lesson.puzzle:
            return
        moves = " ".join(detail(board.session.game)["moves"])
        self.field("moves").value = moves
        self.update()

    def clear_moves(self) -> None:
        self.field("moves").value = ""
        self.update()

    def load_pasted(self) -> None:
        """Bring a snippet's lesson back into the builder (a bad one changes nothing)."""
        text = str(self.page.querySelector("#lb-paste").value)
        try:
            lesson = lb.lesson_from(lb.params_of(text))
        except RulesError as error:
            self.pasted.textContent = _("Not loaded: {error}").format(error=error)
            return
        self.fill(lesson)
        self.update()
        game = _(GAMES[lesson.game].title)
        self.pasted.textContent = _("Loaded: {game}.").format(game=game)

    def copier(self, name: str) -> Callable[[Any], None]:
        def copy(_event: Any) -> None:
            box = self.page.querySelector(f'[data-snippet="{name}"]')
            text = str(box.value if box else self.page.querySelector(".event-example").textContent)
            if not text:
                self.copied.textContent = _("Nothing to copy: the choices are refused.")
                return
            if box:
                box.select()
            copied, by_hand = COPIED[name if box else "example"]

            def done(ok: bool) -> None:
                self.copied.textContent = _(copied if ok else by_hand)

            sharing.copy_text(text, done)

        return copy

    def heard(self, event: Any) -> None:
        """One lesson event from the preview, shown as a lesson page's script receives it."""
        line = el("li")
        line.append(el("code", text=str(event.type)))
        line.append(" ")
        line.append(el("span", text=dom.json_text(event.detail)))
        self.events.append(line)
        while self.events.childElementCount > MAX_EVENTS:
            self.events.firstElementChild.remove()


def start(
    restart: Callable[[Any], None], boards: Callable[[], Any], stop: Callable[[Any], None]
) -> Builder | None:
    """Wire the builder page and show the lesson in its address (None on any other page)."""
    page = dom.query(".lesson-builder")
    if page is None:
        return None
    builder = Builder(page, restart, boards, stop)
    params = {"lang": i18n.language(), **address_bar.query_params()}  # the board speaks as the page
    try:
        lesson = lb.lesson_from(params)
    except RulesError as error:
        builder.fill(lb.Lesson())
        builder.refuse(error)
        return builder
    builder.fill(lesson)
    builder.update()
    return builder
