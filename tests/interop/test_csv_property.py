"""Property: any question text survives a trip through a spreadsheet (bars, quotes, commas, CJK, tabs)."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from quizterm.content import Bank
from quizterm.interop.csv_export import export_questions
from quizterm.interop.csv_questions import parse_questions
from quizterm.model import Lesson, question_adapter
from tests.interop.helpers import choice_blind

_ALPHABET = st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp"), blacklist_characters="\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\x85")
# Cells are trimmed on import, so text starts and ends with a visible character.
_TEXT = st.text(_ALPHABET | st.sampled_from("|\\,\"'\t;中文"), min_size=1, max_size=30).map(str.strip).filter(bool)
_MULTILINE = st.lists(_TEXT, min_size=1, max_size=3).map("\n".join)


@settings(max_examples=40, deadline=None)
@given(prompt=_MULTILINE, explanation=_MULTILINE,
       choices=st.lists(_TEXT, min_size=2, max_size=5, unique_by=str.strip), data=st.data())
def test_text_round_trips(prompt, explanation, choices, data):
    answer = data.draw(st.integers(0, len(choices) - 1))
    question = question_adapter.validate_python({
        "id": "q1", "type": "single", "prompt": prompt, "explanation": explanation, "objective": "o",
        "choices": choices, "answer": answer, "tags": ["t"]})
    lesson = Lesson.model_validate({"id": "l", "title": "L", "minutes": 1, "overview": "x",
                                    "objectives": [{"id": "o", "text": "o"}],
                                    "sections": [{"id": "s", "title": "s", "body": "b"}]})
    bank = Bank(lessons={"l": lesson}, questions={"q1": question}, lesson_of_question={"q1": "l"})
    with tempfile.TemporaryDirectory() as tmp:
        sheet = Path(tmp) / "q.csv"
        export_questions(bank, sheet)
        result = parse_questions(sheet, lesson=None, bank=bank)
    [item] = result.banks["l"]
    again = question_adapter.validate_python(item)
    assert choice_blind(again) == choice_blind(question)  # the choices come back shuffled
