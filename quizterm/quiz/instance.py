"""Question instances: one attempt's concrete question (shuffled choices, generated numbers), replayable."""

from __future__ import annotations

import random
import re
import secrets
from dataclasses import asdict, dataclass, field, fields
from typing import Any

JSON_VERSION = 1
CONCRETE_TYPES = ("single", "multi", "true_false", "short", "numeric", "order", "matrix")
_PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


@dataclass(frozen=True)
class QuestionInstance:
    """One concrete attempt at a question, holding everything needed to show and grade it.

    ``choices`` are in display order (for ``order`` items: the items as shown, shuffled);
    ``option_order[p]`` is the original index of the choice shown at position ``p``. The key
    (``answer``, ``accepted``, ``tolerance``) is stored in display terms so ``grade`` needs only
    the instance, also when it is replayed from JSON after the question was edited.
    """

    question_id: str
    type: str
    prompt: str
    seed: int
    choices: list[str] = field(default_factory=list)
    option_order: list[int] = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict)
    explanation: str = ""
    think_seconds: int | None = None
    unit: str | None = None
    row_labels: list[str] | None = None
    col_labels: list[str] | None = None
    misconceptions: list[str | None] = field(default_factory=list)
    # The key. single: display index; multi: sorted display indices; true_false: bool;
    # numeric: float; matrix: rows of floats; short and order: None (see accepted/option_order).
    answer: Any = None
    accepted: list[str] = field(default_factory=list)
    tolerance: float = 0.0
    allow_fraction: bool = True
    allow_percent: bool = True
    misconception: str | None = None  # true_false: the pitfall behind the wrong verdict
    generator: str | None = None

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict from which ``from_json`` rebuilds an equal instance."""
        out = asdict(self)
        out["v"] = JSON_VERSION
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "QuestionInstance":
        """Rebuild an instance stored with ``to_json``; unknown keys (from newer versions) are ignored.

        Raises:
            ValueError: ``data`` is not a stored instance.
        """
        if not isinstance(data, dict):
            raise ValueError("a stored instance must be a JSON object")
        known = {f.name for f in fields(cls)}
        kwargs = {k: v for k, v in data.items() if k in known}
        missing = {"question_id", "type", "prompt", "seed"} - kwargs.keys()
        if missing:
            raise ValueError(f"stored instance lacks {', '.join(sorted(missing))}")
        if kwargs["type"] not in CONCRETE_TYPES:
            raise ValueError(f"stored instance has unknown type {kwargs['type']!r}")
        try:
            inst = cls(**kwargs)
            inst._check_consistent()
        except (TypeError, ValueError, IndexError, KeyError) as err:
            raise ValueError(f"stored instance is damaged: {err}") from None
        return inst

    def _check_consistent(self) -> None:
        # A damaged or hand-edited store must fail here, not later inside grade().
        n = len(self.choices)
        if self.type in ("single", "multi", "order") and (sorted(self.option_order) != list(range(n)) or n < 2):
            raise ValueError("choices and option_order do not match")
        if self.type in ("single", "multi") and len(self.misconceptions) != n:
            raise ValueError("one misconception slot per choice is needed")
        if self.type == "single" and not (isinstance(self.answer, int) and 0 <= self.answer < n):
            raise ValueError("the key is not one of the choices")
        if self.type == "multi" and (not isinstance(self.answer, list)
                                     or not all(isinstance(a, int) and 0 <= a < n for a in self.answer)):
            raise ValueError("the keys are not among the choices")
        if self.type == "true_false" and not isinstance(self.answer, bool):
            raise ValueError("the key is not true or false")
        if self.type == "short" and not (self.accepted and all(isinstance(a, str) for a in self.accepted)):
            raise ValueError("no accepted answers")
        if self.type == "numeric":
            float(self.answer)
        if self.type == "matrix":
            rows = [[float(x) for x in r] for r in self.answer]
            if not rows or not rows[0] or len({len(r) for r in rows}) != 1:
                raise ValueError("the key is not a rectangular grid")

    @property
    def correct_order(self) -> list[int]:
        """``order`` items: the display indices in the right order."""
        return sorted(range(len(self.option_order)), key=lambda p: self.option_order[p])


def new_seed() -> int:
    """A fresh seed for an attempt (fits SQLite's and JSON's integers)."""
    return secrets.randbelow(2**31)


def render_template(template: str, values: dict[str, Any]) -> str:
    """Fill ``{name}`` placeholders from ``values``; unknown ones stay as typed (no ``str.format``)."""
    return _PLACEHOLDER.sub(lambda m: str(values[m.group(1)]) if m.group(1) in values else m.group(0), template)


def template_fields(template: str) -> set[str]:
    """The placeholder names used in a template."""
    return set(_PLACEHOLDER.findall(template))


def _display_order(n: int, rng: random.Random, shuffle: bool, given: list[int] | None) -> list[int]:
    if given is not None and sorted(given) == list(range(n)):
        return [int(i) for i in given]
    order = list(range(n))
    if shuffle:
        rng.shuffle(order)
    return order


def _order_for_items(n: int, rng: random.Random, given: list[int] | None) -> list[int]:
    if given is not None and sorted(given) == list(range(n)):
        return [int(i) for i in given]
    order = list(range(n))
    if n > 1:
        # The right order is never shown as the starting arrangement.
        while order == sorted(order):
            rng.shuffle(order)
    return order


def make_instance(question: Any, seed: int | None = None, *,
                  option_order: list[int] | None = None) -> QuestionInstance:
    """Build the concrete instance of ``question`` for one attempt.

    The same (question, seed) always gives the same instance: choice and item order come from
    ``random.Random(seed)``, generated numbers from the generator seeded the same way.

    Args:
        question: A question model (any type, including ``generated``).
        seed: The attempt's seed; ``None`` draws a fresh one.
        option_order: A stored display order to reuse (display position -> original index);
            ignored when it does not fit the question (e.g. the item was edited since).

    Returns:
        The instance.

    Raises:
        ValueError: A generated item names an unknown generator or invalid parameters.
    """
    if seed is None:
        seed = new_seed()
    seed = int(seed)
    rng = random.Random(seed)
    qtype = question.type
    common: dict[str, Any] = dict(question_id=question.id, seed=seed,
                                  think_seconds=question.think_seconds)
    if qtype == "generated":
        return _generated_instance(question, seed, rng, option_order, common)
    common.update(prompt=question.prompt, explanation=question.explanation, type=qtype)
    if qtype in ("single", "multi"):
        order = _display_order(len(question.choices), rng, question.shuffle, option_order)
        shown = [question.choices[i] for i in order]
        position = {orig: pos for pos, orig in enumerate(order)}
        answer = (position[question.answer] if qtype == "single"
                  else sorted(position[a] for a in question.answers))
        return QuestionInstance(**common, choices=[c.text for c in shown], option_order=order,
                                misconceptions=[c.misconception for c in shown], answer=answer)
    if qtype == "true_false":
        return QuestionInstance(**common, answer=bool(question.answer),
                                misconception=question.misconception)
    if qtype == "short":
        return QuestionInstance(**common, accepted=list(question.accepted))
    if qtype == "numeric":
        return QuestionInstance(**common, answer=float(question.answer), tolerance=question.tolerance,
                                unit=question.unit, allow_fraction=question.allow_fraction,
                                allow_percent=question.allow_percent)
    if qtype == "order":
        order = _order_for_items(len(question.items), rng, option_order)
        return QuestionInstance(**common, choices=[question.items[i] for i in order], option_order=order)
    if qtype == "matrix":
        return QuestionInstance(**common, answer=[[float(x) for x in row] for row in question.answer],
                                tolerance=question.tolerance, row_labels=question.row_labels,
                                col_labels=question.col_labels)
    raise ValueError(f"unknown question type {qtype!r}")


def _generated_instance(question: Any, seed: int, rng: random.Random, option_order: list[int] | None,
                        common: dict[str, Any]) -> QuestionInstance:
    from quizterm.quiz.generators import get_generator

    gen = get_generator(question.generator.name)
    draft = gen.generate(question.generator.params, seed)
    # A separate stream for the shuffle, so where the key lands is independent of the numbers drawn.
    rng = random.Random(f"shuffle:{seed}")
    return instance_from_draft(question, draft, seed, rng, option_order, common)


def instance_from_draft(question: Any, draft: Any, seed: int, rng: random.Random,
                        option_order: list[int] | None, common: dict[str, Any]) -> QuestionInstance:
    """Turn a generator's draft into the instance (prompt/explanation templates filled, choices shuffled)."""
    prompt = render_template(question.prompt, draft.vars) if question.prompt else draft.prompt
    explanation = draft.explanation
    if question.explanation:
        explanation = render_template(question.explanation, draft.vars)
    common = dict(common, type=draft.type, prompt=prompt, explanation=explanation,
                  generator=question.generator.name, data=draft.data)
    if draft.type == "single":
        order = _display_order(len(draft.choices), rng, draft.shuffle, option_order)
        shown = [draft.choices[i] for i in order]
        return QuestionInstance(**common, choices=[c[0] for c in shown], option_order=order,
                                misconceptions=[c[1] for c in shown], answer=order.index(draft.answer))
    if draft.type == "numeric":
        return QuestionInstance(**common, answer=float(draft.answer), tolerance=draft.tolerance,
                                unit=draft.unit, allow_fraction=draft.allow_fraction,
                                allow_percent=draft.allow_percent)
    if draft.type == "matrix":
        return QuestionInstance(**common, answer=[[float(x) for x in row] for row in draft.answer],
                                tolerance=draft.tolerance, row_labels=draft.row_labels,
                                col_labels=draft.col_labels)
    raise ValueError(f"generator {question.generator.name!r} produced unsupported type {draft.type!r}")
