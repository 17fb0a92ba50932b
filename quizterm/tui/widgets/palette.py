"""Palette: the drill's question grid (unvisited / seen / answered / flagged / answered+flagged), click to jump."""

from __future__ import annotations

from dataclasses import dataclass

from textual.app import ComposeResult
from textual.containers import Grid
from textual.message import Message
from textual.widgets import Static

__all__ = ["Palette", "PaletteCell", "STATES"]

STATES = ("unvisited", "seen", "answered", "flagged", "answered-flagged")
_MARK = {"unvisited": " ", "seen": "·", "answered": "✓", "flagged": "⚑", "answered-flagged": "✓⚑"}


class PaletteCell(Static):
    """One question's cell; its class ``-<state>`` colours it and ``-current`` marks where we are."""

    def __init__(self, index: int) -> None:
        super().__init__("", classes="palette-cell -unvisited", id=f"palette-{index}")
        self.index = index
        self.state = "unvisited"

    def show(self, state: str, current: bool) -> None:
        for s in STATES:
            self.set_class(s == state, f"-{s}")
        self.set_class(current, "-current")
        self.state = state
        self.update(f"{self.index + 1}{_MARK[state]}")

    def on_click(self) -> None:
        self.post_message(Palette.Jumped(self.parent_palette, self.index))

    @property
    def parent_palette(self) -> "Palette":
        return self.query_ancestor(Palette)


class Palette(Grid):
    """The drill palette. States come from ``DrillSession.palette()``."""

    DEFAULT_CSS = """
    Palette { grid-size: 5; grid-gutter: 0 1; height: auto; width: 100%; }
    PaletteCell { width: 100%; height: 1; content-align: center middle; }
    PaletteCell.-unvisited { color: $text-muted; background: $panel; }
    PaletteCell.-seen { background: $panel; }
    PaletteCell.-answered { background: $success 40%; }
    PaletteCell.-flagged { background: $warning 50%; }
    PaletteCell.-answered-flagged { background: $success 40%; color: $warning; text-style: bold; }
    PaletteCell.-current { text-style: bold reverse; }
    """

    @dataclass
    class Jumped(Message):
        """A cell was clicked: go to question ``index``."""

        palette: "Palette"
        index: int

        @property
        def control(self) -> "Palette":
            return self.palette

    def __init__(self, count: int, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.count = count

    def compose(self) -> ComposeResult:
        for i in range(self.count):
            yield PaletteCell(i)

    def show(self, states: list[str], current: int) -> None:
        """Redraw every cell."""
        for cell in self.query(PaletteCell):
            if cell.index < len(states):
                cell.show(states[cell.index], cell.index == current)

    def states(self) -> list[str]:
        return [c.state for c in self.query(PaletteCell)]
