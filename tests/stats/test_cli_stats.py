"""`quizterm stats`: text without colour when piped or NO_COLOR, --json for scripts, one-line errors."""

from __future__ import annotations

import json

from quizterm.cli import main
from quizterm.store import Attempt, Store


def _seed_home(home, bundled):
    q = next(iter(bundled.bank.questions.values()))
    with Store.open(home / "progress.sqlite3", auto_backup=False) as store:
        store.record_answer(Attempt(q.id, bundled.bank.lesson_of_question[q.id], "practice", 0, True, time_ms=5000),
                            schedule=True)


def test_stats_json(home, bundled, capsys):
    _seed_home(home, bundled)
    assert main(["stats", "--json", "--utc"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["totals"]["answered"] == 1 and data["streak"]["current"] == 1
    assert data["retention"]["cards"] == 1


def test_stats_text_with_no_color(home, bundled, capsys, monkeypatch):
    _seed_home(home, bundled)
    monkeypatch.setenv("NO_COLOR", "1")
    assert main(["--lang", "en", "stats"]) == 0
    out = capsys.readouterr().out
    assert "Answers given 1 · right 1 (100%)" in out and "\x1b" not in out


def test_damaged_store_is_one_line(home, capsys):
    home.mkdir(parents=True, exist_ok=True)
    (home / "progress.sqlite3").write_bytes(b"this is not sqlite" * 100)
    assert main(["stats"]) == 1  # a store error: exit 1, like restore and import progress
    err = capsys.readouterr().err
    assert err.startswith("quizterm: ") and err.count("\n") == 1 and "Traceback" not in err
    assert "不是 SQLite 資料庫" in err and "is damaged" not in err  # in the UI language, reason included
