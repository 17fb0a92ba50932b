"""Everything the app shows about attention for one sentence, reproducible from a seed."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from quizterm.engine.attention import attention_steps, scaled_dot_product_attention
from quizterm.engine.masks import causal_mask
from quizterm.engine.multihead import merge_heads, project_qkv
from quizterm.engine.params import AttentionParams, init_attention
from quizterm.engine.positional import sinusoidal_positional_encoding
from quizterm.engine.tokens import embed_tokens, tokenize


@dataclass(frozen=True)
class AttentionDemoResult:
    """Multi-head self-attention over a sentence's toy embeddings, with every intermediate."""

    tokens: list[str]
    weights: NDArray[np.float64]  # (h, T, T)
    mask: NDArray[np.bool_] | None  # (T, T) or None
    x: NDArray[np.float64]  # (T, d_model) embeddings (+ positional encoding)
    q: NDArray[np.float64]  # (h, T, d_k)
    k: NDArray[np.float64]  # (h, T, d_k)
    v: NDArray[np.float64]  # (h, T, d_k)
    output: NDArray[np.float64]  # (T, d_model) after the output projection
    params: AttentionParams
    heads: int
    d_model: int
    seed: int
    causal: bool
    scale: bool
    positional: bool

    def head_steps(self, i: int) -> dict[str, NDArray[np.float64]]:
        """Stages for head ``i``: ``scores`` QKᵀ, ``scaled``, ``masked`` (-inf where masked),
        ``weights`` (softmax) and ``output`` (weights @ V, ``(T, d_k)``)."""
        if not 0 <= i < self.heads:
            raise IndexError(f"head {i} out of range 0..{self.heads - 1}")
        return attention_steps(self.q[i], self.k[i], self.v[i], self.mask, self.scale)

    def to_json(self) -> dict:
        """Tokens, per-head weights, mask and settings as plain JSON types."""
        return {
            "tokens": list(self.tokens),
            "heads": self.heads,
            "d_model": self.d_model,
            "seed": self.seed,
            "causal": self.causal,
            "scale": self.scale,
            "positional": self.positional,
            "weights": self.weights.tolist(),
            "mask": None if self.mask is None else self.mask.tolist(),
        }


def attention_demo(
    sentence: str | list[str],
    *,
    heads: int = 1,
    d_model: int = 8,
    causal: bool = False,
    scale: bool = True,
    positional: bool = True,
    seed: int = 0,
    permute: list[int] | None = None,
) -> AttentionDemoResult:
    """Run multi-head self-attention on a sentence with seeded toy embeddings and weights.

    Args:
        sentence: Text (split by :func:`tokenize`) or a ready list of tokens.
        heads: Number of heads ``h``; must divide ``d_model``.
        d_model: Embedding width.
        causal: Mask future tokens.
        scale: Divide scores by ``sqrt(d_k)``.
        positional: Add the sinusoidal positional encoding to the embeddings.
        seed: Seeds the projections and (with each token's text) the embeddings.
        permute: Reorder the tokens first (``tokens[permute[i]]`` goes to position ``i``).

    Raises:
        ValueError: empty sentence, bad head count, or ``permute`` not a permutation.
    """
    tokens = tokenize(sentence) if isinstance(sentence, str) else list(sentence)
    if not tokens:
        raise ValueError("the sentence has no tokens")
    if permute is not None:
        if sorted(permute) != list(range(len(tokens))):
            raise ValueError(f"permute must be a permutation of 0..{len(tokens) - 1}")
        tokens = [tokens[i] for i in permute]
    T = len(tokens)
    params = init_attention(np.random.default_rng(seed), d_model, heads)
    x = embed_tokens(tokens, d_model, seed=seed)  # (T, d_model)
    if positional:
        x = x + sinusoidal_positional_encoding(T, d_model)  # (T, d_model)
    mask = causal_mask(T) if causal else None  # (T, T)
    q, k, v = project_qkv(x, x, params)  # (h, T, d_k) each
    # The per-stage arrays (scores, scaled, masked) are made on demand by head_steps.
    per_head, weights = scaled_dot_product_attention(q, k, v, mask, scale)  # (h, T, d_k), (h, T, T)
    output = merge_heads(per_head) @ params.w_o + params.b_o  # (T, d_model)
    return AttentionDemoResult(tokens, weights, mask, x, q, k, v, output, params, heads, d_model,
                               seed, causal, bool(scale), positional)
