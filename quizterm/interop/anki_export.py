"""Write lessons as an Anki package (.apkg): a deck per lesson, stable ids so re-imports update."""

from __future__ import annotations

import hashlib
import warnings
from dataclasses import dataclass, field
from pathlib import Path

from quizterm.content.bank import Bank
from quizterm.interop.anki_fields import Translate, question_data, question_fields, to_html
from quizterm.interop.errors import InteropError

DECK_ROOT = "quizterm"
TERM_MODEL = "quizterm term"
CUE_MODEL = "quizterm cue"
QUESTION_MODEL = "quizterm question"

_CSS = ".card { font-family: sans-serif; font-size: 20px; text-align: left; }\n.extra { color: #666; }"


def stable_id(*parts: str) -> int:
    """A positive 31-bit id derived from names, so every export gives a model or deck the same id."""
    digest = hashlib.sha256("\x1f".join(parts).encode("utf-8")).digest()
    return (int.from_bytes(digest[:4], "big") & 0x3FFFFFFF) | 0x40000000


def deck_name(title: str) -> str:
    """The Anki deck of a lesson: a child of the ``quizterm`` deck named after its title."""
    return f"{DECK_ROOT}::{title.replace('::', ':')}"


def _models():
    import genanki

    answer = "{{FrontSide}}<hr id=answer>"
    term = genanki.Model(
        stable_id("model", TERM_MODEL), TERM_MODEL,
        fields=[{"name": n} for n in ("Term", "Meaning", "Aliases", "Example", "Confuse", "Id")],
        templates=[
            {"name": "Term → meaning", "qfmt": "{{Term}}",
             "afmt": answer + "{{Meaning}}{{#Aliases}}<div class=extra>{{Aliases}}</div>{{/Aliases}}"
                     "{{#Example}}<div class=extra>{{Example}}</div>{{/Example}}"
                     "{{#Confuse}}<div class=extra>{{Confuse}}</div>{{/Confuse}}"},
            {"name": "Meaning → term", "qfmt": "{{Meaning}}", "afmt": answer + "{{Term}}"},
        ],
        css=_CSS,
    )
    cue = genanki.Model(
        stable_id("model", CUE_MODEL), CUE_MODEL,
        fields=[{"name": n} for n in ("Cue", "Think", "Id")],
        templates=[
            {"name": "Cue → think of", "qfmt": "{{Cue}}", "afmt": answer + "{{Think}}"},
            {"name": "Think of → cue", "qfmt": "{{Think}}", "afmt": answer + "{{Cue}}"},
        ],
        css=_CSS,
    )
    question = genanki.Model(
        stable_id("model", QUESTION_MODEL), QUESTION_MODEL,
        fields=[{"name": n} for n in ("Prompt", "Choices", "Answer", "Explanation", "Id", "Data")],
        templates=[{
            "name": "Question",
            "qfmt": "{{Prompt}}{{#Choices}}<div>{{Choices}}</div>{{/Choices}}",
            "afmt": answer + "{{Answer}}<div class=extra>{{Explanation}}</div>",
        }],
        css=_CSS,
    )
    return term, cue, question


def _tag(text: str) -> str:
    # Anki tags are space-separated; keep them readable and free of spaces.
    return "_".join(text.split())


@dataclass
class AnkiExportSummary:
    """What an export wrote."""

    path: Path
    decks: list[str] = field(default_factory=list)
    terms: int = 0
    cues: int = 0
    questions: int = 0
    skipped: list[str] = field(default_factory=list)  # generated questions whose draw failed


def export_anki(bank: Bank, out: Path, tr: Translate, *, lessons: list[str] | None = None,
                timestamp: float | None = None) -> AnkiExportSummary:
    """Write ``lessons`` (all by default) of ``bank`` to the Anki package ``out``.

    Glossary terms and cues become two-sided notes (both directions), questions a note with the
    choices on the front and the answer and explanation on the back. Note GUIDs come from YAML ids,
    so importing a newer export into Anki updates the notes instead of adding copies.

    Raises:
        InteropError: an unknown lesson id, nothing to export, or the file cannot be written.
    """
    import genanki

    wanted = list(bank.lessons) if lessons is None else lessons
    unknown = [lid for lid in wanted if lid not in bank.lessons]
    if unknown:
        known = ", ".join(sorted(bank.lessons)) or "none loaded"
        raise InteropError(f"unknown lesson '{unknown[0]}' (lessons: {known})")
    term_model, cue_model, question_model = _models()
    summary = AnkiExportSummary(path=out)
    decks = []
    for lid in wanted:
        lesson = bank.lessons[lid]
        deck = genanki.Deck(stable_id("deck", lid), deck_name(lesson.title), description=to_html(lesson.overview))
        lesson_tag = f"quizterm::{lid}"
        for term in lesson.glossary:
            deck.add_note(genanki.Note(
                model=term_model, guid=genanki.guid_for("quizterm", "term", lid, term.id),
                fields=[to_html(term.term), to_html(term.meaning), to_html("、".join(term.aliases)),
                        to_html(term.example or ""), to_html(term.confuse or ""), f"{lid}/{term.id}"],
                tags=[lesson_tag, "quizterm::glossary"]))
            summary.terms += 1
        for cue in lesson.cues:
            deck.add_note(genanki.Note(
                model=cue_model, guid=genanki.guid_for("quizterm", "cue", lid, cue.id),
                fields=[to_html(cue.cue), to_html(cue.think), f"{lid}/{cue.id}"],
                tags=[lesson_tag, "quizterm::cue"]))
            summary.cues += 1
        objectives = {o.id: o.text for o in lesson.objectives}
        for question in bank.questions_for(lid):
            faces = question_fields(question, tr)
            if faces is None:
                summary.skipped.append(question.id)
                continue
            tags = [lesson_tag, "quizterm::question", *(_tag(t) for t in question.tags)]
            deck.add_note(genanki.Note(
                model=question_model, guid=genanki.guid_for("quizterm", "question", question.id),
                fields=[faces["Prompt"], faces["Choices"], faces["Answer"], faces["Explanation"],
                        question.id, question_data(question, objectives.get(question.objective))],
                tags=tags))
            summary.questions += 1
        decks.append(deck)
        summary.decks.append(deck.name)
    if not any(d.notes for d in decks):
        raise InteropError("nothing to export: the chosen lessons have no glossary, cues or questions")
    package = genanki.Package(decks)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(f".{out.name}.tmp")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # genanki warns about HTML it cannot parse; ours is escaped
            package.write_to_file(str(tmp), timestamp=timestamp)
        tmp.replace(out)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise InteropError(f"{out}: cannot write: {exc.strerror or exc}") from None
    return summary
