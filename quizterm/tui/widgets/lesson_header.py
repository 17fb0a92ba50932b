"""LessonHeader: title, reviewed badge, minutes, counts and the lesson's notice."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from quizterm.tui.widgets.lesson_parts import Wrapped, prose

__all__ = ["LessonHeader", "header_text"]


def header_text(tr, lesson, question_count: int) -> Text:
    """The header as literal text (lesson text is never read as markup)."""
    text = Text(lesson.title, style="bold")
    text.append("\n")
    if lesson.reviewed:
        text.append(tr("home.reviewed"), style="bold green")
    else:
        text.append(tr("home.unreviewed"), style="bold yellow")
    text.append(tr("home.meta", minutes=lesson.minutes, cards=len(lesson.glossary), questions=question_count))
    if lesson.notice:
        text.append("\n")
        text.append(prose(lesson.notice), style="italic")
    return text


class LessonHeader(Static):
    """The top of the lesson page."""

    DEFAULT_CSS = """
    LessonHeader {
        height: auto;
        padding: 0 1;
        border-bottom: hkey $primary 50%;
    }
    """

    def __init__(self, lesson, question_count: int, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.lesson = lesson
        self.question_count = question_count

    def on_mount(self) -> None:
        self.update(Wrapped(header_text(self.app.tr, self.lesson, self.question_count)))
