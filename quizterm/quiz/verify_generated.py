"""Sample a generated question over many seeds and both parameter corners, and review each instance."""

from __future__ import annotations

import json
import math
import random
from typing import Any, Iterable

import numpy as np

from quizterm.model import Check
from quizterm.quiz.checks import CheckError, compute
from quizterm.quiz.generators import ParamError, get_generator
from quizterm.quiz.grading import InvalidResponse, grade
from quizterm.quiz.instance import QuestionInstance, instance_from_draft, make_instance, template_fields
from quizterm.quiz.verify_checks import _close, show

DEFAULT_SEEDS = 100


def _walk_numbers(value: Any) -> Iterable[float]:
    if isinstance(value, dict):
        for v in value.values():
            yield from _walk_numbers(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _walk_numbers(v)
    elif isinstance(value, (int, float)) and not isinstance(value, bool):
        yield float(value)


def _key_response(inst: QuestionInstance) -> Any:
    if inst.type == "numeric":
        return repr(float(inst.answer))
    if inst.type == "matrix":
        return [[repr(float(x)) for x in row] for row in inst.answer]
    return inst.answer


class _CheckCache:
    """Generated instances repeat the same check blocks (e.g. a fixed-seed variance); compute each once."""

    def __init__(self) -> None:
        self._memo: dict[str, Any] = {}

    def compute(self, spec: dict[str, Any]) -> Any:
        key = json.dumps(spec, sort_keys=True, default=str)
        if key not in self._memo:
            self._memo[key] = compute(Check(**spec))
        return self._memo[key]


def _stated(draft: Any, where: Any) -> Any:
    # The part of the generator's key a check recomputes (see Draft.checks).
    key = draft.choice_values[draft.answer] if draft.type == "single" else draft.answer
    if callable(where):
        return where(key)
    return key if where is None else np.asarray(key, dtype=np.float64)[tuple(where)]


def _review_instance(question: Any, draft: Any, inst: QuestionInstance, cache: _CheckCache) -> list[str]:
    msgs: list[str] = []
    if not all(math.isfinite(x) for x in _walk_numbers([inst.answer, inst.data, draft.choice_values or []])):
        msgs.append(f"NaN or infinity in the instance: answer {inst.answer!r}")
        return msgs
    back = QuestionInstance.from_json(json.loads(json.dumps(inst.to_json(), ensure_ascii=False)))
    if back != inst:
        msgs.append("instance JSON does not round-trip")
    try:
        g = grade(inst, _key_response(inst))
        if not g.correct:
            msgs.append(f"stated key graded wrong: expected {g.expected}, given {g.given}")
    except InvalidResponse as err:
        msgs.append(f"stated key cannot be graded: {err}")
    if inst.type == "single":
        if len(set(inst.choices)) != len(inst.choices):
            msgs.append(f"two choices read the same: {inst.choices}")
        vals = draft.choice_values or []
        key_value = vals[draft.answer] if vals else None
        for j, v in enumerate(vals):
            if j != draft.answer and _close(v, key_value, max(draft.tolerance, 1e-9)):
                msgs.append(f"distractor {draft.choices[j][0]!r} equals the key {show(key_value)}")
        for pos in range(len(inst.choices)):
            if pos != inst.answer and grade(inst, pos).correct:
                msgs.append(f"distractor {inst.choices[pos]!r} graded correct")
    for spec, where in draft.checks:
        stated = _stated(draft, where)
        hand = callable(spec)  # the template's own arithmetic, against a key from the engine
        try:
            computed = spec() if hand else cache.compute(spec)
        except CheckError as err:
            msgs.append(f"check: {err}")
            continue
        tol = max(draft.tolerance, 1e-9) if hand else spec.get("tolerance", max(draft.tolerance, 1e-9))
        if not _close(stated, computed, tol):
            msgs.append(f"stated {show(stated, tol)}, computed {show(computed, tol)} "
                        f"({'by hand' if hand else spec['op']})")
    for name, text in (("prompt", question.prompt), ("explanation", question.explanation)):
        unknown = template_fields(text or "") - set(draft.vars)
        if unknown:
            msgs.append(f"{name} uses unknown placeholder {{{sorted(unknown)[0]}}} "
                        f"(known: {', '.join(sorted(draft.vars))})")
    return msgs


def sample_generated(question: Any, seeds: int = DEFAULT_SEEDS, cache: _CheckCache | None = None,
                     pitfalls: set[str] | None = None) -> tuple[int, list[str]]:
    """Build a generated question's instances for many seeds and both parameter corners, and review each.

    Args:
        question: A ``generated`` question.
        seeds: Random seeds to sample (the two parameter corners are added).
        cache: Shared results of check ops.
        pitfalls: The lesson's pitfall ids; distractors must name only these (None: not checked).

    Returns:
        (instances built, messages naming the seed or corner of each disagreement).
    """
    cache = cache or _CheckCache()
    try:
        gen = get_generator(question.generator.name)
        params = question.generator.params
        gen.generate(params, 0)
    except ParamError as err:
        return 0, [f"generator: {err}"]
    built, msgs, named = 0, [], set()
    runs: list[tuple[str, int, Any]] = [("low", 0, "low"), ("high", 0, "high")]
    runs += [(f"seed {s}", s, None) for s in range(seeds)]
    for label, seed, corner in runs:
        draft = gen.generate(params, seed, corner=corner)
        if corner is None:
            inst = make_instance(question, seed)
            if inst != make_instance(question, seed):
                msgs.append(f"{label}: the same seed gave two different instances")
        else:
            inst = instance_from_draft(question, draft, seed, random.Random(f"shuffle:{seed}"), None,
                                       dict(question_id=question.id, seed=seed,
                                            think_seconds=question.think_seconds))
        built += 1
        named |= {m for m in inst.misconceptions if m}
        msgs += [f"{label}: {m}" for m in _review_instance(question, draft, inst, cache)]
        if len(msgs) > 20:  # one broken template would otherwise flood the report
            break
    if pitfalls is not None and named - pitfalls:
        msgs.append(f"distractors name misconception {sorted(named - pitfalls)[0]!r}, "
                    f"which is not a pitfall of the lesson")
    return built, msgs
