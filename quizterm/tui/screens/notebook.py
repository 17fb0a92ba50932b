"""NotebookScreen: the wrong-answer notebook (leeches first), filtered; re-asks the same instances; to a drill."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Header, OptionList, Static
from textual.widgets.option_list import Option

from quizterm.tui.screens.base import QuiztermScreen
from quizterm.tui.widgets.guard import guarded
from quizterm.tui.widgets.question_view import lesson_name, objective_name
from quizterm.tui.widgets.footer import Footer

__all__ = ["NotebookScreen", "entry_instance", "given_text"]


def entry_instance(bank: Any, entry: Any) -> Any:
    """The exact instance that was missed: the stored one, else rebuilt from its seed and option order."""
    from quizterm.quiz import QuestionInstance, make_instance

    if entry.instance:
        try:
            return QuestionInstance.from_json(entry.instance)
        except ValueError:
            pass
    q = bank.questions.get(entry.question_id)
    if q is None:
        return None
    return make_instance(q, entry.seed, option_order=entry.option_order)


def given_text(inst: Any, response: Any, lang: str) -> str | None:
    """What the learner answered, in words (None when it was left blank)."""
    from quizterm.quiz import InvalidResponse, grade
    from quizterm.quiz.session import response_from_json

    if response is None:
        return None
    try:
        return grade(inst, response_from_json(inst.type, response), lang=lang).given
    except (InvalidResponse, TypeError, ValueError):
        return str(response)


class NotebookScreen(QuiztermScreen):
    """Every filed miss with what was answered, the right answer and why; r reviews, d makes a drill."""

    BINDINGS = [
        Binding("r", "review", "notebook.bind.review", id="notebook-review"),
        Binding("f", "next_filter", "notebook.bind.filter", id="notebook-filter"),
        Binding("d", "to_drill", "notebook.bind.to_drill", id="notebook-drill"),
    ]

    def __init__(self, lesson_id: str | None = None, only_lesson: bool = False) -> None:
        """Args:
            lesson_id: the lesson highlighted where the notebook was opened from.
            only_lesson: start filtered to that lesson (``quizterm notebook --lesson``).
        """
        super().__init__()
        self.lesson_id = lesson_id
        self.only_lesson = bool(only_lesson and lesson_id)
        self.filter: tuple[str, str | None] = ("lesson", lesson_id) if self.only_lesson else ("all", None)
        self.entries: list[Any] = []
        self.shown: list[Any] = []

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="notebook-filter")
        with Horizontal(id="notebook-main"):
            yield OptionList(id="notebook-list")
            with VerticalScroll(id="notebook-detail"):
                yield Static(id="notebook-entry")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = self.app.tr("notebook.title")
        self.reload()
        self.query_one("#notebook-list").focus()

    def on_screen_resume(self) -> None:
        self.reload()

    # --- data -------------------------------------------------------------------------------
    def _meta(self, entry: Any) -> tuple[str | None, list[str]]:
        q = self.app.bank.questions.get(entry.question_id)
        return (q.objective, list(q.tags)) if q is not None else (None, [])

    def filters(self) -> list[tuple[str, str | None]]:
        """"all", then each lesson, objective and tag that has an entry."""
        out: list[tuple[str, str | None]] = [("all", None)]
        lessons = sorted({e.lesson_id for e in self.entries} | ({self.lesson_id} if self.only_lesson else set()))
        objectives = sorted({o for e in self.entries if (o := self._meta(e)[0])})
        tags = sorted({t for e in self.entries for t in self._meta(e)[1]})
        out += [("lesson", x) for x in lessons] + [("objective", x) for x in objectives]
        out += [("tag", x) for x in tags]
        return out

    def _matches(self, entry: Any) -> bool:
        kind, value = self.filter
        if kind == "lesson":
            return entry.lesson_id == value
        if kind == "objective":
            return self._meta(entry)[0] == value
        if kind == "tag":
            return value in self._meta(entry)[1]
        return True

    def reload(self) -> None:
        """Read the notebook again (answers elsewhere may have cleared or added entries)."""
        store = self.app.store
        self.entries = list(store.notebook()) if store is not None else []
        if self.filter not in self.filters():
            self.filter = ("all", None)
        self.draw()

    def set_filter(self, kind: str, value: str | None = None) -> None:
        self.filter = (kind, value)
        self.draw()

    # --- drawing ----------------------------------------------------------------------------
    def draw(self) -> None:
        tr = self.app.tr
        self.shown = [e for e in self.entries if self._matches(e)]  # store order: leeches first
        kind, value = self.filter
        bank = self.app.bank
        name = (lesson_name(bank, value) if kind == "lesson" else
                objective_name(bank, value) if kind == "objective" else value)
        what = tr("notebook.filter.all") if kind == "all" else tr(f"notebook.filter.{kind}", name=name)
        self.query_one("#notebook-filter", Static).update(
            Text(tr("notebook.filter", what=what, n=len(self.shown))))
        listing = self.query_one("#notebook-list", OptionList)
        listing.clear_options()
        for e in self.shown:
            listing.add_option(Option(self._row(e), id=e.question_id))
        if self.shown:
            listing.highlighted = 0
            self.show_entry(self.shown[0])
        else:
            days = self.app.store.get_setting("notebook.clear_after_days", 2) if self.app.store else 2
            self.query_one("#notebook-entry", Static).update(Text(tr("notebook.empty", days=days)))
        self.refresh_bindings()

    def _row(self, e: Any) -> Text:
        tr = self.app.tr
        text = Text()
        if e.leech:
            text.append(tr("notebook.leech") + " ", style="bold red")
        inst = entry_instance(self.app.bank, e)
        prompt = inst.prompt if inst is not None else e.question_id
        text.append(prompt if len(prompt) <= 60 else prompt[:59] + "…")
        text.append("\n")
        text.append(tr("notebook.row", wrong=e.wrong_count, days=e.correct_days), style="dim")
        return text

    def show_entry(self, e: Any) -> None:
        """The entry's question, what was answered, the right answer and the explanation."""
        from quizterm.quiz.drill_result import expected_text

        tr, lang = self.app.tr, self.app.settings.lang
        inst = entry_instance(self.app.bank, e)
        text = Text()
        if inst is None:
            text.append(e.question_id)
        else:
            text.append(inst.prompt, style="bold")
            for i, choice in enumerate(inst.choices if inst.type in ("single", "multi") else []):
                text.append(f"\n  {chr(65 + i)}. {choice}")
            given = given_text(inst, e.response, lang)
            text.append("\n\n")
            text.append(tr("notebook.answered"), style="bold")
            text.append(f" {given if given is not None else tr('notebook.unanswered')}\n")
            text.append(tr("practice.right_answer"), style="bold green")
            text.append(f" {expected_text(inst, lang)}\n\n")
            text.append(tr("practice.explanation"), style="bold")
            text.append(f" {inst.explanation}")
        self.query_one("#notebook-entry", Static).update(text)

    @on(OptionList.OptionHighlighted, "#notebook-list")
    @guarded
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_index is not None and event.option_index < len(self.shown):
            self.show_entry(self.shown[event.option_index])

    @on(OptionList.OptionSelected, "#notebook-list")
    @guarded
    def _selected(self) -> None:
        self.action_review()

    # --- actions ----------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("review", "to_drill"):
            return bool(self.shown)
        return True

    def action_next_filter(self) -> None:
        options = self.filters()
        i = options.index(self.filter) if self.filter in options else 0
        self.filter = options[(i + 1) % len(options)]
        self.draw()

    def action_review(self) -> None:
        """Re-ask the shown entries exactly as they were missed, the highlighted one first."""
        listing = self.query_one("#notebook-list", OptionList)
        start = listing.highlighted or 0
        ordered = self.shown[start:] + self.shown[:start]
        instances = [i for e in ordered if (i := entry_instance(self.app.bank, e)) is not None]
        if instances:
            self.app.open_screen("practice", instances=instances, mode="notebook",
                                 title=self.app.tr("notebook.review_title"))

    def action_to_drill(self) -> None:
        """Open the drill setup with these questions."""
        ids = [e.question_id for e in self.shown if e.question_id in self.app.bank.questions]
        if ids:
            self.app.open_screen("drill", question_ids=ids)
