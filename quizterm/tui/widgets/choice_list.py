"""The text of a choice or ordering answer: cursor, selection boxes, labels, and right/wrong marks."""

from __future__ import annotations

from typing import Any

from rich.text import Text

__all__ = ["render_choices"]


def _letter(i: int) -> str:
    return chr(ord("A") + i)


def render_choices(w: Any) -> Text:
    """Lines for an ``AnswerInput`` of kind single / multi / true_false / order (content never parsed as markup)."""
    text = Text()
    order = w.arrangement if w.kind == "order" else range(len(w.options))
    for row, i in enumerate(order):
        pos = row if w.kind == "order" else i
        text.append("› " if pos == w.cursor and not w.frozen else "  ", style="bold")
        mark, style = _mark(w, pos)
        if w.kind == "multi":
            box = "[x]" if i in w.selected else "[ ]"
        elif w.kind == "order":
            box = f"{row + 1}."
        else:
            box = "(•)" if i in w.selected else "( )"
        text.append(f"{box} ")
        if w.kind != "order":
            text.append(f"{_letter(i)}. ", style="bold")
        text.append(w.options[i], style=style)
        if mark:
            text.append(f"  {mark}", style=style)
        text.append("\n")
    text.rstrip()
    return text


def _mark(w: Any, pos: int) -> tuple[str, str]:
    if not w.frozen or (w.detail is None and w.right is None):
        return "", ""
    if w.kind == "multi" and w.detail:
        return {"hit": ("✓", "green"), "missed": ("← missed", "yellow"),
                "wrong": ("✗", "red")}.get(w.detail[pos], ("", ""))
    if w.kind == "order" and w.detail:
        return ("✓", "green") if w.detail[pos] else ("✗", "red")
    if w.right is not None:
        if pos in w.right:
            return "✓", "green"
        if pos in w.selected:
            return "✗", "red"
    return "", ""
