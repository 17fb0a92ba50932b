"""FSRS through the store and the pure wrapper, on an injected clock."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from quizterm.quiz import scheduling

from .conftest import att

T0 = datetime(2026, 1, 5, 9, 0, tzinfo=timezone.utc)


def test_right_is_good_and_wrong_is_again(store, clock):
    store.record_answer(att("q1", True), schedule=True)
    store.record_answer(att("q2", False), schedule=True)
    good, _ = scheduling.review(None, scheduling.GOOD, clock.now(), key="q:q1")
    again, _ = scheduling.review(None, scheduling.AGAIN, clock.now(), key="q:q2")
    assert store.card("q:q1").due == scheduling.due_of(good)
    assert store.card("q:q2").due == scheduling.due_of(again)
    assert [r["rating"] for r in store.review_log("q:q1")] == [3]
    assert [r["rating"] for r in store.review_log("q:q2")] == [1]


def test_card_comes_back_when_fsrs_says(store, clock):
    state = store.review_card("term:l1/注意力:fwd", 3)
    for _ in range(3):
        clock.wall = state.due
        assert store.due_cards(now=state.due - timedelta(seconds=1)) == []
        assert store.due_cards() == ["term:l1/注意力:fwd"]
        state = store.review_card("term:l1/注意力:fwd", 3)
    assert state.state == "review" and state.reps == 4 and state.due - clock.now() > timedelta(days=2)


def test_schedule_is_deterministic_and_desired_retention_is_default():
    def run():
        card, now, dues = None, T0, []
        for rating in (3, 3, 3, 1, 3, 4, 3):
            card, _ = scheduling.review(card, rating, now, key="cue:l1/x")
            dues.append(card["due"])
            now = scheduling.due_of(card)
        return dues
    assert run() == run()
    assert scheduling.scheduler().desired_retention == 0.9


def test_fuzz_spreads_siblings_but_stays_close():
    dues = set()
    for key in ("term:l/a:fwd", "term:l/a:rev", "term:l/b:fwd", "term:l/c:fwd", "term:l/d:rev"):
        card, now = None, T0
        for _ in range(5):
            card, _ = scheduling.review(card, 3, now, key=key)
            now = scheduling.due_of(card)
        dues.add(now)
    assert len(dues) > 1 and max(dues) - min(dues) < timedelta(days=60)


def test_wrapper_rejects_naive_times_and_bad_ratings():
    with pytest.raises(ValueError):
        scheduling.review(None, 3, datetime(2026, 1, 1), key="k")
    with pytest.raises(ValueError):
        scheduling.review(None, 0, T0, key="k")


def test_retrievability_falls_with_time():
    card, _ = scheduling.review(None, 3, T0, key="k")
    card, _ = scheduling.review(card, 3, scheduling.due_of(card), key="k")
    due = scheduling.due_of(card)
    assert scheduling.retrievability(card, due) > scheduling.retrievability(card, due + timedelta(days=30))
    assert scheduling.retrievability(scheduling.new_card("k", T0), T0) == 0.0


def test_lapses_count_forgotten_review_cards(store, clock):
    state = store.review_card("cue:l1/y", 3)
    while state.state != "review":
        clock.wall = state.due
        state = store.review_card("cue:l1/y", 3)
    clock.wall = state.due
    assert store.review_card("cue:l1/y", 1).lapses == 1
