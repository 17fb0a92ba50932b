"""Footer: Textual's footer, rebuilt only when the bindings it shows have changed."""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey

__all__ = ["Footer"]


class Footer(TextualFooter):
    """Textual's Footer recomposes (re-mounts and re-styles every key) on each focus change.

    Moving the focus between controls with the same keys (the reader's n/p) then costs a frame
    for nothing; this one compares what it would show with what it shows and skips the rebuild,
    and builds its keys with their final look (see ``compose``).
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
        for widget in super().compose():
            # A FooterKey starts compact (reactive default True, the "-compact" class added on
            # mount) and its data binding then sets the footer's value: two full re-styles per key
            # on every rebuild. Give it the footer's value up front; the binding then changes nothing.
            if isinstance(widget, FooterKey) and not widget.has_class("-command-palette"):
                widget.set_reactive(FooterKey.compact, self.compact)
                if self.compact:
                    widget.add_class("-compact", update=False)
            yield widget

    def bindings_changed(self, screen: Screen) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen:
            self.call_after_refresh(self._recompose_if_changed)

    async def _recompose_if_changed(self) -> None:
        if not self.is_attached or self._shown is None or self._bindings_shown() != self._shown:
            await self.recompose()
