"""Days, calendar and streaks: local days from UTC hours, Monday-first weeks, streaks that survive today."""

from __future__ import annotations

from datetime import date, timedelta, timezone

from hypothesis import given, settings
from hypothesis import strategies as st

from quizterm.stats.activity import DayActivity, calendar, local_days, longest_streak, streak

TAIPEI = timezone(timedelta(hours=8))


def test_hours_land_on_the_learners_local_day():
    hours = [("2026-03-01T15", 2, 60000, 1, 5000), ("2026-03-01T16", 3, 0, 0, 0)]
    utc = local_days(hours, timezone.utc)
    assert utc == {date(2026, 3, 1): DayActivity(date(2026, 3, 1), 5, 1, 65000)}
    taipei = local_days(hours, TAIPEI)  # 15:00 UTC is 23:00 in Taipei, 16:00 UTC is the next day
    assert taipei[date(2026, 3, 1)].answers == 2 and taipei[date(2026, 3, 2)].answers == 3


def test_calendar_has_twelve_monday_first_weeks_ending_today():
    today = date(2026, 3, 4)  # a Wednesday
    days = {today: DayActivity(today, 4), date(2025, 12, 15): DayActivity(date(2025, 12, 15), 1)}
    grid = calendar(days, today)
    assert len(grid) == 12 and all(len(w) == 7 for w in grid)
    assert grid[0][0].day == date(2025, 12, 15) and grid[0][0].answers == 1
    assert grid[-1][2].day == today and grid[-1][2].answers == 4
    assert grid[-1][3:] == [None] * 4  # the rest of this week has not happened yet


def test_streak_counts_back_from_today_or_yesterday():
    today = date(2026, 3, 4)
    run = {today - timedelta(days=i) for i in range(1, 6)}
    assert streak(run, today) == 5  # today is still open
    assert streak(run | {today}, today) == 6
    assert streak(run - {today - timedelta(days=1)}, today) == 0
    assert streak(set(), today) == 0


@settings(max_examples=60, deadline=None)
@given(st.sets(st.integers(min_value=0, max_value=60), max_size=40))
def test_streaks_are_bounded_by_the_longest(offsets):
    today = date(2026, 3, 4)
    active = {today - timedelta(days=o) for o in offsets}
    assert 0 <= streak(active, today) <= longest_streak(active) <= len(active)
    if active:
        assert longest_streak(active) >= 1
