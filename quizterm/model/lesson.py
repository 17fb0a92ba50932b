"""The lesson model: every part of a study page, from glossary cards to quick checks."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, model_validator

from quizterm.model.base import FieldError, Slug, Strict, Text


class GlossaryTerm(Strict):
    """A concept card: the term, what else it is called, and what it means in plain words."""

    id: Slug
    term: Text
    aliases: list[Text] = []
    meaning: Text
    example: Text | None = None
    confuse: Text | None = Field(None, description="A don't-confuse note.")


class Objective(Strict):
    """Something the learner should be able to do; questions name the objective they test."""

    id: Slug
    text: Text


class Think(Strict):
    """A pause: the learner thinks for ``seconds`` before the answer may be shown."""

    prompt: Text
    seconds: Annotated[int, Field(ge=1, le=600)] = 10
    answer: Text


class Scenario(Strict):
    """An everyday story that carries the lesson's idea, with its think prompt."""

    title: Text
    story: Text
    think: Think | None = None


class MappingRow(Strict):
    """One row of the story-to-concept table."""

    story: Text
    concept: Text


class Cue(Strict):
    """An exam cue word and what to think of when it appears."""

    id: Slug
    cue: Text
    think: Text


class AttentionDemo(Strict):
    """A live attention example computed by the engine when the section is shown."""

    sentence: Text
    heads: Annotated[int, Field(ge=1, le=16)] = 1
    d_model: Annotated[int, Field(ge=1, le=512)] = 8
    causal: bool = False
    scale: bool = True
    positional: bool = True
    seed: Annotated[int, Field(ge=0)] = 0
    steps: bool = False
    caption: Text | None = None

    @model_validator(mode="after")
    def _heads_divide(self) -> "AttentionDemo":
        if self.d_model % self.heads:
            raise FieldError(f"d_model ({self.d_model}) must be divisible by heads ({self.heads})", "heads")
        return self


class Section(Strict):
    """A numbered section of the lesson body."""

    id: Slug
    title: Text
    body: Text
    bullets: list[Text] = []
    demo: AttentionDemo | None = None


class WorkedExample(Strict):
    """A worked example revealed one step at a time."""

    id: Slug
    question: Text
    steps: Annotated[list[Text], Field(min_length=1)]
    answer: Text


class Pitfall(Strict):
    """A common wrong choice; question distractors may point at one by id."""

    id: Slug
    text: Text
    correction: Text | None = None


class QuickCheck(Strict):
    """A self-check: answer in your head, reveal, then grade yourself."""

    id: Slug
    prompt: Text
    answer: Text


class Reference(Strict):
    """A source the lesson draws on."""

    title: Text
    url: Text | None = None
    note: Text | None = None


class Lesson(Strict):
    """A complete lesson file."""

    id: Slug
    title: Text
    reviewed: bool = False
    minutes: Annotated[int, Field(ge=1, le=600)]
    notice: Text | None = None
    glossary: list[GlossaryTerm] = []
    overview: Text
    objectives: Annotated[list[Objective], Field(min_length=1)]
    scenario: Scenario | None = None
    mapping: list[MappingRow] = []
    cues: list[Cue] = []
    sections: Annotated[list[Section], Field(min_length=1)]
    worked_examples: list[WorkedExample] = []
    pitfalls: list[Pitfall] = []
    quick_checks: list[QuickCheck] = []
    questions: list[Slug] = []
    references: list[Reference] = []

    @model_validator(mode="after")
    def _unique_ids(self) -> "Lesson":
        for name in ("glossary", "objectives", "cues", "sections", "worked_examples",
                     "pitfalls", "quick_checks"):
            seen: dict[str, int] = {}
            for i, item in enumerate(getattr(self, name)):
                if item.id in seen:
                    raise FieldError(f"duplicate id '{item.id}' in {name} (first at {name}[{seen[item.id]}])",
                                     name, i, "id")
                seen[item.id] = i
        for i, qid in enumerate(self.questions):
            if qid in self.questions[:i]:
                raise FieldError(f"question id '{qid}' is listed twice", "questions", i)
        return self

    def objective_ids(self) -> set[str]:
        return {o.id for o in self.objectives}

    def pitfall_ids(self) -> set[str]:
        return {p.id for p in self.pitfalls}
