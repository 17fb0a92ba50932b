"""Property tests: no response of any shape makes grading raise anything but InvalidResponse."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from quizterm.model import question_adapter
from quizterm.quiz import Grade, InvalidResponse, grade, make_instance
from quizterm.quiz.normalize import normalize_text, parse_number

BASE = {"prompt": "題目", "explanation": "說明", "objective": "o"}
QUESTIONS = [question_adapter.validate_python({**BASE, **kw}) for kw in (
    {"type": "single", "id": "s", "answer": 1, "choices": ["a", "b", {"text": "c", "misconception": "x"}]},
    {"type": "multi", "id": "m", "answers": [0, 2], "choices": ["a", "b", "c", "d"]},
    {"type": "true_false", "id": "t", "answer": True, "misconception": "x"},
    {"type": "short", "id": "sh", "accepted": ["注意力", "attention"]},
    {"type": "numeric", "id": "n", "answer": 0.5, "tolerance": 0.01, "unit": "個"},
    {"type": "order", "id": "o", "items": ["a", "b", "c"]},
    {"type": "matrix", "id": "x", "answer": [[1, 0.5], [0, 1]]},
    {"type": "generated", "id": "g", "generator": {"name": "softmax-weight"}},
    {"type": "generated", "id": "g2", "generator": {"name": "causal-visible"}},
)]

cjk_text = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12)
number_text = st.from_regex(r"\A[ 　+\-−]?[0-9０-９.,．]{0,6}([/／][0-9０-９.]{0,4})?[%％]?( ?個)?\Z")
scalars = st.one_of(st.none(), st.booleans(), st.integers(-5, 10), st.floats(allow_nan=True),
                    cjk_text, number_text)
responses = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.sets(st.integers(-3, 6), max_size=5),
                            st.frozensets(st.integers(0, 4)), st.tuples(inner, inner),
                            st.dictionaries(st.text(max_size=3), inner, max_size=2)),
    max_leaves=10,
)
matrix_like = st.lists(st.lists(st.one_of(number_text, cjk_text, st.integers()), min_size=0, max_size=3),
                       max_size=3)


@settings(max_examples=2500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(qi=st.integers(0, len(QUESTIONS) - 1), seed=st.integers(0, 2**31 - 1),
       response=st.one_of(responses, matrix_like))
def test_grade_never_raises_other_errors(qi, seed, response):
    inst = make_instance(QUESTIONS[qi], seed)
    try:
        g = grade(inst, response)
    except InvalidResponse as err:
        assert str(err)
        return
    assert isinstance(g, Grade)
    assert 0.0 <= g.score <= 1.0
    assert g.correct == (g.score == 1.0)
    assert isinstance(g.expected, str) and isinstance(g.given, str)


@settings(max_examples=800, deadline=None)
@given(text=st.one_of(cjk_text, number_text))
def test_parsers_only_raise_value_error(text):
    assert normalize_text(normalize_text(text)) == normalize_text(text)  # idempotent
    try:
        value = parse_number(text, unit="個")
    except ValueError:
        return
    assert value == value and abs(value) != float("inf")


@settings(max_examples=300, deadline=None)
@given(num=st.integers(-10**6, 10**6), den=st.integers(1, 10**4))
def test_fraction_and_decimal_agree(num, den):
    q = question_adapter.validate_python({**BASE, "type": "numeric", "id": "f", "answer": num / den,
                                          "tolerance": 1e-6})
    inst = make_instance(q, 0)
    assert grade(inst, f"{num}/{den}").correct
    assert grade(inst, repr(num / den)).correct
    assert grade(inst, f"{num / den * 100!r}%").correct
