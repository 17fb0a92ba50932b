"""The schema as forward migrations: a list of SQL steps; version N = the first N steps applied."""

from __future__ import annotations

import sqlite3

from quizterm.store.errors import StoreTooNew

# Never edit a released step: add a new one. Each step runs inside the migration's transaction.
MIGRATIONS: list[list[str]] = [
    # 1: the original tables.
    [
        "CREATE TABLE attempts ("
        " id INTEGER PRIMARY KEY,"
        " question_id TEXT NOT NULL, lesson_id TEXT NOT NULL,"
        " mode TEXT NOT NULL CHECK (mode IN ('practice','drill','notebook','cram')),"
        " response TEXT NOT NULL, correct INTEGER NOT NULL CHECK (correct IN (0,1)),"
        " seed INTEGER, option_order TEXT, instance TEXT,"
        " time_ms INTEGER NOT NULL CHECK (time_ms >= 0), misconception TEXT,"
        " drill_id INTEGER REFERENCES drills(id),"
        " scheduled INTEGER NOT NULL DEFAULT 0, answered_at TEXT NOT NULL)",
        "CREATE TABLE overrides ("
        " id INTEGER PRIMARY KEY, attempt_id INTEGER NOT NULL UNIQUE REFERENCES attempts(id),"
        " at TEXT NOT NULL)",
        "CREATE TABLE cards ("
        " key TEXT PRIMARY KEY, card TEXT NOT NULL, due TEXT NOT NULL, state INTEGER NOT NULL,"
        " reps INTEGER NOT NULL DEFAULT 0, lapses INTEGER NOT NULL DEFAULT 0, updated_at TEXT NOT NULL)",
        "CREATE TABLE review_log ("
        " id INTEGER PRIMARY KEY, key TEXT NOT NULL, rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 4),"
        " reviewed_at TEXT NOT NULL, duration_ms INTEGER,"
        " attempt_id INTEGER REFERENCES attempts(id))",
        "CREATE TABLE notebook ("
        " question_id TEXT PRIMARY KEY, lesson_id TEXT NOT NULL, response TEXT, instance TEXT,"
        " seed INTEGER, option_order TEXT, wrong_count INTEGER NOT NULL,"
        " correct_on TEXT NOT NULL DEFAULT '[]', leech INTEGER NOT NULL DEFAULT 0,"
        " first_wrong_at TEXT NOT NULL, last_wrong_at TEXT NOT NULL,"
        " since_attempt_id INTEGER NOT NULL REFERENCES attempts(id))",
        "CREATE TABLE reading ("
        " lesson_id TEXT PRIMARY KEY, position TEXT, sections TEXT NOT NULL DEFAULT '[]',"
        " updated_at TEXT NOT NULL)",
        "CREATE TABLE drills ("
        " id INTEGER PRIMARY KEY, spec TEXT NOT NULL, items TEXT NOT NULL,"
        " elapsed_s REAL NOT NULL DEFAULT 0, duration_s REAL NOT NULL,"
        " status TEXT NOT NULL CHECK (status IN ('active','done','abandoned')),"
        " result TEXT, started_at TEXT NOT NULL, finished_at TEXT)",
        "CREATE TABLE drill_answers ("
        " drill_id INTEGER NOT NULL REFERENCES drills(id), idx INTEGER NOT NULL,"
        " response TEXT, answered INTEGER NOT NULL DEFAULT 0, flagged INTEGER NOT NULL DEFAULT 0,"
        " question_s REAL, PRIMARY KEY (drill_id, idx))",
        "CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
        "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
        "CREATE INDEX attempts_question ON attempts(question_id)",
    ],
    # 2: per-question totals (kept in the answer's transaction) and indexes, so a million
    # attempts keep start-up, home counts, the notebook and the statistics fast.
    [
        "CREATE TABLE question_totals ("
        " question_id TEXT PRIMARY KEY, lesson_id TEXT NOT NULL,"
        " answered INTEGER NOT NULL, correct INTEGER NOT NULL,"
        " last_correct INTEGER NOT NULL, last_at TEXT NOT NULL)",
        "INSERT INTO question_totals (question_id, lesson_id, answered, correct, last_correct, last_at)"
        " SELECT a.question_id, a.lesson_id, count(*),"
        "  sum(a.correct OR o.id IS NOT NULL),"
        "  (SELECT b.correct OR EXISTS (SELECT 1 FROM overrides p WHERE p.attempt_id = b.id)"
        "     FROM attempts b WHERE b.question_id = a.question_id ORDER BY b.id DESC LIMIT 1),"
        "  max(a.answered_at)"
        " FROM attempts a LEFT JOIN overrides o ON o.attempt_id = a.id GROUP BY a.question_id",
        "DROP INDEX attempts_question",
        "CREATE INDEX attempts_question ON attempts(question_id, id)",
        "CREATE INDEX attempts_lesson ON attempts(lesson_id, id)",
        "CREATE INDEX attempts_time ON attempts(answered_at)",
        "CREATE INDEX attempts_drill ON attempts(drill_id) WHERE drill_id IS NOT NULL",
        "CREATE INDEX question_totals_lesson ON question_totals(lesson_id)",
        "CREATE TABLE daily_totals ("
        " day TEXT NOT NULL, mode TEXT NOT NULL, answered INTEGER NOT NULL, correct INTEGER NOT NULL,"
        " time_ms INTEGER NOT NULL, PRIMARY KEY (day, mode))",
        "INSERT INTO daily_totals (day, mode, answered, correct, time_ms)"
        " SELECT substr(answered_at, 1, 10), mode, count(*), sum(correct), sum(time_ms)"
        " FROM attempts GROUP BY 1, 2",
        "CREATE INDEX cards_due ON cards(due)",
        "CREATE INDEX review_log_key ON review_log(key, id)",
        "CREATE INDEX review_log_attempt ON review_log(attempt_id) WHERE attempt_id IS NOT NULL",
        "CREATE INDEX notebook_order ON notebook(leech DESC, last_wrong_at DESC)",
        "CREATE INDEX drills_status ON drills(status, id)",
    ],
    # 3: covering indexes for the statistics screen (activity by hour, pitfalls, first activity).
    [
        "DROP INDEX attempts_time",
        "CREATE INDEX attempts_time ON attempts(answered_at, time_ms)",
        "CREATE INDEX attempts_misconception ON attempts(lesson_id, misconception)"
        " WHERE misconception IS NOT NULL",
        "CREATE INDEX review_log_time ON review_log(reviewed_at)",
    ],
]

CURRENT_VERSION = len(MIGRATIONS)


def user_tables(conn: sqlite3.Connection) -> set[str]:
    """Names of the tables in the database (sqlite_* internals excluded)."""
    rows = conn.execute("SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%'")
    return {r[0] for r in rows}


def read_version(conn: sqlite3.Connection) -> int | None:
    """The schema version; 0 for an empty database, None for one that is not quizterm's."""
    tables = user_tables(conn)
    if not tables:
        return 0
    if "schema_version" not in tables:
        return None
    row = conn.execute("SELECT max(version) FROM schema_version").fetchone()
    return int(row[0]) if row and row[0] is not None else None


def check_not_too_new(version: int, path) -> None:
    """Raise StoreTooNew if ``version`` is beyond what this quizterm knows."""
    if version > current_version():
        raise StoreTooNew(version, current_version(), path)


def current_version() -> int:
    """The version this code writes (the number of migration steps)."""
    return len(MIGRATIONS)


def migrate(conn: sqlite3.Connection, start: int, target: int | None = None) -> None:
    """Apply steps start+1..target (default: all) in ONE transaction (all or nothing)."""
    target = current_version() if target is None else target
    if start >= target:
        return
    conn.execute("BEGIN IMMEDIATE")
    try:
        if start == 0:
            conn.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
            conn.execute("INSERT INTO schema_version (version) VALUES (0)")
        for step in MIGRATIONS[start:target]:
            for sql in step:
                conn.execute(sql)
        conn.execute("UPDATE schema_version SET version = ?", (target,))
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
