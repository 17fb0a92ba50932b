"""Reproducible review: recompute every ``check`` block and sample every generator (``quizterm verify``)."""

from __future__ import annotations

import json
import math
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

import numpy as np

from quizterm.model import Check
from quizterm.quiz.checks import DEFAULT_TOLERANCE, CheckError, compute
from quizterm.quiz.generators import ParamError, get_generator
from quizterm.quiz.grading import InvalidResponse, grade
from quizterm.quiz.instance import QuestionInstance, instance_from_draft, make_instance, template_fields
from quizterm.quiz.normalize import format_number, parse_number

DEFAULT_SEEDS = 100


@dataclass(frozen=True)
class Finding:
    """One disagreement, printed as ``file:line: id: message``."""

    question_id: str
    message: str
    path: Path | None = None
    line: int | None = None

    def __str__(self) -> str:
        where = f"{self.path}:{self.line or 1}: " if self.path else ""
        return f"{where}{self.question_id}: {self.message}"


@dataclass
class VerifyReport:
    """What verify looked at and what it found."""

    checked: int = 0  # questions whose check block was recomputed
    generated: int = 0  # generated questions sampled
    instances: int = 0  # generated instances built and graded
    findings: list[Finding] = field(default_factory=list)
    verified: set[str] = field(default_factory=set)  # ids of checked/generated questions that passed

    @property
    def failed(self) -> int:
        """How many questions have at least one finding."""
        return len({f.question_id for f in self.findings})

    @property
    def ok(self) -> bool:
        return not self.findings


def show(value: Any, tolerance: float | None = None) -> str:
    """A value for a message: numbers with the decimals the tolerance needs, arrays as nested lists."""
    if isinstance(value, (bool, np.bool_)):
        return "true" if value else "false"
    arr = np.asarray(value, dtype=np.float64) if not isinstance(value, str) else None
    if arr is None:
        return value
    if arr.ndim == 0:
        return format_number(float(arr), tolerance or 1e-4)
    return "[" + ", ".join(show(x, tolerance) for x in arr) + "]"


def _close(a: Any, b: Any, tol: float) -> bool:
    x, y = np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)
    if x.shape != y.shape:
        return False
    return bool(np.all(np.abs(x - y) <= tol + 1e-9 * np.maximum(1.0, np.abs(y))))


def _choice_values(question: Any) -> list[Any]:
    given = (question.check.args or {}).get("choice_values")
    if given is not None:
        if not isinstance(given, list) or len(given) != len(question.choices):
            raise CheckError(f"choice_values needs one value per choice ({len(question.choices)})")
        return [np.asarray(_numbers(v), dtype=np.float64) for v in given]
    out = []
    for i, c in enumerate(question.choices):
        try:
            out.append(np.asarray(parse_number(c.text)))
        except ValueError:
            raise CheckError(f"choice {i} ({c.text[:30]!r}) is not a number; add choice_values to args") from None
    return out


def _numbers(v: Any) -> Any:
    if isinstance(v, list):
        return [_numbers(x) for x in v]
    try:
        return float(v)
    except (TypeError, ValueError):
        raise CheckError(f"{v!r} is not a number") from None


def check_question(question: Any) -> list[str]:
    """Recompute a question's check block; each message says how the stated key disagrees.

    Args:
        question: A question with a ``check``.

    Returns:
        Messages such as ``"stated 0.5, computed 0.7311"`` (empty when the key agrees).
    """
    chk = question.check
    try:
        computed = compute(chk)
        qtype = question.type
        tol = chk.tolerance
        if tol is None:
            tol = question.tolerance if qtype in ("numeric", "matrix") else DEFAULT_TOLERANCE
        if qtype in ("numeric", "matrix", "short"):
            stated = (question.answer if qtype != "short" else parse_number(question.accepted[0]))
            if np.asarray(stated).shape != np.asarray(computed).shape:
                return [f"stated {show(stated, tol)}, computed {show(computed, tol)} (different shapes)"]
            return [] if _close(stated, computed, tol) else [f"stated {show(stated, tol)}, computed {show(computed, tol)}"]
        if qtype in ("single", "multi"):
            values = _choice_values(question)
            keyed = {question.answer} if qtype == "single" else set(question.answers)
            matching = {i for i, v in enumerate(values) if _close(v, computed, tol)}
            msgs = [f"stated choice {i} ({show(values[i], tol)}), computed {show(computed, tol)}"
                    for i in sorted(keyed - matching)]
            msgs += [f"distractor choice {i} ({show(values[i], tol)}) also equals computed {show(computed, tol)}"
                     for i in sorted(matching - keyed)]
            return msgs
        if qtype == "true_false":
            if "claim" not in (chk.args or {}):
                raise CheckError("a true_false check needs claim: <value> in args")
            claim = np.asarray(_numbers(chk.args["claim"]))
            truth = _close(claim, computed, tol)
            if truth != question.answer:
                return [f"stated {show(question.answer)}, computed {show(truth)} "
                        f"(claim {show(claim, tol)}, computed value {show(computed, tol)})"]
            return []
        return [f"check blocks are not supported on {qtype} questions"]
    except (CheckError, ValueError) as err:
        return [f"check: {err}"]


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


def verify_questions(questions: Iterable[Any], origin: Any = None, *, seeds: int = DEFAULT_SEEDS,
                     pitfalls: Any = None) -> VerifyReport:
    """Verify questions: recompute checks and sample generators.

    Args:
        questions: Question models.
        origin: ``id -> Origin | None`` giving each question's file and line (e.g. from a Bank).
        seeds: Random seeds sampled per generated question (two parameter corners are added).
        pitfalls: ``id -> set of pitfall ids | None`` of each question's lesson.

    Returns:
        The report.
    """
    report = VerifyReport()
    cache = _CheckCache()
    for q in questions:
        if q.type == "generated":
            built, msgs = sample_generated(q, seeds, cache, pitfalls(q.id) if pitfalls else None)
            report.generated += 1
            report.instances += built
        elif q.check is not None:
            msgs = check_question(q)
            report.checked += 1
        else:
            continue
        where = origin(q.id) if origin else None
        for m in msgs:
            report.findings.append(Finding(q.id, m, where.path if where else None, where.line if where else None))
        if not msgs:
            report.verified.add(q.id)
    return report


def verify_bank(bank: Any, *, seeds: int = DEFAULT_SEEDS) -> VerifyReport:
    """Verify every question of a ``Bank``, with file and line from ``bank.origin``."""
    return verify_questions(bank.questions.values(), lambda qid: bank.origin("question", qid), seeds=seeds,
                            pitfalls=lambda qid: _lesson_pitfalls(bank, qid))


def _lesson_pitfalls(bank: Any, qid: str) -> set[str] | None:
    lesson = bank.lessons.get(bank.lesson_of_question.get(qid, ""))
    return lesson.pitfall_ids() if lesson is not None else None


def verify_lesson(bank: Any, lesson_id: str, *, seeds: int = 5) -> VerifyReport:
    """Verify one lesson's questions with a few seeds: quick enough to back its "reviewed" badge."""
    return verify_questions(bank.questions_for(lesson_id), lambda qid: bank.origin("question", qid), seeds=seeds,
                            pitfalls=lambda qid: _lesson_pitfalls(bank, qid))


__all__ = ["Finding", "VerifyReport", "check_question", "sample_generated", "verify_bank",
           "verify_lesson", "verify_questions"]
