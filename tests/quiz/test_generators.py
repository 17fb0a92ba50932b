"""Every generator: deterministic, key graded right, distractors graded wrong, keys match the engine."""

import math
import re

import pytest

from quizterm.model import question_adapter
from quizterm.quiz import InvalidResponse, grade, make_instance
from quizterm.quiz.generators import ParamError, all_generators, get_generator
from quizterm.quiz.generators.base import parse_params
from quizterm.quiz.verify import sample_generated

NAMES = sorted(all_generators())
OBJECTIVES = {"qkv-scaled-dot-product", "multi-head", "positional-encoding", "bert-vs-gpt"}


def gen_question(name, params=None, **kw):
    return question_adapter.validate_python({"type": "generated", "id": f"g-{name}", "objective": "o",
                                             "generator": {"name": name, "params": params or {}}, **kw})


def key_response(inst):
    if inst.type == "numeric":
        return repr(inst.answer)
    if inst.type == "matrix":
        return [[repr(x) for x in row] for row in inst.answer]
    return inst.answer


def test_at_least_ten_templates_cover_all_four_objectives():
    gens = all_generators()
    assert len(gens) >= 10
    assert {g.objective for g in gens.values()} == OBJECTIVES


@pytest.mark.parametrize("name", NAMES)
def test_key_right_distractors_wrong(name):
    q = gen_question(name)
    for seed in range(25):
        inst = make_instance(q, seed)
        assert inst == make_instance(q, seed)
        assert inst.prompt and inst.explanation and "{" not in inst.prompt
        assert grade(inst, key_response(inst)).correct, (seed, inst.prompt)
        if inst.type == "single":
            assert len(set(inst.choices)) == len(inst.choices) >= 2
            for pos in range(len(inst.choices)):
                assert grade(inst, pos).correct == (pos == inst.answer)
        elif inst.type == "numeric":
            off = inst.answer + 10 * max(inst.tolerance, 0.01) + 1
            assert not grade(inst, repr(off)).correct
        else:
            cells = [[repr(x) for x in row] for row in inst.answer]
            cells[0][0] = repr(inst.answer[0][0] + 1)
            g = grade(inst, cells)
            assert not g.correct and g.detail[0][0] is False


@pytest.mark.parametrize("name", NAMES)
def test_engine_agrees_over_seeds_and_corners(name):
    built, msgs = sample_generated(gen_question(name), seeds=15)
    assert built == 17 and msgs == []


def test_numbers_come_from_the_seed():
    q = gen_question("score-matrix")
    assert len({str(make_instance(q, s).data) for s in range(20)}) > 10


def test_param_ranges_are_respected():
    q = gen_question("comparisons", {"n": ["5", "7"], "causal": "1"})
    for seed in range(20):
        inst = make_instance(q, seed)
        n = inst.data["n"]
        assert 5 <= n <= 7 and inst.answer == n * (n + 1) // 2
    fixed = make_instance(gen_question("head-dim", {"d_model": 512, "h": {"choices": [8]}}), 3)
    assert fixed.answer == 64


def test_corners_hit_the_bounds():
    gen = get_generator("pe-value")
    low = gen.generate({"pos": [0, 9]}, 1, corner="low")
    high = gen.generate({"pos": [0, 9]}, 1, corner="high")
    assert low.data["pos"] == 0 and high.data["pos"] == 9
    assert low.data["d_model"] == 4 and high.data["d_model"] == 16


def test_pe_value_matches_the_formula():
    for seed in range(10):
        inst = make_instance(gen_question("pe-value"), seed)
        pos, i, d = inst.data["pos"], inst.data["i"], inst.data["d_model"]
        angle = pos / 10000 ** ((i - i % 2) / d)
        assert inst.answer == pytest.approx(math.sin(angle) if i % 2 == 0 else math.cos(angle))


def test_distractors_name_misconceptions():
    seen = set()
    for seed in range(30):
        inst = make_instance(gen_question("scaled-score"), seed)
        wrong = [p for p in range(len(inst.choices)) if p != inst.answer]
        seen |= {grade(inst, p).misconception for p in wrong}
        assert grade(inst, inst.answer).misconception is None
    assert "no-scaling" in seen


def test_item_templates_fill_placeholders():
    q = gen_question("head-dim", prompt="d_model={d_model}，h={h}，求 d_k。", explanation="答案 {d_k}。")
    inst = make_instance(q, 0)
    assert inst.prompt == f"d_model={inst.data['d_model']}，h={inst.data['h']}，求 d_k。"
    assert inst.explanation == f"答案 {int(inst.answer)}。"


@pytest.mark.parametrize("name, params, message", [
    ("qk-score", {"nope": 1}, "unknown parameter"),
    ("qk-score", {"d": [4, 2]}, "above high"),
    ("qk-score", {"d": [1, 99]}, "outside"),
    ("qk-score", {"d": "x"}, "not a number"),
    ("qk-score", {"d": [1, 2, 3]}, "range"),
    ("scaled-score", {"d_k": 10}, "not one of"),
    ("head-dim", {"d_model": 64, "h": {"choices": [3]}}, "no valid combination"),
])
def test_bad_params(name, params, message):
    with pytest.raises(ParamError, match=message):
        make_instance(gen_question(name, params), 0)


def test_unknown_generator():
    with pytest.raises(ParamError, match="unknown generator"):
        make_instance(gen_question("no-such-template"), 0)


def test_parse_params_keeps_usable_values_of_a_range():
    gen = get_generator("scaled-score")
    assert parse_params(gen.params, {"d_k": [4, 20]})["d_k"] == [4, 9, 16]


def test_generated_matrix_rejects_wrong_shape():
    inst = make_instance(gen_question("attention-output"), 0)
    with pytest.raises(InvalidResponse):
        grade(inst, [["1"]] * 3)


@pytest.mark.parametrize("name", NAMES)
def test_wording_uses_taiwan_row_and_column(name):
    """列 = row, 欄 = column, as the lesson says; never 行 for a column."""
    q = gen_question(name)
    for seed in range(5):
        inst = make_instance(q, seed)
        text = inst.prompt + inst.explanation + "".join(inst.col_labels or []) + "".join(inst.row_labels or [])
        assert not re.search(r"第 ?\w+ ?行|行是|每一?行|沿著行", text), (name, text)


def test_attention_output_columns_are_labelled_as_output_dimensions():
    inst = make_instance(gen_question("attention-output"), 0)
    assert inst.col_labels[0] == "第1維" and "依序填入" in inst.prompt
