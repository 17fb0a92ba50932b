"""Footer: Textual's footer, rebuilt only when the bindings it shows have changed."""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Footer as TextualFooter

__all__ = ["Footer"]


class Footer(TextualFooter):
    """Textual's Footer recomposes (re-mounts and re-styles every key) on each focus change.

    Moving the focus between controls with the same keys (the reader's n/p) then costs a frame
    for nothing; this one compares what it would show with what it shows and skips the rebuild.
    """

    _shown: tuple | None = None

    def _bindings_shown(self) -> tuple:
        palette = self.app.COMMAND_PALETTE_BINDING
        return (self.show_command_palette, self.compact, tuple(
            (key, binding, enabled, tooltip)
            for key, (_node, binding, enabled, tooltip) in self.screen.active_bindings.items()
            if binding.show or key == palette
        ))

    def compose(self):
        if self._bindings_ready:
            self._shown = self._bindings_shown()
        yield from super().compose()

    def bindings_changed(self, screen: Screen) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen:
            self.call_after_refresh(self._recompose_if_changed)

    async def _recompose_if_changed(self) -> None:
        if not self.is_attached or self._shown is None or self._bindings_shown() != self._shown:
            await self.recompose()
