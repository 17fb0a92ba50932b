"""Flashcard schedule figures: reviews due per day for the next month, and retention now."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date, datetime, timedelta, tzinfo


@dataclass(frozen=True)
class Retention:
    """How many reviewed cards the learner would recall now with at least the desired probability."""

    cards: int
    above: int
    desired: float
    mean: float

    @property
    def share(self) -> float:
        """Share of reviewed cards at or above the desired retention (0 with no cards)."""
        return self.above / self.cards if self.cards else 0.0

    def to_json(self) -> dict:
        return {"cards": self.cards, "above": self.above, "desired": self.desired,
                "share": round(self.share, 4), "mean_retrievability": round(self.mean, 4)}


def due_forecast(cards: list[tuple[str, str]], now: datetime, tz: tzinfo, days: int = 30) -> list[tuple[date, int]]:
    """Cards due on each of the next ``days`` local days; anything overdue counts for today."""
    from quizterm.quiz.scheduling import due_of

    today = now.astimezone(tz).date()
    counts = [0] * days
    for _key, card in cards:
        due = due_of(json.loads(card)).astimezone(tz).date()
        offset = max(0, (due - today).days)
        if offset < days:
            counts[offset] += 1
    return [(today + timedelta(days=i), n) for i, n in enumerate(counts)]


def retention(cards: list[tuple[str, str]], now: datetime, desired: float) -> Retention:
    """FSRS retrievability of every reviewed card at ``now`` against the desired retention."""
    from quizterm.quiz.scheduling import retrievability

    values = [retrievability(json.loads(card), now) for _key, card in cards]
    above = sum(1 for r in values if r >= desired)
    mean = sum(values) / len(values) if values else 0.0
    return Retention(len(values), above, desired, mean)
