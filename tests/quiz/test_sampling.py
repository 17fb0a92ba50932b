"""Sampling for drills: no repeats, never more than asked, spread across objectives; impossible requests."""

from __future__ import annotations

from collections import Counter
from types import SimpleNamespace

import pytest
from hypothesis import given, settings, strategies as st

from quizterm.quiz.sampling import Selection, SelectionError, check_count, sample_questions, select_pool


def _pool(sizes: list[int]) -> list[SimpleNamespace]:
    return [SimpleNamespace(id=f"o{o}-q{i}", objective=f"o{o}", tags=[f"t{i % 2}"])
            for o, n in enumerate(sizes) for i in range(n)]


@settings(max_examples=150, deadline=None)
@given(sizes=st.lists(st.integers(0, 8), min_size=1, max_size=6), count=st.integers(0, 60),
       seed=st.integers(0, 2**31))
def test_sample_properties(sizes, count, seed):
    pool = _pool(sizes)
    picked = sample_questions(pool, count, seed=seed)
    ids = [q.id for q in picked]
    assert len(ids) == len(set(ids))  # no repeats
    assert len(picked) == min(count, len(pool))  # never more than asked, all when fewer exist
    assert set(ids) <= {q.id for q in pool}
    got = Counter(q.objective for q in picked)
    avail = Counter(q.objective for q in pool)
    for a in avail:
        for b in avail:
            # a's share may trail b's by more than one only when a has run out.
            if got[a] < got[b] - 1:
                assert got[a] == avail[a], (a, b, got, avail)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**31), count=st.integers(1, 12))
def test_same_seed_same_drill(seed, count):
    pool = _pool([4, 5, 3])
    a = [q.id for q in sample_questions(pool, count, seed=seed)]
    b = [q.id for q in sample_questions(list(reversed(pool)), count, seed=seed)]
    assert a == [q.id for q in sample_questions(pool, count, seed=seed)]
    assert sorted(a) != [] and len(b) == len(a)


def test_duplicate_pool_entries_sampled_once():
    pool = _pool([3]) * 3
    assert len(sample_questions(pool, 9, seed=1)) == 3


class _Bank:
    def __init__(self, pool):
        self.questions = {q.id: q for q in pool}
        self.lessons = {"attn": object()}
        self.lesson_of_question = {q.id: "attn" for q in pool}

    def questions_for(self, lesson):
        return list(self.questions.values()) if lesson == "attn" else []

    def tags(self):
        return {t for q in self.questions.values() for t in q.tags}


def test_select_pool_filters_and_suggests():
    bank = _Bank(_pool([3, 2]))
    assert len(select_pool(bank, Selection(lesson="attn", tag="t0"))) == 3
    assert {q.objective for q in select_pool(bank, Selection(objective="o1"))} == {"o1"}
    with pytest.raises(SelectionError, match="did you mean 't0'"):
        select_pool(bank, Selection(tag="t00"))
    with pytest.raises(SelectionError, match="unknown lesson 'nope'"):
        select_pool(bank, Selection(lesson="nope"))
    with pytest.raises(SelectionError, match="did you mean 'o1'"):
        select_pool(bank, Selection(objective="o11"))


def test_check_count_lines():
    check_count(5, 5)
    with pytest.raises(SelectionError, match="only 5 questions exist for the whole bank.*try --count 5"):
        check_count(5, 6, Selection())
    with pytest.raises(SelectionError, match="only 5 questions were chosen, not 6") as info:
        check_count(5, 6)
    assert info.value.message("zh-TW") == "只選了 5 題，不夠 6 題——試試 --count 5"
    with pytest.raises(SelectionError, match="at least 1"):
        check_count(5, 0)
