"""Fitting text into terminal cells, where a CJK character takes two."""

from __future__ import annotations

from rich.cells import cell_len


def clip(text: str, cells: int) -> str:
    """``text`` cut to ``cells`` terminal cells (CJK counts two), with "…" when cut."""
    if cell_len(text) <= cells:
        return text
    out, used = [], 0
    for ch in text:
        w = cell_len(ch)
        if used + w > cells - 1:
            break
        out.append(ch)
        used += w
    return "".join(out) + "…"
