"""`quizterm backup`, `restore` and `doctor`: one clear line each, right exit codes, no tracebacks."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from quizterm.cli import main
from quizterm.commands import doctor
from quizterm.i18n import Translator
from quizterm.store import Store

from .conftest import att

EN = ["--lang", "en"]


def _progress(home, clock, n=3):
    with Store.open(home / "progress.sqlite3", clock=clock, auto_backup=False) as s:
        for i in range(n):
            s.record_answer(att(f"q{i}"), schedule=True)


def test_backup_then_list(home, clock, capsys):
    _progress(home, clock)
    assert main(["backup", "--home", str(home), *EN]) == 0
    out = capsys.readouterr().out
    assert "verified" in out and "progress-" in out
    assert main(["backup", "--list", "--home", str(home), *EN]) == 0
    assert "manual" in capsys.readouterr().out


def test_backup_with_nothing_to_back_up(home, capsys):
    assert main(["backup", "--home", str(home), *EN]) == 1
    err = capsys.readouterr().err
    assert "nothing to back up" in err and "Traceback" not in err


def test_restore_latest_verified_backup(home, clock, capsys):
    _progress(home, clock, 2)
    assert main(["backup", "--home", str(home), *EN]) == 0
    _progress(home, clock, 5)  # more answers after the backup
    assert main(["restore", "--home", str(home), *EN]) == 0
    out = capsys.readouterr().out
    assert "2 answers" in out and "before-restore" in out
    with Store.open(home / "progress.sqlite3", read_only=True) as s:
        assert s.attempt_count() == 2


def test_restore_refuses_bad_file_and_no_backups(home, tmp_path, capsys):
    assert main(["restore", "--home", str(home), *EN]) == 1
    assert "No verified backup" in capsys.readouterr().err
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"hello")
    assert main(["restore", str(junk), "--home", str(home), *EN]) == 1
    assert "Cannot restore" in capsys.readouterr().err
    assert main(["restore", str(tmp_path / "nope"), "--home", str(home), *EN]) == 1


def test_restore_refuses_while_another_instance_runs(home, clock):
    _progress(home, clock)
    assert main(["backup", "--home", str(home)]) == 0
    holder = textwrap.dedent("""
        import sys
        from quizterm.store import Store
        s = Store.open(sys.argv[1], exclusive=True, auto_backup=False)
        print("ready", flush=True)
        sys.stdin.readline()
    """)
    proc = subprocess.Popen([sys.executable, "-c", holder, str(home / "progress.sqlite3")],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "ready"
        out = subprocess.run([sys.executable, "-m", "quizterm", "restore", "--home", str(home), *EN],
                             capture_output=True, text=True, timeout=30)
    finally:
        proc.stdin.close()
        proc.wait(timeout=10)
    assert out.returncode == 1
    assert f"PID {proc.pid}" in out.stderr and "Traceback" not in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1


def test_doctor_flags_damaged_store_and_missing_backup(home, clock, capsys):
    _progress(home, clock)
    (home / "progress.sqlite3").write_bytes(b"\x00" * 4096)
    assert main(["doctor", "--home", str(home), "--no-bundled", *EN]) == 1
    out = capsys.readouterr().out
    assert "damaged" in out and "quizterm restore" in out and "quizterm backup" in out
    assert (home / "progress.sqlite3").exists()  # doctor only looks; it never moves files


def test_doctor_explains_an_empty_store_in_the_ui_language(home, clock, capsys):
    _progress(home, clock)
    (home / "progress.sqlite3").write_bytes(b"")
    assert main(["doctor", "--home", str(home), "--no-bundled"]) == 1  # zh-TW, the default
    out = capsys.readouterr().out
    assert "檔案是空的（0 位元組）" in out and "the file is empty" not in out


def test_doctor_reports_content_problems(home, tmp_path, capsys):
    content = tmp_path / "content"
    content.mkdir()
    (content / "broken.yaml").write_text("lesson: [unclosed\n", encoding="utf-8")
    assert main(["doctor", "--home", str(home), "--no-bundled", "--content", str(content), *EN]) == 1
    out = capsys.readouterr().out
    assert "quizterm validate" in out and "1 problems" in out


def test_doctor_store_and_backup_checks_pass_when_healthy(home, clock, settings):
    _progress(home, clock)
    with Store.open(home / "progress.sqlite3", clock=clock) as s:
        s.backup()
    tr = Translator("en")
    findings = doctor.check_store(settings, tr) + doctor.check_backups(settings, tr)
    assert [f.fix for f in findings] == [None, None]
    assert "3 answers" in findings[0].text and "verified: yes" in findings[1].text


@pytest.mark.parametrize("env,expected", [
    ({"TERM": "xterm-256color"}, "256"), ({"TERM": "xterm", "COLORTERM": "truecolor"}, "truecolor"),
    ({"TERM": "xterm-256color", "NO_COLOR": "1"}, "none"), ({"TERM": "dumb"}, "none"), ({"TERM": "linux"}, "8"),
])
def test_doctor_colour_guess(env, expected):
    assert doctor.colours(env) == expected


def test_doctor_terminal_advice_is_advice_only():
    class NotTty:
        def isatty(self):
            return False

    found = doctor.check_terminal(Translator("en"), env={"TERM": "dumb", "NO_COLOR": "1"}, stdin=NotTty(), stdout=NotTty())
    assert all(f.fix is None for f in found)
    notes = " ".join(f.note for f in found if f.note)
    assert "needs a terminal" in notes and "Set TERM" in notes
    assert "NO_COLOR yes" in found[0].text


def test_restore_over_a_damaged_database(home, clock, capsys):
    _progress(home, clock, 4)
    assert main(["backup", "--home", str(home), *EN]) == 0
    (home / "progress.sqlite3").write_bytes(b"garbage" * 700)
    assert main(["restore", "--home", str(home), *EN]) == 0
    assert "4 answers" in capsys.readouterr().out
    kept = [p for p in home.iterdir() if "before-restore" in p.name]
    assert kept and kept[0].read_bytes() == b"garbage" * 700  # the damaged file is kept, not overwritten
