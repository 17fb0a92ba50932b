"""Instances: per-attempt shuffles from the seed, exact replay, JSON round-trip."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quizterm.model import question_adapter
from quizterm.quiz import QuestionInstance, grade, make_instance

BASE = {"prompt": "題目", "explanation": "說明", "objective": "o"}
CHOICES = ["甲", "乙", "丙", "丁", "戊", "己"]


def question(**kw):
    return question_adapter.validate_python({**BASE, **kw})


QUESTIONS = [
    question(type="single", id="s", answer=2, choices=CHOICES),
    question(type="multi", id="m", answers=[1, 4], choices=CHOICES),
    question(type="true_false", id="t", answer=True),
    question(type="short", id="sh", accepted=["softmax"]),
    question(type="numeric", id="n", answer=8, tolerance=0.1, unit="維"),
    question(type="order", id="o", items=CHOICES),
    question(type="matrix", id="x", answer=[[1, 0], [0, 1]], row_labels=["q1", "q2"], col_labels=["k1", "k2"]),
    question(type="generated", id="g", generator={"name": "scaled-score"}),
    question(type="generated", id="g2", generator={"name": "masked-weights"}, prompt="分數 {scores}"),
]


@pytest.mark.parametrize("q", QUESTIONS, ids=lambda q: q.id)
def test_same_seed_same_instance_and_json_round_trip(q):
    for seed in (0, 1, 12345, 2**31 - 1):
        inst = make_instance(q, seed)
        assert inst == make_instance(q, seed)
        stored = json.loads(json.dumps(inst.to_json(), ensure_ascii=False))
        back = QuestionInstance.from_json(stored)
        assert back == inst
        assert back.seed == seed and back.question_id == q.id
        assert inst.type != "generated"


@pytest.mark.parametrize("q", [QUESTIONS[0], QUESTIONS[1], QUESTIONS[5]], ids=lambda q: q.id)
def test_shuffle_varies_with_seed_and_keeps_the_key(q):
    orders = {tuple(make_instance(q, s).option_order) for s in range(30)}
    assert len(orders) > 5
    for s in range(30):
        inst = make_instance(q, s)
        assert sorted(inst.option_order) == list(range(len(CHOICES)))
        assert inst.choices == [CHOICES[i] for i in inst.option_order]
        if q.type == "single":
            assert inst.choices[inst.answer] == "丙"
        elif q.type == "multi":
            assert {inst.choices[p] for p in inst.answer} == {"乙", "戊"}
        else:
            assert [inst.choices[p] for p in inst.correct_order] == CHOICES


def test_shuffle_false_keeps_file_order():
    q = question(type="single", id="s", answer=0, choices=["都對", "都錯", "以上皆是"], shuffle=False)
    assert all(make_instance(q, s).choices == ["都對", "都錯", "以上皆是"] for s in range(10))


def test_stored_option_order_is_reused():
    q = QUESTIONS[0]
    inst = make_instance(q, 3, option_order=[5, 4, 3, 2, 1, 0])
    assert inst.choices == CHOICES[::-1]
    assert inst.choices[inst.answer] == "丙"
    # An order that no longer fits (the item was edited) falls back to the seeded shuffle.
    assert make_instance(q, 3, option_order=[0, 1]) == make_instance(q, 3)


def test_seed_none_draws_a_fresh_seed():
    seeds = {make_instance(QUESTIONS[0]).seed for _ in range(10)}
    assert len(seeds) > 1


def test_generated_instance_is_concrete_and_replays():
    q = QUESTIONS[8]
    inst = make_instance(q, 42)
    assert inst.type == "matrix" and inst.generator == "masked-weights"
    assert inst.prompt.startswith("分數 [") and "{" not in inst.prompt
    assert inst.data["scores"] and isinstance(inst.data["i"], int)
    replay = QuestionInstance.from_json(inst.to_json())
    key = [[repr(x) for x in row] for row in replay.answer]
    assert grade(replay, key).correct
    assert make_instance(q, 43) != inst


def test_instance_keeps_presentation_fields():
    inst = make_instance(question(type="numeric", id="n", answer=8, unit="維", think_seconds=10), 0)
    assert inst.unit == "維" and inst.think_seconds == 10 and inst.explanation == "說明"
    x = make_instance(QUESTIONS[6], 0)
    assert x.row_labels == ["q1", "q2"] and x.col_labels == ["k1", "k2"]


@pytest.mark.parametrize("bad", [None, [], {}, {"question_id": "x"},
                                 {"question_id": "x", "type": "generated", "prompt": "p", "seed": 1}])
def test_from_json_rejects_garbage(bad):
    with pytest.raises(ValueError):
        QuestionInstance.from_json(bad)


def test_from_json_ignores_unknown_keys():
    data = make_instance(QUESTIONS[2], 0).to_json() | {"added_in_v9": 1}
    assert QuestionInstance.from_json(data) == make_instance(QUESTIONS[2], 0)


@pytest.mark.parametrize("q, damage", [
    (QUESTIONS[0], {"answer": 9}),
    (QUESTIONS[0], {"option_order": [0, 1]}),
    (QUESTIONS[1], {"answer": [0, 7]}),
    (QUESTIONS[2], {"answer": "yes"}),
    (QUESTIONS[3], {"accepted": []}),
    (QUESTIONS[4], {"answer": "x"}),
    (QUESTIONS[6], {"answer": [[1, 2], [3]]}),
    (QUESTIONS[5], {"choices": ["甲"]}),
], ids=str)
def test_from_json_rejects_damaged_instances(q, damage):
    with pytest.raises(ValueError, match="damaged"):
        QuestionInstance.from_json(make_instance(q, 1).to_json() | damage)


def _key(inst):
    if inst.type == "numeric":
        return repr(inst.answer)
    if inst.type == "matrix":
        return [[repr(x) for x in row] for row in inst.answer]
    if inst.type == "order":
        return inst.correct_order
    if inst.type == "multi":
        return set(inst.answer)
    if inst.type == "short":
        return inst.accepted[0]
    return inst.answer


@settings(max_examples=300, deadline=None)
@given(qi=st.integers(0, len(QUESTIONS) - 1), seed=st.integers(0, 2**63))
def test_any_seed_replays_and_its_key_grades_right(qi, seed):
    inst = make_instance(QUESTIONS[qi], seed)
    back = QuestionInstance.from_json(json.loads(json.dumps(inst.to_json())))
    assert back == inst == make_instance(QUESTIONS[qi], seed)
    assert grade(back, _key(back)).correct
