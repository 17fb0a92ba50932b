"""Model checks of every question type, asserted through the loader's located messages."""

import pytest
from pydantic import ValidationError

from quizterm.model import Lesson, QuestionBank, question_adapter

BASE = {"id": "q1", "prompt": "題目", "explanation": "因為", "objective": "o1"}


def make(**fields):
    return question_adapter.validate_python({**BASE, **fields})


def errors(**fields):
    with pytest.raises(ValidationError) as info:
        make(**fields)
    return [(e["loc"], str((e.get("ctx") or {}).get("error") or e["msg"]),
             getattr((e.get("ctx") or {}).get("error"), "loc", ())) for e in info.value.errors()]


def test_single_answer_in_range_and_bare_string_choices():
    q = make(type="single", choices=["甲", {"text": "乙", "misconception": "p1"}], answer="1")
    assert q.answer == 1 and [c.text for c in q.choices] == ["甲", "乙"]
    assert q.choices[1].misconception == "p1" and q.shuffle is True
    [(loc, msg, at)] = errors(type="single", choices=["甲", "乙"], answer="2")
    assert "out of range" in msg and at == ("answer",)


@pytest.mark.parametrize("kind", ["single", "multi"])
def test_choice_questions_need_two_distinct_choices(kind):
    answer = {"answer": 0} if kind == "single" else {"answers": [0]}
    [(loc, msg, _)] = errors(type=kind, choices=["甲"], **answer)
    assert loc[-1] == "choices" and "at least 2" in msg
    [(loc, msg, at)] = errors(type=kind, choices=["甲", "乙", " 甲 "], **answer)
    assert "choice 2 repeats choice 0" in msg and at == (2,)


def test_multi_answers_in_range_and_distinct():
    assert make(type="multi", choices=["a", "b", "c"], answers=["0", "2"]).answers == [0, 2]
    [(_, msg, at)] = errors(type="multi", choices=["a", "b"], answers=[0, 5])
    assert "out of range" in msg and at == ("answers", 1)
    [(_, msg, at)] = errors(type="multi", choices=["a", "b"], answers=[1, 1])
    assert "twice" in msg and at == ("answers", 1)
    [(loc, _, _)] = errors(type="multi", choices=["a", "b"], answers=[])
    assert loc[-1] == "answers"


def test_true_false_parses_yaml_words_and_refuses_others():
    assert make(type="true_false", answer="no").answer is False
    assert make(type="true_false", answer="true", misconception="p1").answer is True
    [(loc, _, _)] = errors(type="true_false", answer="maybe")
    assert loc[-1] == "answer"


def test_short_needs_an_accepted_answer():
    assert make(type="short", accepted=["最大值"]).accepted == ["最大值"]
    [(loc, _, _)] = errors(type="short", accepted=[])
    assert loc[-1] == "accepted"


def test_numeric_tolerance_and_number_parsing():
    q = make(type="numeric", answer="3.10", tolerance="0.05", unit="秒")
    assert q.answer == pytest.approx(3.1) and q.tolerance == pytest.approx(0.05)
    assert {loc[-1] for loc, _, _ in errors(type="numeric", answer="three", tolerance="-1")} == {"answer", "tolerance"}


def test_order_items_distinct_and_at_least_two():
    assert make(type="order", items=["a", "b", "c"]).items == ["a", "b", "c"]
    [(_, msg, at)] = errors(type="order", items=["a", "b", "a"])
    assert "item 2 repeats item 0" in msg and at == (2,)
    [(loc, _, _)] = errors(type="order", items=["a"])
    assert loc[-1] == "items"


def test_matrix_rectangular_and_labels_match():
    q = make(type="matrix", answer=[["1", "0.5"], ["0", "2"]], row_labels=["r1", "r2"], col_labels=["c1", "c2"])
    assert q.answer == [[1.0, 0.5], [0.0, 2.0]]
    [(_, msg, at)] = errors(type="matrix", answer=[[1, 2], [3]])
    assert "row 1 has 1 cells" in msg and at == ("answer", 1)
    [(_, _, at)] = errors(type="matrix", answer=[[1, 2]], row_labels=["a", "b"])
    assert at == ("row_labels",)
    [(_, _, at)] = errors(type="matrix", answer=[[1, 2]], col_labels=["a"])
    assert at == ("col_labels",)


def test_generated_question_needs_a_generator_name():
    q = question_adapter.validate_python({"type": "generated", "id": "g1", "objective": "o1",
                                          "generator": {"name": "softmax-weight", "params": {"n": [2, 3]}}})
    assert q.generator.name == "softmax-weight"
    with pytest.raises(ValidationError):
        question_adapter.validate_python({"type": "generated", "id": "g1", "objective": "o1", "generator": {}})


@pytest.mark.parametrize("field, value", [("difficulty", "0"), ("difficulty", "6"), ("think_seconds", "0"),
                                          ("id", "Bad Id"), ("tags", ["Bad Tag"]), ("prompt", "  "),
                                          ("explanation", "a\x1bb"), ("surprise", "x")])
def test_common_fields_are_checked_for_every_type(field, value):
    for kind, extra in (("single", {"choices": ["a", "b"], "answer": 0}), ("short", {"accepted": ["x"]})):
        with pytest.raises(ValidationError) as info:
            make(type=kind, **extra, **{field: value})
        assert info.value.errors()[0]["loc"][-1] in (field, 0)


def test_models_are_frozen():
    q = make(type="short", accepted=["x"])
    with pytest.raises(ValidationError):
        q.prompt = "changed"


LESSON = {"id": "l1", "title": "t", "minutes": "5", "overview": "o", "objectives": [{"id": "o1", "text": "t"}],
          "sections": [{"id": "s1", "title": "t", "body": "b"}]}


def test_lesson_duplicate_ids_point_at_the_second_item():
    data = {**LESSON, "pitfalls": [{"id": "p", "text": "a"}, {"id": "p", "text": "b"}]}
    with pytest.raises(ValidationError) as info:
        Lesson.model_validate(data)
    assert info.value.errors()[0]["ctx"]["error"].loc == ("pitfalls", 1, "id")
    with pytest.raises(ValidationError) as info:
        Lesson.model_validate({**LESSON, "questions": ["a", "b", "a"]})
    assert info.value.errors()[0]["ctx"]["error"].loc == ("questions", 2)


def test_attention_demo_heads_divide_d_model():
    data = {**LESSON, "sections": [{"id": "s1", "title": "t", "body": "b",
                                    "demo": {"sentence": "我 愛 你", "heads": "3", "d_model": "8"}}]}
    with pytest.raises(ValidationError) as info:
        Lesson.model_validate(data)
    assert info.value.errors()[0]["ctx"]["error"].loc == ("heads",)


def test_bank_needs_a_question_and_a_known_type():
    with pytest.raises(ValidationError):
        QuestionBank.model_validate({"lesson": "l1", "questions": []})
    with pytest.raises(ValidationError) as info:
        QuestionBank.model_validate({"lesson": "l1", "questions": [{**BASE, "type": "essay"}]})
    assert info.value.errors()[0]["type"] == "union_tag_invalid"
