"""The default verb: refuses without a terminal, turns store problems into one line."""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

import pytest

from quizterm.commands import open_tui
from quizterm.settings import Settings


def test_refuses_without_a_terminal(tmp_path):
    env_home = tmp_path / "home"
    out = subprocess.run([sys.executable, "-m", "quizterm"], stdin=subprocess.DEVNULL,
                         capture_output=True, text=True, env={"QUIZTERM_HOME": str(env_home), "PATH": "/usr/bin"})
    assert out.returncode == 1
    assert out.stdout == ""
    assert out.stderr.count("\n") == 1 and out.stderr.startswith("quizterm: ")
    assert "TTY" in out.stderr or "終端機" in out.stderr
    assert not env_home.exists()  # nothing was opened or created


def _store_error(name: str):
    from quizterm import store

    cls = getattr(store, name)
    if name == "StoreLocked":
        return cls(4242)
    if name == "StoreTooNew":
        return cls(99, 1, Path("/x/progress.sqlite3"))
    return cls.__new__(cls)


@pytest.mark.parametrize("name,needle", [
    ("StoreLocked", "PID 4242"),
    ("StoreTooNew", "newer quizterm"),
    ("StoreDamaged", "damaged"),
])
def test_store_problems_are_one_line(name, needle, monkeypatch, capsys, home):
    import quizterm.tui.factory as factory

    exc = _store_error(name)
    if name == "StoreDamaged":
        exc.moved_to, exc.backups = Path("/x/progress.sqlite3.damaged"), ["b1"]

    def fail(settings, clock):
        raise exc

    monkeypatch.setattr(open_tui, "_is_terminal", lambda: True)
    monkeypatch.setattr(factory, "open_store", fail)
    code = open_tui.run(argparse.Namespace(), Settings(home=home, lang="en"))
    err = capsys.readouterr().err
    assert code == 1 and err.count("\n") == 1 and needle in err and "Traceback" not in err
    if name == "StoreDamaged":
        assert "quizterm restore" in err and "/x/progress.sqlite3.damaged" in err
