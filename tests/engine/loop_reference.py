"""A deliberately slow, loop-by-loop attention: the independent reference the engine is checked against."""

from __future__ import annotations

import math

import numpy as np


def loop_attention(q, k, v, mask=None, scale=True):
    """Attention for one ``(T, d)`` problem with Python loops and ``math.exp``; returns (out, weights)."""
    q, k, v = (np.asarray(a, dtype=np.float64).tolist() for a in (q, k, v))
    T_q, T_k, d_v = len(q), len(k), len(v[0]) if v else 0
    d_k = len(q[0]) if q else 0
    factor = (1 / math.sqrt(d_k) if scale is True else 1.0) if isinstance(scale, bool) else float(scale)
    allowed = [[True] * T_k for _ in range(T_q)] if mask is None else np.asarray(mask, dtype=bool).tolist()
    weights = [[0.0] * T_k for _ in range(T_q)]
    out = [[0.0] * d_v for _ in range(T_q)]
    for i in range(T_q):
        scores = {}
        for j in range(T_k):
            if allowed[i][j]:
                scores[j] = factor * sum(q[i][c] * k[j][c] for c in range(d_k))
        if not scores:
            continue  # every key masked: zero weights, zero output
        peak = max(scores.values())
        exps = {j: math.exp(s - peak) for j, s in scores.items()}
        total = sum(exps.values())
        for j, e in exps.items():
            weights[i][j] = e / total
            for c in range(d_v):
                out[i][c] += weights[i][j] * v[j][c]
    return np.array(out).reshape(T_q, d_v), np.array(weights).reshape(T_q, T_k)


def loop_attention_batched(q, k, v, mask=None, scale=True):
    """:func:`loop_attention` over every leading index (arrays already broadcast to one shape)."""
    q, k, v = (np.asarray(a, dtype=np.float64) for a in (q, k, v))
    lead = np.broadcast_shapes(q.shape[:-2], k.shape[:-2], v.shape[:-2],
                               () if mask is None else np.shape(mask)[:-2])
    T_q, T_k = q.shape[-2], k.shape[-2]
    q = np.broadcast_to(q, lead + q.shape[-2:])
    k = np.broadcast_to(k, lead + k.shape[-2:])
    v = np.broadcast_to(v, lead + v.shape[-2:])
    m = None if mask is None else np.broadcast_to(np.asarray(mask, dtype=bool), lead + (T_q, T_k))
    out = np.zeros(lead + (T_q, v.shape[-1]))
    weights = np.zeros(lead + (T_q, T_k))
    for idx in np.ndindex(*lead):
        out[idx], weights[idx] = loop_attention(q[idx], k[idx], v[idx], None if m is None else m[idx], scale)
    return out, weights
