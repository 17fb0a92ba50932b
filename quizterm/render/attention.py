"""Attention weights as heat tables and the step-by-step view of one head (Rich or plain text)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.measure import Measurement
from rich.segment import Segment
from rich.text import Text

from quizterm.i18n import Translator
from quizterm.render.attention_grid import Grid, matrix_grid, weights_grid


class GridRenderable:
    """A laid-out grid as a Rich renderable that yields its segments directly.

    A Rich ``Table`` with a style per cell takes ~300 ms at 64x64 and one styled ``Text`` ~45 ms
    (it re-divides spans and wraps); yielding pre-styled segments skips both. Lines wider than
    the console are cropped by the console, never wrapped.
    """

    def __init__(self, grid: Grid, *, color: bool = True):
        self.grid = grid
        self.color = color

    @property
    def plain(self) -> str:
        return self.grid.plain()

    def __str__(self) -> str:
        return self.plain

    def to_text(self) -> Text:
        """The same content as one Rich ``Text`` (slower to render; for callers that need Text)."""
        text = Text(no_wrap=True, overflow="crop", end="")
        for n, line in enumerate(self.grid.lines):
            if n:
                text.append("\n")
            for piece, style in line:
                text.append(piece, style if self.color else None)
        return text

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        newline = Segment.line()
        for line in self.grid.lines:
            if self.color:
                yield from (Segment(t, s) for t, s in line)
            else:
                yield Segment("".join(t for t, _ in line))
            yield newline

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        width = max((sum(cell_len(t) for t, _ in line) for line in self.grid.lines), default=0)
        return Measurement(width, width)


def grid_text(grid: Grid, *, color: bool = True) -> GridRenderable:
    """Wrap a grid as a renderable (styles dropped when ``color`` is False)."""
    return GridRenderable(grid, color=color)


def weights_table(weights: np.ndarray, q_tokens: Sequence[str], k_tokens: Sequence[str], *,
                  mask: np.ndarray | None = None, color: bool = True, title: str | None = None) -> GridRenderable:
    """A heat table of attention weights as a Rich renderable.

    Rows are query tokens, columns key tokens; each cell shows the weight to 2 decimals on a
    heat background, masked cells show '·', the largest weight of each row is bold, underlined
    and followed by '*', and the last column holds the row sum.

    Args:
        weights: ``(T_q, T_k)`` weights.
        q_tokens: ``T_q`` row labels.
        k_tokens: ``T_k`` column labels.
        mask: Optional boolean mask broadcastable to ``(T_q, T_k)``, ``True`` = may attend.
        color: False drops every style (``NO_COLOR``/``--plain``): the numbers alone carry it.
        title: Optional first line.
    """
    return grid_text(weights_grid(weights, q_tokens, k_tokens, mask=mask, title=title), color=color)


def weights_text(weights: np.ndarray, q_tokens: Sequence[str], k_tokens: Sequence[str], *,
                 mask: np.ndarray | None = None, color: bool = False, title: str | None = None) -> str:
    """The same table as :func:`weights_table` as plain text (``color`` is accepted and ignored)."""
    return weights_grid(weights, q_tokens, k_tokens, mask=mask, title=title).plain()


Tr = Callable[..., str]  # an i18n lookup, ``tr(key, **fields)``; English when None


def _tr(tr: Tr | None) -> Tr:
    return tr if tr is not None else Translator("en")


def head_title(result, head: int, tr: Tr | None = None) -> str:
    """``"head 1/2 · d_k=4 · causal"``-style caption for one head's table (in ``tr``'s language)."""
    tr = _tr(tr)
    parts = [tr("attention.head", n=head + 1, h=result.heads), f"d_k={result.d_model // result.heads}"]
    if result.causal:
        parts.append(tr("attention.causal"))
    if not result.scale:
        parts.append(tr("attention.unscaled"))
    if not result.positional:
        parts.append(tr("attention.no_pe"))
    return " · ".join(parts)


def heads_renderable(result, *, color: bool = True, tr: Tr | None = None) -> Group:
    """One weights table per head of an ``AttentionDemoResult``, separated by blank lines."""
    items = []
    for i in range(result.heads):
        if i:
            items.append(Text(""))
        items.append(weights_table(result.weights[i], result.tokens, result.tokens, mask=result.mask,
                                   color=color, title=head_title(result, i, tr)))
    return Group(*items)


def _step_grids(result, head: int, tr: Tr | None) -> list[Grid]:
    tr = _tr(tr)
    steps = result.head_steps(head)
    toks = result.tokens
    d_k = result.d_model // result.heads
    dims = [f"d{j}" for j in range(steps["output"].shape[1])]
    scaled = tr("attention.step.scaled", d_k=d_k) if result.scale else tr("attention.step.unscaled")
    masked = tr("attention.step.masked") if result.mask is not None else tr("attention.step.unmasked")
    return [
        matrix_grid(steps["scores"], toks, toks, title=tr("attention.step.scores")),
        matrix_grid(steps["scaled"], toks, toks, title=scaled),
        matrix_grid(steps["masked"], toks, toks, title=masked),
        weights_grid(steps["weights"], toks, toks, mask=result.mask, title=tr("attention.step.weights")),
        matrix_grid(steps["output"], toks, dims, title=tr("attention.step.output")),
    ]


def steps_renderable(result, head: int, *, color: bool = True, tr: Tr | None = None) -> Group:
    """QKᵀ -> scaled -> masked -> softmax -> × V for one head, each stage a small table.

    Args:
        result: An ``AttentionDemoResult``.
        head: Head index (0-based).
        color: False drops every style.
        tr: i18n lookup for the captions (``quizterm.i18n.Translator``); English when None.
    """
    items: list = []
    for n, grid in enumerate(_step_grids(result, head, tr)):
        if n:
            items.append(Text(""))
        items.append(grid_text(grid, color=color))
    return Group(*items)


def steps_text(result, head: int, tr: Tr | None = None) -> str:
    """The step view of :func:`steps_renderable` as plain text."""
    return "\n\n".join(g.plain() for g in _step_grids(result, head, tr))
