"""Laying out a labelled matrix as lines of (text, style) pieces, shared by plain and Rich output."""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from rich.cells import cell_len
from rich.style import Style

MASKED = "·"  # a masked weight: the query may not attend to this key
MAX_MARK = "*"  # after the largest weight in a row
NEG_INF = "-∞"
LABEL_CELLS = 8  # longer token labels are cut with an ellipsis

# Viridis in 11 steps: perceptually even and readable with common colour blindness.
_HEAT = ["#440154", "#482475", "#414487", "#355f8d", "#2a788e", "#21918c",
         "#22a884", "#44bf70", "#7ad151", "#bddf26", "#fde725"]
HEAT_STYLES = [Style(bgcolor=c, color="white" if i < 6 else "black") for i, c in enumerate(_HEAT)]
HEAT_MAX_STYLES = [s + Style(bold=True, underline=True) for s in HEAT_STYLES]
MASKED_STYLE = Style(dim=True)
HEADER_STYLE = Style(bold=True)
TITLE_STYLE = Style(bold=True)
SUM_STYLE = Style(italic=True)

Piece = tuple[str, "Style | None"]


def clean_label(token: str) -> str:
    """A token as a table label: control/format characters become '?', long labels are cut."""
    # Control, bidi-override and other format characters never reach the terminal; the
    # zero-width joiner stays, or joined emoji would fall apart.
    text = "".join("?" if unicodedata.category(ch)[0] == "C" and ch != "\u200d" else ch
                   for ch in str(token)) or "?"
    if cell_len(text) > LABEL_CELLS:
        cut, used = [], 0
        for ch in text:  # whole characters only: never half of a wide CJK character
            used += cell_len(ch)
            if used > LABEL_CELLS - 1:
                break
            cut.append(ch)
        text = "".join(cut) + "…"
    return text


def pad_left(text: str, width: int) -> str:
    """Right-align ``text`` in ``width`` terminal cells (CJK counts as two)."""
    return " " * max(0, width - cell_len(text)) + text


def pad_right(text: str, width: int) -> str:
    """Left-align ``text`` in ``width`` terminal cells (CJK counts as two)."""
    return text + " " * max(0, width - cell_len(text))


def fmt_number(x: float) -> str:
    """Two decimals; infinities as ±∞; never '-0.00'."""
    if math.isinf(x):
        return NEG_INF if x < 0 else "∞"
    if math.isnan(x):
        return "nan"
    s = f"{x:.2f}"
    return "0.00" if s == "-0.00" else s


@dataclass
class Grid:
    """A matrix laid out as lines; each line is a list of (text, style or None) pieces."""

    lines: list[list[Piece]]

    def plain(self) -> str:
        return "\n".join("".join(t for t, _ in line).rstrip() for line in self.lines)


def weights_grid(weights: np.ndarray, q_tokens: Sequence[str], k_tokens: Sequence[str], *,
                 mask: np.ndarray | None = None, title: str | None = None) -> Grid:
    """Heat-table layout: rows = queries, columns = keys, masked cells, row max marked, row sums."""
    w = np.asarray(weights, dtype=np.float64)
    if w.ndim != 2 or w.shape != (len(q_tokens), len(k_tokens)):
        raise ValueError(f"weights {w.shape} do not match {len(q_tokens)} x {len(k_tokens)} tokens")
    allowed = np.ones(w.shape, dtype=bool) if mask is None else np.broadcast_to(np.asarray(mask, dtype=bool), w.shape)
    rows = [clean_label(t) for t in q_tokens]
    cols = [clean_label(t) for t in k_tokens]
    row_w = max([cell_len(r) for r in rows] + [1])
    col_w = max([cell_len(c) for c in cols] + [4]) + 2  # " 0.43*": a space, the number, the mark
    sum_header = "Σ"
    lines: list[list[Piece]] = []
    if title:
        lines.append([(title, TITLE_STYLE)])
    header = [(" " * row_w, None)] + [(pad_left(c, col_w - 1) + " ", HEADER_STYLE) for c in cols]
    header.append((pad_left(sum_header, 6), HEADER_STYLE))
    lines.append(header)
    # The largest allowed weight of each row (ties: every tied cell is marked).
    shown = np.round(np.where(allowed, w, -np.inf), 2)  # compare what the reader sees
    peak = shown.max(axis=1) if w.shape[1] else np.zeros(w.shape[0])
    levels = np.clip(np.rint(np.nan_to_num(w) * 10), 0, 10).astype(int)
    for i, label in enumerate(rows):
        line: list[Piece] = [(pad_right(label, row_w), HEADER_STYLE)]
        row_sum = 0.0
        for j in range(w.shape[1]):
            if not allowed[i, j]:
                line.append((pad_left(MASKED, col_w - 1) + " ", MASKED_STYLE))
                continue
            row_sum += w[i, j]
            is_max = shown[i, j] == peak[i] and peak[i] > 0
            text = pad_left(fmt_number(w[i, j]), col_w - 1) + (MAX_MARK if is_max else " ")
            level = levels[i, j]
            line.append((text, HEAT_MAX_STYLES[level] if is_max else HEAT_STYLES[level]))
        line.append((pad_left(fmt_number(row_sum), 6), SUM_STYLE))
        lines.append(line)
    return Grid(lines)


def matrix_grid(values: np.ndarray, row_labels: Sequence[str], col_labels: Sequence[str], *,
                title: str | None = None) -> Grid:
    """A plain numeric matrix (scores, outputs): two decimals, -∞ for masked scores."""
    m = np.asarray(values, dtype=np.float64)
    rows = [clean_label(t) for t in row_labels]
    cols = [clean_label(t) for t in col_labels]
    cells = [[fmt_number(x) for x in row] for row in m]
    row_w = max([cell_len(r) for r in rows] + [1])
    col_w = max([cell_len(c) for c in cols] + [cell_len(c) for r in cells for c in r] + [4]) + 1
    lines: list[list[Piece]] = []
    if title:
        lines.append([(title, TITLE_STYLE)])
    lines.append([(" " * row_w, None)] + [(pad_left(c, col_w), HEADER_STYLE) for c in cols])
    for label, row in zip(rows, cells):
        pieces: list[Piece] = [(pad_right(label, row_w), HEADER_STYLE)]
        pieces += [(pad_left(c, col_w), MASKED_STYLE if c == NEG_INF else None) for c in row]
        lines.append(pieces)
    return Grid(lines)
