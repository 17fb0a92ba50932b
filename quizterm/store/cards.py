"""FSRS flashcards: card state per key, the review log, and due queries."""

from __future__ import annotations

import json
import sqlite3
from datetime import datetime

from quizterm.store.db import EPOCH, as_dict, from_iso, iso, loads
from quizterm.store.records import CardState


def _state(key: str, card_json: str, reps: int, lapses: int) -> CardState:
    from quizterm.store.srs import state_name

    card = as_dict(loads(card_json)) or {}
    try:
        state = state_name(card)
    except (KeyError, TypeError, ValueError):
        state = "learning"
    due = card.get("due")
    return CardState(key=key, due=from_iso(due if isinstance(due, str) else None) or EPOCH, state=state,
                     stability=_num(card.get("stability")), difficulty=_num(card.get("difficulty")),
                     reps=reps, lapses=lapses, last_review=from_iso(_text(card.get("last_review"))))


def _num(value) -> float | None:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def _text(value) -> str | None:
    return value if isinstance(value, str) else None


def review_in_tx(conn: sqlite3.Connection, key: str, rating: int, now: datetime,
                 duration_ms: int | None, attempt_id: int | None) -> CardState:
    """Review card ``key`` inside the caller's transaction: new state + a review log row."""
    from quizterm.store.srs import review

    row = conn.execute("SELECT card, reps, lapses FROM cards WHERE key=?", (key,)).fetchone()
    old = as_dict(loads(row[0])) if row else None  # a damaged card starts over
    new, _log = review(old, rating, now, key=key, duration_ms=duration_ms)
    reps = (row[1] if row else 0) + 1
    lapses = (row[2] if row else 0) + int(rating == 1 and old is not None and old.get("state") == 2)
    text = json.dumps(new, sort_keys=True)
    due = iso(datetime.fromisoformat(new["due"]))
    conn.execute(
        "INSERT INTO cards (key, card, due, state, reps, lapses, updated_at) VALUES (?,?,?,?,?,?,?)"
        " ON CONFLICT(key) DO UPDATE SET card=excluded.card, due=excluded.due, state=excluded.state,"
        " reps=excluded.reps, lapses=excluded.lapses, updated_at=excluded.updated_at",
        (key, text, due, int(new["state"]), reps, lapses, iso(now)))
    conn.execute("INSERT INTO review_log (key, rating, reviewed_at, duration_ms, attempt_id) VALUES (?,?,?,?,?)",
                 (key, rating, new["last_review"] and iso(datetime.fromisoformat(new["last_review"])),
                  None if duration_ms is None else max(0, int(duration_ms)), attempt_id))
    return _state(key, text, reps, lapses)


def _prefix_clause(prefix: str) -> tuple[str, list]:
    if not prefix:
        return "1", []
    return "substr(key, 1, ?) = ?", [len(prefix), prefix]


class CardsMixin:
    """Store methods for flashcards (card keys like ``term:<lesson>/<term>:fwd``, ``q:<id>``)."""

    def review_card(self, key: str, rating: int, *, duration_ms: int | None = None) -> CardState:
        """Grade a card (1 Again, 2 Hard, 3 Good, 4 Easy) now, in one transaction.

        Raises:
            ValueError: rating outside 1..4 or an empty key.
            StoreWriteError: the write failed and was rolled back.
        """
        if rating not in (1, 2, 3, 4):
            raise ValueError(f"rating must be 1..4, got {rating!r}")
        if not key:
            raise ValueError("a card needs a key")
        now = self._now()
        with self._tx() as conn:
            state = review_in_tx(conn, key, rating, now, duration_ms, None)
            self._hook("review")
        return state

    def card(self, key: str) -> CardState | None:
        """The card's state, or None if it was never reviewed."""
        row = self._conn.execute("SELECT card, reps, lapses FROM cards WHERE key=?", (key,)).fetchone()
        return _state(key, *row) if row else None

    def due_cards(self, prefix: str = "", now: datetime | None = None) -> list[str]:
        """Keys of reviewed cards due at ``now`` (default: the store clock), most overdue first."""
        clause, args = _prefix_clause(prefix)
        at = iso(now or self._clock.now())
        rows = self._conn.execute(f"SELECT key FROM cards WHERE due <= ? AND {clause} ORDER BY due, key",
                                  [at, *args])
        return [r[0] for r in rows]

    def due_count(self, prefix: str = "", now: datetime | None = None) -> int:
        """How many reviewed cards are due (for the home screen)."""
        clause, args = _prefix_clause(prefix)
        at = iso(now or self._clock.now())
        return int(self._conn.execute(f"SELECT count(*) FROM cards WHERE due <= ? AND {clause}",
                                      [at, *args]).fetchone()[0])

    def card_keys(self, prefix: str = "") -> set[str]:
        """Keys of every card that has been reviewed at least once."""
        clause, args = _prefix_clause(prefix)
        return {r[0] for r in self._conn.execute(f"SELECT key FROM cards WHERE {clause}", args)}

    def review_log(self, key: str) -> list[dict]:
        """The card's reviews, oldest first: rating, reviewed_at, duration_ms, attempt_id."""
        rows = self._conn.execute("SELECT rating, reviewed_at, duration_ms, attempt_id FROM review_log"
                                  " WHERE key=? ORDER BY id", (key,))
        return [{"rating": r[0], "reviewed_at": from_iso(r[1]), "duration_ms": r[2], "attempt_id": r[3]}
                for r in rows]

    def reviewed_on(self, day: str, prefix: str = "") -> set[str]:
        """Keys reviewed on a UTC day (YYYY-MM-DD), e.g. to keep siblings apart."""
        clause, args = _prefix_clause(prefix)
        rows = self._conn.execute(f"SELECT DISTINCT key FROM review_log WHERE substr(reviewed_at,1,10)=? AND {clause}",
                                  [day, *args])
        return {r[0] for r in rows}
