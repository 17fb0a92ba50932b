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


def due_forecast(dues: list[tuple[str, str]], now: datetime, tz: tzinfo, days: int = 30) -> list[tuple[date, int]]:
    """Cards due on each of the next ``days`` local days; anything overdue counts for today.

    ``dues`` are (key, due as ISO text) rows (``figures.due_times``): the same ``due`` column the
    home screen's "due today" counts, so today's bar always equals that figure.
    """
    today = now.astimezone(tz).date()
    counts = [0] * days
    for _key, due in dues:
        offset = max(0, (datetime.fromisoformat(due).astimezone(tz).date() - today).days)
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
