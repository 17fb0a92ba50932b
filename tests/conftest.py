"""Shared fixtures: an isolated home folder, a fake clock, and the bundled content."""

from __future__ import annotations

import pytest

from quizterm.clock import FakeClock
from quizterm.settings import Settings


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path, monkeypatch):
    """No test ever touches the real user data dir."""
    home = tmp_path / "home"
    monkeypatch.setenv("QUIZTERM_HOME", str(home))
    monkeypatch.delenv("NO_COLOR", raising=False)
    return home


@pytest.fixture
def home(_isolated_home):
    return _isolated_home


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def settings(home) -> Settings:
    return Settings(home=home)


@pytest.fixture(scope="session")
def bundled():
    """The bundled content, loaded once per test session."""
    from quizterm.content import load_content
    from quizterm.settings import bundled_content_dirs

    return load_content(bundled_content_dirs())
