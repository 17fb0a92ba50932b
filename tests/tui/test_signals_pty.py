"""The real app in a pseudo-terminal: signals and quit keys leave the terminal restored."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import time

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pty")

ALT_OFF = b"\x1b[?1049l"
CURSOR_ON = b"\x1b[?25h"
MOUSE_OFF = b"\x1b[?1000l"


class PtyApp:
    """``python -m quizterm`` on the slave side of a pty sized 80x24."""

    def __init__(self, home, *args: str):
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        env = dict(os.environ, QUIZTERM_HOME=str(home), TERM="xterm-256color", COLUMNS="80", LINES="24")
        env.pop("NO_COLOR", None)
        env.pop("TEXTUAL", None)
        self.proc = subprocess.Popen([sys.executable, "-m", "quizterm", *args], stdin=slave, stdout=slave,
                                     stderr=slave, env=env, start_new_session=True, close_fds=True)
        os.close(slave)
        self.out = b""

    def read_until(self, predicate, timeout: float) -> bool:
        """Read output until ``predicate(out)`` holds, EOF, or the timeout (a bound, not a wait)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if predicate(self.out):
                return True
            ready, _, _ = select.select([self.master], [], [], 0.1)
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:  # EIO: the child closed the terminal
                    return predicate(self.out)
                if not chunk:
                    return predicate(self.out)
                self.out += chunk
        return predicate(self.out)

    def first_frame(self) -> None:
        # "Cards due today" appears once the store is open, right after the first frame.
        assert self.read_until(lambda o: b"\x1b[?1049h" in o and "今天到期".encode() in o, 20), self.out[-400:]

    def finish(self) -> int:
        self.read_until(lambda o: False if self.proc.poll() is None else True, 10)
        self.read_until(lambda o: False, 0.3)  # drain what is left
        try:
            return self.proc.wait(timeout=10)
        finally:
            os.close(self.master)

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


def assert_restored(out: bytes) -> None:
    tail = out[out.rfind(b"\x1b[?1049h"):]
    assert ALT_OFF in tail and CURSOR_ON in tail and MOUSE_OFF in tail, tail[-300:]
    assert tail.rfind(CURSOR_ON) > tail.rfind(b"\x1b[?25l")  # the cursor was shown last
    assert tail.rfind(ALT_OFF) > tail.rfind(b"\x1b[?1049h")
    assert b"Traceback" not in out


@pytest.mark.parametrize("how", ["SIGTERM", "SIGHUP", "ctrl+c", "ctrl+q"])
def test_terminal_restored_after(how, tmp_path):
    app = PtyApp(tmp_path / "home")
    try:
        app.first_frame()
        if how.startswith("SIG"):
            os.kill(app.proc.pid, getattr(signal, how))
        else:
            os.write(app.master, {"ctrl+c": b"\x03", "ctrl+q": b"\x11"}[how])
        code = app.finish()
    finally:
        app.kill()
    assert_restored(app.out)
    if how.startswith("SIG"):
        assert code == 128 + getattr(signal, how)
    else:
        assert code == 0
    assert (tmp_path / "home" / "progress.sqlite3").exists()


def test_second_instance_says_another_is_running(tmp_path):
    from quizterm.store import Store

    home = tmp_path / "home"
    with Store.open(home / "progress.sqlite3", exclusive=True):
        app = PtyApp(home)
        try:
            code = app.finish()
        finally:
            app.kill()
    assert code == 1
    assert_restored(app.out)
    tail = app.out[app.out.rfind(ALT_OFF):].decode("utf-8", "replace")
    assert f"PID {os.getpid()}" in tail and tail.count("quizterm: ") == 1


def test_a_lost_terminal_ends_the_app(tmp_path):
    """The terminal window closes without a SIGHUP reaching us: the app must not spin forever."""
    app = PtyApp(tmp_path / "home")
    try:
        app.first_frame()
        os.close(app.master)
        code = app.proc.wait(timeout=15)  # a bound: the watchdog checks once a second
    finally:
        app.kill()
    assert code == 128 + signal.SIGHUP
