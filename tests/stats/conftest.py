"""A store with a few weeks of history, for the statistics tests."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from quizterm.clock import FakeClock
from quizterm.store import Attempt, Store


@pytest.fixture
def history(tmp_path, bundled):
    """(bank, store, clock): 10 active days out of 14, then today empty; two drills; card reviews."""
    bank = bundled.bank
    clock = FakeClock(wall=datetime(2026, 3, 2, 9, 0, tzinfo=timezone.utc))  # a Monday
    store = Store.open(tmp_path / "progress.sqlite3", clock=clock, auto_backup=False)
    single = [q for q in bank.questions.values() if q.type == "single"][:4]
    pitfall = next(c.misconception for q in single for c in q.choices if c.misconception)
    for day in range(14):
        if day in (2, 3, 4, 9):
            clock.advance(86400)
            continue
        for i, q in enumerate(single):
            wrong = (i + day) % 3 == 0
            store.record_answer(Attempt(q.id, bank.lesson_of_question[q.id], "practice", 0, not wrong,
                                        time_ms=30_000, misconception=pitfall if wrong else None), schedule=True)
            clock.advance(60)
        store.review_card("term:self-attention/x:fwd", 3, duration_ms=6_000)
        clock.advance(86400 - 240)
    for score in (1, 2):
        did = store.start_drill({"lesson": "self-attention"}, [{"question_id": single[0].id}] * 2, 600)
        store.finish_drill(did, [Attempt(single[0].id, "self-attention", "drill", 0, True, drill_id=did)],
                           {"correct": score, "total": 2, "percent": 50.0 * score, "passed": score == 2})
    yield bank, store, clock, single, pitfall
    store.close()
