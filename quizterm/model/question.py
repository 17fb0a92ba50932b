"""Question items: a discriminated union on ``type`` with stable ids."""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Field, TypeAdapter, field_validator, model_validator

from quizterm.model.base import FieldError, Slug, Strict, Text
from quizterm.model.check import Check, GeneratorSpec


class Choice(Strict):
    """An option of a choice question; a distractor may name the pitfall it embodies."""

    text: Text
    misconception: Slug | None = None


def _coerce_choices(value: object) -> object:
    # Authors may write a choice as a bare string; it means {text: ...}.
    if isinstance(value, list):
        return [{"text": v} if isinstance(v, str) else v for v in value]
    return value


class QuestionBase(Strict):
    """Fields every question has."""

    id: Slug
    prompt: Text
    explanation: Text
    objective: Slug
    tags: list[Slug] = []
    difficulty: Annotated[int, Field(ge=1, le=5)] = 2
    think_seconds: Annotated[int, Field(ge=1, le=600)] | None = None
    source: Text | None = None
    check: Check | None = None


class _ChoiceQuestion(QuestionBase):
    choices: Annotated[list[Choice], Field(min_length=2, max_length=26)]
    shuffle: bool = True

    @field_validator("choices", mode="before")
    @classmethod
    def _bare_strings(cls, value: object) -> object:
        return _coerce_choices(value)

    @field_validator("choices")
    @classmethod
    def _distinct(cls, value: list[Choice]) -> list[Choice]:
        seen: dict[str, int] = {}
        for i, c in enumerate(value):
            key = c.text.strip()
            if key in seen:
                raise FieldError(f"choice {i} repeats choice {seen[key]}: '{c.text}'", i)
            seen[key] = i
        return value


class SingleQuestion(_ChoiceQuestion):
    """One correct choice; ``answer`` is its index counting from 0."""

    type: Literal["single"]
    answer: Annotated[int, Field(ge=0)]

    @model_validator(mode="after")
    def _in_range(self) -> "SingleQuestion":
        if self.answer >= len(self.choices):
            raise FieldError(
                f"answer {self.answer} is out of range: there are {len(self.choices)} choices"
                f" (0..{len(self.choices) - 1}, counting from 0)", "answer")
        return self


class MultiQuestion(_ChoiceQuestion):
    """Select all that apply; ``answers`` are indices counting from 0."""

    type: Literal["multi"]
    answers: Annotated[list[Annotated[int, Field(ge=0)]], Field(min_length=1)]

    @model_validator(mode="after")
    def _in_range(self) -> "MultiQuestion":
        n = len(self.choices)
        for i, a in enumerate(self.answers):
            if a >= n:
                raise FieldError(f"answer {a} is out of range: there are {n} choices (0..{n - 1},"
                                 " counting from 0)", "answers", i)
            if a in self.answers[:i]:
                raise FieldError(f"answers lists index {a} twice", "answers", i)
        return self


class TrueFalseQuestion(QuestionBase):
    """A statement that is true or false."""

    type: Literal["true_false"]
    answer: bool
    misconception: Slug | None = Field(None, description="The pitfall behind the wrong verdict.")


class ShortQuestion(QuestionBase):
    """A typed answer matched leniently against the accepted ones."""

    type: Literal["short"]
    accepted: Annotated[list[Text], Field(min_length=1)]


class NumericQuestion(QuestionBase):
    """A number within ``tolerance`` (absolute) of ``answer``."""

    type: Literal["numeric"]
    answer: float
    tolerance: Annotated[float, Field(ge=0)] = 0.01
    unit: Text | None = None
    allow_fraction: bool = True
    allow_percent: bool = True


class OrderQuestion(QuestionBase):
    """Arrange ``items`` (listed here in the correct order)."""

    type: Literal["order"]
    items: Annotated[list[Text], Field(min_length=2, max_length=12)]

    @field_validator("items")
    @classmethod
    def _distinct(cls, value: list[str]) -> list[str]:
        for i, item in enumerate(value):
            if item in value[:i]:
                raise FieldError(f"item {i} repeats item {value.index(item)}: '{item}'", i)
        return value


class MatrixQuestion(QuestionBase):
    """A small grid of numbers, each cell within ``tolerance``."""

    type: Literal["matrix"]
    answer: Annotated[list[Annotated[list[float], Field(min_length=1, max_length=8)]],
                      Field(min_length=1, max_length=8)]
    tolerance: Annotated[float, Field(ge=0)] = 0.01
    row_labels: list[Text] | None = None
    col_labels: list[Text] | None = None

    @model_validator(mode="after")
    def _rectangular(self) -> "MatrixQuestion":
        width = len(self.answer[0])
        for i, row in enumerate(self.answer):
            if len(row) != width:
                raise FieldError(f"row {i} has {len(row)} cells but row 0 has {width}: every row of"
                                 " answer must have the same number of cells", "answer", i)
        if self.row_labels is not None and len(self.row_labels) != len(self.answer):
            raise FieldError(f"row_labels must have one label per row ({len(self.answer)} rows,"
                             f" {len(self.row_labels)} labels)", "row_labels")
        if self.col_labels is not None and len(self.col_labels) != width:
            raise FieldError(f"col_labels must have one label per column ({width} columns,"
                             f" {len(self.col_labels)} labels)", "col_labels")
        return self


class GeneratedQuestion(Strict):
    """A question whose numbers a generator draws per attempt (see ``quizterm.quiz.generators``)."""

    type: Literal["generated"]
    id: Slug
    generator: GeneratorSpec
    objective: Slug
    tags: list[Slug] = []
    difficulty: Annotated[int, Field(ge=1, le=5)] = 3
    think_seconds: Annotated[int, Field(ge=1, le=600)] | None = None
    prompt: Text | None = None
    explanation: Text | None = None
    source: Text | None = None


Question = Annotated[
    Union[
        SingleQuestion,
        MultiQuestion,
        TrueFalseQuestion,
        ShortQuestion,
        NumericQuestion,
        OrderQuestion,
        MatrixQuestion,
        GeneratedQuestion,
    ],
    Field(discriminator="type"),
]

QUESTION_TYPES = ("single", "multi", "true_false", "short", "numeric", "order", "matrix", "generated")


class QuestionBank(Strict):
    """A question bank file: the lesson it belongs to and its items."""

    lesson: Slug
    questions: Annotated[list[Question], Field(min_length=1)]


question_adapter: TypeAdapter[Question] = TypeAdapter(Question)
