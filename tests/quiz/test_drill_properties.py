"""Hypothesis: any sequence of drill actions keeps the clock honest and the saved answers equal to the shown ones."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from quizterm.clock import FakeClock
from quizterm.quiz.drill import DrillSession


class MemoryStore:
    """Just the drill calls, remembering what was written (as the SQLite store does)."""

    def __init__(self):
        self.answers, self.flags, self.elapsed = {}, {}, 0.0
        self.finished = None

    def drill_answer(self, drill_id, index, response, *, elapsed_s, question_s=None):
        self.answers[index] = response
        self.elapsed = max(self.elapsed, elapsed_s)

    def drill_flag(self, drill_id, index, flagged):
        self.flags[index] = flagged

    def drill_tick(self, drill_id, elapsed_s):
        self.elapsed = max(self.elapsed, elapsed_s)

    def finish_drill(self, drill_id, graded, result):
        self.finished = result


OPS = st.one_of(
    st.tuples(st.just("advance"), st.floats(0, 120)),
    st.tuples(st.just("jump_wall"), st.floats(-86400, 86400)),
    st.tuples(st.just("goto"), st.integers(-2, 7)),
    st.tuples(st.just("answer"), st.one_of(st.none(), st.integers(0, 3))),
    st.tuples(st.just("flag"), st.none()),
    st.tuples(st.just("pause"), st.none()),
    st.tuples(st.just("resume"), st.none()),
    st.tuples(st.just("next_flagged"), st.none()),
    st.tuples(st.just("tick"), st.none()),
)


@settings(max_examples=120, deadline=None)
@given(ops=st.lists(OPS, max_size=40), duration=st.floats(30, 600))
def test_drill_invariants(ops, duration):
    clock, store = FakeClock(), MemoryStore()
    d = DrillSession(store, clock, 1, [{}] * 6, {}, duration)
    last = 0.0
    for op, arg in ops:
        before_pause = d.elapsed()
        if op == "advance":
            clock.advance(arg)
        elif op == "jump_wall":
            clock.jump_wall(arg)
        elif op == "goto":
            d.goto(arg)
        elif op == "answer":
            d.answer(arg)
        elif op == "flag":
            d.toggle_flag()
        elif op == "pause":
            d.pause()
        elif op == "resume":
            d.resume_clock()
        elif op == "next_flagged":
            d.next_flagged()
        elif op == "tick" and d.remaining() > 0:
            d.tick()
        now = d.elapsed()
        assert last <= now <= duration  # never backwards, never past the end
        if d.paused and op in ("advance", "jump_wall"):
            assert now == before_pause  # a paused clock does not move
        if op == "jump_wall":
            assert now == before_pause  # the wall clock never counts
        assert 0 <= d.current < 6
        assert store.elapsed <= now + 1e-9  # the store never holds more time than was used
        # what is shown equals what is saved
        assert {i: a for i, a in store.answers.items() if a is not None} == d.answers
        assert {i for i, f in store.flags.items() if f} == d.flags
        last = now
    assert sum(d.question_s.values()) <= d.elapsed() + 1e-6
