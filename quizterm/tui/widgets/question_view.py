"""QuestionView: a question's header and prompt (shown literally, never parsed as markup)."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from quizterm.render.cells import clip

__all__ = ["QuestionView", "feedback_text"]


class QuestionView(Vertical):
    """The header line ("Question 3 / 10 · multi") and the prompt of one instance."""

    DEFAULT_CSS = """
    QuestionView { height: auto; padding: 0 1; }
    QuestionView .question-header { color: $text-muted; }
    QuestionView .question-prompt { padding: 1 0; text-style: bold; }
    """

    def __init__(self, instance: Any = None, *, header: str = "", id: str | None = None) -> None:
        super().__init__(id=id)
        self.instance = instance
        self.header = header

    def compose(self) -> ComposeResult:
        yield Static(Text(self.header), classes="question-header")
        yield Static(self._prompt(), classes="question-prompt")

    def _prompt(self) -> Text:
        return Text(self.instance.prompt if self.instance is not None else "")

    def show(self, instance: Any, header: str = "") -> None:
        """Show another instance."""
        self.instance, self.header = instance, header
        if self.is_mounted:
            self.query_one(".question-header", Static).update(Text(header))
            self.query_one(".question-prompt", Static).update(self._prompt())

    @property
    def prompt_text(self) -> str:
        return self.instance.prompt if self.instance is not None else ""


def feedback_text(tr: Any, grade: Any, explanation: str, pitfall: str | None = None,
                  *, overridden: bool = False) -> Text:
    """Right/wrong, what was given, the right answer, the misconception named and the explanation."""
    text = Text()
    if grade.correct or overridden:
        text.append(tr("practice.right") if grade.correct else tr("practice.overridden"), style="bold green")
    else:
        text.append(tr("practice.wrong"), style="bold red")
    text.append("\n")
    text.append(tr("practice.your_answer"), style="bold")
    text.append(f" {grade.given}\n")
    text.append(tr("practice.right_answer"), style="bold")
    text.append(f" {grade.expected}\n")
    if pitfall:
        text.append(tr("practice.misconception"), style="bold yellow")
        text.append(f" {pitfall}\n")
    if explanation:
        text.append("\n")
        text.append(tr("practice.explanation"), style="bold")
        text.append(f" {explanation}")
    return text


def invalid_text(tr: Any, err: Exception) -> str:
    """An ``InvalidResponse`` in the UI language (its code and params; a grid cell says where)."""
    params = dict(getattr(err, "params", {}) or {})
    row, col = params.pop("row", None), params.pop("col", None)
    try:
        text = tr(f"grade.err.{getattr(err, 'code', 'invalid')}", **params)
    except (KeyError, IndexError, ValueError):
        text = tr("grade.err.invalid")
    if row is not None and col is not None:
        text += tr("grade.err.cell", row=row, col=col)
    return text


def objective_name(bank: Any, objective_id: str | None, cells: int = 40) -> str:
    """An objective's text from the bank (clipped to ``cells``); its id when the bank has none."""
    if not objective_id:
        return "?"
    for lesson in getattr(bank, "lessons", {}).values():
        for o in lesson.objectives:
            if o.id == objective_id and o.text:
                return clip(o.text, cells)
    return clip(objective_id, cells)


def lesson_name(bank: Any, lesson_id: str | None, cells: int = 40) -> str:
    """A lesson's title from the bank (clipped to ``cells``); its id when the bank has none."""
    lesson = getattr(bank, "lessons", {}).get(lesson_id) if lesson_id else None
    return clip(lesson.title if lesson is not None and lesson.title else (lesson_id or "?"), cells)
