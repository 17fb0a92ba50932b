"""ProblemsScreen: every problem found in the content files, as ``file:line:col: key: message``."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Header, Static

from quizterm.tui.screens.base import QuiztermScreen
from quizterm.tui.widgets.footer import Footer

__all__ = ["ProblemsScreen"]


class ProblemsScreen(QuiztermScreen):
    """The list of content problems; the valid lessons stay usable."""

    def compose(self) -> ComposeResult:
        tr, problems = self.app.tr, self.app.problems
        yield Header()
        yield Static(Text(tr("problems.intro", n=len(problems))), id="problems-intro")
        with VerticalScroll(id="problems-body"):
            text = Text()
            for n, problem in enumerate(problems):
                if n:
                    text.append("\n")
                text.append(str(problem))  # literal: a message may quote markup-like text
            yield Static(text if problems else Text(tr("problems.none")), id="problems-list")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = self.app.tr("app.cmd.problems")
        self.query_one("#problems-body").focus()
