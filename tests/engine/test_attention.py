"""Scaled dot-product attention and softmax: the loop reference, invariants, dtypes, masks."""

from __future__ import annotations

import math

import numpy as np
import pytest

from quizterm.engine import (
    causal_mask,
    chunked_attention,
    padding_mask,
    scaled_dot_product_attention,
    softmax,
)
from tests.engine.loop_reference import loop_attention, loop_attention_batched

import quizterm.engine.attention as attention_module


@pytest.fixture(params=["batched", "tiled"], autouse=True)
def tile_size(request, monkeypatch):
    """Every test here runs twice: small inputs in one batched pass, then forced into tiles."""
    if request.param == "tiled":
        monkeypatch.setattr(attention_module, "_TILE_ELEMS", 16)
        monkeypatch.setattr(attention_module, "_MIN_ROWS", 1)
    return request.param


def rand(rng, *shape):
    return rng.standard_normal(shape)


def test_hand_computed_2x2():
    """Q = K = I, V = [[1, 2], [3, 4]], no scaling.

    Scores Q Kᵀ = I, so row 0 is softmax([1, 0]) = [e/(e+1), 1/(e+1)] = [0.7311, 0.2689] and
    row 1 is the mirror [0.2689, 0.7311]. Output row 0 = 0.7311*[1, 2] + 0.2689*[3, 4]
    = [1 + 2*0.2689, 2 + 2*0.2689] = [1.5379, 2.5379]; row 1 = [3 - 2*0.2689, 4 - 2*0.2689]
    = [2.4621, 3.4621]. With scaling by 1/sqrt(2) the scores are I/1.4142 and row 0 becomes
    softmax([0.7071, 0]) = [0.6698, 0.3302].
    """
    e = math.e
    out, w = scaled_dot_product_attention(np.eye(2), np.eye(2), [[1, 2], [3, 4]], scale=False)
    a, b = e / (e + 1), 1 / (e + 1)
    np.testing.assert_allclose(w, [[a, b], [b, a]], rtol=1e-12)
    np.testing.assert_allclose(out, [[1 + 2 * b, 2 + 2 * b], [3 - 2 * b, 4 - 2 * b]], rtol=1e-12)
    np.testing.assert_allclose(out, [[1.5379, 2.5379], [2.4621, 3.4621]], atol=1e-4)
    _, ws = scaled_dot_product_attention(np.eye(2), np.eye(2), [[1, 2], [3, 4]])
    np.testing.assert_allclose(ws[0], [0.6698, 0.3302], atol=1e-4)


@pytest.mark.parametrize("T_q,T_k,d_k,d_v", [(1, 1, 1, 1), (3, 5, 4, 2), (7, 7, 8, 8), (40, 33, 6, 3)])
def test_matches_loop_reference(T_q, T_k, d_k, d_v):
    rng = np.random.default_rng(T_q * 100 + T_k)
    q, k, v = rand(rng, T_q, d_k), rand(rng, T_k, d_k), rand(rng, T_k, d_v)
    mask = rng.random((T_q, T_k)) < 0.7
    for m in (None, mask):
        out, w = scaled_dot_product_attention(q, k, v, m)
        ref_out, ref_w = loop_attention(q, k, v, m)
        np.testing.assert_allclose(w, ref_w, atol=1e-12)
        np.testing.assert_allclose(out, ref_out, atol=1e-12)


def test_batch_and_head_axes_broadcast():
    rng = np.random.default_rng(1)
    q, k, v = rand(rng, 2, 3, 5, 4), rand(rng, 2, 1, 6, 4), rand(rng, 1, 3, 6, 2)
    mask = padding_mask([6, 2], 6)[:, None]  # (2, 1, 1, 6): per batch, every head
    out, w = scaled_dot_product_attention(q, k, v, mask)
    assert out.shape == (2, 3, 5, 2) and w.shape == (2, 3, 5, 6)
    ref_out, ref_w = loop_attention_batched(q, k, v, mask)
    np.testing.assert_allclose(w, ref_w, atol=1e-12)
    np.testing.assert_allclose(out, ref_out, atol=1e-12)
    assert np.all(w[1, :, :, 2:] == 0.0)


def test_invariants_rows_masks_causal():
    rng = np.random.default_rng(2)
    T = 9
    q, k, v = rand(rng, 3, T, 4), rand(rng, 3, T, 4), rand(rng, 3, T, 5)
    mask = rng.random((3, T, T)) < 0.5
    mask[:, :, 0] = True  # no fully masked row here
    _, w = scaled_dot_product_attention(q, k, v, mask)
    np.testing.assert_allclose(w.sum(-1), 1.0, atol=1e-12)
    assert np.all(w[~mask] == 0.0)  # exactly zero, not tiny
    for causal_kw in ({"causal": True}, {"mask": causal_mask(T)}):
        _, wc = scaled_dot_product_attention(q, k, v, **causal_kw)
        assert np.all(np.triu(wc, 1) == 0.0)
        np.testing.assert_allclose(wc.sum(-1), 1.0, atol=1e-12)
        np.testing.assert_allclose(wc[:, 0, 0], 1.0)


def test_causal_flag_equals_causal_mask():
    rng = np.random.default_rng(3)
    q, k, v = rand(rng, 2, 50, 4), rand(rng, 2, 50, 4), rand(rng, 2, 50, 3)
    pad = padding_mask([50, 30], 50)
    a = scaled_dot_product_attention(q, k, v, pad, causal=True)
    b = scaled_dot_product_attention(q, k, v, causal_mask(50) & pad)
    np.testing.assert_allclose(a[0], b[0], atol=1e-13)
    np.testing.assert_allclose(a[1], b[1], atol=1e-13)


def test_zero_queries_give_uniform_weights():
    rng = np.random.default_rng(4)
    _, w = scaled_dot_product_attention(np.zeros((3, 4)), rand(rng, 5, 4), rand(rng, 5, 2))
    np.testing.assert_allclose(w, 0.2, atol=1e-15)


def test_fully_masked_row_is_zero_not_nan():
    rng = np.random.default_rng(5)
    q, k, v = rand(rng, 3, 4), rand(rng, 4, 4), rand(rng, 4, 2)
    mask = np.ones((3, 4), dtype=bool)
    mask[1] = False
    for m in (mask, np.zeros((3, 4), dtype=bool)):
        out, w = scaled_dot_product_attention(q, k, v, m)
        assert not np.isnan(w).any() and not np.isnan(out).any()
        assert np.all(w[~m.any(-1)] == 0.0) and np.all(out[~m.any(-1)] == 0.0)
        assert not np.isnan(chunked_attention(q, k, v, m, block=2)).any()
        np.testing.assert_allclose(scaled_dot_product_attention(q, k, v, m, need_weights=False)[0], out, atol=1e-14)
    np.testing.assert_array_equal(softmax(np.ones((2, 3)), mask=np.zeros((2, 3), dtype=bool)), 0.0)


def test_softmax_is_stable_and_masked():
    x = np.array([[1000.0, 1001.0, 1002.0], [-1e4, 0.0, 1e4]])
    s = softmax(x)
    assert np.isfinite(s).all()
    np.testing.assert_allclose(s.sum(-1), 1.0)
    np.testing.assert_allclose(s[0], softmax([0.0, 1.0, 2.0]), rtol=1e-12)
    sm = softmax([[1.0, 2.0, 3.0]], mask=[[True, False, True]])
    assert sm[0, 1] == 0.0
    np.testing.assert_allclose(sm[0, [0, 2]], softmax([1.0, 3.0]))
    assert softmax([1, 2]).dtype == np.float64


def test_large_scores_still_exact():
    """Scores far beyond exp's range take the max-subtracting path and stay finite."""
    rng = np.random.default_rng(6)
    q, k, v = 30 * rand(rng, 4, 8), 30 * rand(rng, 6, 8), rand(rng, 6, 3)
    out, w = scaled_dot_product_attention(q, k, v)
    ref_out, ref_w = loop_attention(q, k, v)
    np.testing.assert_allclose(w, ref_w, atol=1e-12)
    np.testing.assert_allclose(out, ref_out, atol=1e-12)
    np.testing.assert_allclose(scaled_dot_product_attention(q, k, v, need_weights=False)[0], ref_out, atol=1e-12)
    mask = np.tri(4, 6, dtype=bool)
    mask[2] = False
    ref_masked, _ = loop_attention(q, k, v, mask)
    for block in (1, 2, 6):
        np.testing.assert_allclose(chunked_attention(q, k, v, block=block), ref_out, atol=1e-12)
        np.testing.assert_allclose(chunked_attention(q, k, v, mask, block=block, q_block=2), ref_masked, atol=1e-12)


def test_dtypes_float64_default_float32_on_request():
    rng = np.random.default_rng(7)
    q, k, v = rand(rng, 6, 4), rand(rng, 6, 4), rand(rng, 6, 4)
    out, w = scaled_dot_product_attention(q.astype(np.float32), k, v)
    assert out.dtype == w.dtype == np.float64
    out32, w32 = scaled_dot_product_attention(q, k, v, dtype=np.float32)
    assert out32.dtype == w32.dtype == np.float32
    np.testing.assert_allclose(out32, scaled_dot_product_attention(q, k, v)[0], atol=1e-5)
    assert chunked_attention(q, k, v, dtype=np.float32).dtype == np.float32


def test_scale_options():
    rng = np.random.default_rng(8)
    q, k, v = rand(rng, 3, 4), rand(rng, 5, 4), rand(rng, 5, 2)
    _, w_true = scaled_dot_product_attention(q, k, v, scale=True)
    _, w_half = scaled_dot_product_attention(q, k, v, scale=0.5)
    _, w_none = scaled_dot_product_attention(q, k, v, scale=False)
    np.testing.assert_allclose(w_true, w_half)  # d_k = 4: 1/sqrt(4) = 0.5
    np.testing.assert_allclose(w_none, softmax(q @ k.T))


def test_need_weights_false_same_output():
    rng = np.random.default_rng(9)
    q, k, v = rand(rng, 2, 70, 4), rand(rng, 2, 70, 4), rand(rng, 2, 70, 3)
    for causal in (False, True):
        out, w = scaled_dot_product_attention(q, k, v, causal=causal)
        out2, none = scaled_dot_product_attention(q, k, v, causal=causal, need_weights=False)
        assert none is None
        np.testing.assert_allclose(out2, out, atol=1e-14)


def test_bad_shapes_raise():
    with pytest.raises(ValueError):
        scaled_dot_product_attention(np.zeros((2, 3)), np.zeros((2, 4)), np.zeros((2, 4)))
    with pytest.raises(ValueError):
        scaled_dot_product_attention(np.zeros(3), np.zeros(3), np.zeros(3))
    with pytest.raises(ValueError):
        padding_mask([5], 4)
