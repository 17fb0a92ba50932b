"""Flashcards: a deck from glossary terms (both directions) and cue words, a due queue with sibling burying, cram."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

RATINGS = {1: "again", 2: "hard", 3: "good", 4: "easy"}
REQUEUE_WITHIN = timedelta(minutes=20)  # a card due again this soon comes back in the same session


@dataclass(frozen=True)
class Card:
    """One side pair of a flashcard. ``sibling`` groups the two directions of one term."""

    key: str
    lesson_id: str
    kind: str  # "term-fwd", "term-rev", "cue"
    front: str
    back: str
    sibling: str | None = None


def term_key(lesson_id: str, term_id: str, direction: str) -> str:
    """The stable store key of a glossary card: ``term:<lesson>/<term>:fwd`` or ``:rev``."""
    return f"term:{lesson_id}/{term_id}:{direction}"


def cue_key(lesson_id: str, cue_id: str) -> str:
    return f"cue:{lesson_id}/{cue_id}"


def build_deck(bank: Any, lesson_id: str | None = None) -> list[Card]:
    """Every card of a lesson (or of all lessons): each glossary term twice, then the cue words."""
    cards: list[Card] = []
    for lesson in bank.lessons.values():
        if lesson_id is not None and lesson.id != lesson_id:
            continue
        for term in lesson.glossary:
            name = term.term + (f"（{'、'.join(term.aliases)}）" if term.aliases else "")
            meaning = term.meaning + (f"\n\n{term.example}" if term.example else "")
            group = f"term:{lesson.id}/{term.id}"
            cards.append(Card(term_key(lesson.id, term.id, "fwd"), lesson.id, "term-fwd", name, meaning, group))
            cards.append(Card(term_key(lesson.id, term.id, "rev"), lesson.id, "term-rev", term.meaning,
                              name, group))
        for cue in lesson.cues:
            cards.append(Card(cue_key(lesson.id, cue.id), lesson.id, "cue", cue.cue, cue.think))
    return cards


def _same_day(a: datetime | None, b: datetime) -> bool:
    return a is not None and a.date() == b.date()


def build_queue(deck: list[Card], store: Any, *, now: datetime, new_limit: int = 20,
                cram: bool = False) -> list[Card]:
    """The cards to study now.

    Due cards first (in deck order), then up to ``new_limit`` never-reviewed cards; in cram mode the
    whole deck. Outside cram, siblings are buried: never both directions of a term in one queue,
    and not a direction whose sibling was already reviewed today.
    """
    if cram:
        return list(deck)  # cramming practises everything now, both directions included
    due = set(store.due_cards("", now=now))
    known = store.card_keys("")
    candidates = [c for c in deck if c.key in due]
    fresh = [c for c in deck if c.key not in known]
    candidates += fresh[:max(0, new_limit)]
    by_key = {c.key: c for c in deck}
    queue: list[Card] = []
    taken: set[str] = set()
    for card in candidates:
        if card.sibling is not None:
            if card.sibling in taken:
                continue
            other = [k for k, c in by_key.items() if c.sibling == card.sibling and k != card.key]
            if any(_reviewed_today(store, k, now) for k in other):
                continue
            taken.add(card.sibling)
        queue.append(card)
    return queue


def _reviewed_today(store: Any, key: str, now: datetime) -> bool:
    state = store.card(key)
    return state is not None and _same_day(getattr(state, "last_review", None), now)


class FlashcardSession:
    """Flip a card, rate it Again/Hard/Good/Easy; cram mode never touches the schedule."""

    def __init__(self, store: Any, clock: Any, queue: list[Card], *, cram: bool = False):
        self.store, self.clock, self.cram = store, clock, cram
        self.queue = list(queue)
        self.flipped = False
        self.reviewed: list[tuple[str, int]] = []
        self._shown_at = clock.monotonic()

    @property
    def current(self) -> Card | None:
        return self.queue[0] if self.queue else None

    @property
    def done(self) -> bool:
        return not self.queue

    def flip(self) -> None:
        if self.queue:
            self.flipped = not self.flipped

    def rate(self, rating: int) -> Any:
        """Rate the shown card (after flipping) and move on; returns the new CardState (None in cram).

        Raises:
            StoreWriteError: the review was not saved (the card stays, so it can be rated again).
        """
        card = self.current
        if card is None or not self.flipped or rating not in RATINGS:
            return None
        state = None
        if not self.cram:
            duration = int(max(0.0, self.clock.monotonic() - self._shown_at) * 1000)
            state = self.store.review_card(card.key, rating, duration_ms=duration)
        self.queue.pop(0)
        self.reviewed.append((card.key, rating))
        again_soon = rating == 1 if self.cram else (
            state is not None and state.due <= self.clock.now() + REQUEUE_WITHIN)
        if again_soon:
            self.queue.append(card)
        self.flipped = False
        self._shown_at = self.clock.monotonic()
        return state
