"""The engine computations check ops need (``quizterm.engine``), and number formatting for stems."""

from __future__ import annotations

import math

import numpy as np

from quizterm import engine


def softmax(x: np.ndarray, axis: int = -1, mask: np.ndarray | None = None) -> np.ndarray:
    """Stable softmax; masked entries (mask False) get 0, a fully masked row all zeros."""
    return engine.softmax(x, axis=axis, mask=mask)


def causal_mask(T: int) -> np.ndarray:
    """(T, T) boolean, True on and below the diagonal (may attend)."""
    return engine.causal_mask(T)


def attention(q: np.ndarray, k: np.ndarray, v: np.ndarray, mask: np.ndarray | None = None,
              factor: float | None = None) -> tuple[np.ndarray, np.ndarray]:
    """(out, weights) of softmax(factor · Q Kᵀ) V; ``factor`` defaults to 1/sqrt(d_k)."""
    q, k, v = (np.atleast_2d(np.asarray(a, dtype=np.float64)) for a in (q, k, v))
    if factor is None:
        factor = 1.0 / math.sqrt(q.shape[-1])
    return engine.scaled_dot_product_attention(q, k, v, mask=mask, scale=float(factor))


def scores(q: np.ndarray, k: np.ndarray, factor: float = 1.0) -> np.ndarray:
    """factor · Q Kᵀ as the engine's attention steps compute it, (T_q, T_k)."""
    q, k = (np.atleast_2d(np.asarray(a, dtype=np.float64)) for a in (q, k))
    return engine.attention_steps(q, k, np.zeros((k.shape[0], 1)), scale=float(factor))["scaled"]


def positional_encoding(pos: int, i: int, d_model: int) -> float:
    """PE[pos, i] of the sinusoidal encoding (sin on even columns, cos on odd)."""
    return float(engine.sinusoidal_positional_encoding(pos + 1, d_model)[pos, i])


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
