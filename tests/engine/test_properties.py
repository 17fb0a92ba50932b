"""Hypothesis over shapes and masks: plain vs loop reference, chunked vs plain, softmax laws."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

import quizterm.engine.attention as attention_module
from quizterm.engine import chunked_attention, scaled_dot_product_attention, softmax
from tests.engine.loop_reference import loop_attention_batched

finite = st.floats(-6, 6, allow_nan=False, width=64)


@st.composite
def problems(draw):
    lead = tuple(draw(st.lists(st.integers(1, 3), max_size=2)))
    T_q, T_k = draw(st.integers(1, 7)), draw(st.integers(1, 7))
    d_k, d_v = draw(st.integers(1, 5)), draw(st.integers(1, 4))
    q = draw(arrays(np.float64, lead + (T_q, d_k), elements=finite))
    k = draw(arrays(np.float64, lead + (T_k, d_k), elements=finite))
    v = draw(arrays(np.float64, lead + (T_k, d_v), elements=finite))
    # Masks of the full shape or broadcast over the leading axes; rows may be fully masked.
    mask_shape = draw(st.sampled_from([lead + (T_q, T_k), (T_q, T_k), (1, T_k)]))
    mask = draw(st.none() | arrays(np.bool_, mask_shape))
    scale = draw(st.sampled_from([True, False, 0.3]))
    causal = draw(st.booleans())
    return q, k, v, mask, scale, causal


def full_mask(mask, causal, T_q, T_k):
    m = np.ones((T_q, T_k), dtype=bool) if mask is None else np.asarray(mask, dtype=bool)
    return m & np.tri(T_q, T_k, dtype=bool) if causal else m


@settings(max_examples=120, deadline=None)
@given(problems(), st.sampled_from([None, 1, 12]))
def test_plain_matches_loop_reference(p, tile_elems):
    """Small problems take one batched pass; a tiny tile size forces the tiled path."""
    q, k, v, mask, scale, causal = p
    default, min_rows = attention_module._TILE_ELEMS, attention_module._MIN_ROWS
    attention_module._TILE_ELEMS = tile_elems or default
    attention_module._MIN_ROWS = 1 if tile_elems else min_rows
    try:
        out, w = scaled_dot_product_attention(q, k, v, mask, scale, causal=causal)
        out_nw, none = scaled_dot_product_attention(q, k, v, mask, scale, causal=causal, need_weights=False)
    finally:
        attention_module._TILE_ELEMS, attention_module._MIN_ROWS = default, min_rows
    assert none is None
    np.testing.assert_allclose(out_nw, out, atol=1e-10)
    m = full_mask(mask, causal, q.shape[-2], k.shape[-2])
    ref_out, ref_w = loop_attention_batched(q, k, v, m, scale)
    np.testing.assert_allclose(w, ref_w, atol=1e-10)
    np.testing.assert_allclose(out, ref_out, atol=1e-9)
    # Every row sums to 1 unless all of it is masked, then it is all zeros.
    sums = w.sum(-1)
    any_allowed = np.broadcast_to(m, w.shape).any(-1)
    np.testing.assert_allclose(sums[any_allowed], 1.0, atol=1e-12)
    assert np.all(sums[~any_allowed] == 0.0)
    assert np.all(w[~np.broadcast_to(m, w.shape)] == 0.0)


@settings(max_examples=120, deadline=None)
@given(problems(), st.integers(1, 4), st.integers(1, 4))
def test_chunked_matches_plain(p, block, q_block):
    q, k, v, mask, scale, causal = p
    out, _ = scaled_dot_product_attention(q, k, v, mask, scale, causal=causal)
    chunked = chunked_attention(q, k, v, mask, scale, causal=causal, block=block, q_block=q_block)
    np.testing.assert_allclose(chunked, out, atol=1e-10)


@settings(max_examples=60, deadline=None)
@given(arrays(np.float64, st.tuples(st.integers(1, 4), st.integers(1, 6)),
              elements=st.floats(-1e6, 1e6, allow_nan=False)), st.floats(-50, 50))
def test_softmax_laws(x, shift):
    s = softmax(x)
    assert np.all((s >= 0) & (s <= 1))
    np.testing.assert_allclose(s.sum(-1), 1.0, atol=1e-12)
    # Adding a constant to a row changes nothing (stable softmax).
    np.testing.assert_allclose(softmax(x + shift), s, atol=1e-9)
