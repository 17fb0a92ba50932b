"""ThinkPrompt: a think-first pause whose answer stays hidden while a visible countdown runs."""

from __future__ import annotations

import math

from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from quizterm.tui.widgets.lesson_parts import Wrapped, prose

__all__ = ["ThinkPrompt"]

BAR_WIDTH = 20


class ThinkPrompt(Widget, can_focus=True):
    """The countdown starts when the prompt gets focus (or a click).

    ``enter`` reveals the answer only once the time is up (``check_action`` disables it before);
    skipping early is deliberate: ``x`` then ``y`` in a confirmation.
    States: ``idle`` -> ``counting`` -> ``done`` -> ``revealed``.
    """

    DEFAULT_CSS = """
    ThinkPrompt {
        height: auto;
        border: round $warning 60%;
        padding: 0 1;
    }
    ThinkPrompt:focus { border: round $accent; }
    ThinkPrompt.-revealed { border: round $success; }
    """
    BINDINGS = [
        Binding("enter", "reveal", "bind.reveal", id="think-reveal"),
        Binding("x", "skip", "bind.skip", id="think-skip"),
    ]
    TICK = 0.1

    state: reactive[str] = reactive("idle", layout=True)
    remaining: reactive[float] = reactive(0.0)

    class Revealed(Message):
        """The answer was shown; ``skipped`` when the learner cut the countdown short."""

        def __init__(self, prompt: "ThinkPrompt", skipped: bool) -> None:
            super().__init__()
            self.prompt = prompt
            self.skipped = skipped

        @property
        def control(self) -> "ThinkPrompt":
            return self.prompt

    def __init__(self, think, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.think = think
        self.remaining = float(think.seconds)
        self.started_at: float | None = None
        self.skipped = False
        self._timer = None

    # --- the countdown ------------------------------------------------------------------------

    def start(self) -> None:
        """Start counting down (once)."""
        if self.state != "idle":
            return
        self.started_at = self.app.clock.monotonic()
        self.state = "counting"
        self._timer = self.set_interval(self.TICK, self.tick)

    def tick(self) -> None:
        """Read the clock and update the countdown; the interval calls this, tests may too."""
        if self.state != "counting" or self.started_at is None:
            return
        elapsed = max(0.0, self.app.clock.monotonic() - self.started_at)  # monotonic: never negative
        self.remaining = max(0.0, self.think.seconds - elapsed)
        if self.remaining <= 0:
            self.state = "done"
            if self._timer is not None:
                self._timer.stop()
            self.screen.refresh_bindings()

    def on_focus(self) -> None:
        self.start()

    def on_click(self) -> None:
        self.focus()
        self.start()
        if self.state == "done":
            self.action_reveal()

    # --- actions --------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "reveal":
            return True if self.state == "done" else None  # shown greyed out until the time is up
        if action == "skip":
            return self.state in ("idle", "counting")
        return True

    def action_reveal(self) -> None:
        """Show the answer (only possible once the countdown has ended)."""
        if self.state == "done":
            self._reveal(skipped=False)

    def action_skip(self) -> None:
        """Ask, then reveal before the time is up."""
        from quizterm.tui.screens.confirm import ConfirmScreen

        def answered(sure: bool | None) -> None:
            if sure and self.state in ("idle", "counting"):
                self._reveal(skipped=True)

        self.app.push_screen(ConfirmScreen(self.app.tr("think.skip_confirm")), answered)

    def _reveal(self, *, skipped: bool) -> None:
        if self._timer is not None:
            self._timer.stop()
        self.skipped = skipped
        self.state = "revealed"
        self.set_class(True, "-revealed")
        self.screen.refresh_bindings()
        self.post_message(self.Revealed(self, skipped))

    # --- drawing --------------------------------------------------------------------------------

    def render(self) -> Wrapped:
        return Wrapped(self.render_text())  # breaks between CJK characters too

    def render_text(self) -> Text:
        tr = self.app.tr
        text = Text(tr("think.title", seconds=self.think.seconds), style="bold")
        text.append("\n")
        text.append(prose(self.think.prompt))
        text.append("\n")
        if self.state == "idle":
            text.append(tr("think.idle"), style="dim italic")
        elif self.state == "counting":
            left = math.ceil(self.remaining)
            filled = round(BAR_WIDTH * (1 - self.remaining / self.think.seconds))
            text.append("█" * filled, style="yellow")
            text.append("░" * (BAR_WIDTH - filled), style="dim")
            text.append(" " + tr("think.left", n=left), style="bold")
            text.append("\n")
            text.append(tr("think.hidden"), style="dim italic")
        elif self.state == "done":
            text.append(tr("think.done"), style="bold green")
        else:
            text.append(tr("think.answer"), style="bold green")
            text.append(prose(self.think.answer))
            if self.skipped:
                text.append("\n")
                text.append(tr("think.skipped"), style="dim italic")
        return text
