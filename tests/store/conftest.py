"""Store fixtures: a fresh store on a fake clock, and a helper to make attempts."""

from __future__ import annotations

import pytest

from quizterm.store import Attempt, Store


@pytest.fixture
def db_path(home):
    return home / "progress.sqlite3"


@pytest.fixture
def store(db_path, clock):
    s = Store.open(db_path, clock=clock, auto_backup=False)
    yield s
    s.close()


def att(qid: str = "q1", correct: bool = True, *, lesson: str = "l1", mode: str = "practice", **kw) -> Attempt:
    """An attempt with sensible defaults."""
    kw.setdefault("response", 0 if correct else 1)
    kw.setdefault("seed", 7)
    kw.setdefault("option_order", [1, 0, 2])
    kw.setdefault("instance", {"question_id": qid, "seed": 7, "choices": ["甲", "乙", "丙"]})
    kw.setdefault("time_ms", 1200)
    return Attempt(question_id=qid, lesson_id=lesson, mode=mode, correct=correct, **kw)
