"""HelpScreen: the keys of the screen it was opened from, and of the whole app."""

from __future__ import annotations

from rich import box
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Header, Static

from quizterm.tui.screens.base import QuiztermScreen
from quizterm.tui.widgets.footer import Footer

__all__ = ["HelpScreen", "binding_rows"]


def binding_rows(app, screen) -> list[tuple[str, str, str]]:
    """(key, description, binding id) for every active binding of ``screen``, translated."""
    rows = []
    for key, active in screen.active_bindings.items():
        b = active.binding
        if not b.description:
            continue
        rows.append((app.get_key_display(b), b.description, b.id or ""))
    return rows


class HelpScreen(QuiztermScreen):
    """Lists bindings; opened with ``?`` from anywhere."""

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="help-body"):
            yield Static(id="help-keys")
            yield Static(Text(self.app.tr("help.tips")), id="help-tips")
        yield Footer()

    def on_mount(self) -> None:
        tr = self.app.tr
        self.sub_title = tr("app.cmd.help")
        stack = self.app.screen_stack
        below = stack[-2] if len(stack) > 1 else self
        table = Table(box=box.SIMPLE_HEAD, expand=True, title=Text(tr("help.keys_of", screen=below.sub_title or "quizterm")))
        table.add_column(Text(tr("help.key")), no_wrap=True)
        table.add_column(Text(tr("help.does")))
        table.add_column(Text(tr("help.id")), style="dim")
        seen = set()
        for key, desc, bid in binding_rows(self.app, below):
            if (key, desc) in seen:
                continue
            seen.add((key, desc))
            table.add_row(Text(key), Text(desc), Text(bid))
        self.query_one("#help-keys", Static).update(table)
        self.query_one("#help-body").focus()
