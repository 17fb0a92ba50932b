"""Activity per local day: the 12-week calendar, the current streak, answers and minutes per day."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone, tzinfo


@dataclass(frozen=True)
class DayActivity:
    """One local day: answers, card reviews, and minutes spent on both."""

    day: date
    answers: int = 0
    reviews: int = 0
    ms: int = 0

    @property
    def total(self) -> int:
        """Answers plus card reviews: what the calendar counts."""
        return self.answers + self.reviews

    @property
    def minutes(self) -> float:
        return self.ms / 60000

    def to_json(self) -> dict:
        return {"day": self.day.isoformat(), "answers": self.answers, "reviews": self.reviews,
                "minutes": round(self.minutes, 1)}


def local_days(hours: list[tuple[str, int, int, int, int]], tz: tzinfo) -> dict[date, DayActivity]:
    """Place per-UTC-hour rows (see ``queries.hourly_activity``) on local days."""
    days: dict[date, list[int]] = {}
    for hour, answers, answer_ms, reviews, review_ms in hours:
        start = datetime.fromisoformat(hour + ":00:00").replace(tzinfo=timezone.utc)
        cell = days.setdefault(start.astimezone(tz).date(), [0, 0, 0])
        cell[0] += answers
        cell[1] += reviews
        cell[2] += answer_ms + review_ms
    return {d: DayActivity(d, *v) for d, v in days.items()}


def day_range(days: dict[date, DayActivity], first: date, last: date) -> list[DayActivity]:
    """Every day from ``first`` to ``last``, empty ones included."""
    out = []
    d = first
    while d <= last:
        out.append(days.get(d, DayActivity(d)))
        d += timedelta(days=1)
    return out


def calendar(days: dict[date, DayActivity], today: date, weeks: int = 12) -> list[list[DayActivity | None]]:
    """``weeks`` columns of seven days (Monday first), the last column holding ``today``.

    Days after today are None, so a renderer can leave them blank.
    """
    start = today - timedelta(days=today.weekday()) - timedelta(weeks=weeks - 1)
    grid = []
    for w in range(weeks):
        column: list[DayActivity | None] = []
        for d in range(7):
            day = start + timedelta(weeks=w, days=d)
            column.append(None if day > today else days.get(day, DayActivity(day)))
        grid.append(column)
    return grid


def streak(active: set[date], today: date) -> int:
    """Days in a row with any activity, ending today (or yesterday, while today is still open)."""
    day = today if today in active else today - timedelta(days=1)
    count = 0
    while day in active:
        count += 1
        day -= timedelta(days=1)
    return count


def longest_streak(active: set[date]) -> int:
    """The longest run of consecutive active days."""
    best = 0
    for d in active:
        if d - timedelta(days=1) in active:
            continue
        n = 1
        while d + timedelta(days=n) in active:
            n += 1
        best = max(best, n)
    return best
