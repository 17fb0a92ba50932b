"""Write questions and the learner's attempts as spreadsheets (UTF-8 with BOM, so Excel reads it)."""

from __future__ import annotations

import csv
import json
from collections.abc import Iterable
from pathlib import Path

from quizterm.content.bank import Bank
from quizterm.interop import csv_cells as cells
from quizterm.interop.choice_order import export_order, shown_positions
from quizterm.interop.errors import InteropError
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

ATTEMPT_COLUMNS = ("attempt_id", "answered_at", "lesson", "question_id", "mode", "correct", "overridden",
                   "time_ms", "response", "misconception", "seed", "drill_id")


def question_row(question: Question, lesson_id: str) -> dict[str, str] | None:
    """The spreadsheet row of a question (None for generated ones, which have no fixed answer)."""
    if isinstance(question, GeneratedQuestion):
        return None
    row = {"id": question.id, "lesson": lesson_id, "type": question.type, "prompt": question.prompt,
           "explanation": question.explanation, "objective": question.objective,
           "tags": ", ".join(question.tags), "difficulty": str(question.difficulty),
           "think_seconds": str(question.think_seconds or ""), "source": question.source or "",
           "check": json.dumps(question.check.model_dump(mode="json", exclude_none=True), ensure_ascii=False)
           if question.check else ""}
    if isinstance(question, (SingleQuestion, MultiQuestion)):
        # A stable shuffle per question id (the authored order usually puts the answer first);
        # the answer letters follow the choices, so an import gives the same question back.
        shown = [question.choices[i] for i in export_order(question)]
        row["choices"] = cells.join_list([c.text for c in shown])
        misc = [c.misconception or "" for c in shown]
        row["misconceptions"] = cells.join_list(misc).strip() if any(misc) else ""
        picks = [question.answer] if isinstance(question, SingleQuestion) else question.answers
        row["answer"] = ",".join(cells.letter_index_to_letter(i) for i in shown_positions(question, picks))
        row["shuffle"] = "" if question.shuffle else "false"
    elif isinstance(question, TrueFalseQuestion):
        row["answer"] = "true" if question.answer else "false"
        row["misconceptions"] = question.misconception or ""
    elif isinstance(question, ShortQuestion):
        row["answer"] = cells.join_list(question.accepted)
    elif isinstance(question, NumericQuestion):
        row["answer"] = cells.number(question.answer)
        row["tolerance"] = cells.number(question.tolerance)
        row["unit"] = question.unit or ""
    elif isinstance(question, OrderQuestion):
        row["choices"] = cells.join_list(question.items)
        row["answer"] = ""
    elif isinstance(question, MatrixQuestion):
        row["answer"] = "; ".join(", ".join(cells.number(v) for v in r) for r in question.answer)
        row["tolerance"] = cells.number(question.tolerance)
        row["row_labels"] = cells.join_list(question.row_labels or [])
        row["col_labels"] = cells.join_list(question.col_labels or [])
    return row


def _open(out: Path):
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        return open(out, "w", encoding="utf-8-sig", newline="")
    except OSError as exc:
        raise InteropError(f"{out}: cannot write: {exc.strerror or exc}") from None


def export_questions(bank: Bank, out: Path, *, lessons: list[str] | None = None) -> tuple[int, list[str]]:
    """Write the questions of ``lessons`` (all by default); returns (rows written, skipped ids)."""
    wanted = list(dict.fromkeys(bank.lesson_of_question.values())) if lessons is None else lessons
    unknown = [lid for lid in wanted if lid not in bank.lessons and lid not in bank.lesson_of_question.values()]
    if unknown:
        raise InteropError(f"unknown lesson '{unknown[0]}'")
    written, skipped = 0, []
    with _open(out) as fh:
        writer = csv.DictWriter(fh, fieldnames=cells.COLUMNS, lineterminator="\r\n")
        writer.writeheader()
        for lid in wanted:
            for question in bank.questions_for(lid):
                row = question_row(question, lid)
                if row is None:
                    skipped.append(question.id)
                    continue
                writer.writerow({k: cells.guard(v) for k, v in row.items()})
                written += 1
    return written, skipped


def export_attempts(rows: Iterable, out: Path) -> int:
    """Write attempt rows (``quizterm.store`` AttemptRow) oldest first; returns how many."""
    count = 0
    with _open(out) as fh:
        writer = csv.writer(fh, lineterminator="\r\n")
        writer.writerow(ATTEMPT_COLUMNS)
        for a in rows:
            writer.writerow([cells.guard(v) for v in [
                a.id, a.answered_at.isoformat(), a.lesson_id, a.question_id, a.mode,
                "true" if a.correct else "false", "true" if a.overridden else "false", a.time_ms,
                json.dumps(a.response, ensure_ascii=False), a.misconception or "",
                "" if a.seed is None else a.seed, "" if a.drill_id is None else a.drill_id,
            ]])
            count += 1
    return count
