"""TUI fixtures: the sample lesson, a store, and a factory for apps under Pilot."""

from __future__ import annotations

import asyncio
import inspect
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from quizterm.settings import Settings

DATA = Path(__file__).parent / "data"


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem):
    """Run ``async def`` tests in a fresh event loop (no asyncio plugin needed for Pilot tests)."""
    if inspect.iscoroutinefunction(pyfuncitem.obj):
        args = {name: pyfuncitem.funcargs[name] for name in pyfuncitem._fixtureinfo.argnames}
        asyncio.run(pyfuncitem.obj(**args))
        return True
    return None


@pytest.fixture(scope="session")
def sample():
    """The sample lesson and question bank used by every TUI test."""
    from quizterm.content import load_content

    return load_content([DATA])


@dataclass
class _Reading:
    position: str | None = None
    sections_read: set[str] = field(default_factory=set)


class FakeStore:
    """Stands in for quizterm.store.Store until it exists (the tests switch to the real one then)."""

    def __init__(self):
        self.readings: dict[str, _Reading] = {}
        self.due: list[str] = []
        self.notes = 0

    def reading(self, lesson_id):
        r = self.readings.get(lesson_id, _Reading())
        return _Reading(r.position, set(r.sections_read))

    def save_reading(self, lesson_id, position, sections_read):
        self.readings[lesson_id] = _Reading(position, set(sections_read))

    def question_stats(self, lesson_id=None):
        return {}

    def due_cards(self, prefix="", now=None):
        return [k for k in self.due if k.startswith(prefix)]

    def notebook_count(self):
        return self.notes

    def close(self):
        pass


def _real_store_class():
    try:
        from quizterm.store import Store
    except ImportError:
        return None
    return Store


@pytest.fixture
def store(home, clock):
    """The real store when it exists, else the fake."""
    cls = _real_store_class()
    if cls is None:
        yield FakeStore()
        return
    s = cls.open(home / "progress.sqlite3", clock=clock)
    yield s
    s.close()


@pytest.fixture
def make_app(home, clock, sample, store):
    """Build an app over the sample lesson: ``make_app(lang="en", start="reader", ...)``."""
    from quizterm.tui.factory import build_app

    def make(*, lang="zh-TW", load=None, plain=False, **kwargs):
        settings = Settings(home=home, include_bundled=False, lang=lang, plain=plain)
        return build_app(settings, load=load or sample, store=kwargs.pop("store", store),
                         clock=clock, **kwargs)

    return make
