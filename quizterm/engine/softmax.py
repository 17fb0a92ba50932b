"""A numerically stable softmax that honours boolean masks (fully masked rows give zeros)."""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray


def softmax(x: ArrayLike, axis: int = -1, mask: ArrayLike | None = None) -> NDArray[np.floating]:
    """Softmax along ``axis``, stable for large inputs.

    Args:
        x: Scores of any shape; integers are promoted to float64.
        axis: The axis that sums to 1.
        mask: Optional boolean array broadcastable to ``x``; ``True`` = may attend. Masked
            entries come out exactly 0, and a row with every entry masked comes out all zeros
            (never NaN).

    Returns:
        An array of ``x``'s shape (float64 unless ``x`` is already a float array).
    """
    x = np.asarray(x)
    if not np.issubdtype(x.dtype, np.floating):
        x = x.astype(np.float64)
    if mask is not None:
        x = np.where(np.asarray(mask, dtype=bool), x, -np.inf)
    peak = np.max(x, axis=axis, keepdims=True)
    # A fully masked row has peak -inf; shift by 0 instead so exp(-inf) = 0, not exp(nan).
    peak = np.where(np.isfinite(peak), peak, 0.0)
    e = np.exp(x - peak)
    total = np.sum(e, axis=axis, keepdims=True)
    return e / np.where(total > 0, total, 1.0)
