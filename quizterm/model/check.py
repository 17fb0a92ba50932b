"""Machine-checkable answer keys: an engine operation whose result the stated answer must match."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from quizterm.model.base import Slug, Strict


class Check(Strict):
    """Recompute an answer key with the engine (``quizterm verify``).

    ``op`` names an operation in ``quizterm.quiz.checks``; ``args`` are its inputs; ``select``
    picks the part of the result the key must equal (for example ``weights[0][1]``).
    """

    op: Slug
    args: dict[str, Any] = {}
    select: str | None = None
    tolerance: float | None = Field(None, ge=0)


class GeneratorSpec(Strict):
    """Parameters for a question generator in ``quizterm.quiz.generators``."""

    name: Slug
    params: dict[str, Any] = {}
