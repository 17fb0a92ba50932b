"""Merge a progress file into the store: by question id and attempt identity, never a duplicate.

Merge rules (docs/progress.md):
- attempts: identity is (answered_at, question_id, mode); one already present is skipped;
- overrides ("I was actually right") come along with their attempt;
- card reviews: identity is (key, reviewed_at, rating); a card reviewed on both machines is
  rebuilt by replaying the merged review log in time order, else the newer state is kept;
- notebook: an entry missing here is added; one on both sides keeps the later miss and the
  larger miss count;
- reading: sections read are united, the position of the later save wins;
- drills: identity is their start time; settings: only keys not set here are added.
All of it happens in ONE transaction.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from quizterm.interop.progress_export import attempt_key
from quizterm.interop.progress_file import ProgressFile, read_progress


@dataclass
class MergeSummary:
    """What an import added or changed."""

    attempts_added: int = 0
    attempts_skipped: int = 0
    overrides_added: int = 0
    reviews_added: int = 0
    cards_changed: int = 0
    notebook_changed: int = 0
    reading_changed: int = 0
    drills_added: int = 0
    settings_added: int = 0
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> dict:
        return {k: v for k, v in self.__dict__.items()}


def canon(text: str) -> str:
    """Time text in the store's own form (UTC, microseconds), so equal instants compare equal."""
    from quizterm.store.db import iso

    return iso(datetime.fromisoformat(text))


def _d(value) -> str | None:
    return None if value is None else json.dumps(value, ensure_ascii=False, sort_keys=True)


def import_progress(store, path: Path) -> MergeSummary:
    """Merge the progress file at ``path`` into ``store`` (opened for writing) in one transaction.

    Raises:
        InteropError: the file is unreadable or malformed (nothing is written).
        StoreWriteError: the write failed and was rolled back.
    """
    from quizterm.store.db import write_tx

    data = read_progress(path)
    summary = MergeSummary()
    with write_tx(store.connection) as conn:
        drills = _drills(conn, data, summary)
        keys, touched = _attempts(conn, data, drills, summary)
        _reviews_and_cards(conn, data, keys, summary)
        _notebook(conn, data, keys, summary)
        _reading(conn, data, summary)
        _settings(conn, data, summary)
        _recount(conn, touched)
    return summary


def _drills(conn: sqlite3.Connection, data: ProgressFile, s: MergeSummary) -> dict[str, int]:
    out = {}
    active = conn.execute("SELECT count(*) FROM drills WHERE status='active'").fetchone()[0]
    for d in data.drills:
        started = canon(d.started_at)
        row = conn.execute("SELECT id FROM drills WHERE started_at=?", (started,)).fetchone()
        if row:
            out[d.key] = row[0]
            continue
        status = d.status
        if status == "active":
            if active:  # one unfinished drill at a time: the one here stays resumable
                s.notes.append(f"drill started {d.started_at} was unfinished; imported as abandoned")
                status = "abandoned"
            active += status == "active"
        cur = conn.execute(
            "INSERT INTO drills (spec, items, elapsed_s, duration_s, status, result, started_at, finished_at)"
            " VALUES (?,?,?,?,?,?,?,?)",
            (json.dumps(d.spec, ensure_ascii=False), json.dumps(d.items, ensure_ascii=False), d.elapsed_s,
             d.duration_s, status, _d(d.result), started, d.finished_at and canon(d.finished_at)))
        for a in d.answers:
            if a.idx < len(d.items):
                conn.execute("INSERT OR IGNORE INTO drill_answers (drill_id, idx, response, answered, flagged,"
                             " question_s) VALUES (?,?,?,?,?,?)",
                             (cur.lastrowid, a.idx, _d(a.response), int(a.answered), int(a.flagged), a.question_s))
        out[d.key] = cur.lastrowid
        s.drills_added += 1
    return out


def _attempts(conn, data: ProgressFile, drills: dict[str, int], s: MergeSummary):
    from quizterm.store.attempts import insert_attempt
    from quizterm.store.records import Attempt

    keys: dict[str, int] = {}
    touched: set[str] = set()
    for a in data.attempts:
        at = canon(a.answered_at)
        key = attempt_key(a.answered_at, a.question_id, a.mode)
        row = conn.execute("SELECT id FROM attempts WHERE answered_at=? AND question_id=? AND mode=?",
                           (at, a.question_id, a.mode)).fetchone()
        if row:
            aid = row[0]
            s.attempts_skipped += 1
        else:
            attempt = Attempt(question_id=a.question_id, lesson_id=a.lesson_id, mode=a.mode, response=a.response,
                              correct=a.correct, seed=a.seed, option_order=a.option_order, instance=a.instance,
                              time_ms=a.time_ms, misconception=a.misconception, drill_id=drills.get(a.drill or ""))
            aid = insert_attempt(conn, attempt, datetime.fromisoformat(at), scheduled=a.scheduled)
            s.attempts_added += 1
            touched.add(a.question_id)
        keys[key] = aid
        if a.overridden_at and not conn.execute("SELECT 1 FROM overrides WHERE attempt_id=?", (aid,)).fetchone():
            conn.execute("INSERT INTO overrides (attempt_id, at) VALUES (?,?)", (aid, canon(a.overridden_at)))
            s.overrides_added += 1
            touched.add(a.question_id)
    return keys, touched


def _reviews_and_cards(conn, data: ProgressFile, keys: dict[str, int], s: MergeSummary) -> None:
    added_for: set[str] = set()
    for r in data.reviews:
        at = canon(r.reviewed_at)
        if conn.execute("SELECT 1 FROM review_log WHERE key=? AND reviewed_at=? AND rating=?",
                        (r.key, at, r.rating)).fetchone():
            continue
        conn.execute("INSERT INTO review_log (key, rating, reviewed_at, duration_ms, attempt_id) VALUES (?,?,?,?,?)",
                     (r.key, r.rating, at, r.duration_ms, keys.get(r.attempt or "")))
        s.reviews_added += 1
        added_for.add(r.key)
    for c in data.cards:
        local = conn.execute("SELECT card FROM cards WHERE key=?", (c.key,)).fetchone()
        if local is None:
            _put_card(conn, c.key, c.card, c.reps, c.lapses, canon(c.updated_at))
        elif c.key in added_for:
            _replay(conn, c.key)
        else:
            continue
        s.cards_changed += 1


def _put_card(conn, key: str, card: dict, reps: int, lapses: int, updated_at: str) -> None:
    from quizterm.store.db import iso

    due = iso(datetime.fromisoformat(card["due"]))
    conn.execute(
        "INSERT INTO cards (key, card, due, state, reps, lapses, updated_at) VALUES (?,?,?,?,?,?,?)"
        " ON CONFLICT(key) DO UPDATE SET card=excluded.card, due=excluded.due, state=excluded.state,"
        " reps=excluded.reps, lapses=excluded.lapses, updated_at=excluded.updated_at",
        (key, json.dumps(card, sort_keys=True), due, int(card.get("state", 1)), reps, lapses, updated_at))


def _replay(conn, key: str) -> None:
    """Rebuild a card reviewed on both machines from the merged review log, oldest review first."""
    from quizterm.quiz.scheduling import review

    card, reps, lapses, last = None, 0, 0, None
    for rating, at, ms in conn.execute("SELECT rating, reviewed_at, duration_ms FROM review_log WHERE key=?"
                                       " ORDER BY reviewed_at, id", (key,)).fetchall():
        when = datetime.fromisoformat(at)
        lapses += int(rating == 1 and card is not None and card.get("state") == 2)
        card, _log = review(card, rating, when, key=key, duration_ms=ms)
        reps, last = reps + 1, at
    if card is not None:
        _put_card(conn, key, card, reps, lapses, canon(last))


def _notebook(conn, data: ProgressFile, keys: dict[str, int], s: MergeSummary) -> None:
    for n in data.notebook:
        since = keys.get(n.since_attempt or "")
        if since is None:
            row = conn.execute("SELECT max(id) FROM attempts WHERE question_id=?", (n.question_id,)).fetchone()
            since = row[0] if row else None
        if since is None:
            s.notes.append(f"notebook entry {n.question_id} has no attempt; skipped")
            continue
        local = conn.execute("SELECT wrong_count, last_wrong_at FROM notebook WHERE question_id=?",
                             (n.question_id,)).fetchone()
        values = (n.lesson_id, _d(n.response), _d(n.instance), n.seed, _d(n.option_order),
                  json.dumps(sorted(set(n.correct_on))), int(n.leech), canon(n.first_wrong_at), canon(n.last_wrong_at), since)
        if local is None:
            conn.execute("INSERT INTO notebook (lesson_id, response, instance, seed, option_order, correct_on,"
                         " leech, first_wrong_at, last_wrong_at, since_attempt_id, wrong_count, question_id)"
                         " VALUES (?,?,?,?,?,?,?,?,?,?,?,?)", (*values, n.wrong_count, n.question_id))
        elif canon(n.last_wrong_at) > local[1]:
            count = max(local[0], n.wrong_count)
            conn.execute("UPDATE notebook SET lesson_id=?, response=?, instance=?, seed=?, option_order=?,"
                         " correct_on=?, leech=max(leech, ?), first_wrong_at=min(first_wrong_at, ?),"
                         " last_wrong_at=?, since_attempt_id=?, wrong_count=? WHERE question_id=?",
                         (*values, count, n.question_id))
        elif n.wrong_count > local[0]:
            conn.execute("UPDATE notebook SET wrong_count=?, leech=max(leech, ?) WHERE question_id=?",
                         (n.wrong_count, int(n.leech), n.question_id))
        else:
            continue
        s.notebook_changed += 1


def _reading(conn, data: ProgressFile, s: MergeSummary) -> None:
    for r in data.reading:
        local = conn.execute("SELECT position, sections, updated_at FROM reading WHERE lesson_id=?",
                             (r.lesson_id,)).fetchone()
        if local is None:
            merged, position, at = set(r.sections), r.position, canon(r.updated_at)
        else:
            merged = set(json.loads(local[1])) | set(r.sections)
            newer = canon(r.updated_at) > local[2]
            position, at = (r.position, canon(r.updated_at)) if newer else (local[0], local[2])
            if merged == set(json.loads(local[1])) and not newer:
                continue
        conn.execute("INSERT INTO reading (lesson_id, position, sections, updated_at) VALUES (?,?,?,?)"
                     " ON CONFLICT(lesson_id) DO UPDATE SET position=excluded.position,"
                     " sections=excluded.sections, updated_at=excluded.updated_at",
                     (r.lesson_id, position, json.dumps(sorted(merged), ensure_ascii=False), at))
        s.reading_changed += 1


def _settings(conn, data: ProgressFile, s: MergeSummary) -> None:
    for key, value in data.settings.items():
        cur = conn.execute("INSERT OR IGNORE INTO settings (key, value) VALUES (?,?)",
                           (key, json.dumps(value, ensure_ascii=False)))
        s.settings_added += cur.rowcount


def _recount(conn, questions: set[str]) -> None:
    """Per-question totals for questions that gained attempts: recomputed, not patched."""
    for qid in questions:
        conn.execute("DELETE FROM question_totals WHERE question_id=?", (qid,))
        conn.execute(
            "INSERT INTO question_totals (question_id, lesson_id, answered, correct, last_correct, last_at)"
            " SELECT a.question_id, max(a.lesson_id), count(*), sum(a.correct OR o.id IS NOT NULL),"
            "  (SELECT b.correct OR EXISTS (SELECT 1 FROM overrides p WHERE p.attempt_id = b.id)"
            "     FROM attempts b WHERE b.question_id = a.question_id ORDER BY b.answered_at DESC, b.id DESC"
            "     LIMIT 1),"
            "  max(a.answered_at)"
            " FROM attempts a LEFT JOIN overrides o ON o.attempt_id = a.id WHERE a.question_id=?"
            " GROUP BY a.question_id", (qid,))
