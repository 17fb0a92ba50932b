"""PracticeScreen: pick what to practise, then one question at a time with a think countdown and feedback."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Header, OptionList, Static
from textual.widgets.option_list import Option

from quizterm.store import StoreError
from quizterm.tui.screens.base import QuiztermScreen
from quizterm.tui.widgets.guard import guarded
from quizterm.tui.widgets.answer_input import AnswerInput
from quizterm.tui.widgets.countdown import Countdown
from quizterm.tui.widgets.question_view import QuestionView, feedback_text, invalid_text
from quizterm.tui.widgets.footer import Footer

__all__ = ["PracticeScreen", "pitfall_text"]


def pitfall_text(bank: Any, lesson_id: str | None, pitfall_id: str | None) -> str | None:
    """The named misconception in words (its lesson's pitfall text and correction), else its id."""
    if not pitfall_id:
        return None
    lessons = [bank.lessons[lesson_id]] if lesson_id in bank.lessons else list(bank.lessons.values())
    for lesson in lessons:
        for p in lesson.pitfalls:
            if p.id == pitfall_id:
                return p.text + (f" — {p.correction}" if p.correction else "")
    return pitfall_id


class PracticeScreen(QuiztermScreen):
    """Practice by lesson / objective / tag / all due, or replay notebook instances (``instances``)."""

    BINDINGS = [
        Binding("enter", "next", "practice.bind.next", id="practice-next"),
        Binding("n", "next", "practice.bind.next", show=False, id="practice-next-n"),
        # x skips a think countdown as in the reader; s (the old key) still works
        Binding("x", "skip_think", "practice.bind.skip_think", id="practice-skip"),
        Binding("s", "skip_think", "practice.bind.skip_think", show=False, id="practice-skip-s"),
        Binding("o", "override", "practice.bind.override", id="practice-override"),
        Binding("r", "restart", "practice.bind.restart", id="practice-restart"),
    ]

    def __init__(self, lesson_id: str | None = None, objective: str | None = None, tag: str | None = None,
                 due: bool = False, pick: bool = True, instances: list[Any] | None = None,
                 mode: str = "practice", title: str | None = None, question_ids: list[str] | None = None) -> None:
        """Args:
            lesson_id, objective, tag, due: what to practise (``pick`` shows the choice first).
            instances: prepared instances to replay exactly (the notebook), in ``mode``.
            question_ids: exactly these questions, in this order (the reader's "practise").
        """
        super().__init__()
        self.lesson_id, self.objective, self.tag, self.due = lesson_id, objective, tag, due
        self.instances, self.mode, self.question_ids = instances, mode, question_ids
        self.picking = (instances is None and not question_ids and pick
                        and not (objective or tag or due))
        self.session: Any = None
        self._title = title

    def compose(self) -> ComposeResult:
        yield Header()
        yield OptionList(id="practice-picker")
        with VerticalScroll(id="practice-body"):
            yield Static(id="practice-progress")
            yield QuestionView(id="practice-question")
            with Vertical(id="practice-think"):
                yield Static(Text(self.app.tr("practice.think")), classes="muted")
                yield Countdown(id="practice-countdown")
            yield Vertical(id="practice-answer")
            yield Static(id="practice-feedback")
        yield Footer()

    async def on_mount(self) -> None:
        self.sub_title = self._title or self.app.tr("practice.title")
        self.set_interval(0.25, self.tick)
        if self.picking:
            self._fill_picker()
        else:
            await self.start()

    # --- picking ----------------------------------------------------------------------------
    def _fill_picker(self) -> None:
        from quizterm.quiz.session import practice_pool

        tr, bank = self.app.tr, self.app.bank
        picker = self.query_one("#practice-picker", OptionList)

        def add(label: str, option_id: str, n: int) -> None:
            text = Text(label)
            text.append(f"  ({n})", style="dim")
            picker.add_option(Option(text, id=option_id, disabled=n == 0))

        if self.app.store is not None:
            due = practice_pool(bank, self.app.store, due=True, now=self.app.clock.now())
            add(tr("practice.pick.due"), "due:", len(due))
        for lesson in bank.lessons.values():
            add(tr("practice.pick.lesson", name=lesson.title), f"lesson:{lesson.id}",
                len(bank.questions_for(lesson.id)))
            for o in lesson.objectives:
                add(tr("practice.pick.objective", name=o.text), f"objective:{o.id}", len(bank.by_objective(o.id)))
        for tag in sorted(bank.tags()):
            add(tr("practice.pick.tag", name=tag), f"tag:{tag}", len(bank.by_tag(tag)))
        ids = [picker.get_option_at_index(i).id for i in range(picker.option_count)]
        want = f"lesson:{self.lesson_id}"
        picker.highlighted = ids.index(want) if want in ids else 0
        self.query_one("#practice-body").display = False
        picker.focus()

    @on(OptionList.OptionSelected, "#practice-picker")
    @guarded
    async def _picked(self, event: OptionList.OptionSelected) -> None:
        kind, _, value = (event.option.id or "").partition(":")
        self.lesson_id = value if kind == "lesson" else None
        self.objective = value if kind == "objective" else None
        self.tag = value if kind == "tag" else None
        self.due = kind == "due"
        self.picking = False
        await self.start()

    # --- the round --------------------------------------------------------------------------
    async def start(self) -> None:
        """Build the session for the chosen selection and show its first question."""
        from quizterm.quiz.session import PracticeSession, practice_pool

        app = self.app
        self.query_one("#practice-picker").display = False
        self.query_one("#practice-body").display = True
        kw = dict(mode=self.mode, lesson_of=dict(app.bank.lesson_of_question), lang=app.settings.lang)
        if self.instances is not None:
            self.session = PracticeSession(app.store, app.clock, instances=self.instances, **kw)
            await self.show_current()
            return
        if self.question_ids:
            pool = [app.bank.questions[q] for q in self.question_ids if q in app.bank.questions]
        else:
            pool = practice_pool(app.bank, app.store, lesson=self.lesson_id, objective=self.objective,
                                 tag=self.tag, due=self.due and app.store is not None, now=app.clock.now())
        self.session = PracticeSession(app.store, app.clock, pool, **kw)
        await self.show_current()

    async def show_current(self) -> None:
        """Draw the session's current question (or the end of the round)."""
        s, tr = self.session, self.app.tr
        answer_box = self.query_one("#practice-answer")
        await answer_box.remove_children()
        self.query_one("#practice-feedback", Static).update("")
        right, answered = s.score()
        if s.done:
            self.query_one("#practice-question", QuestionView).show(None, "")
            key = "practice.empty" if len(s) == 0 else "practice.done"
            self.query_one("#practice-progress", Static).update(
                Text(tr(key, right=right, answered=answered)))
            self.query_one("#practice-think").display = False
            self.refresh_bindings()
            return
        self._draw_header()
        self.query_one("#practice-question", QuestionView).show(s.instance, self._type_hint(s.instance))
        if s.state == "thinking":
            self.query_one("#practice-think").display = True
            self.tick()
        else:
            await self._show_answer_input()
        self.refresh_bindings()

    def _draw_header(self) -> None:
        """"Question n / total · answered, right" (redrawn as soon as an answer is graded)."""
        s = self.session
        right, answered = s.score()
        self.query_one("#practice-progress", Static).update(Text(self.app.tr(
            "practice.header", n=s.index + 1, total=len(s), right=right, answered=answered)))

    def _type_hint(self, inst: Any) -> str:
        return self.app.tr(f"practice.kind.{inst.type}")

    async def _show_answer_input(self) -> None:
        tr = self.app.tr
        self.query_one("#practice-think").display = False
        box = self.query_one("#practice-answer")
        await box.remove_children()
        widget = AnswerInput(self.session.instance, instant=True,
                             true_false_labels=(tr("practice.true"), tr("practice.false")))
        await box.mount(widget)
        widget.focus_first()

    @guarded
    def tick(self) -> None:
        """Redraw the think countdown; show the options when it runs out."""
        s = self.session
        if s is None or s.state != "thinking":
            return
        left = s.think_left()
        if s.state == "answering":
            self.run_worker(self._show_answer_input(), exclusive=True, group="practice-reveal")
            self.refresh_bindings()
        else:
            self.query_one("#practice-countdown", Countdown).show(left)

    # --- answering --------------------------------------------------------------------------
    @on(AnswerInput.Submitted)
    @guarded
    def _submitted(self, event: AnswerInput.Submitted) -> None:
        event.stop()
        widget = event.answer_input
        s = self.session
        if s is not None and s.state == "answering" and not widget.frozen and not widget.complete():
            key = "practice.need_all_cells" if widget.kind == "matrix" and event.response is not None \
                else "practice.need_answer"
            self.notify(self.app.tr(key), severity="warning", markup=False)
            return
        self.submit(event.response)

    def submit(self, response: Any) -> bool:
        """Grade and record ``response``; True when it was taken (one answer per question)."""
        from quizterm.quiz import InvalidResponse

        s = self.session
        if s is None or s.state != "answering" or response is None:
            return False
        try:
            answered = s.answer(response)
        except InvalidResponse as exc:
            self.notify(invalid_text(self.app.tr, exc), severity="warning", markup=False)
            return False
        if answered is None:
            return False
        if answered.error is not None:
            self.app.notify_error(answered.error)
        for widget in self.query(AnswerInput):
            widget.freeze(answered.grade)
        self._draw_header()
        self._show_feedback()
        self.set_focus(None)
        self.refresh_bindings()
        return True

    def _show_feedback(self) -> None:
        s = self.session
        inst, last = s.instance, s.last
        lesson = self.app.bank.lesson_of_question.get(inst.question_id)
        pitfall = pitfall_text(self.app.bank, lesson, last.grade.misconception)
        text = feedback_text(self.app.tr, last.grade, inst.explanation, pitfall,
                             overridden=last.overridden)
        if s.can_override():
            text.append("\n\n")
            text.append(self.app.tr("practice.override_hint"), style="dim")
        self.query_one("#practice-feedback", Static).update(text)

    # --- actions ----------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        s = self.session
        if action == "next":
            return s is not None and s.state == "answered"
        if action == "skip_think":
            return s is not None and s.state == "thinking"
        if action == "override":
            return s is not None and s.can_override()
        if action == "restart":
            return s is not None and s.done and len(s) > 0
        return True

    async def action_next(self) -> None:
        s = self.session
        if s is not None and (s.next() or s.done):
            await self.show_current()

    async def action_skip_think(self) -> None:
        if self.session is not None and self.session.state == "thinking":
            self.session.reveal()
            await self._show_answer_input()
            self.refresh_bindings()

    def action_override(self) -> None:
        try:
            if self.session.override():
                self._draw_header()
                self._show_feedback()
                self.notify(self.app.tr("practice.override_done"))
        except StoreError as exc:  # a failed write: say so, keep running
            self.app.notify_error(exc)
        self.refresh_bindings()

    async def action_restart(self) -> None:
        await self.start()
