"""Practice sessions: think countdown, one answer per question, recorded with schedule, override, notebook replay."""

from __future__ import annotations

import pytest

from quizterm.quiz import InvalidResponse, QuestionInstance, make_instance
from quizterm.quiz.drill_result import key_response
from quizterm.quiz.session import PracticeSession, practice_pool, response_from_json, response_to_json
from quizterm.store import Store, StoreWriteError


@pytest.fixture
def store(home, clock):
    s = Store.open(home / "progress.sqlite3", clock=clock)
    yield s
    s.close()


def _qs(bank, kind, n=1, think=None):
    out = [q for q in bank.questions.values() if q.type == kind and (think is None or bool(q.think_seconds) == think)]
    return out[:n]


def test_think_countdown_hides_until_time_or_skip(store, clock, bundled):
    q = next(q for q in bundled.bank.questions.values() if q.think_seconds)
    s = PracticeSession(store, clock, [q, q], lesson_of=bundled.bank.lesson_of_question)
    assert s.state == "thinking"
    assert s.answer(key_response(s.instance)) is None  # options are hidden: nothing recorded
    clock.advance(q.think_seconds - 1)
    assert s.think_left() == pytest.approx(1)
    clock.advance(1)
    assert s.think_left() == 0 and s.state == "answering"
    assert s.answer(key_response(s.instance)).grade.correct
    s.next()
    assert s.state == "thinking"
    s.reveal()
    assert s.state == "answering"


def test_one_answer_per_question_recorded_with_schedule(store, clock, bundled):
    qs = _qs(bundled.bank, "single", 2, think=False)
    s = PracticeSession(store, clock, qs, lesson_of=bundled.bank.lesson_of_question)
    wrong = (s.instance.answer + 1) % len(s.instance.choices)
    first = s.answer(wrong)
    assert first is not None and not first.grade.correct
    assert all(s.answer(key_response(s.instance)) is None for _ in range(49))  # a held key
    rows = store.attempts(question_id=qs[0].id)
    assert len(rows) == 1 and rows[0].scheduled and rows[0].instance == s.instance.to_json()
    assert store.notebook_entry(qs[0].id) is not None
    assert store.card(f"q:{qs[0].id}") is not None
    assert s.next() and s.index == 1
    assert s.answer(key_response(s.instance)).grade.correct
    assert not s.next() and s.done and s.score() == (1, 2)


def test_next_refused_before_answering(store, clock, bundled):
    s = PracticeSession(store, clock, _qs(bundled.bank, "single", 2, think=False))
    assert not s.next() and s.index == 0


def test_invalid_input_records_nothing(store, clock, bundled):
    s = PracticeSession(store, clock, _qs(bundled.bank, "numeric", 1, think=False))
    with pytest.raises(InvalidResponse):
        s.answer("abc")
    assert store.attempts() == [] and s.state == "answering"


def test_override_for_short_only(store, clock, bundled):
    q = _qs(bundled.bank, "short", 1)[0]
    s = PracticeSession(store, clock, [q], lesson_of=bundled.bank.lesson_of_question)
    s.reveal()
    assert not s.can_override()
    res = s.answer("完全不同的答案")
    assert not res.grade.correct and s.can_override()
    assert s.override() and not s.override()
    row = store.attempt(res.attempt_id)
    assert row.overridden and not row.correct


def test_store_write_error_keeps_running(store, clock, bundled):
    def boom(stage):
        if stage == "attempt":
            raise StoreWriteError("io", "disk I/O error")

    store._fault = boom
    s = PracticeSession(store, clock, _qs(bundled.bank, "true_false", 2, think=False))
    res = s.answer(True)
    assert res.attempt_id is None and isinstance(res.error, StoreWriteError)
    store._fault = None
    assert store.attempts() == []
    assert s.next()


def test_notebook_replays_the_same_instance(store, clock, bundled):
    q = _qs(bundled.bank, "single", 1, think=False)[0]
    s = PracticeSession(store, clock, [q], lesson_of=bundled.bank.lesson_of_question)
    shown = s.instance
    s.answer((shown.answer + 1) % len(shown.choices))
    entry = store.notebook()[0]
    replay = QuestionInstance.from_json(entry.instance)
    assert replay == shown
    again = make_instance(q, entry.seed, option_order=entry.option_order)
    assert again.choices == shown.choices
    r = PracticeSession(store, clock, instances=[replay], mode="notebook",
                        lesson_of=bundled.bank.lesson_of_question)
    assert r.instance.choices == shown.choices
    assert r.answer(replay.answer).grade.correct
    assert store.attempts(mode="notebook")[0].question_id == q.id


def test_due_pool_puts_due_first_then_new(store, clock, bundled):
    bank = bundled.bank
    qs = list(bank.questions.values())[:3]
    s = PracticeSession(store, clock, qs[:1], lesson_of=bank.lesson_of_question)
    s.reveal()
    s.answer(response_from_json(s.instance.type, response_to_json(s.instance.type, key_response(s.instance))))
    clock.advance(40 * 86400)
    pool = practice_pool(bank, store, due=True, now=clock.now())
    assert pool[0].id == qs[0].id and len(pool) == len(bank.questions)


def test_response_json_round_trip():
    assert response_from_json("multi", response_to_json("multi", {2, 0})) == {0, 2}
    assert response_from_json("true_false", response_to_json("true_false", False)) is False
    assert response_from_json("matrix", [[1, "2"]]) == [["1", "2"]]
