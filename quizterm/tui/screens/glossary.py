"""GlossaryScreen: every glossary card of a lesson on one screen, to flip one by one."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, VerticalScroll
from textual.widgets import Header, Static

from quizterm.tui.screens.base import LessonScreen
from quizterm.tui.widgets.flip_card import FlipCard
from quizterm.tui.widgets.footer import Footer

__all__ = ["GlossaryScreen"]


class GlossaryScreen(LessonScreen):
    """Arrows or tab move between cards; space flips; ``a`` flips them all."""

    BINDINGS = [
        Binding("right,down", "app.focus_next", "bind.next_card", show=False, id="glossary-next"),
        Binding("left,up", "app.focus_previous", "bind.prev_card", show=False, id="glossary-prev"),
        Binding("a", "flip_all", "bind.flip_all", id="glossary-flip-all"),
    ]

    def compose(self) -> ComposeResult:
        yield Header()
        lesson = self.lesson
        yield Static(id="glossary-status")
        with VerticalScroll(id="glossary-body"):
            if lesson is None or not lesson.glossary:
                yield Static(Text(self.app.tr("glossary.empty")))
            else:
                with Grid(id="glossary-cards"):
                    for term in lesson.glossary:
                        yield FlipCard(term, id=f"card-{term.id}")
        yield Footer()

    def on_mount(self) -> None:
        lesson = self.lesson
        self.sub_title = lesson.title if lesson else ""
        self.seen: set[str] = set()
        cards = list(self.query(FlipCard))
        if cards:
            cards[0].focus()
        self._status()

    def _status(self) -> None:
        total = len(self.query(FlipCard))
        self.query_one("#glossary-status", Static).update(
            Text(self.app.tr("glossary.status", seen=len(self.seen), total=total)))

    @on(FlipCard.Flipped)
    def _flipped(self, event: FlipCard.Flipped) -> None:
        self.seen.add(event.card.term.id)
        self._status()

    def action_flip_all(self) -> None:
        """Turn every card to the same side (the back, unless all are already showing it)."""
        cards = list(self.query(FlipCard))
        to_back = not all(c.flipped for c in cards)
        for card in cards:
            if card.flipped != to_back:
                card.action_flip()
