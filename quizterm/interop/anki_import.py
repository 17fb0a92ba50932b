"""Turn Anki notes into a lesson (glossary, cues) and a question bank that pass validation."""

from __future__ import annotations

import hashlib
import html
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import ValidationError

from quizterm.interop.anki_export import CUE_MODEL, DECK_ROOT, QUESTION_MODEL, TERM_MODEL
from quizterm.interop.anki_fields import to_text
from quizterm.interop.anki_read import AnkiNote, read_package
from quizterm.interop.errors import InteropError
from quizterm.interop.yamlout import drop_none, dump_yaml, write_text_atomic
from quizterm.model import Lesson, QuestionBank, question_adapter

_CLOZE = re.compile(r"\{\{c(\d+)::(.*?)(?:::(.*?))?\}\}", re.S)
_SLUG = re.compile(r"^[a-z0-9][a-z0-9._-]{0,79}$")
OBJECTIVE = "anki"
BLANK = "＿＿＿"


def slugify(text: str, *, prefix: str = "anki") -> str:
    """A slug for ``text``; text with no ASCII letters (e.g. Chinese) gets a short stable hash."""
    slug = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:60].strip("-")
    if slug and _SLUG.match(slug):
        return slug
    return f"{prefix}-{hashlib.sha1(text.encode('utf-8')).hexdigest()[:8]}"


def _short_id(kind: str, guid: str) -> str:
    return f"{kind}-{hashlib.sha1(guid.encode('utf-8')).hexdigest()[:10]}"


@dataclass
class ImportedLesson:
    """One lesson made from a deck, ready to validate and write."""

    lesson: dict
    bank: dict | None
    skipped: list[str] = field(default_factory=list)  # "guid: reason"


def cloze_questions(note: AnkiNote, text: str, extra: str, tags: list[str]) -> list[dict]:
    """One short-answer question per cloze number: its blanks hidden, the other clozes filled in."""
    numbers = sorted({int(m.group(1)) for m in _CLOZE.finditer(text)})
    out = []
    for n in numbers:
        answers: list[str] = []

        def fill(m: re.Match[str], n: int = n, answers: list[str] = answers) -> str:
            if int(m.group(1)) != n:
                return m.group(2)
            answers.append(m.group(2))
            hint = m.group(3)
            return f"{BLANK}（{hint}）" if hint else BLANK

        prompt = _CLOZE.sub(fill, text)
        full = _CLOZE.sub(lambda m: m.group(2), text)
        accepted = "、".join(a.strip() for a in answers if a.strip())
        if not accepted:
            continue
        out.append({
            "id": f"{_short_id('q', note.guid)}-c{n}",
            "type": "short",
            "prompt": prompt,
            "accepted": [accepted],
            "explanation": extra or full,
            "objective": OBJECTIVE,
            "tags": tags,
        })
    return out


def _tags(note: AnkiNote) -> list[str]:
    tags = []
    for tag in note.tags:
        if tag.lower().startswith("quizterm::"):
            continue
        slug = re.sub(r"[^a-z0-9._-]+", "-", tag.lower()).strip("-")[:80]
        if slug and _SLUG.match(slug) and slug not in tags:
            tags.append(slug)
    return tags


def _own_question(note: AnkiNote, taken: set[str], lesson_id: str) -> tuple[dict, str | None]:
    # quizterm's own export keeps the whole question in a hidden field: rebuild it exactly.
    data = json.loads(html.unescape(note.field("Data")))
    objective_text = data.pop("objective_text", None)
    if data.get("type") in ("single", "multi"):
        for choice in data.get("choices", []):
            choice.pop("misconception", None)  # pitfalls of the old lesson do not come along
    data.pop("misconception", None)
    if data["id"] in taken:
        data["id"] = f"{lesson_id}-{data['id']}"[:80].rstrip("-._")
    first = ("id", "type", "prompt")
    data = {**{k: data[k] for k in first if k in data}, **{k: v for k, v in data.items() if k not in first}}
    return data, objective_text


class _Builder:
    def __init__(self, lesson_id: str, title: str, taken_ids: set[str]):
        self.lesson_id, self.title, self.taken = lesson_id, title, taken_ids
        self.glossary: list[dict] = []
        self.cues: list[dict] = []
        self.questions: list[dict] = []
        self.objectives: dict[str, str] = {}
        self.skipped: list[str] = []

    def add(self, note: AnkiNote) -> None:
        try:
            self._add(note)
        except (ValueError, KeyError, TypeError, json.JSONDecodeError) as exc:
            self.skipped.append(f"{note.guid}: {exc}")

    def _check_question(self, item: dict) -> bool:
        try:
            question_adapter.validate_python(item)
        except ValidationError as exc:
            err = exc.errors()[0]
            where = ".".join(str(p) for p in err["loc"][1:])
            self.skipped.append(f"{item.get('id')}: {where}: {err['msg']}")
            return False
        return True

    def _add(self, note: AnkiNote) -> None:
        if "Occlusion" in note.field_names:
            self.skipped.append(f"{note.guid}: image occlusion notes need the picture; not imported")
            return
        texts = [to_text(f) for f in note.fields]
        if note.notetype == QUESTION_MODEL and note.field("Data"):
            item, objective_text = _own_question(note, self.taken, self.lesson_id)
            if self._check_question(item):
                self.objectives.setdefault(item["objective"], objective_text or item["objective"])
                self.questions.append(item)
            return
        if note.cloze or _CLOZE.search(note.fields[0] if note.fields else ""):
            extra = texts[1] if len(texts) > 1 else ""
            made = cloze_questions(note, texts[0], extra, _tags(note))
            if not made:
                self.skipped.append(f"{note.guid}: a cloze note without any cloze")
            for item in made:
                if self._check_question(item):
                    self.objectives.setdefault(OBJECTIVE, f"記住「{self.title}」的填空內容")
                    self.questions.append(item)
            return
        if len(texts) < 2 or not texts[0] or not texts[1]:
            self.skipped.append(f"{note.guid}: needs a front and a back")
            return
        front, back = texts[0], texts[1]
        is_cue = note.notetype == CUE_MODEL or (note.notetype != TERM_MODEL and note.cards < 2)
        if is_cue:
            self.cues.append({"id": _short_id("c", note.guid), "cue": front, "think": back})
        else:
            term = {"id": _short_id("t", note.guid), "term": front, "meaning": back}
            if note.notetype == TERM_MODEL:
                aliases = [a for a in to_text(note.field("Aliases")).split("、") if a.strip()]
                term.update(aliases=aliases or None, example=to_text(note.field("Example")) or None,
                            confuse=to_text(note.field("Confuse")) or None)
            self.glossary.append(term)

    def build(self) -> ImportedLesson:
        objectives = dict(self.objectives) or {OBJECTIVE: f"記住牌組「{self.title}」的卡片"}
        counts = f"{len(self.glossary)} 個詞、{len(self.cues)} 個提示、{len(self.questions)} 題"
        bullets = [g["term"] for g in self.glossary[:30]] + [c["cue"] for c in self.cues[:30]]
        lesson = {
            "id": self.lesson_id,
            "title": self.title,
            "minutes": max(1, min(600, (len(self.glossary) + len(self.cues) + len(self.questions) + 1) // 2)),
            "notice": "由 Anki 牌組匯入；內容未經複查。",
            "glossary": self.glossary or None,
            "overview": f"從 Anki 牌組「{self.title}」匯入：{counts}。",
            "objectives": [{"id": k, "text": v} for k, v in objectives.items()],
            "cues": self.cues or None,
            "sections": [{"id": "cards", "title": "匯入的卡片", "body": f"這一課來自 Anki：{counts}。",
                          "bullets": [b.replace("\n", " ") for b in bullets] or None}],
            "questions": [q["id"] for q in self.questions] or None,
        }
        bank = {"lesson": self.lesson_id, "questions": self.questions} if self.questions else None
        return ImportedLesson(drop_none(lesson), bank and drop_none(bank), self.skipped)


def lessons_from_notes(notes: list[AnkiNote], *, lesson_id: str | None = None,
                       taken_lessons: set[str] = frozenset(), taken_questions: set[str] = frozenset()
                       ) -> list[ImportedLesson]:
    """Group notes by deck (one lesson each) or, with ``lesson_id``, into one lesson."""
    groups: dict[str, list[AnkiNote]] = {}
    for note in notes:
        groups.setdefault("" if lesson_id else note.deck, []).append(note)
    out = []
    used = set(taken_lessons)
    for deck, members in groups.items():
        title = (deck.split("::")[-1] if deck else lesson_id) or "Anki"
        if lesson_id:
            lid = lesson_id
        else:
            base = deck.removeprefix(f"{DECK_ROOT}::")
            lid = slugify(base)
            while lid in used:
                lid = slugify(lid + "-x")
        used.add(lid)
        builder = _Builder(lid, title, set(taken_questions))
        for note in members:
            builder.add(note)
        out.append(builder.build())
    return out


@dataclass
class AnkiPlan:
    """What importing a package would write: (path, YAML text) pairs, and notes that were left out."""

    lessons: list[ImportedLesson]
    files: list[tuple[Path, str]]
    skipped: list[str]


def prepare_anki(path: Path, out_dir: Path, *, lesson_id: str | None = None,
                 taken_lessons: set[str] = frozenset(), taken_questions: set[str] = frozenset()) -> AnkiPlan:
    """Read ``path`` and plan ``out_dir/lessons/<id>.yaml`` (+ ``questions/<id>.yaml``) per deck.

    Every lesson and bank is validated here, before anything is written.

    Raises:
        InteropError: an unreadable package, an empty one, or a lesson that would not validate.
    """
    if lesson_id is not None and not _SLUG.match(lesson_id):
        raise InteropError(f"--lesson '{lesson_id}' is not a valid id (lower-case letters, digits, '.', '_', '-')")
    if lesson_id in taken_lessons:
        raise InteropError(f"a lesson '{lesson_id}' is already loaded; choose another --lesson")
    notes = read_package(path)
    if not notes:
        raise InteropError(f"{path}: the package has no notes")
    made = lessons_from_notes(notes, lesson_id=lesson_id, taken_lessons=taken_lessons,
                              taken_questions=taken_questions)
    files: list[tuple[Path, str]] = []
    for item in made:
        try:
            Lesson.model_validate(item.lesson)
            if item.bank:
                QuestionBank.model_validate(item.bank)
        except ValidationError as exc:
            raise InteropError(f"{path}: deck '{item.lesson['title']}' cannot become a lesson: "
                               f"{exc.errors()[0]['msg']}") from None
        lid = item.lesson["id"]
        files.append((out_dir / "lessons" / f"{lid}.yaml", dump_yaml(item.lesson)))
        if item.bank:
            files.append((out_dir / "questions" / f"{lid}.yaml", dump_yaml(item.bank)))
    return AnkiPlan(made, files, [s for m in made for s in m.skipped])


def import_anki(path: Path, out_dir: Path, **kwargs) -> AnkiPlan:
    """``prepare_anki`` and write its files (atomically, each)."""
    plan = prepare_anki(path, out_dir, **kwargs)
    for target, text in plan.files:
        write_text_atomic(target, text)
    return plan
