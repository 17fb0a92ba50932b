"""QuickCheck: answer in your head, reveal, then grade yourself."""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from quizterm.tui.widgets.lesson_parts import Wrapped, prose

__all__ = ["QuickCheck"]


class QuickCheck(Widget, can_focus=True):
    """``enter`` reveals the answer; then ``y`` (I had it) or ``x`` (I did not) grades it.

    Not ``n``: the reader uses ``n``/``p`` for the next and previous part.
    """

    DEFAULT_CSS = """
    QuickCheck {
        height: auto;
        border: round $primary 50%;
        padding: 0 1;
        margin-bottom: 1;
    }
    QuickCheck:focus { border: round $accent; }
    QuickCheck.-right { border: round $success; }
    QuickCheck.-wrong { border: round $error; }
    """
    BINDINGS = [
        Binding("enter", "reveal", "bind.reveal", id="check-reveal"),
        Binding("y", "grade(True)", "bind.grade_right", id="check-right"),
        Binding("x", "grade(False)", "bind.grade_wrong", id="check-wrong"),
    ]

    revealed: reactive[bool] = reactive(False, layout=True)
    verdict: reactive[bool | None] = reactive(None, layout=True)

    class Graded(Message):
        """The learner graded themselves."""

        def __init__(self, check: "QuickCheck", right: bool) -> None:
            super().__init__()
            self.check = check
            self.right = right

        @property
        def control(self) -> "QuickCheck":
            return self.check

    def __init__(self, item, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.item = item

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "reveal":
            return not self.revealed
        if action == "grade":
            return self.revealed and self.verdict is None  # one grade per check, never two
        return True

    def action_reveal(self) -> None:
        self.revealed = True
        self.screen.refresh_bindings()

    def action_grade(self, right: bool) -> None:
        if not self.revealed or self.verdict is not None:
            return
        self.verdict = right
        self.set_class(right, "-right")
        self.set_class(not right, "-wrong")
        self.screen.refresh_bindings()
        self.post_message(self.Graded(self, right))

    def on_click(self) -> None:
        self.focus()
        if not self.revealed:
            self.action_reveal()

    def render(self) -> Wrapped:
        return Wrapped(self.render_text())  # breaks between CJK characters too

    def render_text(self) -> Text:
        tr = self.app.tr
        text = Text(prose(self.item.prompt), style="bold")
        text.append("\n")
        if not self.revealed:
            text.append(tr("check.hint"), style="dim italic")
            return text
        text.append(tr("check.answer"), style="bold green")
        text.append(prose(self.item.answer))
        text.append("\n")
        if self.verdict is None:
            text.append(tr("check.grade_hint"), style="dim italic")
        else:
            text.append(tr("check.right") if self.verdict else tr("check.wrong"),
                        style="green" if self.verdict else "red")
        return text
