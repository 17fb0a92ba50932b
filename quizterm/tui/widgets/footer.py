"""Footer: Textual's footer, updated in place (in the same frame) when the keys it shows change."""

from __future__ import annotations

from typing import NamedTuple

from textual._context import active_message_pump
from textual.screen import Screen
from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey

__all__ = ["Footer"]


class _Key(NamedTuple):
    """What one FooterKey shows (its constructor's arguments)."""

    key: str
    key_display: str
    description: str
    action: str
    disabled: bool
    tooltip: str
    palette: bool


_BLANK = _Key("", "", "", "", False, "", False)


class Footer(TextualFooter):
    """Textual's Footer recomposes (re-mounts and re-styles every key) on each focus change, one
    frame after the change: the reader's n/p painted the page, then the footer twice more.

    This one keeps its keys when what it shows is unchanged, and otherwise rewrites the keys it
    has in place (mounting only keys it never had, hiding the ones no longer shown) as soon as the
    bindings change, so the footer lands in the same frame as the rest. Binding groups take
    Textual's way (a recompose).
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
                self._settle(widget)
            yield widget

    def _settle(self, key: FooterKey) -> None:
        key.set_reactive(FooterKey.compact, self.compact)
        if self.compact:
            key.add_class("-compact", update=False)

    def on_mount(self) -> None:
        # Textual's on_mount (also called) subscribes bindings_changed, run after the messages
        # already queued, i.e. after the next frame; this one runs as the bindings change.
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed_now, immediate=True)

    def _bindings_changed_now(self, screen: Screen) -> None:
        if not screen.app.app_focus or self._shown is None:
            return
        if self.is_attached and screen is self.screen:
            shown = self._bindings_shown()
            if shown != self._shown and self._update_in_place():
                self._shown = shown

    def bindings_changed(self, screen: Screen) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen:
            # As Textual does, once the screen has settled; a recompose only if still needed.
            self.call_after_refresh(self._recompose_if_changed)

    async def _recompose_if_changed(self) -> None:
        if not self.is_attached or self._shown is None or self._bindings_shown() != self._shown:
            await self.recompose()

    # --- in place -----------------------------------------------------------------------------

    def _wanted(self) -> list[_Key] | None:
        """The keys Textual's ``compose`` would build, or None when it would build groups."""
        active = self.screen.active_bindings
        by_action: dict[str, tuple] = {}
        for _node, binding, enabled, tooltip in active.values():
            if binding.show:
                if binding.group is not None:
                    return None
                by_action.setdefault(binding.action, (binding, enabled, tooltip))
        get_display = self.app.get_key_display
        wanted = [_Key(b.key, get_display(b), b.description, b.action, not enabled, tooltip, False)
                  for b, enabled, tooltip in by_action.values()]
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE:
            try:
                _node, b, enabled, _tooltip = active[self.app.COMMAND_PALETTE_BINDING]
            except KeyError:
                pass
            else:
                wanted.append(_Key(b.key, get_display(b), b.description, b.action, not enabled,
                                   b.tooltip or b.description, True))
        return wanted

    def _update_in_place(self) -> bool:
        """Make the mounted keys show ``_wanted()``; False when only a recompose can."""
        wanted = self._wanted()
        keys = list(self.children)
        if wanted is None or any(type(k) is not FooterKey or k.has_class("-grouped") for k in keys):
            return False
        old_palette = [k for k in keys if k.has_class("-command-palette")]
        old_plain = [k for k in keys if not k.has_class("-command-palette")]
        new_palette = [w for w in wanted if w.palette]
        new_plain = [w for w in wanted if not w.palette]
        if len(old_palette) != len(new_palette):
            return False
        for key, want in [*zip(old_plain, new_plain), *zip(old_palette, new_palette)]:
            self._rewrite(key, want)
            key.display = True
        for key in old_plain[len(new_plain):]:
            # Kept hidden and blank for the next time more keys are shown: mounting or removing a
            # key costs another frame after this one.
            self._rewrite(key, _BLANK)
            key.display = False
        extra = new_plain[len(old_plain):]
        if extra:
            token = active_message_pump.set(self)  # data_bind binds to the composing footer
            try:
                new_keys = [self._new_key(want) for want in extra]
            finally:
                active_message_pump.reset(token)
            if old_palette:
                self.mount(*new_keys, before=old_palette[0])
            else:
                self.mount(*new_keys)
        self.styles.grid_size_columns = len(new_plain)
        return True

    def _new_key(self, want: _Key) -> FooterKey:
        key = FooterKey(want.key, want.key_display, want.description, want.action,
                        disabled=want.disabled, tooltip=want.tooltip)
        key.data_bind(compact=TextualFooter.compact)
        self._settle(key)
        return key

    @staticmethod
    def _rewrite(key: FooterKey, want: _Key) -> None:
        have = (key.key, key.key_display, key.description, key.action, key._disabled, key.tooltip or "")
        if have == (want.key, want.key_display, want.description, want.action, want.disabled, want.tooltip or ""):
            return
        key.key, key.key_display, key.description, key.action = want.key, want.key_display, want.description, want.action
        key._disabled = want.disabled
        key.set_class(want.disabled, "-disabled")
        key.tooltip = want.tooltip or None
        key.refresh(layout=True)
