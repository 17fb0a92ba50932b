"""Load content files into a Bank, collecting every problem instead of stopping at the first.

PROVISIONAL: a minimal loader with the final signature, to be replaced by the positional loader.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

import yaml
from pydantic import ValidationError

from quizterm.content.bank import Bank, Origin
from quizterm.content.problems import Problem
from quizterm.model import Lesson, QuestionBank


@dataclass
class LoadResult:
    bank: Bank
    problems: list[Problem] = field(default_factory=list)
    files: list[Path] = field(default_factory=list)


def content_files(paths: Iterable[Path]) -> list[Path]:
    out: list[Path] = []
    for p in paths:
        p = Path(p)
        if p.is_dir():
            out.extend(sorted(x for x in p.rglob("*") if x.suffix in (".yaml", ".yml")))
        else:
            out.append(p)
    return out


def load_content(paths: Iterable[Path], *, cache_dir: Path | None = None) -> LoadResult:
    result = LoadResult(bank=Bank())
    banks: list[tuple[Path, QuestionBank]] = []
    for path in content_files(paths):
        result.files.append(path)
        try:
            data = yaml.load(path.read_text("utf-8"), Loader=yaml.BaseLoader)
            if isinstance(data, dict) and "questions" in data and "lesson" in data:
                banks.append((path, QuestionBank.model_validate(data)))
            else:
                lesson = Lesson.model_validate(data)
                result.bank.lessons[lesson.id] = lesson
                result.bank.origins[f"lesson:{lesson.id}"] = Origin(path, 1)
        except (OSError, yaml.YAMLError, ValidationError, UnicodeDecodeError) as exc:
            result.problems.append(Problem(path, 1, 1, "", str(exc).splitlines()[0]))
    for path, qb in banks:
        for q in qb.questions:
            result.bank.questions[q.id] = q
            result.bank.lesson_of_question[q.id] = qb.lesson
            result.bank.origins[f"question:{q.id}"] = Origin(path, 1)
    return result
