"""FlashcardsScreen: the due queue (and new cards) of glossary terms and cue words, rated Again..Easy, or cram."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Header, Static

from quizterm.store import StoreError
from quizterm.tui.screens.base import QuiztermScreen
from quizterm.tui.widgets.footer import Footer

__all__ = ["FlashcardsScreen"]

NEW_CARDS_SETTING = "flashcards.new_per_session"
DEFAULT_NEW = 20


class FlashcardsScreen(QuiztermScreen):
    """Flip with space, rate 1-4; ``c`` switches cram mode (practise anything, schedule untouched)."""

    BINDINGS = [
        Binding("space", "flip", "cards.bind.flip", id="cards-flip"),
        Binding("1", "rate(1)", "cards.bind.again", id="cards-again"),
        Binding("2", "rate(2)", "cards.bind.hard", id="cards-hard"),
        Binding("3", "rate(3)", "cards.bind.good", id="cards-good"),
        Binding("4", "rate(4)", "cards.bind.easy", id="cards-easy"),
        Binding("c", "toggle_cram", "cards.bind.cram", id="cards-cram"),
    ]

    def __init__(self, lesson_id: str | None = None, cram: bool = False, new_limit: int | None = None) -> None:
        super().__init__()
        self.lesson_id, self.cram, self.new_limit = lesson_id, cram, new_limit
        self.session: Any = None

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="cards-body"):
            yield Static(id="cards-kind")
            yield Static(id="cards-card")
            yield Static(id="cards-hint")
            yield Static(id="cards-counts")
        yield Footer()

    def on_mount(self) -> None:
        self.start()

    def _new_limit(self) -> int:
        if self.new_limit is not None:
            return self.new_limit
        store = self.app.store
        try:
            return int(store.get_setting(NEW_CARDS_SETTING, DEFAULT_NEW)) if store else DEFAULT_NEW
        except (TypeError, ValueError):
            return DEFAULT_NEW

    def start(self) -> None:
        """Build the queue (due first, then new cards; everything when cramming) and show it."""
        from quizterm.quiz.flashcards import FlashcardSession, build_deck, build_queue

        app = self.app
        cram = self.cram or app.store is None  # without a store nothing can be scheduled
        deck = build_deck(app.bank, self.lesson_id)
        queue = build_queue(deck, app.store, now=app.clock.now(), new_limit=self._new_limit(), cram=cram)
        self.session = FlashcardSession(app.store, app.clock, queue, cram=cram)
        self.sub_title = app.tr("cards.title.cram" if cram else "cards.title")
        self.draw()

    def draw(self) -> None:
        """Show the current card's front (and back when flipped), the hint and the counts."""
        tr, s = self.app.tr, self.session
        card = s.current
        box = self.query_one("#cards-card", Static)
        if card is None:
            self.query_one("#cards-kind", Static).update("")
            box.update(Text(tr("cards.done.cram" if s.cram else "cards.done")))
            box.set_class(False, "-flipped")
            self.query_one("#cards-hint", Static).update("")
        else:
            self.query_one("#cards-kind", Static).update(Text(tr(f"cards.kind.{card.kind}")))
            text = Text(card.front, style="bold")
            if s.flipped:
                text.append("\n\n")
                text.append(card.back)
            box.update(text)
            box.set_class(s.flipped, "-flipped")
            self.query_one("#cards-hint", Static).update(
                Text(tr("cards.rate_hint" if s.flipped else "cards.flip_hint")))
        self.query_one("#cards-counts", Static).update(
            Text(tr("cards.counts", left=len(s.queue), done=len(s.reviewed))))
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        s = self.session
        if action == "flip":
            return s is not None and s.current is not None
        if action == "rate":
            return s is not None and s.current is not None and s.flipped
        return True

    def action_flip(self) -> None:
        self.session.flip()
        self.draw()

    def action_rate(self, rating: int) -> None:
        try:
            self.session.rate(rating)
        except StoreError as exc:  # a failed write: the card stays, the app keeps running
            self.app.notify_error(exc)
        self.draw()

    def action_toggle_cram(self) -> None:
        self.cram = not self.cram
        self.start()
