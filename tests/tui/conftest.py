"""TUI fixtures: the sample lesson, a store, and a factory for apps under Pilot."""

from __future__ import annotations

import asyncio
import inspect
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


@pytest.fixture
def store(home, clock):
    """A fresh progress store on the fake clock."""
    from quizterm.store import Store

    s = Store.open(home / "progress.sqlite3", clock=clock)
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
