"""The check ops' implementations (``quizterm.quiz.checks`` documents them and keeps the registry).

Each op takes its ``args`` dict (YAML scalars may arrive as strings) and returns a number, an
array, or a dict of named parts; anything it cannot use raises ``CheckError``.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from quizterm.quiz.generators import _math
from quizterm.quiz.normalize import as_array as _array
from quizterm.quiz.normalize import as_bool as _bool
from quizterm.quiz.normalize import as_float as _float
from quizterm.quiz.normalize import as_int as _int


class CheckError(ValueError):
    """A check block cannot be evaluated (unknown op, bad argument, bad select); the message says why."""


# --- argument coercion (YAML scalars arrive as strings): see quizterm.quiz.normalize ---

def _mask(value: Any, shape: tuple[int, int]) -> np.ndarray | None:
    if value is None:
        return None
    if isinstance(value, str) and value.strip().lower() == "causal":
        return np.tri(shape[0], shape[1], dtype=bool)
    m = _array("mask", value, (2,)) != 0
    if m.shape != shape:
        raise CheckError(f"mask: shape {m.shape} does not match the scores {shape}")
    return m


def _factor(args: dict[str, Any], d_k: int, default_scale: bool) -> float:
    if args.get("divisor") is not None:
        d = _float("divisor", args["divisor"])
        if d == 0:
            raise CheckError("divisor: must not be 0")
        return 1.0 / d
    return 1.0 / math.sqrt(d_k) if _bool("scale", args.get("scale", default_scale)) else 1.0


# --- ops ---

def op_softmax(a: dict[str, Any]) -> Any:
    x = _array("x", a.get("x"))
    axis = _int("axis", a.get("axis", -1), -2, 1)
    if axis >= x.ndim or axis < -x.ndim:
        raise CheckError(f"axis: {axis} does not exist for a {x.ndim}-D x")
    return _math.softmax(x, axis=axis)


def _qk(a: dict[str, Any]) -> tuple[np.ndarray, np.ndarray]:
    q, k = _array("Q", a.get("Q")), _array("K", a.get("K"))
    if q.shape[-1] != k.shape[-1]:
        raise CheckError(f"Q and K need the same width d_k, got {q.shape[-1]} and {k.shape[-1]}")
    return q, k


def op_scores(a: dict[str, Any]) -> Any:
    q, k = _qk(a)
    s = _math.scores(q, k, _factor(a, q.shape[-1], False))
    return float(s[0, 0]) if q.ndim == 1 and k.ndim == 1 else s


def _attend(a: dict[str, Any], v: np.ndarray | None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    q, k = _qk(a)
    q, k = np.atleast_2d(q), np.atleast_2d(k)
    if v is None:
        v = np.zeros((k.shape[0], 1))
    elif v.shape[0] != k.shape[0]:
        raise CheckError(f"V needs one row per key: {k.shape[0]} rows, got {v.shape[0]}")
    factor = _factor(a, q.shape[-1], True)
    mask = _mask(a.get("mask"), (q.shape[0], k.shape[0]))
    out, weights = _math.attention(q, k, v, mask=mask, factor=factor)
    return out, weights, q @ k.T * factor


def op_attention_weights(a: dict[str, Any]) -> Any:
    return _attend(a, None)[1]


def op_attention_output(a: dict[str, Any]) -> Any:
    out, weights, scores = _attend(a, np.atleast_2d(_array("V", a.get("V"))))
    return {"out": out, "weights": weights, "scores": scores}


def op_masked_row(a: dict[str, Any]) -> Any:
    s = _array("scores", a.get("scores"), (1,))
    if a.get("keep") is not None:
        keep = _array("keep", a["keep"], (1,)) != 0
        if keep.shape != s.shape:
            raise CheckError("keep: needs one 0/1 per score")
    elif a.get("upto") is not None:
        keep = np.arange(s.size) <= _int("upto", a["upto"], 0, s.size - 1)
    else:
        raise CheckError("masked_row needs keep or upto")
    return _math.softmax(s, mask=keep)


def op_causal_mask(a: dict[str, Any]) -> Any:
    return _math.causal_mask(_int("T", a.get("T"), 1, 64)).astype(int)


def op_pe(a: dict[str, Any]) -> Any:
    # Bounded because the engine builds the whole (pos + 1, d_model) table.
    d_model = _int("d_model", a.get("d_model"), 1, 1024)
    return _math.positional_encoding(_int("pos", a.get("pos"), 0, 2048),
                                     _int("i", a.get("i"), 0, d_model - 1), d_model)


def _heads(a: dict[str, Any]) -> tuple[int, int]:
    d_model, h = _int("d_model", a.get("d_model"), 1, 10**6), _int("h", a.get("h"), 1, 10**4)
    if d_model % h:
        raise CheckError(f"h={h} does not divide d_model={d_model}")
    return d_model, h


def op_mha_params(a: dict[str, Any]) -> Any:
    d_model, _ = _heads(a)
    return _math.mha_param_count(d_model, _bool("bias", a.get("bias", True)))


def op_block_params(a: dict[str, Any]) -> Any:
    d_model, _ = _heads(a)
    bias = _bool("bias", a.get("bias", True))
    parts = {"attention": _math.mha_param_count(d_model, bias),
             "ffn": _math.ffn_param_count(d_model, _int("d_ff", a.get("d_ff"), 1, 10**6), bias),
             "norms": _int("norms", a.get("norms", 2), 0, 4) * _math.layer_norm_param_count(d_model)}
    return {"total": sum(parts.values()), **parts}


def op_comparisons(a: dict[str, Any]) -> Any:
    n = _int("n", a.get("n"), 1, 10**6)
    return n * (n + 1) // 2 if _bool("causal", a.get("causal", False)) else n * n


def op_head_dim(a: dict[str, Any]) -> Any:
    d_model, h = _heads(a)
    return d_model // h


def op_qk_variance(a: dict[str, Any]) -> Any:
    d_k = _int("d_k", a.get("d_k"), 1, 4096)
    samples = _int("samples", a.get("samples", 10000), 100, 200000)
    rng = np.random.default_rng(_int("seed", a.get("seed", 0), 0, 2**32 - 1))
    q, k = rng.standard_normal((samples, d_k)), rng.standard_normal((samples, d_k))
    dots = np.einsum("nd,nd->n", q, k)  # (samples,)
    if _bool("scale", a.get("scale", False)):
        dots = dots / math.sqrt(d_k)
    return float(np.var(dots))


def op_visible(a: dict[str, Any]) -> Any:
    T = _int("T", a.get("T"), 1, 4096)
    pos = _int("pos", a.get("pos"), 0, T - 1)
    mask = _math.causal_mask(T) if _bool("causal", a.get("causal", True)) else np.ones((T, T), bool)
    return int(mask[pos].sum())


def op_saturation(a: dict[str, Any]) -> Any:
    s = _array("scores", a.get("scores"), (1,))
    d_k = _int("d_k", a.get("d_k"), 1, 100000)
    return {"scaled": float(_math.softmax(s / math.sqrt(d_k)).max()),
            "unscaled": float(_math.softmax(s).max())}

