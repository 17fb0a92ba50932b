"""The default verb: refuses without a terminal, turns store problems into one line."""

from __future__ import annotations

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
def test_store_problems_are_one_line(name, needle):
    exc = _store_error(name)
    if name == "StoreDamaged":
        exc.moved_to, exc.backups = Path("/x/progress.sqlite3.damaged"), ["b1"]
    message = open_tui._store_message(exc, Settings(lang="en"))
    assert "\n" not in message and needle in message
    if name == "StoreDamaged":
        assert "quizterm restore" in message and "/x/progress.sqlite3.damaged" in message


async def test_store_error_after_the_first_frame_ends_the_app(settings, clock):
    from quizterm.store import StoreLocked
    from quizterm.tui.factory import build_app
    from quizterm.tui.loading import PendingLoad

    def locked():
        raise StoreLocked(4242)

    app = build_app(settings, clock=clock, defer_load=True)
    app._pending = PendingLoad(app._pending.loader, locked)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(100):  # a bound on frames, not a timer
            if app.store_error is not None:
                break
            await pilot.pause()
    assert isinstance(app.store_error, StoreLocked) and app.return_code == 1 and app.store is None


async def test_deferred_load_fills_the_home_screen(settings, clock):
    from textual.widgets import OptionList

    from quizterm.tui.factory import build_app

    app = build_app(settings, clock=clock, defer_load=True, start="lab")
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.loading or app.bank.lessons
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert not app.loading and app.store is not None
        assert app.store.due_cards() == [] and app.store.notebook_count() == 0  # usable from the UI thread
        assert type(app.screen).__name__ == "LabScreen"  # the start screen opens once loaded
        home = app.screen_stack[1]
        lessons = home.query_one("#home-lessons", OptionList)
        assert lessons.option_count == len(app.bank.lessons) >= 1
    app.store.close()
