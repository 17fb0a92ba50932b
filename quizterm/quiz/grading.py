"""Grading a response against a question instance, for every question type."""

from __future__ import annotations

import numbers
from dataclasses import dataclass, field
from typing import Any

from quizterm.quiz.instance import QuestionInstance
from quizterm.quiz.normalize import NumberError, format_number, normalize_text, parse_number, within


class InvalidResponse(ValueError):
    """The response cannot be graded (e.g. numeric "abc", wrong matrix shape); ``str(err)`` says why.

    ``str(err)`` is English (for logs and tests); the UI says it in its language from ``code`` and
    ``params`` (the i18n key ``grade.err.<code>``; a grid cell adds ``row``/``col`` to params).
    The UI shows the message and records nothing.
    """

    def __init__(self, message: str, code: str = "invalid", **params: object) -> None:
        super().__init__(message)
        self.code, self.params = code, params


@dataclass(frozen=True)
class Grade:
    """The outcome of one graded response.

    ``detail`` is per displayed choice for ``multi`` ("hit", "missed", "wrong" or ""), per cell
    (rows of bool) for ``matrix``, per position (bool) for ``order``, and empty otherwise.
    ``score`` is 1/0 except for ``order`` and ``matrix``, where it is the share of parts right.
    """

    correct: bool
    score: float
    expected: str
    given: str
    misconception: str | None = None
    detail: list[Any] = field(default_factory=list)
    response_json: Any = None


def letter(position: int) -> str:
    """The label of a displayed choice: A, B, C, ..."""
    return chr(ord("A") + position)


def _label(inst: QuestionInstance, pos: int) -> str:
    return f"{letter(pos)}. {inst.choices[pos]}"


def _index(value: Any, n: int) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise InvalidResponse("choose one of the options", "choose_one")
    if not 0 <= int(value) < n:
        raise InvalidResponse(f"option {value} does not exist (0..{n - 1})", "no_option")
    return int(value)


def _grade_single(inst: QuestionInstance, response: Any, lang: str) -> Grade:
    pos = _index(response, len(inst.choices))
    ok = pos == inst.answer
    return Grade(ok, float(ok), _label(inst, inst.answer), _label(inst, pos),
                 None if ok else inst.misconceptions[pos], [], pos)


def _grade_multi(inst: QuestionInstance, response: Any, lang: str) -> Grade:
    if isinstance(response, (str, bytes)) or not hasattr(response, "__iter__"):
        raise InvalidResponse("choose any number of the options", "choose_any")
    n = len(inst.choices)
    picked = {_index(v, n) for v in response}
    keyed = set(inst.answer)
    detail = ["hit" if p in picked and p in keyed else "missed" if p in keyed
              else "wrong" if p in picked else "" for p in range(n)]
    ok = picked == keyed
    wrong = [inst.misconceptions[p] for p in sorted(picked - keyed) if inst.misconceptions[p]]
    given = "; ".join(_label(inst, p) for p in sorted(picked)) or "—"
    expected = "; ".join(_label(inst, p) for p in sorted(keyed))
    return Grade(ok, float(ok), expected, given, None if ok or not wrong else wrong[0], detail,
                 sorted(picked))


_TRUE = {"true", "t", "yes", "y", "1", "o", "○", "對", "是", "正確", "真"}
_FALSE = {"false", "f", "no", "n", "0", "x", "×", "錯", "否", "錯誤", "假"}


# The verdict words travel inside Grade.expected/given; kept here so grading needs no UI catalog.
_VERDICT = {"zh-TW": ("對", "錯"), "en": ("True", "False")}


def _verdict(value: bool, lang: str) -> str:
    yes, no = _VERDICT.get(lang, _VERDICT["en"])
    return yes if value else no


def _grade_true_false(inst: QuestionInstance, response: Any, lang: str) -> Grade:
    if isinstance(response, str):
        word = normalize_text(response)
        if word in _TRUE:
            response = True
        elif word in _FALSE:
            response = False
    if not isinstance(response, bool):
        raise InvalidResponse("answer true or false", "true_false")
    ok = response == inst.answer
    return Grade(ok, float(ok), _verdict(inst.answer, lang), _verdict(response, lang),
                 None if ok else inst.misconception, [], response)


def _grade_short(inst: QuestionInstance, response: Any, lang: str) -> Grade:
    if not isinstance(response, str):
        raise InvalidResponse("type an answer", "type_answer")
    typed = normalize_text(response)
    if not typed:
        raise InvalidResponse("type an answer", "type_answer")
    ok = any(typed == normalize_text(a) for a in inst.accepted)
    return Grade(ok, float(ok), inst.accepted[0] if inst.accepted else "", response.strip(), None, [],
                 response)


def _number(inst: QuestionInstance, text: Any, cell: tuple[int, int] | None = None) -> float:
    where = f" (row {cell[0]}, column {cell[1]})" if cell else ""
    at = {"row": cell[0], "col": cell[1]} if cell else {}
    if not isinstance(text, str):
        raise InvalidResponse(f"type a number{where}", "type_number", **at)
    try:
        return parse_number(text, unit=inst.unit, allow_fraction=inst.allow_fraction,
                            allow_percent=inst.allow_percent)
    except NumberError as err:
        raise InvalidResponse(f"{err}{where}", err.code, **err.params, **at) from None
    except ValueError as err:
        raise InvalidResponse(f"{err}{where}", "type_number", **at) from None


def _grade_numeric(inst: QuestionInstance, response: Any, lang: str) -> Grade:
    value = _number(inst, response)
    ok = within(value, inst.answer, inst.tolerance)
    expected = format_number(inst.answer, inst.tolerance) + (f" {inst.unit}" if inst.unit else "")
    return Grade(ok, float(ok), expected, response.strip(), None, [], response)


def _grade_order(inst: QuestionInstance, response: Any, lang: str) -> Grade:
    n = len(inst.choices)
    if isinstance(response, (str, bytes)) or not hasattr(response, "__iter__"):
        raise InvalidResponse("arrange the items", "arrange")
    seq = [_index(v, n) for v in response]
    if sorted(seq) != list(range(n)):
        raise InvalidResponse(f"arrange all {n} items, each once", "arrange_all", n=n)
    right = inst.correct_order
    detail = [a == b for a, b in zip(seq, right)]
    ok = all(detail)
    return Grade(ok, sum(detail) / n, " → ".join(inst.choices[p] for p in right),
                 " → ".join(inst.choices[p] for p in seq), None, detail, seq)


def _grade_matrix(inst: QuestionInstance, response: Any, lang: str) -> Grade:
    key = inst.answer
    rows, cols = len(key), len(key[0])
    if (isinstance(response, (str, bytes)) or not hasattr(response, "__len__") or len(response) != rows
            or any(isinstance(r, (str, bytes)) or not hasattr(r, "__len__") or len(r) != cols
                   for r in response)):
        raise InvalidResponse(f"fill a {rows}×{cols} grid", "grid", rows=rows, cols=cols)
    cells = [[_number(inst, c, (i + 1, j + 1)) for j, c in enumerate(r)]
             for i, r in enumerate(response)]
    detail = [[within(v, k, inst.tolerance) for v, k in zip(vr, kr)] for vr, kr in zip(cells, key)]
    hits = sum(sum(r) for r in detail)
    ok = hits == rows * cols

    def show(grid: list[list[Any]]) -> str:
        return "; ".join(", ".join(str(c) for c in r) for r in grid)

    expected = show([[format_number(k, inst.tolerance) for k in r] for r in key])
    typed = [[str(c).strip() for c in r] for r in response]
    return Grade(ok, hits / (rows * cols), expected, show(typed), None, detail, typed)


_GRADERS = {
    "single": _grade_single, "multi": _grade_multi, "true_false": _grade_true_false,
    "short": _grade_short, "numeric": _grade_numeric, "order": _grade_order, "matrix": _grade_matrix,
}


def grade(instance: QuestionInstance, response: Any, *, lang: str = "zh-TW") -> Grade:
    """Grade ``response`` against ``instance``.

    Args:
        instance: The instance that was shown.
        response: single: display index (int); multi: display indices (set); true_false: bool;
            short: str; numeric: str as typed; order: display indices in the learner's order;
            matrix: rows of str as typed.
        lang: UI language for the human-readable true/false words.

    Returns:
        The grade.

    Raises:
        InvalidResponse: The response cannot be graded; nothing should be recorded.
    """
    grader = _GRADERS.get(instance.type)
    if grader is None:
        raise InvalidResponse(f"cannot grade a {instance.type!r} question", "kind")
    return grader(instance, response, lang)
