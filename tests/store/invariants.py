"""Cross-checks of a store file: integrity, and attempts vs schedule vs notebook vs totals."""

from __future__ import annotations

import json
import sqlite3
from collections import Counter, defaultdict

from quizterm.store.notebook import LEECH_AT


def expected_notebook(conn: sqlite3.Connection, clear_after: int = 2) -> dict[str, tuple[int, list[str], int]]:
    """Replay the notebook rules over every attempt (no overrides): qid -> (wrong_count, days, since)."""
    book: dict[str, tuple[int, list[str], int, str]] = {}
    for aid, qid, correct, at in conn.execute("SELECT id, question_id, correct, answered_at FROM attempts ORDER BY id"):
        day = at[:10]
        if not correct:
            if qid in book:
                n, _, since, last = book[qid]
                book[qid] = (n + 1, [], since, max(last, at))
            else:
                book[qid] = (1, [], aid, at)
        elif qid in book:
            n, days, since, last = book[qid]
            if day in days or day < last[:10]:
                continue
            days = days + [day]
            if len(days) >= clear_after:
                del book[qid]
            else:
                book[qid] = (n, days, since, last)
    return {q: (n, days, since) for q, (n, days, since, _) in book.items()}


def check_store_file(conn: sqlite3.Connection, *, replay_notebook: bool = True) -> None:
    """Assert everything that must hold after any crash. Raises AssertionError with the reason."""
    assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
    # Every scheduled attempt has exactly one review log row; card reps match the log.
    scheduled = Counter(r[0] for r in conn.execute("SELECT question_id FROM attempts WHERE scheduled=1"))
    per_attempt = conn.execute("SELECT count(*), count(DISTINCT attempt_id) FROM review_log WHERE attempt_id IS NOT NULL").fetchone()
    assert per_attempt[0] == per_attempt[1] == sum(scheduled.values())
    orphan = conn.execute("SELECT count(*) FROM review_log r JOIN attempts a ON a.id=r.attempt_id WHERE a.scheduled=0").fetchone()[0]
    assert orphan == 0
    logs = Counter(r[0] for r in conn.execute("SELECT key FROM review_log"))
    for key, reps in conn.execute("SELECT key, reps FROM cards"):
        assert reps == logs[key], (key, reps, logs[key])
        if key.startswith("q:"):
            assert reps == scheduled[key[2:]], (key, reps, scheduled[key[2:]])
    assert set(logs) == {r[0] for r in conn.execute("SELECT key FROM cards")}
    # Totals agree with the rows.
    overridden = {r[0] for r in conn.execute("SELECT attempt_id FROM overrides")}
    totals = defaultdict(lambda: [0, 0, None])
    for aid, qid, correct in conn.execute("SELECT id, question_id, correct FROM attempts ORDER BY id"):
        ok = bool(correct) or aid in overridden
        t = totals[qid]
        t[0] += 1
        t[1] += ok
        t[2] = ok
    got = {r[0]: [r[1], r[2], bool(r[3])] for r in
           conn.execute("SELECT question_id, answered, correct, last_correct FROM question_totals")}
    assert got == dict(totals), (got, dict(totals))
    days = conn.execute("SELECT coalesce(sum(answered),0) FROM daily_totals").fetchone()[0]
    assert days == sum(t[0] for t in totals.values())
    # Notebook: each entry's miss count is the (non-overridden) misses since it was filed.
    for qid, n, since, leech in conn.execute("SELECT question_id, wrong_count, since_attempt_id, leech FROM notebook"):
        misses = [r[0] for r in conn.execute("SELECT id FROM attempts WHERE question_id=? AND id>=? AND correct=0",
                                              (qid, since)) if r[0] not in overridden]
        assert n == len(misses) and n > 0, (qid, n, misses)
        assert bool(leech) == (n >= LEECH_AT)
    if replay_notebook and not overridden:
        row = conn.execute("SELECT value FROM settings WHERE key='notebook.clear_after_days'").fetchone()
        want = expected_notebook(conn, json.loads(row[0]) if row else 2)
        have = {r[0]: (r[1], json.loads(r[2]), r[3]) for r in
                conn.execute("SELECT question_id, wrong_count, correct_on, since_attempt_id FROM notebook")}
        assert have == want, (have, want)
    # Finished drills have their attempts; unfinished ones have none.
    for did, status in conn.execute("SELECT id, status FROM drills"):
        n = conn.execute("SELECT count(*) FROM attempts WHERE drill_id=?", (did,)).fetchone()[0]
        assert (n > 0) == (status == "done"), (did, status, n)
