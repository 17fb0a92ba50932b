"""Store at scale: 1,000,000 recorded answers; times start-up, home counts, notebook and statistics.

Run: python benchmarks/store.py [--answers N] [--dir DIR]
Every figure is also printed as a ratio to a bare ``SELECT count(*) FROM attempts`` in the same
run, so the numbers compare across machines.
"""

from __future__ import annotations

import argparse
import json
import random
import sqlite3
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

from quizterm.clock import FakeClock
from quizterm.store import Store
from quizterm.store.db import iso

LESSONS, QUESTIONS_PER_LESSON, CARDS = 20, 40, 2000


def fill(path: Path, answers: int, now: datetime) -> float:
    """Create the store, then insert ``answers`` attempts (executemany, one transaction)."""
    Store.open(path, clock=FakeClock(wall=now), auto_backup=False).close()
    rng = random.Random(0)
    start = now - timedelta(days=3 * 365)
    step = (now - start) / answers
    conn = sqlite3.connect(path, isolation_level=None)
    t0 = time.perf_counter()
    conn.execute("BEGIN IMMEDIATE")

    def rows():
        for i in range(answers):
            lesson = rng.randrange(LESSONS)
            qid = f"l{lesson}-q{rng.randrange(QUESTIONS_PER_LESSON)}"
            ok = rng.random() < 0.7
            mode = rng.choice(("practice", "practice", "notebook", "drill", "cram"))
            inst = json.dumps({"question_id": qid, "seed": i, "choices": ["甲", "乙", "丙", "丁"], "option_order": [2, 0, 3, 1]})
            yield (qid, f"l{lesson}", mode, json.dumps({"pick": rng.randrange(4)}), int(ok), i, "[2,0,3,1]", inst,
                   rng.randrange(1000, 60000), None if ok or rng.random() < 0.5 else f"p{rng.randrange(5)}",
                   None, int(mode in ("practice", "notebook")), iso(start + step * i))

    conn.executemany("INSERT INTO attempts (question_id, lesson_id, mode, response, correct, seed, option_order,"
                     " instance, time_ms, misconception, drill_id, scheduled, answered_at)"
                     " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)", rows())
    conn.execute("INSERT INTO question_totals SELECT question_id, lesson_id, count(*), sum(correct), 0, max(answered_at)"
                 " FROM attempts GROUP BY question_id")
    conn.execute("INSERT INTO daily_totals SELECT substr(answered_at,1,10), mode, count(*), sum(correct), sum(time_ms)"
                 " FROM attempts GROUP BY 1, 2")
    for k in range(CARDS):
        due = now + timedelta(hours=rng.randrange(-200, 2000))
        card = {"card_id": k, "state": 2, "step": None, "stability": 10.0, "difficulty": 5.0,
                "due": due.isoformat(), "last_review": (due - timedelta(days=10)).isoformat()}
        conn.execute("INSERT INTO cards VALUES (?,?,?,2,5,0,?)", (f"term:l{k % LESSONS}/t{k}:fwd", json.dumps(card),
                                                                  iso(due), iso(now)))
    conn.executemany("INSERT INTO review_log (key, rating, reviewed_at, duration_ms) VALUES (?,?,?,?)",
                     ((f"term:l{k % LESSONS}/t{k % CARDS}:fwd", 3, iso(start + step * k * 5), 4000)
                      for k in range(answers // 5)))
    conn.execute("INSERT INTO notebook SELECT question_id, lesson_id, response, instance, seed, option_order, 2, '[]',"
                 " 0, answered_at, answered_at, id FROM attempts WHERE correct=0 AND id > ?"
                 " GROUP BY question_id", (answers - 2000,))
    conn.execute("COMMIT")
    conn.close()
    return time.perf_counter() - t0


def timed(fn, repeat: int = 5) -> float:
    """Best of ``repeat`` runs, in seconds."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--answers", type=int, default=1_000_000)
    ap.add_argument("--dir", type=Path, default=None)
    ap.add_argument("--keep", type=Path, default=None, metavar="DB",
                    help="fill DB once and keep it; later runs reuse it (skips the fill)")
    args = ap.parse_args()
    now = datetime(2026, 6, 1, 12, tzinfo=timezone.utc)
    clock = FakeClock(wall=now)
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        path = args.keep or Path(tmp) / "progress.sqlite3"
        if not path.exists():
            fill_s = fill(path, args.answers, now)
            print(f"filled {args.answers:,} answers in {fill_s:.1f} s")
        print(f"file {path.stat().st_size / 2**20:.0f} MiB")

        raw = sqlite3.connect(path)
        base = timed(lambda: raw.execute("SELECT count(*) FROM attempts").fetchone())
        raw.close()
        figures: list[tuple[str, float]] = []

        opened = []

        def opening():
            opened.append(Store.open(path, clock=clock, exclusive=True, auto_backup=False))

        def closing():
            opened.pop().close(wait_s=0)

        def full_check():
            s = Store.open(path, clock=clock, auto_backup=False)
            s.wait_background()
            s.close()

        for _ in range(3):
            figures.append(("open (header, checks, schema, lock)", timed(opening, 1)))
            closing()
        figures[:] = [min(figures, key=lambda f: f[1])]
        figures.append(("  full quick_check (background for big files)", timed(full_check, 1)))
        store = Store.open(path, clock=clock, auto_backup=False)
        figures.append(("home counts (answers, due cards, notebook, per-lesson stats)", timed(lambda: (
            store.attempt_count(), store.due_count(), store.notebook_count(), store.question_stats("l3")))))
        figures.append(("notebook (all entries, leeches first)", timed(lambda: store.notebook())))
        figures.append(("question_stats (all questions)", timed(lambda: store.question_stats())))
        figures.append(("daily_stats (all days)", timed(lambda: store.daily_stats())))
        figures.append(("attempts of one question (history)", timed(lambda: store.attempts(question_id="l3-q7"))))
        figures.append(("latest 50 attempts", timed(lambda: store.attempts(limit=50))))
        figures.append(("due cards queue", timed(lambda: store.due_cards())))
        try:
            from quizterm.stats import queries
        except ImportError:
            queries = None
        if queries is not None:
            conn = store.connection
            figures.append(("stats: hourly activity, last 8 weeks",
                            timed(lambda: queries.hourly_activity(conn, now - timedelta(weeks=8)))))
            figures.append(("stats: pitfall counts", timed(lambda: queries.misconception_counts(conn))))
            figures.append(("stats: first activity", timed(lambda: queries.first_activity(conn))))
        from quizterm.store.attempts import Attempt
        figures.append(("record one answer (schedule + notebook, fsync)", timed(lambda: store.record_answer(
            Attempt("l1-q1", "l1", "practice", 1, False, seed=1), schedule=True), 5)))
        figures.append(("verified backup (backup API + integrity_check)", timed(lambda: store.backup(), 1)))
        store.close()

        print(f"reference: SELECT count(*) FROM attempts = {base * 1000:.1f} ms")
        width = max(len(n) for n, _ in figures)
        for name, sec in figures:
            print(f"  {name:<{width}}  {sec * 1000:9.1f} ms  {sec / base:7.2f}x count(*)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
