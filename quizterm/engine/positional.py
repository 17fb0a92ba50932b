"""Sinusoidal positional encoding from "Attention Is All You Need"."""

from __future__ import annotations

import numpy as np
from numpy.typing import DTypeLike, NDArray


def sinusoidal_positional_encoding(T: int, d_model: int, *, dtype: DTypeLike = np.float64) -> NDArray[np.floating]:
    """PE[pos, 2i] = sin(pos / 10000^(2i/d_model)), PE[pos, 2i+1] = cos(same angle).

    Row 0 is ``[0, 1, 0, 1, ...]``. An odd ``d_model`` drops the last cosine column.

    Args:
        T: Number of positions.
        d_model: Width of each encoding.
        dtype: float64 by default.

    Returns:
        A ``(T, d_model)`` array.
    """
    pos = np.arange(T, dtype=np.float64)[:, None]  # (T, 1)
    i = np.arange(0, d_model, 2, dtype=np.float64)[None, :]  # (1, ceil(d_model/2))
    angle = pos / np.power(10000.0, i / d_model)  # (T, ceil(d_model/2))
    pe = np.empty((T, d_model), dtype=np.float64)  # (T, d_model)
    pe[:, 0::2] = np.sin(angle)
    pe[:, 1::2] = np.cos(angle[:, : d_model // 2])
    return pe.astype(dtype, copy=False)
