"""Scaled dot-product attention, computed tile by tile so the softmax passes stay in cache."""

from __future__ import annotations

import functools
import math

import numpy as np
from numpy.typing import ArrayLike, DTypeLike, NDArray

from quizterm.engine.parallel import run_tiles
from quizterm.engine.softmax import softmax

# Scores kept per tile (elements): rows * T_k stays near L2 size, so the in-place softmax
# passes after each matmul read cache, not main memory.
_TILE_ELEMS = 1 << 18
# Causal tiles: at most T_q / _CAUSAL_SPLIT rows, so the skipped area follows the diagonal.
_CAUSAL_SPLIT = 8
_MIN_ROWS = 16  # thinner tiles cost more in Python calls than they save


def scale_factor(scale: bool | float, d_k: int) -> float:
    """The factor multiplying QKᵀ: ``1/sqrt(d_k)`` if ``scale`` is True, 1 if False, else ``scale``."""
    if isinstance(scale, (bool, np.bool_)):
        return (1.0 / math.sqrt(d_k) if d_k else 1.0) if scale else 1.0
    return float(scale)


def scaled_dot_product_attention(
    q: ArrayLike,
    k: ArrayLike,
    v: ArrayLike,
    mask: ArrayLike | None = None,
    scale: bool | float = True,
    *,
    causal: bool = False,
    need_weights: bool = True,
    dtype: DTypeLike = np.float64,
) -> tuple[NDArray[np.floating], NDArray[np.floating] | None]:
    """softmax(Q Kᵀ / sqrt(d_k)) V, returning the weights too.

    Works on ``(T, d)`` arrays and on any leading batch/head axes (broadcast between q, k, v
    and the mask).

    A hand-computed 2x2 example: q = k = I (2x2), v = [[1, 2], [3, 4]], scale=False: the scores
    are I, each row is softmax([1, 0]) = [e/(e+1), 1/(e+1)] ≈ [0.731, 0.269], so the first output
    row is 0.731*[1, 2] + 0.269*[3, 4] ≈ [1.538, 2.538].

    Args:
        q: ``(..., T_q, d_k)`` queries.
        k: ``(..., T_k, d_k)`` keys.
        v: ``(..., T_k, d_v)`` values.
        mask: Optional boolean array broadcastable to ``(..., T_q, T_k)``; ``True`` = may attend.
            A query whose keys are all masked gets zero weights and a zero output.
        scale: True divides the scores by ``sqrt(d_k)``, False leaves them, a float multiplies.
        causal: Also apply a causal (lower-triangular, top-left aligned) mask; key tiles above
            the diagonal are skipped, not computed.
        need_weights: False returns ``None`` for the weights and computes the output with
            :func:`~quizterm.engine.chunked.chunked_attention` (online softmax over key
            blocks, as torch's fused kernels): no ``T_q x T_k`` array at all.
        dtype: float64 by default; ``np.float32`` for speed.

    Returns:
        ``(out (..., T_q, d_v), weights (..., T_q, T_k))``.
    """
    q, k, v = (np.asarray(a, dtype=dtype) for a in (q, k, v))
    if q.ndim < 2 or k.ndim < 2 or v.ndim < 2:
        raise ValueError("q, k and v need at least 2 dimensions (T, d)")
    T_q, d_k = q.shape[-2:]
    T_k, d_v = v.shape[-2:]
    if k.shape[-1] != d_k or k.shape[-2] != T_k:
        raise ValueError(f"shapes do not fit: q {q.shape}, k {k.shape}, v {v.shape}")
    m = None if mask is None else np.asarray(mask, dtype=bool)
    lead = np.broadcast_shapes(q.shape[:-2], k.shape[:-2], v.shape[:-2],
                               () if m is None else m.shape[:-2])
    if m is not None:
        # A view, never a copy: a (T, T) mask shared by every head stays one (T, T) mask.
        m = np.broadcast_to(m, lead + (T_q, T_k))  # (..., T_q, T_k)
    n = math.prod(lead)
    if not need_weights and n * T_q * T_k > _TILE_ELEMS:
        # Without weights to return, the key-block (flash-style) kernel is the faster one: its
        # tiles are squarer and fit in L2, and nothing T_q x T_k is ever allocated.
        from quizterm.engine.chunked import chunked_attention

        return chunked_attention(q, k, v, mask, scale, causal=causal, dtype=dtype), None
    factor = scale_factor(scale, d_k)
    # Scaling Q (T·d numbers) is cheaper than scaling the scores (T·T numbers).
    qs = q * np.asarray(factor, dtype=q.dtype)  # (..., T_q, d_k)
    qs = np.broadcast_to(qs, lead + (T_q, d_k)).reshape((n, T_q, d_k))  # (n, T_q, d_k)
    kb = np.broadcast_to(k, lead + (T_k, d_k)).reshape((n, T_k, d_k))  # (n, T_k, d_k)
    kt = kb.swapaxes(-1, -2)  # (n, d_k, T_k)
    vv = np.broadcast_to(v, lead + (T_k, d_v)).reshape((n, T_k, d_v))  # (n, T_k, d_v)
    shift = needs_shift(qs, kb)
    if n * T_q * T_k <= _TILE_ELEMS:  # small: one batched pass beats a Python loop of tiles
        out, weights = _attend_batched(qs, kt, vv, m, causal, shift, lead)
        return out.reshape(lead + (T_q, d_v)), (weights.reshape(lead + (T_q, T_k)) if need_weights else None)
    # Causal rows never write above the diagonal, so those weights must start at zero.
    weights = (np.zeros if causal else np.empty)((n, T_q, T_k), dtype=q.dtype)  # (n, T_q, T_k)
    out = np.empty((n, T_q, d_v), dtype=q.dtype)  # (n, T_q, d_v)
    rows = max(_MIN_ROWS, min(T_q, _TILE_ELEMS // max(T_k, 1)))
    if causal:  # thinner tiles follow the diagonal closer: less work on masked keys
        rows = max(_MIN_ROWS, min(rows, T_q // _CAUSAL_SPLIT))
    jobs = [(b, r0, min(r0 + rows, T_q)) for b in range(n) for r0 in range(0, T_q, rows)]
    if causal:
        jobs.sort(key=lambda job: -job[1])  # the late rows see the most keys: start them first

    def tile(job: tuple[int, int, int]) -> None:
        b, r0, r1 = job
        mb = None if m is None else m[np.unravel_index(b, lead)]  # (T_q, T_k)
        _attend_tile(qs[b], kt[b], vv[b], weights[b], out[b], r0, r1, mb, causal, shift)

    run_tiles(tile, jobs, work=n * T_q * T_k * (d_k + d_v) // (2 if causal else 1))
    return out.reshape(lead + (T_q, d_v)), weights.reshape(lead + (T_q, T_k))


def needs_shift(qs: NDArray, k: NDArray) -> bool:
    """Whether softmax must subtract each row's maximum before exp.

    By Cauchy-Schwarz no score exceeds max|q|·max|k| in size. Below 40, exp neither overflows
    nor underflows to 0 even in float32, so the max and subtract passes (a third of the
    element-wise work) can be skipped without changing the result beyond rounding.
    """
    if qs.size == 0 or k.size == 0:
        return False
    q_norm = np.sqrt(np.max(np.einsum("...i,...i->...", qs, qs)))
    k_norm = np.sqrt(np.max(np.einsum("...i,...i->...", k, k)))
    return not bool(q_norm * k_norm < 40.0)


def _attend_batched(qs, kt, vv, m, causal: bool, shift: bool, lead: tuple[int, ...]):
    """All of a small problem at once: ``(out (n, T_q, d_v), weights (n, T_q, T_k))``."""
    n, T_q, T_k = qs.shape[0], qs.shape[1], kt.shape[-1]
    w = qs @ kt  # (n, T_q, T_k)
    if causal and T_k:
        np.copyto(w, -np.inf, where=above_diagonal(T_q, T_k))
    if m is not None:
        np.copyto(w.reshape(lead + (T_q, T_k)), -np.inf, where=~m)
    softmax_rows_(w, masked=causal or m is not None, shift=shift)
    return w @ vv, w  # (n, T_q, d_v), (n, T_q, T_k)


def _attend_tile(qs, kt, v, weights, out, r0: int, r1: int, m, causal: bool, shift: bool) -> None:
    """Fill ``weights[r0:r1]`` and ``out[r0:r1]`` in place."""
    T_k = kt.shape[-1]
    kend = min(T_k, r1) if causal else T_k  # causal: keys after the tile's last query are masked
    if kend == 0:  # no key at all: zero weights, zero output
        out[r0:r1] = 0.0
        return
    w = weights[r0:r1, :kend]  # (rows, kend) view into the result
    np.matmul(qs[r0:r1], kt[:, :kend], out=w)
    masked = m is not None
    if causal and kend > r0:
        # Only the square on the diagonal holds keys later than their query.
        np.copyto(w[:, r0:], -np.inf, where=above_diagonal(r1 - r0, kend - r0))
        masked = True
    if m is not None:
        np.copyto(w, -np.inf, where=~m[r0:r1, :kend])
    softmax_rows_(w, masked=masked, shift=shift)
    np.matmul(w, v[:kend], out=out[r0:r1])


@functools.lru_cache(maxsize=32)
def above_diagonal(rows: int, cols: int) -> NDArray[np.bool_]:
    """``True`` where key ``j`` comes after query ``i`` in a tile on the diagonal (read-only)."""
    upper = ~np.tri(rows, cols, dtype=bool)  # (rows, cols)
    upper.flags.writeable = False
    return upper


def softmax_rows_(w: NDArray[np.floating], *, masked: bool = True, shift: bool = True) -> None:
    """Softmax over the last axis, in place; all -inf rows become zeros.

    ``shift=False`` skips subtracting the row maximum: only safe when every finite entry is
    known to lie within ±40 (see :func:`needs_shift`).
    """
    _exp_rows_(w, masked=masked, shift=shift)
    total = w.sum(axis=-1, keepdims=True)  # (rows, 1)
    if masked:
        total[total == 0] = 1.0
    np.divide(w, total, out=w)


def _exp_rows_(w: NDArray[np.floating], *, masked: bool, shift: bool) -> None:
    """exp(w - row max) in place (or plain exp(w) when ``shift`` is False)."""
    if shift:
        peak = w.max(axis=-1, keepdims=True)  # (rows, 1)
        if masked:
            peak[~np.isfinite(peak)] = 0.0
        np.subtract(w, peak, out=w)
    np.exp(w, out=w)


def attention_steps(
    q: ArrayLike, k: ArrayLike, v: ArrayLike, mask: ArrayLike | None = None, scale: bool | float = True
) -> dict[str, NDArray[np.float64]]:
    """Each stage of attention for one head, for teaching.

    Args:
        q: ``(T_q, d_k)``; k: ``(T_k, d_k)``; v: ``(T_k, d_v)``.
        mask: Optional ``(T_q, T_k)`` boolean mask, ``True`` = may attend.
        scale: As in :func:`scaled_dot_product_attention`.

    Returns:
        ``scores`` QKᵀ, ``scaled``, ``masked`` (masked entries -inf), ``weights``, ``output``.
    """
    q, k, v = (np.asarray(a, dtype=np.float64) for a in (q, k, v))
    scores = q @ k.T  # (T_q, T_k)
    scaled = scores * scale_factor(scale, q.shape[-1])  # (T_q, T_k)
    masked = scaled if mask is None else np.where(np.asarray(mask, dtype=bool), scaled, -np.inf)
    weights = softmax(masked, axis=-1)  # (T_q, T_k)
    return {"scores": scores, "scaled": scaled, "masked": masked, "weights": weights,
            "output": weights @ v}  # (T_q, d_v)
