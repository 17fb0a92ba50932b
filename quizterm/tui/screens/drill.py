"""DrillScreen: sitting a timed drill — countdown, palette, flags, jump, pause, confirm submit, auto-submit."""

from __future__ import annotations

import sqlite3
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Static

from quizterm.store import StoreError
from quizterm.tui.screens.base import QuiztermScreen
from quizterm.tui.widgets.guard import guarded
from quizterm.tui.widgets.answer_input import CHOICE_KINDS, AnswerInput
from quizterm.tui.widgets.countdown import Countdown
from quizterm.tui.widgets.drill_dialogs import ConfirmSubmit, JumpTo
from quizterm.tui.widgets.palette import Palette
from quizterm.tui.widgets.question_view import QuestionView
from quizterm.tui.widgets.footer import Footer

__all__ = ["DrillScreen"]

MOVE_KEYS = Binding.Group("drill.bind.move", compact=True)  # next/previous under one footer label


class DrillScreen(QuiztermScreen):
    """One drill sitting over a ``DrillSession``. Every answer and flag is saved as it is given."""

    # Submit and pause first: at 80 columns the footer cuts from the right (the palette key sits
    # there), so the keys that matter most come first and next/previous share one label.
    BINDINGS = [
        Binding("ctrl+s", "submit", "drill.bind.submit", id="drill-submit"),
        Binding("escape", "pause", "drill.bind.pause", id="drill-pause"),
        Binding("ctrl+f", "flag", "drill.bind.flag", id="drill-flag"),
        Binding("ctrl+g", "jump", "drill.bind.jump", id="drill-jump"),
        Binding("ctrl+t", "next_flagged", "drill.bind.next_flagged", id="drill-next-flagged"),
        Binding("right,pagedown,ctrl+n", "next", "drill.bind.next", id="drill-next", group=MOVE_KEYS),
        Binding("left,pageup,ctrl+b", "prev", "drill.bind.prev", id="drill-prev", group=MOVE_KEYS),
        Binding("enter", "resume", "drill.bind.pause", show=False, id="drill-resume"),
        Binding("q", "leave", "drill.bind.leave", id="drill-leave"),
    ]

    def __init__(self, session: Any) -> None:
        super().__init__()
        self.session = session
        self._pending: Any = None  # typed text not yet confirmed with Enter
        self._dirty = False
        self._done = False

    def compose(self) -> ComposeResult:
        s = self.session
        with Horizontal(id="drill-bar"):
            yield Static(id="drill-status")
            yield Countdown(s.remaining(), id="drill-countdown")
        with Horizontal(id="drill-main"):
            with VerticalScroll(id="drill-question"):
                yield Static(id="drill-flag-note")
                yield QuestionView(id="drill-qview")
                yield Vertical(id="drill-answer")
            with Vertical(id="drill-side"):
                yield Palette(len(s.items), id="drill-palette")
                yield Static(Text(self.app.tr("drill.legend")), id="drill-legend")
        yield Static(Text(self.app.tr("drill.paused")), id="drill-cover")
        yield Footer()

    async def on_mount(self) -> None:
        self.sub_title = self.app.tr("drill.title")
        self.set_interval(0.25, self.tick)
        await self.show_question()

    def on_unmount(self) -> None:
        # Leaving (quit, Ctrl+C, SIGTERM) keeps the time used; answers are already saved.
        s = self.session
        if not s.finished and s.status == "running":
            try:
                s.store.drill_tick(s.drill_id, s.elapsed())
            except (StoreError, sqlite3.Error):  # best effort at exit; the last tick is at most 5 s old
                pass

    # --- drawing ----------------------------------------------------------------------------
    def _instance(self, i: int) -> Any:
        from quizterm.quiz import QuestionInstance

        return QuestionInstance.from_json(self.session.items[i])

    async def show_question(self) -> None:
        """Show the current question with its saved answer (answers stay changeable)."""
        s, tr = self.session, self.app.tr
        inst = self._instance(s.current)
        self.query_one("#drill-qview", QuestionView).show(inst, tr(f"practice.kind.{inst.type}"))
        box = self.query_one("#drill-answer")
        await box.remove_children()
        widget = AnswerInput(inst, response_json=s.answers.get(s.current),
                             true_false_labels=(tr("practice.true"), tr("practice.false")))
        self._pending, self._dirty = None, False
        await box.mount(widget)
        widget.focus_first()
        self.draw()

    def draw(self) -> None:
        s, tr = self.session, self.app.tr
        c = s.counts()
        self.query_one("#drill-status", Static).update(Text(tr(
            "drill.header", n=s.current + 1, total=c["total"], answered=c["answered"], flagged=c["flagged"])))
        self.query_one("#drill-flag-note", Static).update(
            Text(tr("drill.flagged") if s.current in s.flags else ""))
        self.query_one("#drill-palette", Palette).show(s.palette(), s.current)
        self.query_one("#drill-countdown", Countdown).show(s.remaining(), paused=s.paused)
        self.set_class(s.paused, "-paused")
        self.refresh_bindings()

    @guarded
    def tick(self) -> None:
        """Move the countdown; at zero the drill submits itself."""
        s = self.session
        if self._done:
            return
        try:
            status = s.tick()
        except StoreError as exc:
            self.app.notify_error(exc)
            status = s.status
        if status == "submitted":
            self.notify(self.app.tr("drill.timeout"), severity="warning")
            self._finished()
            return
        self.query_one("#drill-countdown", Countdown).show(s.remaining(), paused=s.paused)

    # --- answers ----------------------------------------------------------------------------
    def _save(self, response_json: Any) -> None:
        try:
            self.session.answer(response_json)
        except StoreError as exc:
            self.app.notify_error(exc)
        self.draw()

    @on(AnswerInput.Changed)
    @guarded
    def _changed(self, event: AnswerInput.Changed) -> None:
        event.stop()
        widget = event.answer_input
        if widget.kind in CHOICE_KINDS or widget.kind == "order":
            self._save(widget.response_json())
        else:
            self._pending, self._dirty = widget.response_json(), True

    @on(AnswerInput.Submitted)
    @guarded
    def _submitted(self, event: AnswerInput.Submitted) -> None:
        event.stop()
        self.flush()

    def flush(self) -> None:
        """Save typed text that was not confirmed with Enter (before moving, pausing or submitting)."""
        if self._dirty:
            self._dirty = False
            self._save(self._pending)

    # --- actions ----------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        s = self.session
        running = s.status == "running" and not self._done
        if action in ("next", "prev", "flag", "next_flagged", "jump", "submit"):
            return running
        if action == "pause":
            return not self._done
        if action in ("resume", "leave"):
            return s.paused
        return True

    async def _go(self, index: int) -> None:
        self.flush()
        self.session.goto(index)
        await self.show_question()

    async def action_next(self) -> None:
        await self._go(self.session.current + 1)

    async def action_prev(self) -> None:
        await self._go(self.session.current - 1)

    @on(Palette.Jumped)
    @guarded
    async def _jumped(self, event: Palette.Jumped) -> None:
        if self.session.status == "running":
            await self._go(event.index)

    def action_flag(self) -> None:
        try:
            self.session.toggle_flag()
        except StoreError as exc:
            self.app.notify_error(exc)
        self.draw()

    async def action_next_flagged(self) -> None:
        self.flush()
        if self.session.next_flagged():
            await self.show_question()
        else:
            self.notify(self.app.tr("drill.no_flags"))

    def action_jump(self) -> None:
        async def chosen(index: int | None) -> None:
            if index is not None:
                await self._go(index)

        self.app.push_screen(JumpTo(len(self.session.items)), chosen)

    def action_pause(self) -> None:
        """Escape pauses (questions hidden, clock stopped); Escape again continues."""
        s = self.session
        self.flush()
        try:
            if s.paused:
                s.resume_clock()
            else:
                s.pause()
        except StoreError as exc:
            self.app.notify_error(exc)
        self.draw()
        if not s.paused:
            for widget in self.query(AnswerInput):
                widget.focus_first()
        else:
            self.set_focus(None)

    def action_resume(self) -> None:
        if self.session.paused:
            self.action_pause()

    def action_leave(self) -> None:
        """Leave a paused drill; it stays in the store to be resumed."""
        self.app.pop_screen()

    def action_submit(self) -> None:
        self.flush()

        def confirmed(ok: bool | None) -> None:
            if ok and not self._done:
                self.submit()

        self.app.push_screen(ConfirmSubmit(self.session.counts()), confirmed)

    def submit(self) -> None:
        """Grade and finish now."""
        try:
            self.session.submit()
        except StoreError as exc:  # not finished: the drill stays resumable
            self.app.notify_error(exc)
            return
        self._finished()

    def _finished(self) -> None:
        from quizterm.tui.screens.drill_result import DrillResultScreen

        self._done = True
        if self.session.result is None:
            return
        while self.app.screen is not self and len(self.app.screen_stack) > 1:
            self.app.pop_screen()  # time ran out under a dialog (confirm, go to): close it first
        self.app.switch_screen(DrillResultScreen(self.session.drill_id, result=self.session.result))
