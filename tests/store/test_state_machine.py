"""Hypothesis state machine: answers, reviews, overrides, reopen and injected write faults vs a model."""

from __future__ import annotations

import shutil
import sqlite3
import tempfile
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from quizterm.clock import FakeClock
from quizterm.store import Attempt, Store, StoreWriteError
from quizterm.store.notebook import LEECH_AT

from .invariants import check_store_file

QIDS = ["q1", "q2", "q3", "長題目"]
KEYS = ["term:l1/a:fwd", "term:l1/a:rev", "cue:l1/b"]


@dataclass
class Entry:
    wrong: int
    since: int
    last_wrong: datetime
    days: list[str] = field(default_factory=list)


class StoreMachine(RuleBasedStateMachine):
    """The store must always agree with this plain in-memory model."""

    def __init__(self):
        super().__init__()
        self.dir = Path(tempfile.mkdtemp(prefix="qt-sm-"))
        self.clock = FakeClock()
        self.store = Store.open(self.dir / "p.sqlite3", clock=self.clock, auto_backup=False)
        self.store.connection.execute("PRAGMA synchronous=OFF")  # speed; durability is the kill test's job
        self.attempts: dict[int, tuple[str, bool, bool]] = {}  # id -> (qid, correct, scheduled)
        self.overridden: set[int] = set()
        self.book: dict[str, Entry] = {}
        self.reps: dict[str, int] = {}
        self.clear_after = 2

    def teardown(self):
        self.store.close()
        shutil.rmtree(self.dir, ignore_errors=True)

    # ----- model ------------------------------------------------------------------------------

    def _model_answer(self, aid: int, qid: str, correct: bool, scheduled: bool) -> None:
        now = self.clock.now()
        self.attempts[aid] = (qid, correct, scheduled)
        if scheduled:
            self.reps[f"q:{qid}"] = self.reps.get(f"q:{qid}", 0) + 1
        entry = self.book.get(qid)
        if not correct:
            if entry is None:
                self.book[qid] = Entry(1, aid, now)
            else:
                entry.wrong += 1
                entry.days = []
                entry.last_wrong = max(entry.last_wrong, now)
        elif entry is not None:
            day = now.date().isoformat()
            if day not in entry.days and day >= entry.last_wrong.date().isoformat():
                entry.days.append(day)
                if len(entry.days) >= self.clear_after:
                    del self.book[qid]

    # ----- rules -------------------------------------------------------------------------------

    @rule(qid=st.sampled_from(QIDS), correct=st.booleans(), mode=st.sampled_from(["practice", "notebook", "cram"]))
    def answer(self, qid, correct, mode):
        scheduled = mode != "cram"
        aid = self.store.record_answer(Attempt(qid, "l1", mode, {"r": 1}, correct, seed=3, option_order=[0, 1],
                                               instance={"q": qid}, time_ms=10), schedule=scheduled)
        assert aid not in self.attempts
        self._model_answer(aid, qid, correct, scheduled)

    @rule(key=st.sampled_from(KEYS), rating=st.integers(1, 4))
    def review(self, key, rating):
        state = self.store.review_card(key, rating)
        self.reps[key] = self.reps.get(key, 0) + 1
        assert state.reps == self.reps[key] and state.due >= state.last_review

    @precondition(lambda self: any(not c for _, c, _ in self.attempts.values()))
    @rule(data=st.data())
    def override(self, data):
        wrong = sorted(a for a, (_, c, _) in self.attempts.items() if not c)
        aid = data.draw(st.sampled_from(wrong))
        self.store.record_override(aid)
        if aid in self.overridden:
            return
        self.overridden.add(aid)
        qid = self.attempts[aid][0]
        entry = self.book.get(qid)
        if entry is not None and aid >= entry.since:
            entry.wrong -= 1
            if entry.wrong <= 0:
                del self.book[qid]

    @rule(hours=st.integers(0, 60))
    def time_passes(self, hours):
        self.clock.advance(hours * 3600)

    @rule(hours=st.integers(1, 48))
    def wall_clock_jumps_back(self, hours):
        self.clock.jump_wall(-hours * 3600)

    @rule(days=st.integers(1, 3))
    def change_clear_after(self, days):
        self.store.set_setting("notebook.clear_after_days", days)
        self.clear_after = days

    @rule()
    def reopen(self):
        self.store.close()
        self.store = Store.open(self.dir / "p.sqlite3", clock=self.clock, auto_backup=False)
        self.store.connection.execute("PRAGMA synchronous=OFF")

    @rule(qid=st.sampled_from(QIDS), correct=st.booleans(),
          stage=st.sampled_from(["begin", "attempt", "schedule", "notebook", "commit"]),
          message=st.sampled_from(["disk I/O error", "database or disk is full", "database is locked"]))
    def answer_with_write_fault(self, qid, correct, stage, message):
        def fault(at: str) -> None:
            if at == stage:
                raise sqlite3.OperationalError(message)

        self.store.set_fault_hook(fault)
        try:
            with pytest.raises(StoreWriteError):
                self.store.record_answer(Attempt(qid, "l1", "practice", 0, correct), schedule=True)
        finally:
            self.store.set_fault_hook(None)

    # ----- invariants --------------------------------------------------------------------------

    @invariant()
    def agrees_with_model(self):
        s = self.store
        assert {a.id for a in s.attempts()} == set(self.attempts)
        assert {a.id for a in s.attempts() if a.overridden} == self.overridden
        for qid in QIDS:
            rows = [(a, c) for a, (q, c, _) in sorted(self.attempts.items()) if q == qid]
            stat = s.question_stats().get(qid)
            if not rows:
                assert stat is None
                continue
            ok = [c or a in self.overridden for a, c in rows]
            assert (stat.answered, stat.correct, stat.last_correct) == (len(rows), sum(ok), ok[-1])
        got = {e.question_id: (e.wrong_count, list(e.correct_on), e.leech) for e in s.notebook()}
        want = {q: (e.wrong, e.days, e.wrong >= LEECH_AT) for q, e in self.book.items()}
        assert got == want
        order = [e.leech for e in s.notebook()]
        assert order == sorted(order, reverse=True)  # leeches first
        for key, n in self.reps.items():
            assert s.card(key).reps == n

    @invariant()
    def file_is_consistent(self):
        check_store_file(self.store.connection, replay_notebook=False)


TestStoreMachine = StoreMachine.TestCase
TestStoreMachine.settings = settings(max_examples=120, stateful_step_count=30, deadline=None,
                                     suppress_health_check=[HealthCheck.too_slow])
