"""Loading content after the first frame: a placeholder bank and the loader the app runs in a thread."""

from __future__ import annotations

from typing import Any, Callable

__all__ = ["DeferredLoading", "PendingBank", "PendingLoad"]


class PendingBank:
    """An empty stand-in with the ``Bank`` interface, shown while the real content loads."""

    lessons: dict[str, Any] = {}
    questions: dict[str, Any] = {}
    lesson_of_question: dict[str, str] = {}
    origins: dict[str, Any] = {}

    def questions_for(self, lesson_id: str) -> list:
        return []

    def by_objective(self, objective: str) -> list:
        return []

    def by_tag(self, tag: str) -> list:
        return []

    def tags(self) -> set[str]:
        return set()

    def origin(self, kind: str, item_id: str) -> None:
        return None


class PendingLoad:
    """A ``LoadResult``-like placeholder that knows how to produce the real one (and the store)."""

    def __init__(self, loader: Callable[[], Any], open_store: Callable[[], Any] | None = None) -> None:
        self.loader = loader
        self.open_store = open_store
        self.bank = PendingBank()
        self.problems: list = []
        self.files: list = []


class DeferredLoading:
    """App mixin: after the first frame, open the store and load the content in a thread.

    The app sets ``_pending`` (a ``PendingLoad`` or None), ``_start`` (name, kwargs), ``store``,
    ``store_error``, ``bank`` and ``problems``; screens with a ``content_loaded()`` method are told.
    """

    def open_start_screen(self) -> None:
        """Open the screen the app was asked to start on (home is already beneath it)."""
        name, kwargs = self._start
        if name != "home":
            self.open_screen(name, **kwargs)

    def on_ready(self) -> None:
        # Textual sends Ready once the first frame is on screen: only then start the slow part.
        if self._pending is not None:
            self.run_worker(self._load_content, thread=True, name="load-content")

    @property
    def loading(self) -> bool:
        """True until the content has loaded (it loads after the first frame is painted)."""
        return self._pending is not None

    def _load_content(self) -> None:
        pending = self._pending
        if pending.open_store is not None:
            try:
                store = pending.open_store()
            except Exception as exc:  # noqa: BLE001 - StoreError/OSError: reported as one line on exit
                self.call_from_thread(self._store_failed, exc)
                return
            self.call_from_thread(setattr, self, "store", store)
        try:
            result = pending.loader()
        except Exception as exc:  # noqa: BLE001 - the loader should not raise; if it does, say so
            self.call_from_thread(self.notify_error, exc)
            return
        self.call_from_thread(self._content_loaded, result)

    def _store_failed(self, exc: Exception) -> None:
        self.store_error = exc
        self.exit(return_code=1)

    def _content_loaded(self, result) -> None:
        self.bank, self.problems, self._pending = result.bank, list(result.problems), None
        for screen in self.screen_stack:
            if hasattr(screen, "content_loaded"):
                screen.content_loaded()
        self.open_start_screen()

    def check_store_upkeep(self) -> None:
        """Tell the learner once about damage found by the store's background check or a failed backup."""
        store = self.store
        if store is None:
            return
        told = self.__dict__.setdefault("_store_told", set())
        for key, problem in (("store.background_damage", store.background_problem),
                             ("store.backup_failed", store.last_backup_error)):
            if problem and (key, problem) not in told:
                told.add((key, problem))
                self.notify(self.tr(key, reason=problem), severity="warning", markup=False, timeout=15)

