"""compute_stats: every figure checked against the history that made it."""

from __future__ import annotations

import json
from datetime import timedelta, timezone

from quizterm.stats import compute_stats


def test_totals_accuracy_and_weakest_first(history):
    bank, store, clock, single, _ = history
    report = compute_stats(bank, store, now=clock.now(), tz=timezone.utc)
    rows = store.attempts()
    assert report.answered == len(rows) == 10 * 4 + 2
    assert report.correct == sum(r.correct for r in rows)
    acc = [r.accuracy for r in report.objectives]
    assert acc == sorted(acc)
    assert [r.accuracy for r in report.tags] == sorted(r.accuracy for r in report.tags)
    [lesson] = report.lessons
    assert lesson.key == "self-attention" and lesson.label == bank.lessons["self-attention"].title
    expected_tags = {t for q in single for t in q.tags}
    assert {r.key for r in report.tags} == expected_tags


def test_misconceptions_counted_without_overridden_answers(history):
    bank, store, clock, _, pitfall = history
    wrong = [r for r in store.attempts() if r.misconception]
    report = compute_stats(bank, store, now=clock.now(), tz=timezone.utc)
    assert [(m.key, m.count) for m in report.misconceptions] == [(pitfall, len(wrong))]
    assert report.misconceptions[0].label != pitfall  # the pitfall's text, not its id
    store.record_override(wrong[0].id)
    again = compute_stats(bank, store, now=clock.now(), tz=timezone.utc)
    assert again.misconceptions[0].count == len(wrong) - 1


def test_calendar_streak_and_minutes(history):
    bank, store, clock, _, _ = history
    report = compute_stats(bank, store, now=clock.now(), tz=timezone.utc)
    assert report.today == clock.now().date()
    assert len(report.weeks) == 12 and len(report.days) == 7 * 11 + report.today.weekday() + 1
    active = [d for d in report.days if d.total]
    assert len(active) == 11  # ten practice days, and today's drills
    assert all(d.answers == 4 and d.reviews == 1 for d in active if d.day != report.today)
    assert active[-1].day == report.today and active[-1].answers == 2
    assert active[0].minutes == (4 * 30_000 + 6_000) / 60000
    assert report.streak == 5  # days 10..13 and today
    assert report.longest_streak == 5
    assert sum(d.answers for d in report.days) == report.answered


def test_forecast_and_retention(history):
    bank, store, clock, _, _ = history
    report = compute_stats(bank, store, now=clock.now(), tz=timezone.utc)
    cards = store.card_keys()
    assert len(report.forecast) == 30
    assert sum(n for _d, n in report.forecast) == sum(
        1 for k in cards if store.card(k).due < clock.now() + timedelta(days=30))
    assert report.retention.cards == len(cards)
    assert 0 <= report.retention.above <= report.retention.cards
    later = compute_stats(bank, store, now=clock.now() + timedelta(days=200), tz=timezone.utc)
    assert later.retention.mean < report.retention.mean
    assert later.forecast[0][1] == len(cards)  # everything overdue counts for today


def test_drills_and_json(history):
    bank, store, clock, _, _ = history
    report = compute_stats(bank, store, now=clock.now(), tz=timezone.utc)
    assert [(d.correct, d.total, d.passed) for d in report.drills] == [(1, 2, False), (2, 2, True)]
    data = json.loads(json.dumps(report.to_json()))
    assert data["format"] == "quizterm-stats" and data["totals"]["answered"] == report.answered
    assert data["streak"] == {"current": 5, "longest": 5}
    assert len(data["days"]) == len(report.days) and len(data["forecast"]) == 30


def test_a_new_learner_gets_zeros(tmp_path, bundled, clock):
    from quizterm.store import Store

    with Store.open(tmp_path / "empty.sqlite3", read_only=True) as store:
        report = compute_stats(bundled.bank, store, now=clock.now(), tz=timezone.utc)
    assert (report.answered, report.streak, report.retention.cards, report.drills) == (0, 0, 0, [])
    assert sum(d.total for d in report.days) == 0


def test_a_streak_longer_than_the_calendar(tmp_path, bundled):
    from datetime import datetime

    from quizterm.clock import FakeClock
    from quizterm.store import Attempt, Store

    clock = FakeClock(wall=datetime(2026, 1, 1, 12, tzinfo=timezone.utc))
    qid = next(iter(bundled.bank.questions))
    with Store.open(tmp_path / "p.sqlite3", clock=clock, auto_backup=False) as store:
        for day in range(100):
            if day == 5:
                store.review_card("cue:x/y", 3)  # a day with only a card review still counts
            else:
                store.record_answer(Attempt(qid, "self-attention", "practice", 0, True), schedule=False)
            clock.advance(86400)
        report = compute_stats(bundled.bank, store, now=clock.now(), tz=timezone.utc)
    assert report.streak == 100 and report.longest_streak == 100
    assert sum(d.total for d in report.days) < 100  # the calendar itself shows only 12 weeks
