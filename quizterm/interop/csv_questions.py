"""Questions as a spreadsheet: one row per question, header in docs/csv.md; import is all-or-nothing."""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from pydantic import ValidationError

from quizterm.content.bank import Bank
from quizterm.interop import csv_cells as cells
from quizterm.interop.errors import InteropError, RowProblem, RowsRejected
from quizterm.interop.yamlout import drop_none, dump_yaml, write_text_atomic
from quizterm.model import Lesson, Question, QuestionBank, question_adapter

MAX_BYTES = 20 * 1024 * 1024
_SLUG = re.compile(r"^[a-z0-9][a-z0-9._-]{0,79}$")
_FIELD_COLUMN = {"accepted": "answer", "answers": "answer", "items": "choices"}


def read_table(path: Path) -> tuple[list[str], list[tuple[int, dict[str, str]]]]:
    """The header and the non-empty rows (with their 1-based row numbers; the header is row 1).

    UTF-8 with or without a BOM; comma- or tab-separated (whichever the header uses).

    Raises:
        InteropError: unreadable, not UTF-8, too large or without a header.
    """
    try:
        if path.stat().st_size > MAX_BYTES:
            raise InteropError(f"{path}: file is larger than {MAX_BYTES // (1024 * 1024)} MiB")
        text = path.read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InteropError(f"{path}:1: not UTF-8 text (byte {exc.start}); save the sheet as 'CSV UTF-8'") from None
    except OSError as exc:
        raise InteropError(f"{path}: cannot read: {exc.strerror or exc}") from None
    if "\x00" in text:
        row = text.count("\n", 0, text.index("\x00")) + 1
        raise InteropError(f"{path}:{row}: contains a NUL byte; not a text spreadsheet")
    first = text.split("\n", 1)[0]
    delimiter = "\t" if first.count("\t") > first.count(",") else ","
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    try:
        rows = list(reader)
    except csv.Error as exc:
        raise InteropError(f"{path}:{reader.line_num}: not valid CSV ({exc}); check the quotes") from None
    if not rows or not any(c.strip() for c in rows[0]):
        raise InteropError(f"{path}:1: no header row (see docs/csv.md)")
    header = [h.strip().lower() for h in rows[0]]
    out = []
    for number, row in enumerate(rows[1:], start=2):
        if not any(c.strip() for c in row):
            continue
        record = {h: cells.unguard(row[i] if i < len(row) else "") for i, h in enumerate(header) if h}
        if len(row) > len(header) and any(c.strip() for c in row[len(header):]):
            record["\0extra"] = "1"
        out.append((number, record))
    return header, out


def _header_problems(path: Path, header: list[str]) -> list[RowProblem]:
    problems = []
    seen: set[str] = set()
    for h in header:
        if h and h not in cells.COLUMNS:
            problems.append(RowProblem(path, 1, h, f"unknown column (columns: {', '.join(cells.COLUMNS)})"))
        if h in seen:
            problems.append(RowProblem(path, 1, h, "column appears twice"))
        seen.add(h)
    for h in cells.REQUIRED:
        if h not in header:
            problems.append(RowProblem(path, 1, h, "required column is missing"))
    return problems


class _RowError(Exception):
    def __init__(self, column: str, message: str):
        self.column, self.message = column, message


def _convert(get, qtype: str) -> dict:
    """One row's cells as a question mapping (before model validation)."""
    item: dict = {"id": get("id"), "type": qtype, "prompt": get("prompt"),
                  "explanation": get("explanation"), "objective": get("objective")}
    for key in ("difficulty", "think_seconds", "source"):
        if get(key):
            item[key] = get(key)
    if get("tags"):
        item["tags"] = cells.split_words(get("tags"))
    if get("check"):
        try:
            item["check"] = json.loads(get("check"))
        except ValueError as exc:
            raise _RowError("check", f"not JSON: {exc}") from None
    if get("shuffle"):
        try:
            item["shuffle"] = cells.verdict(get("shuffle"))
        except ValueError as exc:
            raise _RowError("shuffle", str(exc)) from None
    choices = cells.split_list(get("choices"))
    answer = get("answer")
    try:
        _by_type(item, qtype, choices, answer, get)
    except ValueError as exc:
        raise _RowError("answer", str(exc)) from None
    return item


def _by_type(item: dict, qtype: str, choices: list[str], answer: str, get) -> None:
    if qtype in ("single", "multi"):
        if len(choices) < 2:
            raise _RowError("choices", "needs at least 2 choices, separated by '|' or line breaks")
        misc = cells.split_list(get("misconceptions"))
        if len(misc) > len(choices):
            raise _RowError("misconceptions", f"{len(misc)} entries for {len(choices)} choices")
        item["choices"] = [{"text": c, **({"misconception": misc[i]} if i < len(misc) and misc[i] else {})}
                           for i, c in enumerate(choices)]
        if qtype == "single":
            item["answer"] = cells.letter_index(answer, len(choices))
        else:
            item["answers"] = cells.letters(answer, len(choices))
    elif qtype == "true_false":
        item["answer"] = cells.verdict(answer)
        if get("misconceptions"):
            item["misconception"] = get("misconceptions").strip()
    elif qtype == "short":
        item["accepted"] = cells.split_list(answer)
    elif qtype == "numeric":
        item["answer"] = answer.strip()
        for key in ("tolerance", "unit"):
            if get(key):
                item[key] = get(key)
    elif qtype == "order":
        if answer.strip():
            raise _RowError("answer", "leave empty for order questions: list the items in the right order in 'choices'")
        item["items"] = choices
    elif qtype == "matrix":
        item["answer"] = cells.grid(answer)
        for key in ("tolerance", "row_labels", "col_labels"):
            if get(key):
                item[key] = get(key) if key == "tolerance" else cells.split_list(get(key))
    elif qtype == "generated":
        raise _RowError("type", "generated questions cannot be written in a spreadsheet; use YAML")
    else:
        raise _RowError("type", "expected one of single, multi, true_false, short, numeric, order, matrix")


def _validation_problems(path: Path, row: int, exc: ValidationError) -> list[RowProblem]:
    out = []
    for err in exc.errors():
        loc = [str(p) for p in err["loc"][1:]]  # the first element is the union tag
        column = _FIELD_COLUMN.get(loc[0], loc[0]) if loc else "answer"
        if "misconception" in loc:
            column = "misconceptions"
        message = str(err["msg"]).removeprefix("Value error, ")
        out.append(RowProblem(path, row, column, message))
    return out


@dataclass
class CsvImport:
    """What an import would write: a bank per lesson and a starter lesson for lessons not loaded."""

    banks: dict[str, list[dict]]
    new_lessons: dict[str, dict]

    def files(self, out_dir: Path) -> list[tuple[Path, str]]:
        """The files to write under ``out_dir``, as (path, YAML text)."""
        out = [(out_dir / "questions" / f"{lid}.yaml", dump_yaml({"lesson": lid, "questions": qs}))
               for lid, qs in self.banks.items()]
        out += [(out_dir / "lessons" / f"{lid}.yaml", dump_yaml(lesson)) for lid, lesson in self.new_lessons.items()]
        return out


def parse_questions(path: Path, *, lesson: str | None, bank: Bank, taken_ids: Iterable[str] = ()) -> CsvImport:
    """Check every row of ``path``; returns what to write, or raises RowsRejected listing every bad row.

    ``taken_ids`` are question ids already used by content that the import does not replace.
    """
    if lesson is not None and not _SLUG.match(lesson):
        raise InteropError(f"--lesson '{lesson}' is not a valid id (lower-case letters, digits, '.', '_', '-')")
    header, rows = read_table(path)
    problems = _header_problems(path, header)
    if problems:
        raise RowsRejected(problems)
    if not rows:
        raise InteropError(f"{path}: no questions (only a header)")
    taken = set(taken_ids)
    first_row: dict[str, int] = {}
    banks: dict[str, list[dict]] = {}
    objectives: dict[str, list[str]] = {}
    for number, record in rows:
        def get(key: str, record=record) -> str:
            return record.get(key, "").strip()

        if record.get("\0extra"):
            problems.append(RowProblem(path, number, "", "more cells than header columns"))
            continue
        row_lesson = lesson or get("lesson")  # --lesson puts every row in one lesson
        if not row_lesson:
            problems.append(RowProblem(path, number, "lesson", "empty: fill the column or pass --lesson"))
            continue
        if not _SLUG.match(row_lesson):
            problems.append(RowProblem(path, number, "lesson", f"'{row_lesson}' is not a valid id"))
            continue
        try:
            item = _convert(get, get("type"))
            question = question_adapter.validate_python(item)
        except _RowError as err:
            problems.append(RowProblem(path, number, err.column, err.message))
            continue
        except ValidationError as exc:
            problems.extend(_validation_problems(path, number, exc))
            continue
        problems.extend(_reference_problems(path, number, question, bank.lessons.get(row_lesson)))
        if question.id in first_row:
            problems.append(RowProblem(path, number, "id", f"'{question.id}' repeats row {first_row[question.id]}"))
        elif question.id in taken:
            problems.append(RowProblem(path, number, "id", f"'{question.id}' is already used by a loaded question"))
        first_row.setdefault(question.id, number)
        banks.setdefault(row_lesson, []).append(drop_none(item))
        objectives.setdefault(row_lesson, [])
        if question.objective not in objectives[row_lesson]:
            objectives[row_lesson].append(question.objective)
    if problems:
        raise RowsRejected(problems)
    new = {lid: _starter_lesson(lid, objectives[lid], [q["id"] for q in qs])
           for lid, qs in banks.items() if lid not in bank.lessons}
    for lid, qs in banks.items():
        QuestionBank.model_validate({"lesson": lid, "questions": qs})
    for data in new.values():
        Lesson.model_validate(data)
    return CsvImport(banks, new)


def _reference_problems(path: Path, row: int, question: Question, lesson: Lesson | None) -> list[RowProblem]:
    pitfalls = set() if lesson is None else lesson.pitfall_ids()
    out = []
    if lesson is not None and question.objective not in lesson.objective_ids():
        known = ", ".join(sorted(lesson.objective_ids()))
        out.append(RowProblem(path, row, "objective", f"'{question.objective}' is not an objective of '{lesson.id}' ({known})"))
    named = [c.misconception for c in getattr(question, "choices", [])] + [getattr(question, "misconception", None)]
    for pit in filter(None, named):
        if pit not in pitfalls:
            where = f"a pitfall of '{lesson.id}'" if lesson else "a known pitfall (the lesson is not loaded)"
            out.append(RowProblem(path, row, "misconceptions", f"'{pit}' is not {where}"))
    return out


def _starter_lesson(lesson_id: str, objectives: list[str], question_ids: list[str]) -> dict:
    return {
        "id": lesson_id,
        "title": lesson_id,
        "minutes": max(1, len(question_ids)),
        "notice": "由試算表匯入的題庫所建立的課程骨架；請補上內容。",
        "overview": f"題庫「{lesson_id}」的練習。",
        "objectives": [{"id": o, "text": o} for o in objectives],
        "sections": [{"id": "questions", "title": "練習題", "body": f"共 {len(question_ids)} 題。"}],
        "questions": question_ids,
    }


def import_questions(path: Path, out_dir: Path, **kwargs) -> list[Path]:
    """Check ``path`` (see ``parse_questions``) and, only if every row is good, write the YAML files."""
    files = parse_questions(path, **kwargs).files(out_dir)
    for target, text in files:
        write_text_atomic(target, text)
    return [p for p, _ in files]
