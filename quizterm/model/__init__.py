"""pydantic models of lessons and question banks (imports pydantic only)."""

from quizterm.model.base import FieldError, Slug, Strict, Text
from quizterm.model.check import Check, GeneratorSpec
from quizterm.model.lesson import (
    AttentionDemo,
    Cue,
    GlossaryTerm,
    Lesson,
    MappingRow,
    Objective,
    Pitfall,
    QuickCheck,
    Reference,
    Scenario,
    Section,
    Think,
    WorkedExample,
)
from quizterm.model.question import (
    QUESTION_TYPES,
    Choice,
    GeneratedQuestion,
    MatrixQuestion,
    MultiQuestion,
    NumericQuestion,
    OrderQuestion,
    Question,
    QuestionBank,
    ShortQuestion,
    SingleQuestion,
    TrueFalseQuestion,
    question_adapter,
)

__all__ = [
    "AttentionDemo", "Check", "Choice", "FieldError", "Cue", "GeneratedQuestion", "GeneratorSpec", "GlossaryTerm",
    "Lesson", "MappingRow", "MatrixQuestion", "MultiQuestion", "NumericQuestion", "Objective",
    "OrderQuestion", "Pitfall", "QUESTION_TYPES", "Question", "QuestionBank", "QuickCheck",
    "Reference", "Scenario", "Section", "ShortQuestion", "SingleQuestion", "Slug", "Strict", "Text",
    "Think", "TrueFalseQuestion", "WorkedExample", "question_adapter",
]
