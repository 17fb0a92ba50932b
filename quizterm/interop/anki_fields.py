"""Anki note fields for quizterm content: HTML in, HTML out, and what each question's back shows."""

from __future__ import annotations

import html
import json
import random
import re
import string
import zlib
from collections.abc import Callable

from quizterm.interop.choice_order import export_order, shown_positions
from quizterm.model import (
    GeneratedQuestion,
    MatrixQuestion,
    MultiQuestion,
    NumericQuestion,
    OrderQuestion,
    Question,
    ShortQuestion,
    SingleQuestion,
    TrueFalseQuestion,
)

Translate = Callable[..., str]

_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f\x80-\x9f\u202a-\u202e\u2066-\u2069]")
_BREAKS = re.compile(r"<\s*(br\s*/?|/div|/p|/li|/tr|/h[1-6])\s*>", re.I)
_BLOCKS = re.compile(r"<\s*(script|style)\b.*?<\s*/\s*\1\s*>", re.I | re.S)
_TAGS = re.compile(r"<[^>]*>")
_SOUND = re.compile(r"\[sound:[^\]]*\]")


def to_html(text: str) -> str:
    """Plain text as an Anki field: escaped, with line breaks as ``<br>``."""
    return html.escape(text, quote=False).replace("\n", "<br>")


def to_text(field: str) -> str:
    """An Anki field's HTML as plain text: tags dropped, entities decoded, no control characters."""
    text = _BLOCKS.sub("", field)
    text = _BREAKS.sub("\n", text)
    text = _SOUND.sub("", _TAGS.sub("", text))
    text = html.unescape(text).replace("\xa0", " ").replace("\r\n", "\n").replace("\r", "\n")
    text = _CONTROL.sub("", text)
    lines = [line.rstrip() for line in text.split("\n")]
    text = re.sub(r"\n{3,}", "\n\n", "\n".join(lines))
    return text.strip()


def letter(index: int) -> str:
    """The letter a learner sees beside choice ``index`` (A, B, ...)."""
    return string.ascii_uppercase[index]


def _choice_list(texts: list[str]) -> str:
    return "".join(f"<div>{letter(i)}. {to_html(t)}</div>" for i, t in enumerate(texts))


def _number(value: float) -> str:
    return f"{value:g}"


def question_fields(question: Question, tr: Translate) -> dict[str, str] | None:
    """The Prompt, Choices, Answer and Explanation fields of a question (None if it cannot be drawn).

    A generated question draws new numbers on every attempt; a card holds one fixed draw of it.
    """
    if isinstance(question, GeneratedQuestion):
        return generated_fields(question, getattr(tr, "lang", "zh-TW"))
    choices = ""
    if isinstance(question, (SingleQuestion, MultiQuestion)):
        # A stable shuffle per question id: the authored order would put the answer first.
        texts = [question.choices[i].text for i in export_order(question)]
        choices = _choice_list(texts)
        picks = [question.answer] if isinstance(question, SingleQuestion) else question.answers
        answer = "".join(f"<div>{letter(i)}. {to_html(texts[i])}</div>" for i in shown_positions(question, picks))
    elif isinstance(question, TrueFalseQuestion):
        answer = to_html(tr("interop.true" if question.answer else "interop.false"))
    elif isinstance(question, ShortQuestion):
        answer = " / ".join(to_html(a) for a in question.accepted)
    elif isinstance(question, NumericQuestion):
        answer = _number(question.answer)
        if question.tolerance:
            answer += f" (± {_number(question.tolerance)})"
        if question.unit:
            answer += f" {to_html(question.unit)}"
    elif isinstance(question, OrderQuestion):
        # A stable shuffle per question id, so re-exporting gives the same card.
        shown = list(question.items)
        random.Random(question.id).shuffle(shown)
        choices = _choice_list(shown)
        answer = "".join(f"<div>{i + 1}. {to_html(t)}</div>" for i, t in enumerate(question.items))
    elif isinstance(question, MatrixQuestion):
        answer = _matrix_html(question)
    else:  # pragma: no cover - the union is closed
        return None
    return {
        "Prompt": to_html(question.prompt),
        "Choices": choices,
        "Answer": answer,
        "Explanation": to_html(question.explanation),
    }


def _matrix_html(question: MatrixQuestion) -> str:
    head = ""
    if question.col_labels:
        head = "<tr><th></th>" + "".join(f"<th>{to_html(c)}</th>" for c in question.col_labels) + "</tr>"
    rows = []
    for r, row in enumerate(question.answer):
        label = to_html(question.row_labels[r]) if question.row_labels else ""
        cells = "".join(f"<td>{_number(v)}</td>" for v in row)
        rows.append(f"<tr><th>{label}</th>{cells}</tr>")
    return f"<table>{head}{''.join(rows)}</table>"


def question_data(question: Question, objective_text: str | None) -> str:
    """The hidden field that lets ``quizterm import anki`` rebuild the exact question."""
    data = question.model_dump(mode="json", exclude_none=True)
    if objective_text:
        data["objective_text"] = objective_text
    return html.escape(json.dumps(data, ensure_ascii=False, sort_keys=True), quote=False)


def generated_fields(question: GeneratedQuestion, lang: str) -> dict[str, str] | None:
    """One fixed instance of a generated question (seeded from its id, so re-exports match)."""
    from quizterm.quiz import grade, make_instance
    from quizterm.quiz.drill_result import key_response

    try:
        inst = make_instance(question, seed=zlib.crc32(question.id.encode("utf-8")))
        answer = grade(inst, key_response(inst), lang=lang).expected
    except Exception:  # noqa: BLE001 - a generator that cannot draw leaves the card out, not the export
        return None
    shown = list(inst.choices) if inst.type in ("single", "multi", "order") else []
    return {
        "Prompt": to_html(inst.prompt),
        "Choices": _choice_list(shown) if shown else "",
        "Answer": to_html(answer),
        "Explanation": to_html(inst.explanation or ""),
    }
