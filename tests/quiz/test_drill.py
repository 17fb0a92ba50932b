"""The drill state machine with a fake clock and the real store: time, answers, flags, resume, result."""

from __future__ import annotations

import pytest

from quizterm.quiz import QuestionInstance
from quizterm.quiz.drill import TICK_SAVE_S, DrillSession
from quizterm.quiz.drill_result import key_response, missed_question_ids, review_items
from quizterm.quiz.sampling import Selection, sample_questions, select_pool
from quizterm.quiz.session import response_to_json
from quizterm.store import Store


@pytest.fixture
def store(home, clock):
    s = Store.open(home / "progress.sqlite3", clock=clock)
    yield s
    s.close()


def _drill(store, clock, bundled, count=6, minutes=5, seed=7):
    bank = bundled.bank
    pool = select_pool(bank, Selection(lesson="self-attention"))
    qs = sample_questions(pool, count, seed=seed)
    return DrillSession.start(store, clock, qs, bank=bank, duration_s=minutes * 60,
                              spec={"lesson": "self-attention", "count": count, "minutes": minutes, "pass": 60},
                              seed=seed)


def _right(session, i):
    inst = QuestionInstance.from_json(session.items[i])
    return response_to_json(inst.type, key_response(inst))


def test_clock_counts_only_while_running_and_pause_stops_it(store, clock, bundled):
    d = _drill(store, clock, bundled)
    clock.advance(30)
    assert d.remaining() == pytest.approx(270)
    d.pause()
    clock.advance(1000)  # paused: no time passes
    assert d.remaining() == pytest.approx(270)
    assert store.drill(d.drill_id).elapsed_s == pytest.approx(30)
    d.answer(_right(d, 0))  # ignored while paused
    assert d.answers == {}
    d.resume_clock()
    clock.jump_wall(-7200)  # a wall-clock jump changes nothing
    clock.advance(10)
    assert d.elapsed() == pytest.approx(40)


def test_answers_and_flags_are_written_as_given(store, clock, bundled):
    d = _drill(store, clock, bundled)
    d.answer(_right(d, 0))
    d.goto(3)
    d.toggle_flag()
    d.answer(_right(d, 3))
    d.answer(None)  # changed my mind: cleared
    rec = store.drill(d.drill_id)
    assert rec.answers[0] == _right(d, 0) and rec.answered[0]
    assert rec.flags[3] and not rec.flags[0]
    assert d.palette()[:4] == ["answered", "unvisited", "unvisited", "flagged"]
    d.answer(_right(d, 3))
    assert d.palette()[3] == "answered-flagged"
    assert d.counts() == {"total": 6, "answered": 2, "unanswered": 4, "flagged": 1}


def test_navigation_and_flagged_cycling(store, clock, bundled):
    d = _drill(store, clock, bundled)
    assert not d.next_flagged()
    d.toggle_flag(1)
    d.toggle_flag(4)
    d.next_flagged()
    assert d.current == 1
    d.next_flagged()
    assert d.current == 4
    d.next_flagged()
    assert d.current == 1  # wraps
    d.prev(); d.prev()
    assert d.current == 0
    d.goto(99)
    assert d.current == 5


def test_time_per_question_and_tick_saves(store, clock, bundled):
    d = _drill(store, clock, bundled)
    clock.advance(12)
    d.next()
    clock.advance(5)
    d.answer(_right(d, 1))
    assert d.question_s[0] == pytest.approx(12) and d.question_s[1] == pytest.approx(5)
    clock.advance(TICK_SAVE_S + 1)
    assert d.tick() == "running"
    assert store.drill(d.drill_id).elapsed_s == pytest.approx(17 + TICK_SAVE_S + 1)


def test_time_out_submits_and_files_misses(store, clock, bundled):
    d = _drill(store, clock, bundled, count=4, minutes=1)
    for i in range(2):
        d.goto(i)
        d.answer(_right(d, i))
    d.toggle_flag(1)
    clock.advance(61)
    assert d.tick() == "submitted"
    res = d.result
    assert res["timed_out"] and res["correct"] == 2 and res["total"] == 4 and res["percent"] == 50.0
    assert not res["passed"]
    rec = store.drill(d.drill_id)
    assert rec.status == "done" and rec.result["correct"] == 2
    missed = missed_question_ids(res)
    assert len(missed) == 2
    assert {e.question_id for e in store.notebook()} == set(missed)
    drill_attempts = store.attempts(mode="drill")
    assert len(drill_attempts) == 4 and not any(a.scheduled for a in drill_attempts)
    assert store.card_keys("q:") == set()  # drills never move FSRS
    assert [r["index"] for r in review_items(res, "flagged")] == [1]
    assert len(review_items(res, "unanswered")) == 2 and len(review_items(res, "all")) == 4
    assert all(r["expected"] for r in res["items"])
    # weakest first
    pcts = [o["percent"] for o in res["per_objective"]]
    assert pcts == sorted(pcts)


def test_resume_keeps_answers_flags_and_remaining_time(store, clock, bundled):
    d = _drill(store, clock, bundled)
    d.answer(_right(d, 0))
    d.goto(2)
    clock.advance(40)
    d.toggle_flag()
    d.answer(_right(d, 2))
    rec = store.unfinished_drill()
    assert rec is not None and rec.id == d.drill_id
    again = DrillSession.resume(store, clock, rec)
    assert again.answers == d.answers and again.flags == {2}
    assert again.remaining() == pytest.approx(300 - 40)
    assert again.question_s[2] == pytest.approx(40)
    res = again.submit()
    assert res["correct"] == 2 and store.unfinished_drill() is None


def test_same_seed_same_drill(store, clock, bundled):
    a = _drill(store, clock, bundled, seed=3)
    b = _drill(store, clock, bundled, seed=3)
    assert a.items == b.items


def test_a_partly_filled_grid_is_not_answered():
    from quizterm.quiz.drill import is_complete

    assert not is_complete([["1", ""], ["", ""]]) and not is_complete(None)
    assert is_complete([["1", "2"], ["3", "4"]]) and is_complete([2, 0, 1]) and is_complete(0)


def test_palette_and_counts_need_every_cell(clock):
    from quizterm.quiz.drill import DrillSession

    s = DrillSession(None, clock, 1, [{}, {}], {}, 60, answers={0: [["1", ""]], 1: [["1", "2"]]})
    assert s.palette() == ["seen", "answered"]
    assert s.counts()["answered"] == 1 and s.counts()["unanswered"] == 1
