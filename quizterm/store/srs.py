"""FSRS scheduling as pure functions over card JSON: UTC only, "now" always passed in.

A thin wrapper around the ``fsrs`` package (default desired retention 0.9). Fuzzing is done
here, deterministically from the card key and review time, so the same history always gives the
same schedule (tests, replays) while sibling cards still spread out.
"""

from __future__ import annotations

import hashlib
import random
from datetime import datetime, timedelta, timezone
from functools import lru_cache

AGAIN, HARD, GOOD, EASY = 1, 2, 3, 4
STATE_NAMES = {1: "learning", 2: "review", 3: "relearning"}


@lru_cache(maxsize=4)
def scheduler(desired_retention: float = 0.9):
    """The shared ``fsrs.Scheduler`` (built once; its own fuzzing off, see module doc)."""
    from fsrs import Scheduler

    return Scheduler(desired_retention=desired_retention, enable_fuzzing=False)


def _utc(dt: datetime) -> datetime:
    if dt.tzinfo is None:
        raise ValueError("scheduling needs timezone-aware datetimes")
    return dt.astimezone(timezone.utc)


def card_id_for(key: str) -> int:
    """A stable numeric id for a card key (FSRS wants an int)."""
    return int.from_bytes(hashlib.sha1(key.encode("utf-8")).digest()[:6], "big")


def new_card(key: str, now: datetime) -> dict:
    """A fresh card, due ``now``, as JSON."""
    from fsrs import Card

    return Card(card_id=card_id_for(key), due=_utc(now)).to_dict()


def _fuzz(key: str, review_at: datetime, due: datetime) -> datetime:
    """Spread intervals of 3+ days by up to ~5% (at least a day), the same way every time."""
    days = (due - review_at).total_seconds() / 86400
    if days < 3:
        return due
    spread = max(1, round(days * 0.05))
    rng = random.Random(f"{key}|{review_at.isoformat()}")
    return due + timedelta(days=rng.randint(-spread, spread))


def review(card: dict | None, rating: int, now: datetime, *, key: str,
           duration_ms: int | None = None) -> tuple[dict, dict]:
    """Apply one review and return ``(new card JSON, review log JSON)``.

    A wall clock that jumped back is clamped: the review happens no earlier than the card's last
    review, so intervals are never negative.

    Args:
        card: the card's JSON (``fsrs.Card.to_dict()``), or None for a new card.
        rating: 1 Again, 2 Hard, 3 Good, 4 Easy.
        now: the review time (aware).
        key: the card key, for the deterministic fuzz.
        duration_ms: how long the answer took, kept in the log.
    """
    from fsrs import Card, Rating

    if rating not in (AGAIN, HARD, GOOD, EASY):
        raise ValueError(f"rating must be 1..4, got {rating!r}")
    now = _utc(now)
    current = None
    if card:
        try:
            current = Card.from_dict(card)
            _utc(current.due)
        except (KeyError, TypeError, ValueError, AttributeError):
            current = None  # damaged card JSON: start the card over rather than fail the answer
    if current is None:
        current = Card(card_id=card_id_for(key), due=now)
    if current.last_review is not None and now < current.last_review:
        now = current.last_review
    updated, log = scheduler().review_card(current, Rating(rating), review_datetime=now,
                                           review_duration=duration_ms)
    updated.due = max(_fuzz(key, now, updated.due), now)
    return updated.to_dict(), log.to_dict()


def due_of(card: dict) -> datetime:
    """When the card is next due (UTC)."""
    return _utc(datetime.fromisoformat(card["due"]))


def state_name(card: dict) -> str:
    """"learning", "review" or "relearning"."""
    return STATE_NAMES.get(int(card["state"]), "learning")


def retrievability(card: dict, now: datetime) -> float:
    """Probability of recall at ``now`` (0 for a card never reviewed)."""
    from fsrs import Card

    c = Card.from_dict(card)
    if c.last_review is None:
        return 0.0
    return float(scheduler().get_card_retrievability(c, current_datetime=_utc(now)))
