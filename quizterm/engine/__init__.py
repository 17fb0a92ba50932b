"""The bundled NumPy attention engine: masks, attention, heads, positions, norms, blocks."""

from quizterm.engine.attention import attention_steps, scaled_dot_product_attention
from quizterm.engine.blocks import decoder_block, encoder_block
from quizterm.engine.chunked import chunked_attention
from quizterm.engine.demo import AttentionDemoResult, attention_demo
from quizterm.engine.layers import feed_forward, gelu, layer_norm, relu
from quizterm.engine.masks import causal_mask, padding_mask
from quizterm.engine.multihead import merge_heads, multi_head_attention, split_heads
from quizterm.engine.params import (
    AttentionParams,
    DecoderParams,
    EncoderParams,
    FeedForwardParams,
    LayerNormParams,
    init_attention,
    init_decoder,
    init_encoder,
    init_feed_forward,
    init_layer_norm,
)
from quizterm.engine.positional import sinusoidal_positional_encoding
from quizterm.engine.softmax import softmax
from quizterm.engine.tokens import embed_tokens, tokenize

__all__ = [
    "AttentionDemoResult", "AttentionParams", "DecoderParams", "EncoderParams", "FeedForwardParams",
    "LayerNormParams", "attention_demo", "attention_steps", "causal_mask", "chunked_attention",
    "decoder_block", "embed_tokens", "encoder_block", "feed_forward", "gelu", "layer_norm", "relu",
    "init_attention", "init_decoder", "init_encoder", "init_feed_forward", "init_layer_norm",
    "merge_heads", "multi_head_attention", "padding_mask", "scaled_dot_product_attention",
    "sinusoidal_positional_encoding", "softmax", "split_heads", "tokenize",
]
