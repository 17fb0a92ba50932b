"""Grading a finished drill and summarising it: score, pass/fail, breakdowns weakest first, review items."""

from __future__ import annotations

from typing import Any

from quizterm.quiz.session import UNKNOWN_LESSON, response_from_json


def _meta(spec: dict, index: int) -> dict:
    meta = spec.get("meta") or []
    return meta[index] if index < len(meta) else {"objective": "?", "tags": [], "lesson": None}


def grade_items(items: list[dict], answers: dict[int, Any], spec: dict, question_s: dict[int, float],
                *, drill_id: int | None) -> tuple[list[Any], list[dict]]:
    """Grade every drill item; returns the store attempts and one review row per item.

    An unanswered item (or one whose stored response no longer parses) counts as wrong and is
    still returned as an attempt, so it reaches the notebook.
    """
    from quizterm.quiz import QuestionInstance, grade
    from quizterm.quiz import InvalidResponse
    from quizterm.store import Attempt

    attempts, rows = [], []
    for i, item in enumerate(items):
        inst = QuestionInstance.from_json(item)
        meta = _meta(spec, i)
        raw = answers.get(i)
        correct, given, misconception, expected = False, None, None, None
        if raw is not None:
            try:
                g = grade(inst, response_from_json(inst.type, raw), lang=spec.get("lang", "zh-TW"))
                correct, given, misconception, expected = g.correct, g.given, g.misconception, g.expected
            except (InvalidResponse, TypeError, ValueError):
                given = str(raw)
        if expected is None:
            expected = expected_text(inst, spec.get("lang", "zh-TW"))
        secs = float(question_s.get(i, 0.0))
        attempts.append(Attempt(
            question_id=inst.question_id, lesson_id=meta.get("lesson") or UNKNOWN_LESSON, mode="drill",
            response=raw, correct=correct, seed=inst.seed, option_order=list(inst.option_order or []),
            instance=item, time_ms=int(secs * 1000), misconception=misconception, drill_id=drill_id))
        rows.append({"index": i, "question_id": inst.question_id, "objective": meta.get("objective"),
                     "tags": list(meta.get("tags") or []), "answered": raw is not None,
                     "correct": correct, "given": given, "expected": expected,
                     "explanation": inst.explanation, "prompt": inst.prompt, "time_s": round(secs, 1)})
    return attempts, rows


def key_response(inst: Any) -> Any:
    """The response that is right for ``inst`` (in ``grade``'s terms)."""
    kind = inst.type
    if kind == "multi":
        return set(inst.answer or [])
    if kind == "short":
        return (inst.accepted or [""])[0]
    if kind == "numeric":
        return repr(float(inst.answer))
    if kind == "order":
        return inst.correct_order
    if kind == "matrix":
        return [[repr(float(x)) for x in row] for row in inst.answer]
    return inst.answer  # single: display index; true_false: bool


def expected_text(inst: Any, lang: str = "zh-TW") -> str:
    """The right answer in words (grading the key itself), also when nothing was given."""
    from quizterm.quiz import InvalidResponse, grade

    try:
        return grade(inst, key_response(inst), lang=lang).expected
    except (InvalidResponse, TypeError, ValueError, IndexError, KeyError):
        return ""


def _breakdown(rows: list[dict], key) -> list[dict]:
    groups: dict[str, list[int]] = {}
    for r in rows:
        for name in key(r):
            c = groups.setdefault(name, [0, 0])
            c[0] += int(r["correct"])
            c[1] += 1
    out = [{"name": k, "correct": c, "total": t, "percent": round(100 * c / t, 1)}
           for k, (c, t) in groups.items()]
    out.sort(key=lambda d: (d["percent"], -d["total"], d["name"]))  # weakest first
    return out


def build_result(rows: list[dict], spec: dict, *, flags: set[int], time_used_s: float,
                 duration_s: float, timed_out: bool) -> dict:
    """The JSON-able drill result kept in the store and shown on the result screen."""
    total = len(rows)
    correct = sum(r["correct"] for r in rows)
    percent = round(100 * correct / total, 1) if total else 0.0
    pass_mark = float(spec.get("pass", 60))
    for r in rows:
        r["flagged"] = r["index"] in flags
    return {
        "correct": correct, "total": total, "percent": percent, "pass_mark": pass_mark,
        "passed": percent >= pass_mark, "time_used_s": round(time_used_s, 1),
        "duration_s": duration_s, "timed_out": timed_out,
        "answered": sum(r["answered"] for r in rows),
        "per_objective": _breakdown(rows, lambda r: [r["objective"] or "?"]),
        "per_tag": _breakdown(rows, lambda r: r["tags"]),
        "items": rows,
    }


REVIEW_FILTERS = ("wrong", "unanswered", "flagged", "all")


def review_items(result: dict, which: str) -> list[dict]:
    """The result's items for a review filter: wrong (incl. unanswered), unanswered, flagged or all."""
    items = result.get("items", [])
    if which == "wrong":
        return [r for r in items if not r["correct"]]
    if which == "unanswered":
        return [r for r in items if not r["answered"]]
    if which == "flagged":
        return [r for r in items if r.get("flagged")]
    return list(items)


def missed_question_ids(result: dict) -> list[str]:
    """Questions answered wrong or left blank, in drill order, each once (for "retry the missed")."""
    seen: list[str] = []
    for r in result.get("items", []):
        if not r["correct"] and r["question_id"] not in seen:
            seen.append(r["question_id"])
    return seen
