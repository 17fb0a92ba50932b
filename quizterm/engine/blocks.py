"""Transformer encoder and decoder blocks, post-norm (the paper) or pre-norm."""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

from quizterm.engine.layers import feed_forward, layer_norm
from quizterm.engine.multihead import multi_head_attention
from quizterm.engine.params import DecoderParams, EncoderParams


def encoder_block(
    x: ArrayLike,
    params: EncoderParams,
    mask: ArrayLike | None = None,
    *,
    pre_norm: bool = False,
    activation: str = "relu",
    eps: float = 1e-5,
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """Self-attention and feed-forward, each wrapped in a residual connection and a layer norm.

    Post-norm (default, as in the paper): ``x = LN(x + MHA(x)); x = LN(x + FFN(x))``.
    Pre-norm: ``x = x + MHA(LN(x)); x = x + FFN(LN(x))``.

    Args:
        x: ``(..., T, d_model)``.
        params: The block's parameters.
        mask: Optional boolean mask broadcastable to ``(..., T, T)``, ``True`` = may attend.
        pre_norm: Normalize before each sublayer instead of after.
        activation: Feed-forward activation, ``"relu"`` or ``"gelu"``.
        eps: Layer-norm epsilon.

    Returns:
        ``(out (..., T, d_model), attention weights (..., h, T, T))``.
    """
    x = np.asarray(x, dtype=np.float64)
    if pre_norm:
        a, weights = multi_head_attention(layer_norm(x, params.norm1, eps=eps), params.attn, mask)
        x = x + a  # (..., T, d_model)
        return x + feed_forward(layer_norm(x, params.norm2, eps=eps), params.ffn, activation=activation), weights
    a, weights = multi_head_attention(x, params.attn, mask)
    x = layer_norm(x + a, params.norm1, eps=eps)  # (..., T, d_model)
    return layer_norm(x + feed_forward(x, params.ffn, activation=activation), params.norm2, eps=eps), weights


def decoder_block(
    y: ArrayLike,
    memory: ArrayLike,
    params: DecoderParams,
    *,
    self_mask: ArrayLike | None = None,
    memory_mask: ArrayLike | None = None,
    pre_norm: bool = False,
    activation: str = "relu",
    eps: float = 1e-5,
) -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]]:
    """Causal self-attention, cross-attention over the encoder output, then feed-forward.

    The self-attention is always causal; ``self_mask`` (e.g. target padding) is combined with it.

    Args:
        y: ``(..., T_y, d_model)`` decoder inputs.
        memory: ``(..., T_x, d_model)`` encoder output (keys and values of cross-attention).
        params: The block's parameters.
        self_mask: Optional extra mask broadcastable to ``(..., T_y, T_y)``.
        memory_mask: Optional mask broadcastable to ``(..., T_y, T_x)`` (source padding).
        pre_norm: Normalize before each sublayer instead of after.
        activation: Feed-forward activation.
        eps: Layer-norm epsilon.

    Returns:
        ``(out (..., T_y, d_model), self weights (..., h, T_y, T_y), cross weights (..., h, T_y, T_x))``.
    """
    y = np.asarray(y, dtype=np.float64)
    memory = np.asarray(memory, dtype=np.float64)

    def self_attn(z):
        return multi_head_attention(z, params.self_attn, self_mask, causal=True)

    def cross_attn(z):
        return multi_head_attention(z, params.cross_attn, memory_mask, kv=memory)

    def ffn(z):
        return feed_forward(z, params.ffn, activation=activation)

    if pre_norm:
        a, w_self = self_attn(layer_norm(y, params.norm1, eps=eps))
        y = y + a  # (..., T_y, d_model)
        c, w_cross = cross_attn(layer_norm(y, params.norm2, eps=eps))
        y = y + c
        return y + ffn(layer_norm(y, params.norm3, eps=eps)), w_self, w_cross
    a, w_self = self_attn(y)
    y = layer_norm(y + a, params.norm1, eps=eps)  # (..., T_y, d_model)
    c, w_cross = cross_attn(y)
    y = layer_norm(y + c, params.norm2, eps=eps)
    return layer_norm(y + ffn(y), params.norm3, eps=eps), w_self, w_cross
