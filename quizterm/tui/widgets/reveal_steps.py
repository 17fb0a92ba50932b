"""RevealSteps: a worked example whose steps appear one at a time, then the answer."""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.reactive import reactive
from textual.widget import Widget

from quizterm.tui.widgets.lesson_parts import Wrapped, prose

__all__ = ["RevealSteps"]


class RevealSteps(Widget, can_focus=True):
    """``enter`` (or a click) shows the next step; after the last step, the answer."""

    DEFAULT_CSS = """
    RevealSteps {
        height: auto;
        border: round $primary 50%;
        padding: 0 1;
        margin-bottom: 1;
    }
    RevealSteps:focus { border: round $accent; }
    """
    BINDINGS = [Binding("enter", "next_step", "bind.next_step", id="steps-next")]

    shown: reactive[int] = reactive(0, layout=True)

    def __init__(self, example, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.example = example

    @property
    def total(self) -> int:
        """Steps plus the answer."""
        return len(self.example.steps) + 1

    @property
    def finished(self) -> bool:
        return self.shown >= self.total

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next_step":
            return not self.finished
        return True

    def action_next_step(self) -> None:
        """Reveal one more step (or the answer)."""
        if not self.finished:
            self.shown += 1
            self.screen.refresh_bindings()

    def on_click(self) -> None:
        self.focus()
        self.action_next_step()

    def render(self) -> Wrapped:
        return Wrapped(self.render_text())  # breaks between CJK characters too

    def render_text(self) -> Text:
        tr, ex = self.app.tr, self.example
        text = Text(prose(ex.question), style="bold")
        for n, step in enumerate(ex.steps[: self.shown], 1):
            text.append(f"\n{n}. ")
            text.append(prose(step))
        if self.finished:
            text.append("\n")
            text.append(tr("steps.answer"), style="bold green")
            text.append(prose(ex.answer))
        else:
            text.append("\n")
            text.append(tr("steps.hint", shown=self.shown, total=len(ex.steps)), style="dim italic")
        return text
