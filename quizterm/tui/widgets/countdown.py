"""Countdown: remaining time as mm:ss, turning to warning colours in the last minute and last ten seconds."""

from __future__ import annotations

import math

from textual.widgets import Static

__all__ = ["Countdown", "format_seconds"]


def format_seconds(seconds: float) -> str:
    """``m:ss`` (or ``h:mm:ss``), rounding up so 0:00 shows only when time is really out."""
    total = max(0, math.ceil(seconds))
    h, rest = divmod(total, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


class Countdown(Static):
    """Shows the time left; the ``-warn`` class marks the last minute, ``-danger`` the last 10 s."""

    DEFAULT_CSS = """
    Countdown {
        width: auto;
        padding: 0 1;
        text-style: bold;
        background: $boost;
    }
    Countdown.-warn { background: $warning 40%; color: $text; }
    Countdown.-danger { background: $error; color: $text; text-style: bold reverse; }
    Countdown.-paused { color: $text-muted; }
    """

    def __init__(self, seconds: float = 0.0, *, label: str = "", id: str | None = None) -> None:
        super().__init__("", id=id)
        self.label = label
        self.seconds = seconds
        self.show(seconds)

    def show(self, seconds: float, *, paused: bool = False) -> None:
        """Display ``seconds`` left and set the warning classes."""
        self.seconds = seconds
        self.set_class(10 < seconds <= 60, "-warn")
        self.set_class(seconds <= 10, "-danger")
        self.set_class(paused, "-paused")
        prefix = f"{self.label} " if self.label else ""
        # A sign as well as a colour, so the warning survives NO_COLOR and 16-colour terminals.
        sign = "‼ " if seconds <= 10 else "⚠ " if seconds <= 60 else ""
        self.update(f"{prefix}{sign}⏱ {format_seconds(seconds)}" + (" ‖" if paused else ""))

    @property
    def level(self) -> str:
        """"normal", "warn" or "danger" (what the colours say, for tests and screen readers)."""
        return "danger" if self.seconds <= 10 else "warn" if self.seconds <= 60 else "normal"
