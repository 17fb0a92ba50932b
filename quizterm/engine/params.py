"""Parameters as frozen dataclasses, created from a ``numpy.random.Generator``.

Weights multiply from the right (``x @ w_q``), so a ``(d_in, d_out)`` matrix maps d_in to d_out.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

Array = NDArray[np.floating]


@dataclass(frozen=True)
class AttentionParams:
    """Projections of multi-head attention; ``h`` heads of ``d_k = d_model // h``."""

    w_q: Array  # (d_model, d_model)
    w_k: Array  # (d_model, d_model)
    w_v: Array  # (d_model, d_model)
    w_o: Array  # (d_model, d_model)
    b_q: Array  # (d_model,)
    b_k: Array  # (d_model,)
    b_v: Array  # (d_model,)
    b_o: Array  # (d_model,)
    h: int

    @property
    def d_model(self) -> int:
        return self.w_q.shape[0]

    @property
    def d_k(self) -> int:
        return self.d_model // self.h


@dataclass(frozen=True)
class LayerNormParams:
    """Gain and bias of a layer norm."""

    gamma: Array  # (d_model,)
    beta: Array  # (d_model,)


@dataclass(frozen=True)
class FeedForwardParams:
    """The position-wise feed-forward network ``max(0, x W1 + b1) W2 + b2``."""

    w_1: Array  # (d_model, d_ff)
    b_1: Array  # (d_ff,)
    w_2: Array  # (d_ff, d_model)
    b_2: Array  # (d_model,)


@dataclass(frozen=True)
class EncoderParams:
    """One encoder block: self-attention, feed-forward, and their two layer norms."""

    attn: AttentionParams
    ffn: FeedForwardParams
    norm1: LayerNormParams
    norm2: LayerNormParams


@dataclass(frozen=True)
class DecoderParams:
    """One decoder block: causal self-attention, cross-attention, feed-forward, three norms."""

    self_attn: AttentionParams
    cross_attn: AttentionParams
    ffn: FeedForwardParams
    norm1: LayerNormParams
    norm2: LayerNormParams
    norm3: LayerNormParams


def _check_heads(d_model: int, h: int) -> None:
    if d_model < 1 or h < 1 or d_model % h:
        raise ValueError(f"d_model ({d_model}) must be a positive multiple of the head count ({h})")


def _uniform(rng: np.random.Generator, d_in: int, d_out: int, dtype) -> Array:
    # Xavier/Glorot uniform, as in the annotated transformer and torch's in_proj.
    limit = np.sqrt(6.0 / (d_in + d_out))
    return rng.uniform(-limit, limit, size=(d_in, d_out)).astype(dtype)  # (d_in, d_out)


def init_attention(rng: np.random.Generator, d_model: int, h: int, *, bias: bool = True,
                   dtype=np.float64) -> AttentionParams:
    """Random multi-head attention parameters.

    Args:
        rng: The generator (``np.random.default_rng(seed)`` for reproducible tables).
        d_model: Model width; must be divisible by ``h``.
        h: Number of heads.
        bias: Random small biases if True, zeros if False.
        dtype: Array dtype.
    """
    _check_heads(d_model, h)
    w = [_uniform(rng, d_model, d_model, dtype) for _ in range(4)]
    if bias:
        b = [rng.normal(0.0, 0.02, size=d_model).astype(dtype) for _ in range(4)]
    else:
        b = [np.zeros(d_model, dtype=dtype) for _ in range(4)]
    return AttentionParams(*w, *b, h=h)


def init_layer_norm(rng: np.random.Generator | None, d_model: int, *, dtype=np.float64) -> LayerNormParams:
    """Layer-norm parameters: identity (1, 0) without ``rng``, small random perturbation with one."""
    if rng is None:
        return LayerNormParams(np.ones(d_model, dtype=dtype), np.zeros(d_model, dtype=dtype))
    return LayerNormParams((1.0 + rng.normal(0.0, 0.1, d_model)).astype(dtype),
                           rng.normal(0.0, 0.1, d_model).astype(dtype))


def init_feed_forward(rng: np.random.Generator, d_model: int, d_ff: int, *, dtype=np.float64) -> FeedForwardParams:
    """Random feed-forward parameters (``d_ff`` is 4 * d_model in the paper)."""
    return FeedForwardParams(_uniform(rng, d_model, d_ff, dtype), rng.normal(0.0, 0.02, d_ff).astype(dtype),
                             _uniform(rng, d_ff, d_model, dtype), rng.normal(0.0, 0.02, d_model).astype(dtype))


def init_encoder(rng: np.random.Generator, d_model: int, h: int, d_ff: int | None = None, *,
                 dtype=np.float64) -> EncoderParams:
    """Random parameters of one encoder block."""
    d_ff = 4 * d_model if d_ff is None else d_ff
    return EncoderParams(init_attention(rng, d_model, h, dtype=dtype), init_feed_forward(rng, d_model, d_ff, dtype=dtype),
                         init_layer_norm(rng, d_model, dtype=dtype), init_layer_norm(rng, d_model, dtype=dtype))


def init_decoder(rng: np.random.Generator, d_model: int, h: int, d_ff: int | None = None, *,
                 dtype=np.float64) -> DecoderParams:
    """Random parameters of one decoder block."""
    d_ff = 4 * d_model if d_ff is None else d_ff
    return DecoderParams(init_attention(rng, d_model, h, dtype=dtype), init_attention(rng, d_model, h, dtype=dtype),
                         init_feed_forward(rng, d_model, d_ff, dtype=dtype),
                         *(init_layer_norm(rng, d_model, dtype=dtype) for _ in range(3)))
