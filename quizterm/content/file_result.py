"""Load one content file into a FileResult: its model, its problems and the positions that matter."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

import yaml
from pydantic import ValidationError
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from quizterm.content import yaml_reader
from quizterm.content.problems import Problem, safe_text
from quizterm.content.validation import problems_from
from quizterm.model import Lesson, QuestionBank

MAX_PROBLEMS_PER_FILE = 100
"""After this many, one line says how many more were not shown."""


@dataclass
class FileResult:
    """What one file gave: a lesson or a bank (or neither), its problems, and key positions.

    ``where`` maps dotted keys (``questions[3].objective``) to 1-based ``(line, col)`` for the
    places cross-file checks point at; it is small, so it can be cached with the models.
    """

    path: Path
    lesson: Lesson | None = None
    bank: QuestionBank | None = None
    problems: list[Problem] = field(default_factory=list)
    where: dict[str, tuple[int, int]] = field(default_factory=dict)
    set_aside_ids: list[str] = field(default_factory=list)
    """Question ids in this file when it was set aside, so references to them are not reported
    as unknown as well."""
    raw_lesson: str | None = None
    """A set-aside bank's ``lesson`` key, as written (cross-file checks still run on it)."""
    raw_question_ids: list[tuple[int, str]] = field(default_factory=list)
    """A set-aside bank's ``(index, id)`` of each question with a text id."""
    raw_id: str | None = None
    """A set-aside lesson's ``id``, as written."""
    raw_refs: list[tuple[int, str]] = field(default_factory=list)
    """A set-aside lesson's ``(index, id)`` of each entry of its ``questions`` list."""

    def at(self, key: str) -> tuple[int, int]:
        """The position of ``key``, else of its nearest recorded parent, else 1:1."""
        while key:
            if key in self.where:
                return self.where[key]
            cut = max(key.rfind("."), key.rfind("["))
            key = key[:cut] if cut > 0 else ""
        return self.where.get("", (1, 1))

    def problem(self, key: str, message: str) -> Problem:
        """A problem located at ``key`` in this file."""
        line, col = self.at(key)
        return Problem(self.path, line, col, key, message)


def _pos(node: Node) -> tuple[int, int]:
    return node.start_mark.line + 1, node.start_mark.column + 1


def _positions(root: MappingNode, is_bank: bool) -> dict[str, tuple[int, int]]:
    where = {"": _pos(root)}
    for key, value in root.value:
        name = key.value
        where[name] = _pos(value)
        if name != "questions" or not isinstance(value, SequenceNode):
            continue
        for i, item in enumerate(value.value):
            prefix = f"questions[{i}]"
            where[prefix] = _pos(item)
            if not (is_bank and isinstance(item, MappingNode)):
                continue
            for k, v in item.value:
                if k.value in ("id", "objective", "misconception", "type"):
                    where[f"{prefix}.{k.value}"] = _pos(v)
                elif k.value in ("generator", "check") and isinstance(v, MappingNode):
                    where[f"{prefix}.{k.value}"] = _pos(v)
                    for sk, sv in v.value:
                        where[f"{prefix}.{k.value}.{sk.value}"] = _pos(sv)
                elif k.value == "choices" and isinstance(v, SequenceNode):
                    for j, choice in enumerate(v.value):
                        if isinstance(choice, MappingNode):
                            for ck, cv in choice.value:
                                if isinstance(ck, ScalarNode) and ck.value == "misconception":
                                    where[f"{prefix}.choices[{j}].misconception"] = _pos(cv)
    return where


def _capped(path: Path, problems: list[Problem]) -> list[Problem]:
    problems.sort(key=lambda p: (p.line, p.col))
    if len(problems) <= MAX_PROBLEMS_PER_FILE:
        return problems
    rest = len(problems) - MAX_PROBLEMS_PER_FILE
    last = problems[MAX_PROBLEMS_PER_FILE - 1]
    return problems[:MAX_PROBLEMS_PER_FILE] + [
        Problem(path, last.line, last.col, "", f"... and {rest} more problems in this file")]


def _kind_name(data: object) -> str:
    return "a list" if isinstance(data, list) else f"the text '{safe_text(str(data)[:30])}'"


def is_bank_data(data: dict) -> bool:
    """A question bank has ``lesson`` + ``questions``; a ``lesson`` key or question mappings alone
    also mean a bank (with a key missing), so the messages talk about the file the author meant."""
    if "lesson" in data:
        return True
    items = data.get("questions")
    return isinstance(items, list) and any(isinstance(item, dict) for item in items)


def _raw_controls(path: Path, controls: list) -> list[Problem]:
    return [Problem(path, e.line, e.col, e.key, e.message) for e in controls]


def _keep_raw(res: FileResult, doc: yaml_reader.Document, is_bank: bool) -> None:
    """What cross-file checks need from a file that failed validation, read from its raw data."""
    data = doc.data
    items = data.get("questions")
    items = items if isinstance(items, list) else []
    res.where = _positions(doc.root, is_bank)
    if is_bank:
        res.raw_question_ids = [(i, item["id"]) for i, item in enumerate(items)
                                if isinstance(item, dict) and isinstance(item.get("id"), str)]
        res.set_aside_ids = [qid for _, qid in res.raw_question_ids]
        res.raw_lesson = data["lesson"] if isinstance(data.get("lesson"), str) else None
    else:
        res.raw_id = data["id"] if isinstance(data.get("id"), str) else None
        res.raw_refs = [(i, qid) for i, qid in enumerate(items) if isinstance(qid, str)]


def load_file(path: Path, data: bytes | None = None) -> FileResult:
    """Read, parse and validate one file; never raises for bad content.

    Args:
        path: the file, shown in every problem.
        data: its bytes, when the caller already read them (see ``yaml_reader.read_bytes``).
    """
    res = FileResult(Path(path))
    controls: list[yaml_reader.ReadError] = []  # filled by check_encoding: every raw control
    try:
        if data is None:
            data, _ = yaml_reader.read_bytes(path)
        data = yaml_reader.check_encoding(data, controls)
        try:
            doc = yaml_reader.parse(data)
        except yaml.YAMLError as exc:
            raise yaml_reader.syntax_error(exc, data) from None
    except yaml_reader.ReadError as err:
        res.problems = _capped(res.path, [*_raw_controls(res.path, controls),
                                          Problem(res.path, err.line, err.col, err.key, err.message)])
        return res
    except yaml_reader.ReadErrors as errs:
        res.problems = _capped(res.path, [*_raw_controls(res.path, controls),
                                          *(Problem(res.path, e.line, e.col, e.key, e.message) for e in errs.errors)])
        return res
    except (RecursionError, MemoryError, ValueError, OSError) as exc:  # last line of defence
        res.problems = _raw_controls(res.path, controls)
        res.problems.append(Problem(res.path, 1, 1, "", f"cannot load this file ({type(exc).__name__})"))
        return res
    res.problems = _raw_controls(res.path, controls)
    if doc.root is None or doc.data is None:  # no document, or only '---' / an empty value
        res.problems.append(Problem(res.path, 1, 1, "", "the file is empty: a lesson or question bank"
                                                        " is a mapping of keys (see docs/authoring.md)"))
        return res
    if not isinstance(doc.data, dict):
        res.problems.append(Problem(res.path, 1, 1, "", "the top level must be a mapping of keys such as"
                                                        f" 'id:' or 'lesson:' (got {_kind_name(doc.data)})"))
        return res
    is_bank = is_bank_data(doc.data)
    model = QuestionBank if is_bank else Lesson
    try:
        obj = model.model_validate(doc.data)
    except ValidationError as exc:
        res.problems = _capped(res.path, res.problems + problems_from(res.path, model, doc.root, exc, source=data))
        _keep_raw(res, doc, is_bank)
        return res
    if res.problems:  # raw control characters: the file is set aside like any other bad file
        res.problems = _capped(res.path, res.problems)
        _keep_raw(res, doc, is_bank)
        return res
    if is_bank:
        res.bank = obj
    else:
        res.lesson = obj
    res.where = _positions(doc.root, is_bank)
    return res


def content_files(paths) -> list[Path]:
    """Expand folders into their ``*.yaml``/``*.yml`` files (sorted, hidden ones skipped).

    Paths that are not folders are kept as given, so reading them reports what is wrong.
    Each file appears once even when folders overlap.
    """
    out: list[Path] = []
    seen: set[str] = set()

    def add(p: Path) -> None:
        key = os.path.realpath(p)
        if key not in seen:
            seen.add(key)
            out.append(p)

    for p in paths:
        p = Path(p)
        if not p.is_dir():
            add(p)
            continue
        for folder, dirs, files in os.walk(p, onerror=None, followlinks=False):
            dirs[:] = sorted(d for d in dirs if not d.startswith("."))
            for name in sorted(files):
                if not name.startswith(".") and name.endswith((".yaml", ".yml")):
                    add(Path(folder) / name)
    return out
