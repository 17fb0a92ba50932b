"""FlipCard: a glossary card that flips between the term and its plain meaning."""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from quizterm.tui.widgets.lesson_parts import Wrapped, prose, wrap_lines

__all__ = ["FlipCard"]


class FlipCard(Widget, can_focus=True):
    """One glossary term; space, enter or a click flips it."""

    DEFAULT_CSS = """
    FlipCard {
        height: auto;
        min-height: 5;
        border: round $primary 50%;
        padding: 0 1;
    }
    FlipCard:focus { border: round $accent; }
    FlipCard.-flipped { border: round $success; background: $success 8%; }
    """
    BINDINGS = [Binding("space,enter", "flip", "bind.flip", id="card-flip")]

    # Both faces get the same height (get_content_height), so a flip repaints one card and never
    # re-lays-out the whole page: it lands within a frame even on a long lesson.
    flipped: reactive[bool] = reactive(False)

    class Flipped(Message):
        """A card was turned over."""

        def __init__(self, card: "FlipCard") -> None:
            super().__init__()
            self.card = card

        @property
        def control(self) -> "FlipCard":
            return self.card

    def __init__(self, term, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.term = term

    def watch_flipped(self, flipped: bool) -> None:
        self.set_class(flipped, "-flipped")

    def get_content_height(self, container, viewport, width: int) -> int:
        """The taller of the two faces, so that flipping never changes the card's height."""
        return max(len(wrap_lines(self.face(back), width)) for back in (False, True))

    def render(self) -> Wrapped:
        return Wrapped(self.face(self.flipped))

    def face(self, back: bool) -> Text:
        """The front (term, aliases) or the back (meaning, example, don't-confuse) as literal text."""
        tr, term = self.app.tr, self.term
        if not back:
            text = Text(term.term, style="bold")
            if term.aliases:
                text.append("\n")
                text.append(tr("card.aliases") + "、".join(term.aliases), style="dim")
            text.append("\n")
            text.append(tr("card.hint_front"), style="dim italic")
            return text
        text = Text(term.term, style="bold")
        text.append("\n")
        text.append(prose(term.meaning))
        if term.example:
            text.append("\n")
            text.append(tr("card.example"), style="bold green")
            text.append(prose(term.example))
        if term.confuse:
            text.append("\n")
            text.append(tr("card.confuse"), style="bold yellow")
            text.append(prose(term.confuse))
        return text

    def action_flip(self) -> None:
        """Turn the card over."""
        self.flipped = not self.flipped
        self.post_message(self.Flipped(self))

    def on_click(self) -> None:
        self.focus()
        self.action_flip()
