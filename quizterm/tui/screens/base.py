"""QuiztermScreen: the base screen, whose footer and help show binding descriptions translated."""

from __future__ import annotations

from dataclasses import replace

from textual.binding import Binding
from textual.screen import ActiveBinding, Screen

__all__ = ["QuiztermScreen"]


class QuiztermScreen(Screen):
    """A screen whose binding descriptions are i18n keys (``bind.read``), shown in the UI language.

    A description that is not a known key is shown as written, so plain English works too.
    """

    BINDINGS = [Binding("escape", "app.back", "bind.back", id="back")]

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        tr = self.app.tr
        return {
            key: ActiveBinding(ns, replace(b, description=tr(b.description)) if b.description else b,
                               enabled, tr(tooltip) if tooltip else tooltip)
            for key, (ns, b, enabled, tooltip) in super().active_bindings.items()
        }
