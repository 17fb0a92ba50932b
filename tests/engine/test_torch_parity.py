"""Parity with PyTorch's reference implementations (skipped when torch is not installed)."""

from __future__ import annotations

import numpy as np
import pytest

torch = pytest.importorskip("torch")
F = torch.nn.functional

from quizterm.engine import (  # noqa: E402
    causal_mask,
    chunked_attention,
    decoder_block,
    encoder_block,
    init_attention,
    init_decoder,
    init_encoder,
    layer_norm,
    multi_head_attention,
    scaled_dot_product_attention,
)


def t(a):
    return torch.from_numpy(np.ascontiguousarray(a))


def load_mha(module, p):
    """Copy our projections into ``nn.MultiheadAttention`` (torch applies ``x @ W.T``)."""
    with torch.no_grad():
        module.in_proj_weight.copy_(t(np.concatenate([p.w_q.T, p.w_k.T, p.w_v.T])))
        module.in_proj_bias.copy_(t(np.concatenate([p.b_q, p.b_k, p.b_v])))
        module.out_proj.weight.copy_(t(p.w_o.T))
        module.out_proj.bias.copy_(t(p.b_o))


def load_norm(module, p):
    with torch.no_grad():
        module.weight.copy_(t(p.gamma))
        module.bias.copy_(t(p.beta))


def load_ffn(layer, p):
    with torch.no_grad():
        layer.linear1.weight.copy_(t(p.w_1.T))
        layer.linear1.bias.copy_(t(p.b_1))
        layer.linear2.weight.copy_(t(p.w_2.T))
        layer.linear2.bias.copy_(t(p.b_2))


@pytest.mark.parametrize("causal", [False, True])
def test_sdpa_parity(causal):
    rng = np.random.default_rng(0)
    q, k, v = rng.standard_normal((2, 3, 9, 8)), rng.standard_normal((2, 3, 9, 8)), rng.standard_normal((2, 3, 9, 5))
    mask = rng.random((2, 1, 9, 9)) < 0.6
    mask[..., 0] = True  # torch gives NaN for fully masked rows; we give zeros (tested elsewhere)
    ref = F.scaled_dot_product_attention(t(q), t(k), t(v), is_causal=causal).numpy()
    np.testing.assert_allclose(scaled_dot_product_attention(q, k, v, causal=causal)[0], ref, atol=1e-12)
    np.testing.assert_allclose(chunked_attention(q, k, v, causal=causal, block=4), ref, atol=1e-12)
    ref_m = F.scaled_dot_product_attention(t(q), t(k), t(v), attn_mask=t(mask), scale=0.25).numpy()
    np.testing.assert_allclose(scaled_dot_product_attention(q, k, v, mask, 0.25)[0], ref_m, atol=1e-12)


def test_sdpa_parity_float32():
    rng = np.random.default_rng(1)
    q, k, v = (rng.standard_normal((8, 300, 64)).astype(np.float32) for _ in range(3))
    ref = F.scaled_dot_product_attention(t(q), t(k), t(v), is_causal=True).numpy()
    ours, _ = scaled_dot_product_attention(q, k, v, causal=True, dtype=np.float32)
    np.testing.assert_allclose(ours, ref, atol=2e-5)


@pytest.mark.parametrize("cross", [False, True])
def test_multihead_attention_parity(cross):
    rng = np.random.default_rng(2)
    p = init_attention(rng, 12, 3)
    x = rng.standard_normal((2, 5, 12))
    kv = rng.standard_normal((2, 7, 12)) if cross else x
    mask = np.ones((5, kv.shape[1]), dtype=bool) if cross else causal_mask(5)
    if cross:
        mask[:, 5:] = False
    mha = torch.nn.MultiheadAttention(12, 3, batch_first=True, dtype=torch.float64).eval()
    load_mha(mha, p)
    with torch.no_grad():
        # torch's boolean attn_mask marks what may NOT be attended: the opposite of ours.
        ref_out, ref_w = mha(t(x), t(kv), t(kv), attn_mask=t(~mask), average_attn_weights=False)
    out, w = multi_head_attention(x, p, mask, kv=None if not cross else kv)
    np.testing.assert_allclose(out, ref_out.numpy(), atol=1e-12)
    np.testing.assert_allclose(w, ref_w.numpy(), atol=1e-12)


def test_layer_norm_parity():
    rng = np.random.default_rng(3)
    x, g, b = rng.normal(2, 3, (4, 7, 16)), rng.standard_normal(16), rng.standard_normal(16)
    ref = F.layer_norm(t(x), (16,), t(g), t(b), eps=1e-5).numpy()
    np.testing.assert_allclose(layer_norm(x, g, b), ref, atol=1e-12)


@pytest.mark.parametrize("pre_norm", [False, True])
def test_encoder_layer_parity(pre_norm):
    rng = np.random.default_rng(4)
    p = init_encoder(rng, 16, 4, 32)
    x = rng.standard_normal((2, 6, 16))
    layer = torch.nn.TransformerEncoderLayer(16, 4, 32, dropout=0.0, batch_first=True, norm_first=pre_norm,
                                             dtype=torch.float64).eval()
    load_mha(layer.self_attn, p.attn)
    load_ffn(layer, p.ffn)
    load_norm(layer.norm1, p.norm1)
    load_norm(layer.norm2, p.norm2)
    mask = causal_mask(6)
    with torch.no_grad():
        ref = layer(t(x)).numpy()
        ref_masked = layer(t(x), src_mask=t(~mask)).numpy()
    np.testing.assert_allclose(encoder_block(x, p, pre_norm=pre_norm)[0], ref, atol=1e-11)
    np.testing.assert_allclose(encoder_block(x, p, mask, pre_norm=pre_norm)[0], ref_masked, atol=1e-11)


@pytest.mark.parametrize("pre_norm", [False, True])
def test_decoder_layer_parity(pre_norm):
    rng = np.random.default_rng(5)
    p = init_decoder(rng, 16, 4, 32)
    y, mem = rng.standard_normal((2, 5, 16)), rng.standard_normal((2, 8, 16))
    layer = torch.nn.TransformerDecoderLayer(16, 4, 32, dropout=0.0, batch_first=True, norm_first=pre_norm,
                                             dtype=torch.float64).eval()
    load_mha(layer.self_attn, p.self_attn)
    load_mha(layer.multihead_attn, p.cross_attn)
    load_ffn(layer, p.ffn)
    for module, params in ((layer.norm1, p.norm1), (layer.norm2, p.norm2), (layer.norm3, p.norm3)):
        load_norm(module, params)
    with torch.no_grad():
        ref = layer(t(y), t(mem), tgt_mask=t(~causal_mask(5))).numpy()
    np.testing.assert_allclose(decoder_block(y, mem, p, pre_norm=pre_norm)[0], ref, atol=1e-11)
