"""Grading tables for every question type, including CJK and full-width input."""

import pytest

from quizterm.model import question_adapter
from quizterm.quiz import Grade, InvalidResponse, grade, make_instance

BASE = {"prompt": "題目", "explanation": "說明", "objective": "o"}


def question(**kw):
    return question_adapter.validate_python({**BASE, **kw})


def shown(inst, original: int) -> int:
    """The display position of the choice that is ``original`` in the file."""
    return inst.option_order.index(original)


SINGLE = question(type="single", id="s", answer=1, choices=[
    {"text": "QK^T", "misconception": "softmax-wrong-axis"}, "QK^T / √d_k", {"text": "QK^T / d_k", "misconception": "no-scaling"}])


@pytest.mark.parametrize("seed", [0, 1, 2, 99])
def test_single(seed):
    inst = make_instance(SINGLE, seed)
    right = grade(inst, shown(inst, 1))
    assert right.correct and right.score == 1.0 and right.misconception is None
    assert "QK^T / √d_k" in right.expected and right.given == right.expected
    wrong = grade(inst, shown(inst, 2))
    assert not wrong.correct and wrong.score == 0.0
    assert wrong.misconception == "no-scaling"
    assert wrong.response_json == shown(inst, 2)
    assert grade(inst, shown(inst, 0)).misconception == "softmax-wrong-axis"


@pytest.mark.parametrize("bad", [3, -1, True, "1", 1.0, None, [1]])
def test_single_invalid(bad):
    with pytest.raises(InvalidResponse):
        grade(make_instance(SINGLE, 0), bad)


MULTI = question(type="multi", id="m", answers=[0, 2], choices=[
    "residual", {"text": "RNN", "misconception": "bert-is-rnn"}, "layer norm", "CNN"])


def test_multi_all_or_nothing_with_detail():
    inst = make_instance(MULTI, 5)
    a, b, c, d = (shown(inst, i) for i in range(4))
    assert grade(inst, {a, c}).correct
    assert grade(inst, [c, a]).correct  # any iterable of indices
    partial = grade(inst, {a, b})
    assert not partial.correct and partial.score == 0.0
    assert partial.misconception == "bert-is-rnn"
    assert partial.detail[a] == "hit" and partial.detail[b] == "wrong"
    assert partial.detail[c] == "missed" and partial.detail[d] == ""
    assert partial.response_json == sorted([a, b])
    empty = grade(inst, set())
    assert not empty.correct and empty.detail.count("missed") == 2


@pytest.mark.parametrize("bad", [{9}, {-1}, "02", 3, None, {True}])
def test_multi_invalid(bad):
    with pytest.raises(InvalidResponse):
        grade(make_instance(MULTI, 0), bad)


TF = question(type="true_false", id="t", answer=False, misconception="attention-is-whole-transformer")


def test_true_false():
    inst = make_instance(TF, 0)
    assert grade(inst, False).correct
    wrong = grade(inst, True)
    assert not wrong.correct and wrong.misconception == "attention-is-whole-transformer"
    assert wrong.expected == "錯" and wrong.given == "對"
    assert grade(inst, True, lang="en").expected == "False"
    assert grade(inst, "錯").correct and grade(inst, "Ｆａｌｓｅ").correct and not grade(inst, "對").correct
    with pytest.raises(InvalidResponse):
        grade(inst, "maybe")
    with pytest.raises(InvalidResponse):
        grade(inst, 0)


SHORT = question(type="short", id="sh", accepted=["位置編碼", "positional encoding"])


@pytest.mark.parametrize("typed, ok", [
    ("位置編碼", True), ("  位置編碼。 ", True), ("「位置編碼」", True), ("位置 編碼", True),
    ("Positional Encoding", True), ("ＰＯＳＩＴＩＯＮＡＬ　ＥＮＣＯＤＩＮＧ", True), ("positional encoding!", True),
    ("位置", False), ("位置編碼器", False), ("positional embedding", False), ("positionalencoding", False),
])
def test_short_lenient_but_not_fuzzy(typed, ok):
    g = grade(make_instance(SHORT, 0), typed)
    assert g.correct is ok
    assert g.expected == "位置編碼" and g.response_json == typed


@pytest.mark.parametrize("bad", ["", "   ", "。", None, 3])
def test_short_invalid(bad):
    with pytest.raises(InvalidResponse):
        grade(make_instance(SHORT, 0), bad)


NUMERIC = question(type="numeric", id="n", answer=0.5, tolerance=0.01)
NUMERIC_UNIT = question(type="numeric", id="nu", answer=1050624, tolerance=0, unit="個",
                        allow_fraction=False, allow_percent=False)


@pytest.mark.parametrize("typed, ok", [
    ("0.5", True), (".5", True), ("1/2", True), ("50%", True), ("０．５", True), ("５０％", True),
    ("0.505", True), ("0.49", True), ("0.52", False), ("2/3", False), ("-0.5", False),
])
def test_numeric(typed, ok):
    g = grade(make_instance(NUMERIC, 0), typed)
    assert g.correct is ok and g.expected == "0.5" and g.response_json == typed


def test_numeric_unit_and_flags():
    inst = make_instance(NUMERIC_UNIT, 0)
    assert grade(inst, "1050624 個").correct
    assert grade(inst, "1,050,624").correct
    assert not grade(inst, "1050625").correct
    assert grade(inst, "1").expected == "1050624 個"
    for bad in ("1/2", "50%", "abc", "", "個"):
        with pytest.raises(InvalidResponse):
            grade(inst, bad)


ORDER = question(type="order", id="o", items=["QK^T", "÷√d_k", "mask", "softmax", "×V"])


@pytest.mark.parametrize("seed", range(6))
def test_order(seed):
    inst = make_instance(ORDER, seed)
    assert inst.choices != ORDER.items  # never shown already solved
    right = grade(inst, inst.correct_order)
    assert right.correct and right.score == 1.0 and all(right.detail)
    assert right.expected == "QK^T → ÷√d_k → mask → softmax → ×V"
    swapped = list(inst.correct_order)
    swapped[0], swapped[1] = swapped[1], swapped[0]
    g = grade(inst, swapped)
    assert not g.correct and g.detail == [False, False, True, True, True] and g.score == pytest.approx(0.6)


@pytest.mark.parametrize("bad", [[0, 1, 2, 3], [0, 0, 1, 2, 3], [0, 1, 2, 3, 9], "01234", None])
def test_order_invalid(bad):
    with pytest.raises(InvalidResponse):
        grade(make_instance(ORDER, 0), bad)


MATRIX = question(type="matrix", id="x", answer=[[0.7311, 0.2689], [0.2689, 0.7311]], tolerance=0.01)


def test_matrix_cell_by_cell():
    inst = make_instance(MATRIX, 0)
    assert grade(inst, [["0.73", "0.27"], ["0.27", "0.73"]]).correct
    assert grade(inst, [["０．７３", "27%"], [".27", "0.731"]]).correct
    g = grade(inst, [["0.73", "0.5"], ["0.27", "1"]])
    assert not g.correct and g.detail == [[True, False], [True, False]] and g.score == 0.5
    assert g.expected == "0.731, 0.269; 0.269, 0.731"


@pytest.mark.parametrize("bad", [
    [["0.7", "0.3"]], [["0.7"], ["0.3"]], [["0.7", "x"], ["0.3", "0.7"]], "0.7 0.3", [["1", "2"], "34"], None,
])
def test_matrix_invalid(bad):
    with pytest.raises(InvalidResponse):
        grade(make_instance(MATRIX, 0), bad)


def test_invalid_cell_is_named():
    with pytest.raises(InvalidResponse, match="row 2, column 1"):
        grade(make_instance(MATRIX, 0), [["0.7", "0.3"], ["?", "0.7"]])


def test_grade_is_a_frozen_record():
    g = grade(make_instance(TF, 0), True)
    assert isinstance(g, Grade)
    with pytest.raises(AttributeError):
        g.correct = True  # type: ignore[misc]


def test_invalid_response_carries_a_code_for_the_ui():
    """str(err) stays English for logs; code + params let the UI translate it."""
    import pytest

    from quizterm.quiz import InvalidResponse
    from quizterm.quiz.normalize import NumberError, parse_number

    with pytest.raises(NumberError) as caught:
        parse_number("abc")
    assert caught.value.code == "not_number" and caught.value.params == {"text": "abc"}
    assert str(caught.value) == "not a number: 'abc'"
    with pytest.raises(NumberError) as caught:
        parse_number("1e999")
    assert caught.value.code == "too_large"
    err = InvalidResponse("fill a 2×2 grid", "grid", rows=2, cols=2)
    assert str(err) == "fill a 2×2 grid" and err.code == "grid" and err.params == {"rows": 2, "cols": 2}
    assert InvalidResponse("x").code == "invalid"
