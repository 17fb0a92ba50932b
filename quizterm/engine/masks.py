"""Boolean attention masks, ``True`` = this query may attend to this key."""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray


def causal_mask(T: int, T_k: int | None = None) -> NDArray[np.bool_]:
    """Lower-triangular mask: query ``i`` sees keys ``0..i`` only.

    Args:
        T: Number of queries.
        T_k: Number of keys (default ``T``).

    Returns:
        A ``(T, T_k)`` boolean array, ``True`` on and below the diagonal.
    """
    T_k = T if T_k is None else T_k
    return np.tri(T, T_k, dtype=bool)  # (T, T_k)


def padding_mask(lengths: ArrayLike, T: int) -> NDArray[np.bool_]:
    """Key-padding mask for a batch of sequences padded to ``T``.

    Args:
        lengths: ``(B,)`` true length of each sequence.
        T: Padded length.

    Returns:
        A ``(B, 1, T)`` boolean array that broadcasts against ``(B, T_q, T)`` scores; combine
        with a causal mask by ``causal_mask(T) & padding_mask(lengths, T)``.
    """
    lengths = np.asarray(lengths, dtype=np.int64).reshape(-1)  # (B,)
    if np.any(lengths < 0) or np.any(lengths > T):
        raise ValueError(f"lengths must lie in 0..{T}")
    return (np.arange(T) < lengths[:, None])[:, None, :]  # (B, T) -> (B, 1, T)
