"""Drill dialogs: confirm submit (naming unanswered/flagged), resume/submit/abandon an old drill, and go-to-question."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static

__all__ = ["ConfirmSubmit", "JumpTo", "ResumeDrill"]


class ConfirmSubmit(ModalScreen[bool]):
    """"Submit the drill?" with the unanswered and flagged counts; y submits, n/escape goes back."""

    BINDINGS = [
        Binding("y", "answer(True)", "drill.confirm.yes", id="submit-yes"),
        Binding("n,escape", "answer(False)", "drill.confirm.no", id="submit-no"),
    ]

    def __init__(self, counts: dict[str, int]) -> None:
        super().__init__(classes="dialog")
        self.counts = counts

    def compose(self) -> ComposeResult:
        tr = self.app.tr
        with Vertical():
            yield Static(Text(tr("drill.confirm.title")), classes="dialog-title")
            yield Static(Text(tr("drill.confirm.body", **self.counts)), id="submit-body")
            with Horizontal():
                yield Button(tr("drill.confirm.no"), id="submit-no", variant="primary")
                yield Button(tr("drill.confirm.yes"), id="submit-yes", variant="warning")

    def on_mount(self) -> None:
        self.query_one("#submit-no", Button).focus()  # the safe choice is the default

    def action_answer(self, value: bool) -> None:
        self.dismiss(value)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "submit-yes")


class ResumeDrill(ModalScreen[str]):
    """An unfinished drill: "resume", "submit" (grade it), "abandon" (answers kept) or "cancel".

    Every choice is a button that shows its key. The keys need Ctrl, so no stray letter typed at
    the home menu underneath (r, a, n, ...) can start a timed drill, and "not now" has the focus.
    With ``starting`` a new drill is waiting on the choice: "not now" then starts nothing.
    """

    BINDINGS = [
        Binding("ctrl+r", "choose('resume')", "drill.resume.resume", id="resume-resume"),
        # not Ctrl+S: that key opens this dialog from the setup form, and a double press must not grade
        Binding("ctrl+e", "choose('submit')", "drill.resume.submit", id="resume-submit"),
        Binding("ctrl+d", "choose('abandon')", "drill.resume.abandon", id="resume-abandon"),
        Binding("escape", "choose('cancel')", "drill.resume.cancel", id="resume-cancel"),
    ]
    KEYS = {"resume": "Ctrl+R", "submit": "Ctrl+E", "abandon": "Ctrl+D", "cancel": "Esc"}

    def __init__(self, summary: str, *, starting: bool = False) -> None:
        super().__init__(classes="dialog resume-dialog")
        self.summary = summary
        self.starting = starting

    def compose(self) -> ComposeResult:
        tr = self.app.tr
        body = self.summary + ("\n" + tr("drill.resume.before_new") if self.starting else "")
        with Vertical():
            yield Static(Text(tr("drill.resume.title")), classes="dialog-title")
            yield Static(Text(body), id="resume-body")
            with Vertical(id="resume-choices"):
                for choice, variant in (("cancel", "primary"), ("resume", "default"),
                                        ("submit", "default"), ("abandon", "warning")):
                    label = f"{tr(f'drill.resume.{choice}')}  [{self.KEYS[choice]}]"
                    yield Button(Text(label), id=f"resume-{choice}", variant=variant, compact=True)

    def on_mount(self) -> None:
        self.query_one("#resume-cancel", Button).focus()  # the safe choice is the default

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss((event.button.id or "resume-cancel").removeprefix("resume-"))


class JumpTo(ModalScreen[int | None]):
    """Type a question number; returns its index (0-based) or None."""

    BINDINGS = [Binding("escape", "cancel", "bind.back", id="jump-cancel")]

    def __init__(self, total: int) -> None:
        super().__init__(classes="dialog")
        self.total = total

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(self.app.tr("drill.jump.title", total=self.total)), classes="dialog-title")
            yield Input(id="jump-input", type="integer")

    def on_mount(self) -> None:
        self.query_one("#jump-input", Input).focus()

    @on(Input.Submitted, "#jump-input")
    def _go(self, event: Input.Submitted) -> None:
        try:
            n = int(event.value)
        except ValueError:
            return
        if 1 <= n <= self.total:
            self.dismiss(n - 1)

    def action_cancel(self) -> None:
        self.dismiss(None)
