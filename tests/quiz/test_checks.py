"""Every check op against a hand computation, plus select parsing and argument errors."""

import math

import numpy as np
import pytest

from quizterm.model import Check
from quizterm.quiz.checks import OPS, CheckError, compute, parse_select


def run(op, select=None, **args):
    return compute(Check(op=op, args=args, select=select))


def soft(xs):
    e = [math.exp(x) for x in xs]
    return [v / sum(e) for v in e]


def test_every_op_is_documented():
    import quizterm.quiz.checks as mod

    for name in OPS:
        assert f"``{name}``" in mod.__doc__


def test_softmax_rows_and_columns():
    assert run("softmax", x=[2, 0]).tolist() == pytest.approx(soft([2, 0]))
    assert run("softmax", x=["1", "2", "3"], select="[2]") == pytest.approx(soft([1, 2, 3])[2])
    cols = run("softmax", x=[[1, 0], [3, 0]], axis=0)
    assert cols[:, 0].tolist() == pytest.approx(soft([1, 3]))


def test_scores_vectors_and_matrices():
    assert run("scores", Q=[1, 2], K=[3, 1]) == 5
    assert run("scores", Q=[1, 2], K=[3, 1], scale=True) == pytest.approx(5 / math.sqrt(2))
    assert run("scores", Q=["1", "1", "1", "1"], K=[1, 0, 1, 1], scale="true") == 1.5
    assert run("scores", Q=[[1, 2], [0, 1]], K=[[1, 0], [2, 2]]).tolist() == [[1, 6], [0, 2]]
    assert run("scores", Q=[4], K=[1], divisor=8) == 0.5


def test_attention_weights_hand_example():
    w = run("attention_weights", Q=[[1, 1, 0, 0], [0, 0, 1, 1]], K=[[1, 1, 0, 0], [1, 0, 1, 0]])
    # scores [[2, 1], [0, 1]] / √4 -> rows softmax([1, .5]) and softmax([0, .5])
    assert w[0].tolist() == pytest.approx(soft([1, 0.5]))
    assert w[1].tolist() == pytest.approx(soft([0, 0.5]))
    unscaled = run("attention_weights", Q=[[1, 0], [0, 1]], K=[[1, 0], [0, 1]], scale=False, select="[0][1]")
    assert unscaled == pytest.approx(1 / (math.e + 1))


def test_attention_weights_with_masks():
    causal = run("attention_weights", Q=[[1, 0], [0, 1]], K=[[1, 0], [0, 1]], mask="causal")
    assert causal[0].tolist() == [1.0, 0.0]
    explicit = run("attention_weights", Q=[[1, 0], [0, 1]], K=[[1, 0], [0, 1]], mask=[[0, 1], [1, 1]])
    assert explicit[0].tolist() == [0.0, 1.0]


def test_attention_output_and_parts():
    args = dict(Q=[[1, 0], [0, 1]], K=[[1, 0], [0, 1]], V=[[1, 2], [3, 4]], scale=False)
    a, b = soft([1, 0])
    assert run("attention_output", **args) == pytest.approx(np.array([[a + 3 * b, 2 * a + 4 * b],
                                                                       [b + 3 * a, 2 * b + 4 * a]]))
    assert run("attention_output", select="weights[1][1]", **args) == pytest.approx(a)
    assert run("attention_output", select="scores[0, 1]", **args) == 0
    assert run("attention_output", select="[:, 0]", **args).tolist() == pytest.approx([a + 3 * b, b + 3 * a])


def test_masked_row():
    assert run("masked_row", scores=[2, 0, 5], upto=1).tolist() == pytest.approx(soft([2, 0]) + [0.0])
    assert run("masked_row", scores=[2, 0, 5], keep=[1, 0, 1]).tolist() == pytest.approx(
        [soft([2, 5])[0], 0.0, soft([2, 5])[1]])
    assert run("masked_row", scores=[1, 1], keep=[0, 0]).tolist() == [0.0, 0.0]  # zeros, not NaN


def test_causal_mask_and_visible():
    assert run("causal_mask", T=3).tolist() == [[1, 0, 0], [1, 1, 0], [1, 1, 1]]
    assert run("visible", T=5, pos=2) == 3
    assert run("visible", T=5, pos=2, causal=False) == 5


@pytest.mark.parametrize("pos, i, d_model", [(0, 0, 4), (0, 1, 4), (1, 0, 4), (1, 2, 4), (3, 3, 8), (7, 5, 16)])
def test_pe(pos, i, d_model):
    angle = pos / 10000 ** ((2 * (i // 2)) / d_model)
    expected = math.sin(angle) if i % 2 == 0 else math.cos(angle)
    assert run("pe", pos=pos, i=i, d_model=d_model) == pytest.approx(expected)


def test_parameter_counts():
    assert run("mha_params", d_model=512, h=8) == 4 * 512 * 512 + 4 * 512
    assert run("mha_params", d_model=512, h=8, bias=False) == 4 * 512 * 512
    total = 4 * 512 * 512 + 4 * 512 + 512 * 2048 + 2048 + 2048 * 512 + 512 + 4 * 512
    assert run("block_params", d_model=512, d_ff=2048, h=8) == total
    assert run("block_params", d_model=512, d_ff=2048, h=8, select="ffn") == 2 * 512 * 2048 + 2048 + 512
    assert run("block_params", d_model=512, d_ff=2048, h=8, select="norms") == 4 * 512


def test_comparisons_and_head_dim():
    assert run("comparisons", n=100) == 10000
    assert run("comparisons", n=4, causal=True) == 1 + 2 + 3 + 4
    assert run("head_dim", d_model=768, h=12) == 64
    with pytest.raises(CheckError, match="does not divide"):
        run("head_dim", d_model=100, h=8)


def test_qk_variance_tracks_d_k_and_scaling():
    v64 = run("qk_variance", d_k=64, seed=1, samples=20000)
    assert abs(v64 - 64) < 64 * 0.06
    assert abs(run("qk_variance", d_k=64, seed=1, samples=20000, scale=True) - 1) < 0.06
    assert run("qk_variance", d_k=16, seed=3) == run("qk_variance", d_k=16, seed=3)  # reproducible


def test_saturation():
    assert run("saturation", scores=[16, 0], d_k=64) == pytest.approx(soft([2, 0])[0])
    assert run("saturation", scores=[16, 0], d_k=64, select="unscaled") == pytest.approx(soft([16, 0])[0])


@pytest.mark.parametrize("text, name, groups", [
    ("[0][1]", None, [(0,), (1,)]), ("weights[1, -1]", "weights", [(1, -1)]),
    ("[:, 0]", None, [(slice(None), 0)]), ("out", "out", []), ("", None, []),
])
def test_parse_select(text, name, groups):
    assert parse_select(text) == (name, groups)


@pytest.mark.parametrize("select", ["[0](1)", "__import__('os')", "[a]", "[0][1][2]", "[9]", "nope", "weights"])
def test_bad_select_is_a_check_error(select):
    with pytest.raises(CheckError):
        run("softmax", x=[[1, 2], [3, 4]], select=select)


@pytest.mark.parametrize("op, args", [
    ("nope", {}), ("softmax", {}), ("softmax", {"x": ["a"]}), ("softmax", {"x": [[1], [1, 2]]}),
    ("scores", {"Q": [1, 2], "K": [1]}), ("attention_weights", {"Q": [[1]], "K": [[1]], "mask": [[1, 0]]}),
    ("pe", {"pos": 0, "i": 9, "d_model": 4}), ("comparisons", {"n": "1.5"}), ("mha_params", {"d_model": 8, "h": 3}),
    ("masked_row", {"scores": [1, 2]}), ("scores", {"Q": [1], "K": [1], "divisor": 0}),
    ("qk_variance", {"d_k": 4, "samples": 5}), ("scores", {"Q": [1], "K": [1], "scale": "maybe"}),
])
def test_bad_args_are_check_errors(op, args):
    with pytest.raises(CheckError):
        run(op, **args)
