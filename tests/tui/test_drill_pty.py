"""In a real pseudo-terminal: `quizterm drill`, answer and flag, kill -9 the terminal's app, start again, resume."""

from __future__ import annotations

import os
import re
import select
import signal
import sqlite3
import sys
import time
from pathlib import Path

import pytest

pty = pytest.importorskip("pty")
DATA = Path(__file__).parent / "data_study"
ANSI = re.compile(r"\x1b\[[0-9;?]*[a-zA-Z]|\x1b\][^\x07]*\x07|\x1b[()][A-Z0-9]|\x1b[=>]")


def _spawn(home: Path, *args: str) -> tuple[int, int]:
    pid, fd = pty.fork()
    if pid == 0:  # the child: quizterm on the terminal
        os.environ.update({"TERM": "xterm-256color", "QUIZTERM_HOME": str(home), "COLUMNS": "120", "LINES": "40"})
        os.execvp(sys.executable, [sys.executable, "-m", "quizterm", "--lang", "en", "--no-bundled",
                                   "--content", str(DATA), "drill", *args])
    return pid, fd


def _until(fd: int, pattern: str, timeout: float = 30.0) -> str:
    """Read the terminal until ``pattern`` shows (escape codes removed) or fail after ``timeout``."""
    seen, end = "", time.monotonic() + timeout
    while time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            try:
                seen += os.read(fd, 65536).decode("utf-8", "replace")
            except OSError:
                break
            if re.search(pattern, ANSI.sub("", seen)):
                return ANSI.sub("", seen)
    raise AssertionError(f"{pattern!r} never appeared; last output: {ANSI.sub('', seen)[-400:]!r}")


def _exit_code(pid: int, fd: int, timeout: float = 30.0) -> int:
    """Keep reading the terminal (a full pty would block the app's last writes) until the app exits."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return os.waitstatus_to_exitcode(status)
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            try:
                os.read(fd, 65536)
            except OSError:
                pass
    raise AssertionError("the app did not exit")


def _saved(home: Path) -> list[tuple]:
    with sqlite3.connect(home / "progress.sqlite3") as conn:
        return conn.execute("SELECT idx, answered, flagged FROM drill_answers ORDER BY idx").fetchall()


def _wait_for(home: Path, want, timeout: float = 15.0) -> None:
    """Poll the store (the app writes it, not the screen) until ``want(rows)`` holds."""
    end, rows = time.monotonic() + timeout, []
    while time.monotonic() < end:
        rows = _saved(home)
        if want(rows):
            return
        time.sleep(0.05)
    raise AssertionError(f"the store never showed it: {rows}")


@pytest.mark.slow
def test_kill_the_terminal_then_resume(home):
    home.mkdir(parents=True, exist_ok=True)
    pid, fd = _spawn(home, "--count", "4", "--minutes", "2", "--seed", "3")
    try:
        _until(fd, r"Question 1 / 4")
        os.write(fd, b"\x06")  # ctrl+f: flag question 1
        _wait_for(home, lambda rows: rows == [(0, 0, 1)])
        os.write(fd, b"\x0e")  # ctrl+n: next question
        _until(fd, r"Question 2 / 4")
        os.write(fd, b"\x0e")
        _until(fd, r"Question 3 / 4")  # a single-choice question with seed 3
        os.write(fd, b"2")
        _wait_for(home, lambda rows: (2, 1, 0) in rows)
    finally:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(fd)
    pid, fd = _spawn(home, "--count", "4")
    try:
        text = _until(fd, r"left\s")
        assert "unfinished drill" in text and "1 of 4 answered" in text
        os.write(fd, b"\x12")  # ctrl+r: resume (letters do not, so a stray key cannot start it)
        _until(fd, r"answered 1 · flagged 1")
        os.write(fd, b"\x11")  # ctrl+q: quit cleanly, the drill stays resumable
        assert _exit_code(pid, fd) == 0
    finally:
        try:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass
        os.close(fd)
    assert _saved(home) == [(0, 0, 1), (2, 1, 0)]
