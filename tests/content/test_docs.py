"""docs/authoring.md stays complete: every model key, question type, generator and check op is named."""

import re
from pathlib import Path

from pydantic import BaseModel

import quizterm.model as model

DOC = (Path(__file__).parents[2] / "docs" / "authoring.md").read_text(encoding="utf-8")
CODE_WORDS = (set(re.findall(r"`([^`\s]+)`", DOC)) | set(re.findall(r"`([a-z_]+):", DOC))
              | set(re.findall(r"^\s*([a-z_]+):", DOC, re.M)))


def test_every_key_of_every_model_is_documented():
    models = [v for v in vars(model).values() if isinstance(v, type) and issubclass(v, BaseModel)]
    missing = sorted({f"{m.__name__}.{name}" for m in models for name in m.model_fields if name not in CODE_WORDS})
    assert missing == []


def test_every_question_type_is_documented():
    assert set(model.QUESTION_TYPES) <= CODE_WORDS


def test_generator_and_check_op_lists_match_the_code():
    from quizterm.quiz.checks import OPS
    from quizterm.quiz.generators import all_generators

    registry = all_generators()
    section = DOC.split("Available generators:")[1].split("`quizterm validate`")[0]
    assert set(re.findall(r"`([a-z-]+)`", section)) == set(registry)
    ops = DOC.split("Ops:")[1].split("`quizterm validate`")[0]
    assert set(re.findall(r"`([a-z_]+)`", ops)) == set(OPS)
