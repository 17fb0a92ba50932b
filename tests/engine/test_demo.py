"""attention_demo and tokenize: the contract the lesson reader and attention lab rely on."""

from __future__ import annotations

import numpy as np
import pytest

from quizterm.engine import attention_demo, embed_tokens, tokenize


def test_tokenize_words_and_characters():
    assert tokenize("我 愛 你") == ["我", "愛", "你"]
    assert tokenize("我愛你") == ["我", "愛", "你"]
    assert tokenize("  the   cat sat ") == ["the", "cat", "sat"]
    assert tokenize("   ") == []
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    assert tokenize(f"e\u0301{family}好") == ["e\u0301", family, "好"]
    assert tokenize("👍🏽ok") == ["👍🏽", "o", "k"]


def test_demo_shapes_and_rows():
    r = attention_demo("我 愛 你", heads=2, d_model=8, causal=True)
    assert r.tokens == ["我", "愛", "你"]
    assert r.weights.shape == (2, 3, 3) and r.weights.dtype == np.float64
    np.testing.assert_allclose(r.weights.sum(-1), 1.0)
    assert r.mask.shape == (3, 3) and r.mask.dtype == bool
    assert np.all(r.weights[:, ~r.mask] == 0.0)
    steps = r.head_steps(1)
    assert set(steps) == {"scores", "scaled", "masked", "weights", "output"}
    np.testing.assert_allclose(steps["weights"], r.weights[1])
    np.testing.assert_allclose(steps["scaled"], steps["scores"] / np.sqrt(4))
    assert np.isneginf(steps["masked"][0, 1])
    assert steps["output"].shape == (3, 4)


def test_demo_is_reproducible_and_seeded():
    a = attention_demo("the cat sat", seed=3)
    b = attention_demo("the cat sat", seed=3)
    c = attention_demo("the cat sat", seed=4)
    np.testing.assert_array_equal(a.weights, b.weights)
    assert not np.allclose(a.weights, c.weights)


def test_same_token_same_embedding():
    e = embed_tokens(["貓", "狗", "貓"], 8, seed=1)
    np.testing.assert_array_equal(e[0], e[2])
    assert not np.allclose(e[0], e[1])


def test_permute_without_pe_permutes_weights():
    perm = [2, 0, 3, 1]
    a = attention_demo("a b c d", positional=False)
    b = attention_demo("a b c d", positional=False, permute=perm)
    assert b.tokens == ["c", "a", "d", "b"]
    np.testing.assert_allclose(b.weights[0], a.weights[0][np.ix_(perm, perm)], atol=1e-12)
    np.testing.assert_allclose(b.output, a.output[perm], atol=1e-12)


@pytest.mark.parametrize("kw", [{"heads": 3}, {"permute": [0, 0]}])
def test_demo_rejects_bad_arguments(kw):
    with pytest.raises(ValueError):
        attention_demo("a b", **kw)
    with pytest.raises(ValueError):
        attention_demo("   ")
