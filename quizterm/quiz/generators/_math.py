"""The few engine computations checks and generators need, through ``quizterm.engine`` when present."""

from __future__ import annotations

import math

import numpy as np

try:  # the engine is the source of truth; the NumPy fallback only bridges until it is installed
    from quizterm.engine import causal_mask as _engine_causal_mask
    from quizterm.engine import scaled_dot_product_attention as _engine_sdpa
    from quizterm.engine import sinusoidal_positional_encoding as _engine_pe
    from quizterm.engine import softmax as _engine_softmax
except ImportError:  # pragma: no cover - only before the engine exists
    _engine_softmax = _engine_sdpa = _engine_pe = _engine_causal_mask = None


def softmax(x: np.ndarray, axis: int = -1, mask: np.ndarray | None = None) -> np.ndarray:
    """Stable softmax; masked entries (mask False) get 0, a fully masked row all zeros."""
    if _engine_softmax is not None:
        return _engine_softmax(x, axis=axis, mask=mask)
    x = np.asarray(x, dtype=np.float64)
    if mask is not None:
        x = np.where(np.asarray(mask, dtype=bool), x, -np.inf)
    peak = np.max(x, axis=axis, keepdims=True)
    peak = np.where(np.isfinite(peak), peak, 0.0)
    e = np.exp(x - peak)
    total = np.sum(e, axis=axis, keepdims=True)
    return e / np.where(total > 0, total, 1.0)


def causal_mask(T: int) -> np.ndarray:
    """(T, T) boolean, True on and below the diagonal (may attend)."""
    if _engine_causal_mask is not None:
        return _engine_causal_mask(T)
    return np.tri(T, T, dtype=bool)


def attention(q: np.ndarray, k: np.ndarray, v: np.ndarray, mask: np.ndarray | None = None,
              factor: float | None = None) -> tuple[np.ndarray, np.ndarray]:
    """(out, weights) of softmax(factor · Q Kᵀ) V; ``factor`` defaults to 1/sqrt(d_k)."""
    q, k, v = (np.atleast_2d(np.asarray(a, dtype=np.float64)) for a in (q, k, v))
    if factor is None:
        factor = 1.0 / math.sqrt(q.shape[-1])
    if _engine_sdpa is not None:
        return _engine_sdpa(q, k, v, mask=mask, scale=float(factor))
    weights = softmax(q @ k.T * factor, mask=mask)
    return weights @ v, weights


def positional_encoding(pos: int, i: int, d_model: int) -> float:
    """PE[pos, i] of the sinusoidal encoding (sin on even columns, cos on odd)."""
    if _engine_pe is not None:
        return float(_engine_pe(pos + 1, d_model)[pos, i])
    angle = pos / 10000.0 ** ((i - i % 2) / d_model)
    return math.sin(angle) if i % 2 == 0 else math.cos(angle)


def mha_param_count(d_model: int, bias: bool = True) -> int:
    """W_Q, W_K, W_V, W_O (d_model × d_model each) plus their biases; independent of h."""
    return 4 * d_model * d_model + (4 * d_model if bias else 0)


def ffn_param_count(d_model: int, d_ff: int, bias: bool = True) -> int:
    """W_1 (d_model × d_ff), W_2 (d_ff × d_model) plus b_1 (d_ff) and b_2 (d_model)."""
    return 2 * d_model * d_ff + ((d_ff + d_model) if bias else 0)


def layer_norm_param_count(d_model: int) -> int:
    """γ and β, one of each per feature."""
    return 2 * d_model


def fmt(x: float, digits: int = 4) -> str:
    """A number for a question stem: integers plainly, others rounded."""
    if abs(x - round(x)) < 1e-9:
        return str(int(round(x)))
    return f"{x:.{digits}f}".rstrip("0").rstrip(".")


def fmt_vec(v) -> str:
    """A vector as ``[1, -2, 0]``."""
    return "[" + ", ".join(fmt(float(x)) for x in np.asarray(v).ravel()) + "]"


def fmt_mat(m) -> str:
    """A matrix as ``[[1, 0], [0, 1]]``."""
    return "[" + ", ".join(fmt_vec(r) for r in np.atleast_2d(m)) + "]"
