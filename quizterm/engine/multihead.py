"""Multi-head attention: project, split into heads, attend, merge, project back."""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, DTypeLike, NDArray

from quizterm.engine.attention import scaled_dot_product_attention
from quizterm.engine.params import AttentionParams


def split_heads(x: NDArray, h: int) -> NDArray:
    """``(..., T, d_model)`` -> ``(..., h, T, d_k)``."""
    *lead, T, d_model = x.shape
    x = x.reshape(*lead, T, h, d_model // h)  # (..., T, h, d_k)
    return np.swapaxes(x, -2, -3)  # (..., h, T, d_k)


def merge_heads(x: NDArray) -> NDArray:
    """``(..., h, T, d_k)`` -> ``(..., T, h * d_k)``."""
    *lead, h, T, d_k = x.shape
    x = np.swapaxes(x, -2, -3)  # (..., T, h, d_k)
    return x.reshape(*lead, T, h * d_k)  # (..., T, d_model)


def project_qkv(x: NDArray, kv: NDArray, params: AttentionParams) -> tuple[NDArray, NDArray, NDArray]:
    """Per-head queries from ``x`` and keys/values from ``kv``, each ``(..., h, T, d_k)``."""
    q = x @ params.w_q + params.b_q  # (..., T_q, d_model)
    k = kv @ params.w_k + params.b_k  # (..., T_k, d_model)
    v = kv @ params.w_v + params.b_v  # (..., T_k, d_model)
    return split_heads(q, params.h), split_heads(k, params.h), split_heads(v, params.h)


def multi_head_attention(
    x: ArrayLike,
    params: AttentionParams,
    mask: ArrayLike | None = None,
    kv: ArrayLike | None = None,
    *,
    scale: bool | float = True,
    causal: bool = False,
    dtype: DTypeLike = np.float64,
) -> tuple[NDArray[np.floating], NDArray[np.floating]]:
    """Multi-head self-attention (or cross-attention when ``kv`` is given).

    Args:
        x: ``(..., T_q, d_model)`` inputs; the queries come from here.
        params: Projections and head count.
        mask: Optional boolean mask broadcastable to ``(..., T_q, T_k)`` (no head axis: the same
            mask applies to every head). ``True`` = may attend.
        kv: ``(..., T_k, d_model)`` source of keys and values (the encoder output for
            cross-attention); ``x`` itself when None.
        scale: As in :func:`scaled_dot_product_attention`.
        causal: Also apply a causal mask.
        dtype: float64 by default.

    Returns:
        ``(out (..., T_q, d_model), weights (..., h, T_q, T_k))``.
    """
    x = np.asarray(x, dtype=dtype)
    kv = x if kv is None else np.asarray(kv, dtype=dtype)
    if x.shape[-1] != params.d_model or kv.shape[-1] != params.d_model:
        raise ValueError(f"inputs must have d_model = {params.d_model} features")
    q, k, v = project_qkv(x, kv, params)  # (..., h, T, d_k) each
    if mask is not None:
        mask = np.asarray(mask, dtype=bool)[..., None, :, :]  # (..., 1, T_q, T_k): every head
    heads, weights = scaled_dot_product_attention(q, k, v, mask, scale, causal=causal, dtype=dtype)
    out = merge_heads(heads) @ params.w_o + params.b_o  # (..., T_q, d_model)
    return out, weights
