"""build_app: the one factory that builds QuiztermApp for the command line and for tests."""

from __future__ import annotations

from typing import Any

from quizterm.clock import Clock, SystemClock
from quizterm.settings import Settings

__all__ = ["build_app", "load_for", "open_store"]


def load_for(settings: Settings):
    """Load the content folders that ``settings`` names (bundled first, then ``--content``)."""
    from quizterm.content import load_content

    return load_content(settings.all_content_dirs(), cache_dir=settings.cache_dir)


def open_store(settings: Settings, clock: Clock):
    """Open the progress store at ``settings.db_path`` (None while no store package exists).

    Raises:
        quizterm.store.StoreError: locked by another instance, too new, or damaged.
    """
    try:
        from quizterm.store import Store
    except ImportError:  # the store is built in parallel; the app runs without progress until then
        return None
    return Store.open(settings.db_path, clock=clock, exclusive=True)  # one TUI per store


def build_app(settings: Settings, *, load=None, store=None, clock: Clock | None = None,
              start: str = "home", start_args: dict[str, Any] | None = None, defer_load: bool = False):
    """Build the app.

    Args:
        settings: language, content folders and home folder.
        load: a ``LoadResult``; loaded from ``settings`` when None.
        store: a ``Store``; opened from ``settings.db_path`` when None.
        clock: a ``Clock``; the system clock when None.
        start: the registry name of the first screen (home stays beneath it).
        start_args: keyword arguments for the first screen.
        defer_load: with ``load`` None, paint the home screen first, then open the store (when
            ``store`` is None) and load the content in a thread; a store error ends the app with
            ``app.store_error`` set (the command line does this; tests pass ``load``).

    Returns:
        A ``QuiztermApp`` ready to ``run()`` (or ``run_test()``).
    """
    from quizterm.tui.app import QuiztermApp

    clock = clock or SystemClock()
    if load is None and defer_load:
        from quizterm.tui.loading import PendingLoad

        # The store opens in the same thread, first; its errors end the app with one line.
        opener = (lambda: open_store(settings, clock)) if store is None else None
        load = PendingLoad(lambda: load_for(settings), opener)
    else:
        if load is None:
            load = load_for(settings)
        if store is None:
            store = open_store(settings, clock)
    return QuiztermApp(settings, load=load, store=store, clock=clock, start=start, start_args=start_args)
