"""Positional encoding, layer norm, feed-forward, multi-head attention and the blocks."""

from __future__ import annotations

import numpy as np
import pytest

from quizterm.engine import (
    causal_mask,
    decoder_block,
    encoder_block,
    feed_forward,
    init_attention,
    init_decoder,
    init_encoder,
    init_feed_forward,
    layer_norm,
    merge_heads,
    multi_head_attention,
    scaled_dot_product_attention,
    sinusoidal_positional_encoding,
    split_heads,
)


def test_positional_encoding_values():
    pe = sinusoidal_positional_encoding(50, 8)
    assert pe.shape == (50, 8)
    np.testing.assert_array_equal(pe[0], [0, 1, 0, 1, 0, 1, 0, 1])
    pos, i = 7, 3  # column 2i+1 = 7 is cos(pos / 10000^(6/8))
    np.testing.assert_allclose(pe[pos, 2 * i + 1], np.cos(pos / 10000 ** (2 * i / 8)))
    np.testing.assert_allclose(pe[pos, 2 * i], np.sin(pos / 10000 ** (2 * i / 8)))
    assert sinusoidal_positional_encoding(3, 5).shape == (3, 5)
    assert sinusoidal_positional_encoding(3, 4, dtype=np.float32).dtype == np.float32


def test_layer_norm_mean_zero_variance_one():
    x = np.random.default_rng(0).normal(3.0, 5.0, size=(4, 6, 16))
    y = layer_norm(x)
    np.testing.assert_allclose(y.mean(-1), 0.0, atol=1e-12)
    np.testing.assert_allclose(y.var(-1), 1.0, atol=1e-5)  # eps=1e-5 inside the square root
    g, b = np.full(16, 2.0), np.full(16, 0.5)
    np.testing.assert_allclose(layer_norm(x, g, b), 2 * y + 0.5)


def test_feed_forward_is_positionwise():
    rng = np.random.default_rng(1)
    p = init_feed_forward(rng, 8, 32)
    x = rng.standard_normal((5, 8))
    np.testing.assert_allclose(feed_forward(x, p), np.maximum(x @ p.w_1 + p.b_1, 0) @ p.w_2 + p.b_2)
    np.testing.assert_allclose(feed_forward(x[2:3], p), feed_forward(x, p)[2:3])
    with pytest.raises(ValueError):
        feed_forward(x, p, activation="swish")


def test_split_merge_round_trip():
    x = np.arange(2 * 5 * 12, dtype=float).reshape(2, 5, 12)
    heads = split_heads(x, 3)
    assert heads.shape == (2, 3, 5, 4)
    np.testing.assert_array_equal(heads[1, 2, 4], x[1, 4, 8:12])
    np.testing.assert_array_equal(merge_heads(heads), x)


def test_multi_head_attention_matches_per_head_loop():
    rng = np.random.default_rng(2)
    p = init_attention(rng, 12, 3)
    x = rng.standard_normal((2, 6, 12))
    mask = causal_mask(6)
    out, w = multi_head_attention(x, p, mask)
    assert out.shape == (2, 6, 12) and w.shape == (2, 3, 6, 6)
    heads = []
    for h in range(3):
        cols = slice(4 * h, 4 * h + 4)
        q = x @ p.w_q[:, cols] + p.b_q[cols]
        k = x @ p.w_k[:, cols] + p.b_k[cols]
        v = x @ p.w_v[:, cols] + p.b_v[cols]
        o, wh = scaled_dot_product_attention(q, k, v, mask)
        np.testing.assert_allclose(w[:, h], wh, atol=1e-12)
        heads.append(o)
    np.testing.assert_allclose(out, np.concatenate(heads, -1) @ p.w_o + p.b_o, atol=1e-12)


def test_cross_attention_shapes_and_kv_use():
    rng = np.random.default_rng(3)
    p = init_attention(rng, 8, 2)
    x, mem = rng.standard_normal((4, 8)), rng.standard_normal((7, 8))
    out, w = multi_head_attention(x, p, kv=mem)
    assert out.shape == (4, 8) and w.shape == (2, 4, 7)
    out2, _ = multi_head_attention(x, p, kv=mem[::-1])  # keys/values permuted together
    np.testing.assert_allclose(out2, out, atol=1e-12)


def test_permuting_tokens_permutes_output_without_pe():
    rng = np.random.default_rng(4)
    p = init_encoder(rng, 8, 2)
    x = rng.standard_normal((6, 8))
    perm = rng.permutation(6)
    out, w = encoder_block(x, p)
    out_p, w_p = encoder_block(x[perm], p)
    np.testing.assert_allclose(out_p, out[perm], atol=1e-12)
    np.testing.assert_allclose(w_p, w[:, perm][:, :, perm], atol=1e-12)
    pe = sinusoidal_positional_encoding(6, 8)
    out_pe, _ = encoder_block(x + pe, p)
    out_pe_p, _ = encoder_block(x[perm] + pe, p)
    assert not np.allclose(out_pe_p, out_pe[perm])  # positions break the symmetry


@pytest.mark.parametrize("pre_norm", [False, True])
def test_encoder_block_post_and_pre_norm(pre_norm):
    rng = np.random.default_rng(5)
    p = init_encoder(rng, 8, 2, 16)
    x = rng.standard_normal((2, 5, 8))
    out, w = encoder_block(x, p, pre_norm=pre_norm)
    assert out.shape == x.shape and w.shape == (2, 2, 5, 5)
    a, _ = multi_head_attention(x if not pre_norm else layer_norm(x, p.norm1), p.attn)
    if pre_norm:
        h = x + a
        expected = h + feed_forward(layer_norm(h, p.norm2), p.ffn)
    else:
        h = layer_norm(x + a, p.norm1)
        expected = layer_norm(h + feed_forward(h, p.ffn), p.norm2)
    np.testing.assert_allclose(out, expected, atol=1e-12)


@pytest.mark.parametrize("pre_norm", [False, True])
def test_decoder_block_is_causal_and_reads_memory(pre_norm):
    rng = np.random.default_rng(6)
    p = init_decoder(rng, 8, 2)
    y, mem = rng.standard_normal((5, 8)), rng.standard_normal((7, 8))
    out, w_self, w_cross = decoder_block(y, mem, p, pre_norm=pre_norm)
    assert out.shape == (5, 8) and w_self.shape == (2, 5, 5) and w_cross.shape == (2, 5, 7)
    assert np.all(np.triu(w_self, 1) == 0.0)
    y2 = y.copy()
    y2[3:] += 10.0  # changing later tokens leaves earlier outputs alone
    out2, _, _ = decoder_block(y2, mem, p, pre_norm=pre_norm)
    np.testing.assert_allclose(out2[:3], out[:3], atol=1e-12)
    out3, _, _ = decoder_block(y, mem + 1.0, p, pre_norm=pre_norm)
    assert not np.allclose(out3, out)
    memory_mask = np.ones((5, 7), dtype=bool)
    memory_mask[:, 4:] = False
    _, _, w_masked = decoder_block(y, mem, p, memory_mask=memory_mask, pre_norm=pre_norm)
    assert np.all(w_masked[..., 4:] == 0.0)


def test_params_frozen_and_seeded():
    a = init_attention(np.random.default_rng(7), 8, 2)
    b = init_attention(np.random.default_rng(7), 8, 2)
    np.testing.assert_array_equal(a.w_q, b.w_q)
    assert a.d_k == 4 and a.d_model == 8
    with pytest.raises(AttributeError):
        a.h = 4  # frozen dataclass
    with pytest.raises(ValueError):
        init_attention(np.random.default_rng(0), 8, 3)
    with pytest.raises(ValueError):
        multi_head_attention(np.zeros((3, 6)), a)
