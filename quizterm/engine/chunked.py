"""Attention over key blocks with an online softmax: the plain result in O(T·block) memory."""

from __future__ import annotations

import functools
import math

import numpy as np
from numpy.typing import ArrayLike, DTypeLike, NDArray

from quizterm.engine.attention import needs_shift, scale_factor
from quizterm.engine.parallel import run_tiles


def chunked_attention(
    q: ArrayLike,
    k: ArrayLike,
    v: ArrayLike,
    mask: ArrayLike | None = None,
    scale: bool | float = True,
    *,
    block: int = 256,
    causal: bool = False,
    q_block: int | None = None,
    dtype: DTypeLike = np.float64,
) -> NDArray[np.floating]:
    """softmax(Q Kᵀ / sqrt(d_k)) V without ever holding the ``T_q x T_k`` weights.

    Keys are visited one block at a time; each query keeps its running maximum ``m``, running
    sum ``l`` and an unnormalized output. When a later block raises the maximum, the earlier sum
    and output are rescaled by ``exp(m_old - m_new)``, so the result equals the plain softmax.
    With ``causal=True`` key blocks entirely above the diagonal are skipped.

    Args:
        q: ``(..., T_q, d_k)``; k: ``(..., T_k, d_k)``; v: ``(..., T_k, d_v)``.
        mask: Optional boolean mask broadcastable to ``(..., T_q, T_k)``, ``True`` = may attend
            (a dense mask is itself ``T_q x T_k`` booleans: prefer ``causal`` when it is causal).
        scale: As in ``scaled_dot_product_attention``.
        block: Keys per block (and the scale of the extra memory, ``O(T·block)``).
        causal: Apply a causal mask without materializing it.
        q_block: Queries per tile (default: ``block`` when causal, else enough for ~128k scores
            per tile).
        dtype: float64 by default; ``np.float32`` for speed.

    Returns:
        ``(..., T_q, d_v)``, the same as ``scaled_dot_product_attention(...)[0]`` (fully masked
        queries give zeros).
    """
    q, k, v = (np.asarray(a, dtype=dtype) for a in (q, k, v))
    if block < 1 or (q_block is not None and q_block < 1):
        raise ValueError("block and q_block must be at least 1")
    T_q, d_k = q.shape[-2:]
    T_k, d_v = v.shape[-2:]
    if k.shape[-1] != d_k or k.shape[-2] != T_k:
        raise ValueError(f"shapes do not fit: q {q.shape}, k {k.shape}, v {v.shape}")
    m = None if mask is None else np.asarray(mask, dtype=bool)
    lead = np.broadcast_shapes(q.shape[:-2], k.shape[:-2], v.shape[:-2], () if m is None else m.shape[:-2])
    n = math.prod(lead)
    if m is not None:
        # A view, never a copy: a (T, T) mask shared by every head stays one (T, T) mask.
        m = np.broadcast_to(m, lead + (T_q, T_k))  # (..., T_q, T_k)
    qs = q * np.asarray(scale_factor(scale, d_k), dtype=q.dtype)  # (..., T_q, d_k)
    qs = np.broadcast_to(qs, lead + (T_q, d_k)).reshape((n, T_q, d_k))  # (n, T_q, d_k)
    kt = np.broadcast_to(k, lead + (T_k, d_k)).reshape((n, T_k, d_k)).swapaxes(-1, -2)  # (n, d_k, T_k)
    vv = np.broadcast_to(v, lead + (T_k, d_v)).reshape((n, T_k, d_v))  # (n, T_k, d_v)
    # A ones column after V: P @ [V | 1] accumulates each row's softmax denominator for free.
    v1 = np.concatenate([vv, np.ones((n, T_k, 1), dtype=q.dtype)], axis=-1)  # (n, T_k, d_v + 1)
    shift = needs_shift(qs, kt.swapaxes(-1, -2))
    out = np.empty((n, T_q, d_v), dtype=q.dtype)  # (n, T_q, d_v)
    # Query rows per tile: the tile (rows, block) stays O(T·block) and near cache size.
    # Causal: square tiles, so key blocks past the diagonal are skipped at a fine grain.
    rows = q_block or (block if causal else max(block, (1 << 17) // block))

    def tile(job: tuple[int, int]) -> None:
        b, r0 = job
        r1 = min(r0 + rows, T_q)
        _query_tile(qs[b, r0:r1], kt[b], v1[b], out[b, r0:r1], r0, block, causal,
                    None if m is None else m[np.unravel_index(b, lead)][r0:r1], shift)

    # Tiles are independent: they may run on several threads (each with its own block buffer).
    jobs = [(b, r0) for b in range(n) for r0 in range(0, T_q, rows)]
    if causal:
        jobs.sort(key=lambda job: -job[1])  # the late rows see the most keys: start them first
    run_tiles(tile, jobs, work=n * T_q * T_k * (d_k + d_v) // (2 if causal else 1))
    return out.reshape(lead + (T_q, d_v))


@functools.lru_cache(maxsize=64)
def _later_keys(rows: int, cols: int, shift: int) -> np.ndarray:
    """``True`` where key ``c0 + c`` comes after query ``r0 + a`` (``shift = r0 - c0``); read-only."""
    later = ~np.tri(rows, cols, shift, dtype=bool)  # (rows, cols)
    later.flags.writeable = False
    return later


def _query_tile(qs, kt, v1, out, r0: int, block: int, causal: bool, m, shift: bool) -> None:
    """Online softmax for the queries ``r0 .. r0 + rows`` over every needed key block.

    ``acc`` holds the unnormalized output and, in its last column, the running denominator;
    both are rescaled by ``exp(old max - new max)`` whenever a block raises a row's maximum.
    Without ``shift`` (scores known to stay within ±40) there is no running maximum at all.
    """
    rows, T_k = qs.shape[0], kt.shape[-1]
    dt = qs.dtype
    acc = np.zeros((rows, v1.shape[-1]), dtype=dt)  # (rows, d_v + 1)
    run_max = np.full((rows, 1), -np.inf, dtype=dt)  # (rows, 1)
    buf = np.empty((rows, block), dtype=dt)  # (rows, block): the only T·block buffer
    kend = min(T_k, r0 + rows) if causal else T_k  # later key blocks are fully masked: skip
    for c0 in range(0, kend, block):
        c1 = min(c0 + block, kend)
        s = buf[:, : c1 - c0]  # (rows, c1 - c0)
        np.matmul(qs, kt[:, c0:c1], out=s)
        if causal and c1 - 1 > r0:
            # Key j = c0 + c may be seen by query i = r0 + a only when c <= a + (r0 - c0).
            np.copyto(s, -np.inf, where=_later_keys(rows, c1 - c0, r0 - c0))
        if m is not None:
            np.copyto(s, -np.inf, where=~m[:, c0:c1])
        if shift:
            new_max = np.maximum(run_max, s.max(axis=-1, keepdims=True))  # (rows, 1)
            # Rows with nothing allowed so far keep a -inf maximum: shift by 0, so exp gives 0, not nan.
            offset = np.where(np.isneginf(new_max), 0.0, new_max).astype(dt, copy=False)
            acc *= np.exp(run_max - offset)
            np.subtract(s, offset, out=s)
            run_max = new_max
        np.exp(s, out=s)
        acc += s @ v1[c0:c1]  # (rows, d_v + 1)
    total = acc[:, -1:]  # (rows, 1)
    np.divide(acc[:, :-1], total, out=out, where=total > 0)
    out[total[:, 0] == 0] = 0.0  # a query with no visible key: zeros, not 0/0
