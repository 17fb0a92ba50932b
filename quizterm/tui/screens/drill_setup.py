"""DrillSetupScreen: choose lesson/tag/objective, count, minutes and pass mark; offers an unfinished drill first."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Button, Header, Input, Label, Select, Static

from quizterm.store import StoreError
from quizterm.tui.screens.base import QuiztermScreen
from quizterm.tui.widgets.guard import guarded
from quizterm.tui.widgets.countdown import format_seconds
from quizterm.tui.widgets.drill_dialogs import ResumeDrill
from quizterm.tui.widgets.question_view import objective_name
from quizterm.tui.widgets.footer import Footer

__all__ = ["DrillSetupScreen", "begin_drill", "offer_unfinished_drill", "resolve_unfinished", "resume_summary"]


def resume_summary(tr: Any, record: Any) -> str:
    """"Started …: 3 of 10 answered, 4:10 left on the clock." for the resume dialog."""
    from quizterm.quiz.drill import is_complete

    answered = sum(1 for a, ok in zip(record.answers, record.answered) if ok and is_complete(a))
    return tr("drill.resume.body", started=record.started_at.strftime("%Y-%m-%d %H:%M UTC"),
              answered=answered, total=len(record.items), remaining=format_seconds(record.remaining_s))


def begin_drill(app: Any, plan: Any) -> Any:
    """Start a planned drill (fresh instances, saved in the store) and show it in place of the current screen.

    When an older drill is still active it is offered first (resume, submit or abandon it): at most
    one drill is active, so none is left behind unscored. Returns the session, or None when the
    new drill waits on that choice.
    """
    pending = app.store.unfinished_drill()
    if pending is not None:
        def chosen(choice: str | None) -> None:
            if choice in ("submit", "abandon") and resolve_unfinished(app, choice, pending.id, switch=True):
                begin_drill(app, plan)
            elif choice == "resume":
                resolve_unfinished(app, choice, pending.id, switch=True)

        app.push_screen(ResumeDrill(resume_summary(app.tr, pending), starting=True), chosen)
        return None
    from quizterm.quiz.drill import DrillSession
    from quizterm.tui.screens.drill import DrillScreen

    spec = dict(plan.spec, lang=app.settings.lang)
    session = DrillSession.start(app.store, app.clock, plan.questions, bank=app.bank, spec=spec,
                                 duration_s=plan.duration_s, seed=plan.spec.get("seed"))
    app.switch_screen(DrillScreen(session))
    return session


def resolve_unfinished(app: Any, choice: str | None, drill_id: int, *, switch: bool) -> bool:
    """Carry out the resume dialog's choice for drill ``drill_id``; False when the store failed.

    "resume" shows the drill (in place of the current screen with ``switch``), "submit" grades it,
    "abandon" records its answered questions as attempts and marks it abandoned.
    """
    from quizterm.quiz.drill import DrillSession
    from quizterm.tui.screens.drill import DrillScreen

    try:
        if choice in ("resume", "submit", "abandon"):
            session = DrillSession.resume(app.store, app.clock, app.store.drill(drill_id))
            if choice == "resume":
                (app.switch_screen if switch else app.push_screen)(DrillScreen(session))
            elif choice == "submit":
                result = session.submit()
                app.notify(app.tr("drill.resume.submitted", percent=f"{result['percent']:g}"))
            else:
                session.abandon()
    except StoreError as exc:
        app.notify_error(exc)
        return False
    return True


def offer_unfinished_drill(screen: Any) -> None:
    """At start-up (home), offer a drill left unfinished by a quit or crash: resume it or abandon it.

    Asked once per run, and only while ``screen`` is on top (not under a screen the command line
    opened; the drill setup screen asks by itself).
    """
    app = screen.app
    if getattr(app, "_drill_offered", False) or app.store is None or app.screen is not screen:
        return
    app._drill_offered = True
    pending = app.store.unfinished_drill()
    if pending is None:
        return

    def chosen(choice: str | None) -> None:
        resolve_unfinished(app, choice, pending.id, switch=False)

    app.push_screen(ResumeDrill(resume_summary(app.tr, pending)), chosen)


class DrillSetupScreen(QuiztermScreen):
    """The drill form. With ``autostart`` (the ``drill`` verb) it starts at once when nothing is pending."""

    BINDINGS = [Binding("ctrl+s", "start", "drill.bind.start", id="setup-start")]

    def __init__(self, lesson_id: str | None = None, tag: str | None = None, objective: str | None = None,
                 count: int | None = None, minutes: float | None = None, pass_mark: float = 60,
                 seed: int | None = None, question_ids: list[str] | None = None, autostart: bool = False) -> None:
        super().__init__()
        self.lesson_id, self.tag, self.objective = lesson_id, tag, objective
        self.count, self.minutes, self.pass_mark, self.seed = count, minutes, pass_mark, seed
        self.question_ids = question_ids
        self.autostart = autostart

    def compose(self) -> ComposeResult:
        tr, bank = self.app.tr, self.app.bank
        yield Header()
        with VerticalScroll():
            yield Static(id="setup-info")
            yield Static(id="setup-error")
            with Vertical(id="setup-form"):
                if self.question_ids is None:
                    yield Label(tr("drill.setup.lesson"))
                    yield Select([(l.title, l.id) for l in bank.lessons.values()], id="setup-lesson",
                                 prompt=tr("drill.setup.any"), value=self.lesson_id or Select.NULL)
                    yield Label(tr("drill.setup.objective"))
                    objectives = sorted({q.objective for q in bank.questions.values()})
                    yield Select([(objective_name(bank, o, 44), o) for o in objectives], id="setup-objective",
                                 prompt=tr("drill.setup.any"),
                                 value=self.objective if self.objective in objectives else Select.NULL)
                    yield Label(tr("drill.setup.tag"))
                    tags = sorted(bank.tags())
                    yield Select([(t, t) for t in tags], id="setup-tag", prompt=tr("drill.setup.any"),
                                 value=self.tag if self.tag in tags else Select.NULL)
                yield Label(tr("drill.setup.count"))
                yield Input(str(self.count) if self.count else "", id="setup-count", placeholder="10")
                yield Label(tr("drill.setup.minutes"))
                yield Input(f"{self.minutes:g}" if self.minutes else "", id="setup-minutes")
                yield Label(tr("drill.setup.pass"))
                yield Input(f"{self.pass_mark:g}", id="setup-pass")
                yield Label(tr("drill.setup.seed"))
                yield Input(str(self.seed) if self.seed is not None else "", id="setup-seed")
            yield Button(tr("drill.bind.start"), id="setup-start", variant="primary")
        yield Footer()

    def on_mount(self) -> None:
        tr = self.app.tr
        self.sub_title = tr("drill.setup.title")
        if self.app.store is None:
            self.show_error(tr("drill.no_store"))
            return
        self.update_info()
        self.app._drill_offered = True  # asked here; the home screen need not ask again
        pending = self.app.store.unfinished_drill()
        if pending is not None:
            self.app.push_screen(ResumeDrill(resume_summary(tr, pending)),
                                 lambda choice: self._pending_chosen(choice, pending.id))
        elif self.autostart:
            self.action_start()

    @guarded
    def _pending_chosen(self, choice: str | None, drill_id: int) -> None:
        if not resolve_unfinished(self.app, choice, drill_id, switch=True) or choice == "resume":
            return
        if choice in ("submit", "abandon") and self.autostart:
            self.action_start()

    # --- the form ---------------------------------------------------------------------------
    def _select(self, name: str) -> str | None:
        found = self.query(f"#setup-{name}")
        if not found:
            return getattr(self, f"{name}_id" if name == "lesson" else name)
        value = found.first(Select).value
        return None if value is Select.NULL or value is None else str(value)

    def _number(self, name: str, kind: type, default: Any) -> Any:
        raw = self.query_one(f"#setup-{name}", Input).value.strip()
        if not raw:
            return default
        try:
            return kind(raw)
        except ValueError:
            from quizterm.quiz.sampling import SelectionError

            raise SelectionError("drill.setup.number", field=self.app.tr(f"drill.setup.{name}"), value=raw) from None

    def plan(self) -> Any:
        """The checked request from the form (raises SelectionError with one clear line)."""
        from quizterm.quiz.sampling import plan_drill

        return plan_drill(self.app.bank, lesson=self._select("lesson"), tag=self._select("tag"),
                          objective=self._select("objective"), count=self._number("count", int, None),
                          minutes=self._number("minutes", float, None),
                          pass_mark=self._number("pass", float, 60.0), seed=self._number("seed", int, None),
                          question_ids=self.question_ids)

    def update_info(self) -> None:
        from quizterm.quiz.sampling import Selection, SelectionError, select_pool

        try:
            if self.question_ids is not None:
                n = len([q for q in self.question_ids if q in self.app.bank.questions])
            else:
                n = len(select_pool(self.app.bank, Selection(self._select("lesson"), self._select("tag"),
                                                             self._select("objective"))))
            self.query_one("#setup-info", Static).update(Text(self.app.tr("drill.setup.available", n=n)))
            self.show_error("")
        except SelectionError as exc:
            self.show_error(exc.message(self.app.settings.lang))

    def show_error(self, message: str) -> None:
        self.query_one("#setup-error", Static).update(Text(message))

    @on(Select.Changed)
    @guarded
    def _changed(self) -> None:
        self.update_info()

    @on(Button.Pressed, "#setup-start")
    @guarded
    def _start_pressed(self) -> None:
        self.action_start()

    @on(Input.Submitted)
    @guarded
    def _entered(self) -> None:
        self.action_start()

    def action_start(self) -> None:
        """Check the request; start the drill or say in one line what is wrong."""
        from quizterm.quiz.sampling import SelectionError

        if self.app.store is None:
            return
        try:
            plan = self.plan()
            begin_drill(self.app, plan)
        except SelectionError as exc:
            self.show_error(exc.message(self.app.settings.lang))
        except StoreError as exc:
            self.app.notify_error(exc)
