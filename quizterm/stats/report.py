"""Every statistic at once, as one report that renders to text, a screen, or JSON."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime, timedelta, timezone, tzinfo

from quizterm.content.bank import Bank
from quizterm.stats import queries
from quizterm.stats.accuracy import AccuracyRow, MisconceptionRow, accuracy_tables, misconception_rows
from quizterm.stats.activity import DayActivity, calendar, day_range, local_days, longest_streak, streak
from quizterm.stats.cards import Retention, due_forecast, retention
from quizterm.stats.drills import DrillRow, drill_rows
from quizterm.stats.figures import DueToday, due_times, due_today, question_answer_stats

FORMAT_VERSION = 1
DEFAULT_RETENTION = 0.9
RETENTION_SETTING = "fsrs.desired_retention"


@dataclass
class StatsReport:
    """The figures of the statistics screen and of ``quizterm stats [--json]``."""

    generated_at: datetime
    today: date
    timezone: str
    answered: int                                  # answers given (blank drill items left out)
    correct: int
    lessons: list[AccuracyRow]
    objectives: list[AccuracyRow]
    tags: list[AccuracyRow]
    misconceptions: list[MisconceptionRow]
    days: list[DayActivity]                       # the calendar's days, oldest first
    weeks: list[list[DayActivity | None]]         # 12 columns x 7 days (Monday first)
    streak: int
    longest_streak: int
    forecast: list[tuple[date, int]]
    retention: Retention
    drills: list[DrillRow] = field(default_factory=list)
    due_today: DueToday = field(default_factory=DueToday)  # the home screen's figure, same query

    @property
    def accuracy(self) -> float:
        return self.correct / self.answered if self.answered else 0.0

    def last_days(self, n: int) -> list[DayActivity]:
        """The last ``n`` days of activity, today last."""
        return self.days[-n:]

    def to_json(self) -> dict:
        """Every figure as JSON-able data (``quizterm stats --json``)."""
        return {
            "format": "quizterm-stats", "version": FORMAT_VERSION,
            "generated_at": self.generated_at.isoformat(), "today": self.today.isoformat(),
            "timezone": self.timezone,
            "totals": {"answered": self.answered, "correct": self.correct, "accuracy": round(self.accuracy, 4)},
            "due_today": self.due_today.to_json(),
            "accuracy": {"lessons": [r.to_json() for r in self.lessons],
                         "objectives": [r.to_json() for r in self.objectives],
                         "tags": [r.to_json() for r in self.tags]},
            "misconceptions": [m.to_json() for m in self.misconceptions],
            "streak": {"current": self.streak, "longest": self.longest_streak},
            "days": [d.to_json() for d in self.days],
            "forecast": [{"day": d.isoformat(), "due": n} for d, n in self.forecast],
            "retention": self.retention.to_json(),
            "drills": [d.to_json() for d in self.drills],
        }


def local_tz() -> tzinfo:
    """The machine's local time zone (days in the calendar are the learner's days)."""
    return datetime.now().astimezone().tzinfo or timezone.utc


def _desired(store) -> float:
    try:
        value = float(store.get_setting(RETENTION_SETTING, DEFAULT_RETENTION))
    except (TypeError, ValueError):
        return DEFAULT_RETENTION
    return value if 0.5 <= value < 1 else DEFAULT_RETENTION


def compute_stats(bank: Bank, store, *, now: datetime, tz: tzinfo | None = None, weeks: int = 12,
                  forecast_days: int = 30) -> StatsReport:
    """Compute every statistic from ``store`` (read only) with labels from ``bank``.

    Args:
        bank: the loaded content (titles, objective texts, pitfall texts, tags).
        store: a ``quizterm.store.Store`` (may be opened read-only).
        now: the current time (aware), normally ``clock.now()``.
        tz: the time zone of the learner's days (default: the machine's).
        weeks: columns of the calendar.
        forecast_days: days of the due forecast.
    """
    tz = tz or local_tz()
    today = now.astimezone(tz).date()
    conn = store.connection
    totals = question_answer_stats(store)  # answers given: blank drill items are not answers
    tables = accuracy_tables(bank, totals)
    first = today - timedelta(days=today.weekday()) - timedelta(weeks=weeks - 1)
    since = datetime.combine(first - timedelta(days=1), datetime.min.time(), tzinfo=timezone.utc)
    days = local_days(queries.hourly_activity(conn, since), tz)
    active = {d for d, a in days.items() if a.total}
    # Older days (for streaks longer than the calendar) by UTC day, from the per-day totals.
    active |= {d for d in queries.active_utc_days_before(conn, since) if d < first}
    current = streak(active, today)
    card_rows = queries.cards(conn)
    return StatsReport(
        generated_at=now, today=today, timezone=str(tz),
        answered=sum(s.answered for s in totals.values()), correct=sum(s.correct for s in totals.values()),
        lessons=tables["lessons"], objectives=tables["objectives"], tags=tables["tags"],
        misconceptions=misconception_rows(bank, queries.misconception_counts(conn)),
        days=day_range(days, first, today), weeks=calendar(days, today, weeks),
        streak=current, longest_streak=longest_streak(active),
        forecast=due_forecast(due_times(conn), now, tz, forecast_days),
        retention=retention(card_rows, now, _desired(store)),
        drills=drill_rows(store.drills()),
        due_today=due_today(store, now, tz),
    )
