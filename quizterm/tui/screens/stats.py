"""StatsScreen: the learner's week at a glance, accuracy weakest first, forecast and drills."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Header, Static

from quizterm.tui.screens.base import QuiztermScreen
from quizterm.tui.widgets.footer import Footer

__all__ = ["StatsScreen"]

# (row id, blocks side by side) — pictures first, then the tables a person reads second.
LAYOUT = (
    ("stats-top", ("summary", "calendar")),
    ("stats-plots", ("activity", "forecast")),
    ("stats-accuracy", ("lessons", "objectives")),
    ("stats-more", ("tags", "misconceptions")),
    ("stats-drills-row", ("drills",)),
)


WIDE = 120  # columns needed to show two blocks side by side


class StatsScreen(QuiztermScreen):
    """Statistics computed from the store when the screen opens (r recomputes)."""

    BINDINGS = [Binding("r", "refresh_stats", "stats.bind.refresh", id="stats-refresh")]

    def __init__(self) -> None:
        super().__init__()
        self.report = None
        self.error: str | None = None

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="stats-message", classes="notice")
        with VerticalScroll(id="stats-body"):
            for row_id, blocks in LAYOUT:
                with Horizontal(id=row_id, classes="stats-row"):
                    for name in blocks:
                        yield Static("", id=f"stats-{name}", classes="stats-block")
        yield Footer()

    def on_mount(self) -> None:
        self.title = self.app.tr("stats.screen.title")
        self.action_refresh_stats()

    def on_resize(self) -> None:
        # Side by side only when both blocks fit; a narrow terminal stacks them.
        wide = self.size.width >= WIDE
        for row in self.query(".stats-row"):
            row.set_class(not wide, "-stacked")

    def action_refresh_stats(self) -> None:
        """Recompute every figure from the store and redraw."""
        from quizterm.render.stats import sections
        from quizterm.stats import compute_stats

        message = self.query_one("#stats-message", Static)
        store = self.app.store
        try:
            if store is None:
                raise RuntimeError(self.app.tr("home.no_store"))
            self.report = compute_stats(self.app.bank, store, now=self.app.clock.now())
            self.error = None
        except Exception as exc:  # noqa: BLE001 - a damaged store must not close the screen
            self.report, self.error = None, str(exc) or type(exc).__name__
            message.update(Text(self.app.tr("stats.screen.error", error=self.error)))
            message.display = True
            return
        empty = self.report.answered == 0 and self.report.retention.cards == 0
        message.update(Text(self.app.tr("stats.screen.empty")) if empty else "")
        message.display = empty
        blocks = sections(self.report, self.app.tr, color=not self.app.settings.plain)
        for name, block in blocks.items():
            self.query_one(f"#stats-{name}", Static).update(block)

    def block_text(self, name: str) -> str:
        """The plain text of one block (tests and screen readers read this)."""
        from quizterm.render.stats import sections

        if self.report is None:
            return ""
        return sections(self.report, self.app.tr, color=False)[name].plain
