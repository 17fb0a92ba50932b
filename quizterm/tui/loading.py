"""Loading content after the first frame: a placeholder bank and the loader the app runs in a thread."""

from __future__ import annotations

from typing import Any, Callable

__all__ = ["PendingBank", "PendingLoad"]


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
