"""Clocks: wall time in UTC for records and a monotonic clock for timers, injectable in tests."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from typing import Protocol


class Clock(Protocol):
    """What the app asks of a clock."""

    def now(self) -> datetime:
        """The current wall time, timezone-aware UTC."""

    def monotonic(self) -> float:
        """Seconds on a clock that never goes backwards (for countdowns and durations)."""


class SystemClock:
    """The real clock."""

    def now(self) -> datetime:
        return datetime.now(timezone.utc)

    def monotonic(self) -> float:
        return time.monotonic()


@dataclass
class FakeClock:
    """A clock that only moves when told to; tests use it instead of sleeping."""

    wall: datetime = field(default_factory=lambda: datetime(2026, 1, 5, 9, 0, tzinfo=timezone.utc))
    mono: float = 1000.0

    def now(self) -> datetime:
        return self.wall

    def monotonic(self) -> float:
        return self.mono

    def advance(self, seconds: float) -> None:
        """Move both clocks forward by ``seconds``."""
        self.mono += seconds
        self.wall += timedelta(seconds=seconds)

    def jump_wall(self, seconds: float) -> None:
        """Move only the wall clock (a DST change or a user setting the time), never the monotonic one."""
        self.wall += timedelta(seconds=seconds)
