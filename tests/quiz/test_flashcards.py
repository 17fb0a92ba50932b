"""Flashcards: both directions, siblings buried, due queue and new limit, cram never moves the schedule."""

from __future__ import annotations

from datetime import timedelta

import pytest

from quizterm.quiz.flashcards import FlashcardSession, build_deck, build_queue
from quizterm.store import Store


@pytest.fixture
def store(home, clock):
    s = Store.open(home / "progress.sqlite3", clock=clock)
    yield s
    s.close()


def test_deck_has_both_directions_and_cues(bundled):
    lesson = next(iter(bundled.bank.lessons.values()))
    deck = build_deck(bundled.bank)
    keys = {c.key for c in deck}
    assert len(deck) == 2 * len(lesson.glossary) + len(lesson.cues)
    t = lesson.glossary[0]
    fwd = next(c for c in deck if c.key == f"term:{lesson.id}/{t.id}:fwd")
    rev = next(c for c in deck if c.key == f"term:{lesson.id}/{t.id}:rev")
    assert fwd.front.startswith(t.term) and fwd.back.startswith(t.meaning)
    assert rev.front == t.meaning and rev.back.startswith(t.term)
    assert fwd.sibling == rev.sibling
    assert f"cue:{lesson.id}/{lesson.cues[0].id}" in keys


def test_queue_never_holds_both_siblings_and_respects_new_limit(store, clock, bundled):
    deck = build_deck(bundled.bank)
    q = build_queue(deck, store, now=clock.now(), new_limit=10)
    assert len(q) <= 10
    full = build_queue(deck, store, now=clock.now(), new_limit=1000)
    sibs = [c.sibling for c in full if c.sibling]
    assert len(sibs) == len(set(sibs))


def test_round_reviews_and_sibling_waits_for_another_day(store, clock, bundled):
    deck = build_deck(bundled.bank)
    queue = build_queue(deck, store, now=clock.now(), new_limit=4)
    s = FlashcardSession(store, clock, queue)
    first = s.current
    assert s.rate(3) is None  # not flipped yet: no rating
    s.flip()
    state = s.rate(4)
    assert state is not None and store.card(first.key).reps == 1
    sibling = next(c for c in deck if c.sibling == first.sibling and c.key != first.key)
    later = build_queue(deck, store, now=clock.now(), new_limit=1000)
    assert sibling.key not in {c.key for c in later}  # reviewed today: buried
    clock.advance(86400)
    assert sibling.key in {c.key for c in build_queue(deck, store, now=clock.now(), new_limit=1000)}


def test_again_comes_back_in_the_session(store, clock, bundled):
    queue = build_queue(build_deck(bundled.bank), store, now=clock.now(), new_limit=2)
    s = FlashcardSession(store, clock, queue)
    first = s.current
    s.flip()
    s.rate(1)
    assert s.queue[-1].key == first.key


def test_cram_never_moves_the_schedule(store, clock, bundled):
    deck = build_deck(bundled.bank)
    queue = build_queue(deck, store, now=clock.now(), cram=True)
    assert len(queue) == len(deck)  # both directions: cramming is not scheduling
    s = FlashcardSession(store, clock, queue, cram=True)
    for _ in range(5):
        s.flip()
        s.rate(1 if _ == 0 else 3)
    assert store.card_keys("") == set()
    assert len(s.reviewed) == 5


def test_due_cards_come_back(store, clock, bundled):
    deck = build_deck(bundled.bank)
    s = FlashcardSession(store, clock, build_queue(deck, store, now=clock.now(), new_limit=1))
    card = s.current
    s.flip()
    s.rate(3)
    due = store.card(card.key).due
    assert card.key not in {c.key for c in build_queue(deck, store, now=clock.now(), new_limit=0)}
    clock.advance((due - clock.now()).total_seconds() + 1)
    assert card.key in {c.key for c in build_queue(deck, store, now=clock.now(), new_limit=0)}
