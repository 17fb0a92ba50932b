"""Checklist: a SelectionList whose ticks show as a mark, not only as a colour."""

from __future__ import annotations

from rich.segment import Segment
from textual.strip import Strip
from textual.widgets import SelectionList
from textual.widgets._toggle_button import ToggleButton

__all__ = ["Checklist", "TICKED", "UNTICKED"]

TICKED = "✓"
UNTICKED = " "


class Checklist(SelectionList):
    """Like ``SelectionList``, but a ticked box shows ``✓`` and an empty one a blank.

    Textual draws the same ``X`` in both states and tells them apart by colour alone, which
    vanishes with NO_COLOR and on 16-colour terminals.
    """

    def render_line(self, y: int) -> Strip:
        strip = super().render_line(y)
        segments = list(strip)
        if len(segments) < 3 or segments[1].text != ToggleButton.BUTTON_INNER:
            return strip  # not a selection row
        try:
            value = self.get_option_at_index(self.scroll_offset.y + y).value
        except Exception:  # noqa: BLE001 - past the last option
            return strip
        mark = TICKED if value in self._selected else UNTICKED
        segments[1] = Segment(mark, segments[1].style, segments[1].control)
        return Strip(segments, strip.cell_length)
