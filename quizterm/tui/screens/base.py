"""QuiztermScreen: the base screen, whose footer and help show binding descriptions translated."""

from __future__ import annotations

from dataclasses import replace

from textual.binding import Binding
from textual.screen import ActiveBinding, Screen

__all__ = ["LessonScreen", "QuiztermScreen"]


class QuiztermScreen(Screen):
    """A screen whose binding descriptions are i18n keys (``bind.read``), shown in the UI language.

    A description that is not a known key is shown as written, so plain English works too.
    """

    BINDINGS = [Binding("escape", "app.back", "bind.back", id="back")]

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        tr = self.app.tr
        return {
            key: ActiveBinding(ns, self._translated(b), enabled, tr(tooltip) if tooltip else tooltip)
            for key, (ns, b, enabled, tooltip) in super().active_bindings.items()
        }

    def _translated(self, b: Binding) -> Binding:
        tr = self.app.tr
        changes = {"description": tr(b.description)} if b.description else {}
        if b.group is not None:  # a footer group's label is an i18n key too
            changes["group"] = replace(b.group, description=tr(b.group.description))
        return replace(b, **changes) if changes else b


class LessonScreen(QuiztermScreen):
    """A screen about one lesson: the one named, else the first loaded (or None when none is)."""

    def __init__(self, lesson_id: str | None = None) -> None:
        super().__init__()
        self.lesson_id = lesson_id

    @property
    def lesson(self):
        bank = self.app.bank
        return bank.lessons.get(self.lesson_id) or next(iter(bank.lessons.values()), None)
