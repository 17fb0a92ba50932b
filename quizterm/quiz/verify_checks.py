"""Recompute one question's ``check`` block and say how its stated key disagrees (``quizterm verify``)."""

from __future__ import annotations

from typing import Any

import numpy as np

from quizterm.quiz.checks import DEFAULT_TOLERANCE, CheckError, compute
from quizterm.quiz.normalize import format_number, parse_number


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
