"""Layer normalization and the position-wise feed-forward network."""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

from quizterm.engine.params import FeedForwardParams, LayerNormParams


def layer_norm(x: ArrayLike, gamma: ArrayLike | LayerNormParams | None = None, beta: ArrayLike | None = None,
               *, eps: float = 1e-5) -> NDArray[np.floating]:
    """Normalize the last axis to mean 0, variance 1, then scale by ``gamma`` and shift by ``beta``.

    Uses the biased variance with ``eps`` inside the square root, as torch's ``layer_norm``
    (not the annotated transformer's unbiased std with eps outside).

    Args:
        x: ``(..., d_model)``.
        gamma: ``(d_model,)`` gain, or a :class:`LayerNormParams`; 1 when None.
        beta: ``(d_model,)`` bias; 0 when None.
        eps: Added to the variance.
    """
    x = np.asarray(x)
    if not np.issubdtype(x.dtype, np.floating):
        x = x.astype(np.float64)
    if isinstance(gamma, LayerNormParams):
        gamma, beta = gamma.gamma, gamma.beta
    mean = x.mean(axis=-1, keepdims=True)  # (..., 1)
    var = np.square(x - mean).mean(axis=-1, keepdims=True)  # (..., 1)
    y = (x - mean) / np.sqrt(var + eps)  # (..., d_model)
    if gamma is not None:
        y = y * gamma
    if beta is not None:
        y = y + beta
    return y


def relu(x: NDArray) -> NDArray:
    """max(0, x)."""
    return np.maximum(x, 0)


def gelu(x: NDArray) -> NDArray:
    """GELU, tanh approximation (GPT-2)."""
    return 0.5 * x * (1 + np.tanh(np.sqrt(2 / np.pi) * (x + 0.044715 * x**3)))


def feed_forward(x: ArrayLike, params: FeedForwardParams, *, activation: str = "relu") -> NDArray[np.floating]:
    """FFN(x) = act(x W1 + b1) W2 + b2, applied to every position independently.

    Args:
        x: ``(..., d_model)``.
        params: Weights ``w_1 (d_model, d_ff)``, ``w_2 (d_ff, d_model)`` and biases.
        activation: ``"relu"`` (the paper) or ``"gelu"``.
    """
    act = {"relu": relu, "gelu": gelu}.get(activation)
    if act is None:
        raise ValueError(f"unknown activation {activation!r} (choose relu or gelu)")
    hidden = act(np.asarray(x) @ params.w_1 + params.b_1)  # (..., d_ff)
    return hidden @ params.w_2 + params.b_2  # (..., d_model)
