"""The Store API round-trips: attempts, notebook, cards, reading, settings, drills, reopen."""

from __future__ import annotations

from datetime import timedelta

import pytest

from quizterm.store import Store

from .conftest import att


def test_attempt_round_trip_and_reopen(store, db_path, clock):
    aid = store.record_answer(att("q1", False, response={"picked": [0, 2]}, misconception="p1"), schedule=True)
    store.close()
    with Store.open(db_path, clock=clock, auto_backup=False) as again:
        (row,) = again.attempts()
        assert row.id == aid and row.question_id == "q1" and not row.correct
        assert row.response == {"picked": [0, 2]} and row.misconception == "p1"
        assert row.option_order == [1, 0, 2] and row.instance["choices"] == ["甲", "乙", "丙"]
        assert row.answered_at == clock.now() and row.scheduled
        assert again.card("q:q1").reps == 1


def test_filters_and_stats(store, clock):
    store.record_answer(att("q1", True), schedule=True)
    store.record_answer(att("q2", False, lesson="l2"), schedule=True)
    clock.advance(60)
    store.record_answer(att("q1", False, mode="cram"), schedule=False)
    assert [a.question_id for a in store.attempts(lesson_id="l2")] == ["q2"]
    assert [a.mode for a in store.attempts(question_id="q1")] == ["practice", "cram"]
    assert len(store.attempts(since=clock.now())) == 1
    stats = store.question_stats()
    assert (stats["q1"].answered, stats["q1"].correct, stats["q1"].last_correct) == (2, 1, False)
    assert set(store.question_stats("l2")) == {"q2"}
    assert store.attempt_count() == 3


def test_drill_and_cram_never_schedule(store):
    with pytest.raises(ValueError):
        store.record_answer(att(mode="cram"), schedule=True)
    with pytest.raises(ValueError):
        store.record_answer(att(mode="drill"), schedule=True)
    with pytest.raises(ValueError):
        store.record_answer(att(mode="quiz"), schedule=False)
    store.record_answer(att(mode="cram"), schedule=False)
    assert store.card("q:q1") is None and store.attempt_count() == 1


def test_reading_and_settings(store):
    assert store.reading("l1").position is None
    store.save_reading("l1", "attention-3", {"intro", "輸入"})
    st = store.reading("l1")
    assert st.position == "attention-3" and st.sections_read == {"intro", "輸入"}
    assert store.get_setting("x", 5) == 5
    store.set_setting("x", {"a": [1, 2]})
    assert store.get_setting("x") == {"a": [1, 2]}


def test_drill_lifecycle(store, clock):
    did = store.start_drill({"lesson": "l1"}, [{"question_id": "q1"}, {"question_id": "q2"}], 120)
    store.drill_answer(did, 0, 2, elapsed_s=10, question_s=10)
    store.drill_flag(did, 1, True)
    store.drill_tick(did, 5)  # time used never goes down
    rec = store.unfinished_drill()
    assert rec.id == did and rec.answers == [2, None] and rec.flags == [False, True]
    assert rec.elapsed_s == 10 and rec.remaining_s == 110
    with pytest.raises(IndexError):
        store.drill_answer(did, 5, 1, elapsed_s=11)
    ids = store.finish_drill(did, [att("q1", True, mode="drill"), att("q2", False, mode="drill", response=None)],
                             {"score": 0.5})
    assert store.drill(did).status == "done" and store.drill(did).result == {"score": 0.5}
    assert [a.drill_id for a in store.attempts(mode="drill")] == [did, did]
    assert store.finish_drill(did, [], {}) == ids  # finishing twice changes nothing
    assert store.unfinished_drill() is None and store.card("q:q2") is None
    assert [e.question_id for e in store.notebook()] == ["q2"]


def test_cards_due_and_prefix(store, clock):
    store.review_card("term:l1/a:fwd", 3)
    store.review_card("cue:l1/b", 1)
    later = clock.now() + timedelta(days=1)
    assert set(store.due_cards(now=later)) == {"term:l1/a:fwd", "cue:l1/b"}
    assert store.due_cards("term:", now=later) == ["term:l1/a:fwd"]
    assert store.card_keys("cue:") == {"cue:l1/b"}
    assert store.due_cards(now=clock.now()) == []
    with pytest.raises(ValueError):
        store.review_card("term:l1/a:fwd", 5)
