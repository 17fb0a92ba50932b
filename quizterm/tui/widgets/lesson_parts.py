"""Literal rich renderables for the static parts of a lesson page (tables and lists)."""

from __future__ import annotations

import re
import unicodedata

from rich import box
from rich.cells import cell_len
from rich.console import Console, ConsoleOptions
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

__all__ = ["cues_table", "mapping_table", "pitfalls_text", "prose", "question_prompt", "questions_text",
           "references_text", "section_text", "Stack", "wrap_lines", "Wrapped"]


_BULLET = re.compile(r"\s*(?:[-*•·‧▪→✗✓]\s|\d+[.)、]\s?|[（(]\d+[）)]|[a-zA-Z][.)]\s)")


def _wide(ch: str) -> bool:
    return unicodedata.east_asian_width(ch) in ("W", "F")


def _tight(left: str, right: str) -> bool:
    """No space when a line break falls between two CJK characters or next to CJK punctuation."""
    return (_wide(left) and _wide(right)) or any(
        _wide(ch) and unicodedata.category(ch).startswith("P") for ch in (left, right))


def prose(text: str | None) -> str:
    """Lesson prose as paragraphs, so the terminal can rewrap it.

    YAML block text keeps the author's line breaks; rewrapped to another width they leave ragged
    half-empty lines. A single line break inside a paragraph is joined: with nothing between CJK
    characters or next to CJK punctuation, with a space otherwise (words, CJK beside Latin).
    Blank lines (paragraph breaks) and lines that start a list item (``- ``, ``1.``, ``（2）``…)
    stay; trailing space and newlines go.
    """
    if not text:
        return ""
    paragraphs = re.split(r"\n[ \t]*\n", text.strip())
    out = []
    for para in paragraphs:
        joined = ""
        for line in para.split("\n"):
            line = line.strip() if joined else line.rstrip()
            if not joined:
                joined = line
            elif not line:
                continue
            elif _BULLET.match(line):
                joined += "\n" + line
            elif _tight(joined[-1], line[0]):
                joined += line
            else:
                joined += " " + line
        out.append(joined)
    return "\n\n".join(out)


# Rich and Textual break lines only at spaces, so a CJK sentence is one long "word": it jumps to
# the next line whole and leaves the line before half empty. Wrapped breaks between CJK
# characters too, and keeps closing punctuation off the start of a line (simple kinsoku).
_NO_LINE_START = set("，。、；：！？）」』】〉》〕…‥・,.;:!?)]}”’%")
_NO_LINE_END = set("（「『【〈《〔([{“‘")


def _may_start_line(s: str, i: int) -> bool:
    prev, ch = s[i - 1], s[i]
    if ch.isspace() or ch in _NO_LINE_START or prev in _NO_LINE_END:
        return False
    return prev.isspace() or _wide(prev) or _wide(ch)


def break_offsets(s: str, width: int) -> list[int]:
    """Where lines of ``s`` (no newlines) start when wrapped to ``width`` cells."""
    breaks: list[int] = []
    start, col, last = 0, 0, None
    for i, ch in enumerate(s):
        if i > start and _may_start_line(s, i):
            last = i
        w = cell_len(ch)
        if col + w > width and i > start and not ch.isspace():
            cut = last if last is not None and last > start else i
            breaks.append(cut)
            start, last = cut, (i if cut < i and _may_start_line(s, i) else None)
            col = cell_len(s[cut:i])
        col += w
    return breaks


def wrap_lines(text: Text, width: int) -> list[Text]:
    """``text`` wrapped to ``width`` cells, breaking between CJK characters as well as at spaces."""
    lines: list[Text] = []
    for line in text.split("\n", allow_blank=True):
        for part in line.divide(break_offsets(line.plain, max(1, width))):
            part.rstrip()
            lines.append(part)
    return lines


class Wrapped:
    """A rich renderable: ``text`` wrapped by ``wrap_lines`` (``str()`` is the plain text)."""

    def __init__(self, text: Text) -> None:
        self.text = text

    def __str__(self) -> str:
        return self.text.plain

    def __rich_console__(self, console: Console, options: ConsoleOptions):
        for line in wrap_lines(self.text, options.max_width):
            line.end, line.no_wrap, line.overflow = "\n", True, "crop"  # already fits: no rewrap
            yield line

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        plain = self.text.plain
        longest = max((cell_len(line) for line in plain.split("\n")), default=0)
        return Measurement(min(longest, 4), longest)


class Stack:
    """Renderables one under the other, like ``rich.console.Group``; ``str()`` is their text."""

    def __init__(self, *parts) -> None:
        self.parts = parts

    def __str__(self) -> str:
        return "\n".join(str(part) for part in self.parts)

    def __rich_console__(self, console: Console, options: ConsoleOptions):
        yield from self.parts


# Cells fold long runs of CJK (one "word" to Rich) onto the next line instead of cutting them with "…".


def mapping_table(tr, rows) -> Table:
    """The story-to-concept mapping as a two-column table."""
    table = Table(box=box.SIMPLE_HEAD, expand=True, show_edge=False)
    table.add_column(Text(tr("reader.mapping.story")), ratio=1, overflow="fold")
    table.add_column(Text(tr("reader.mapping.concept")), ratio=1, overflow="fold")
    for row in rows:
        table.add_row(Wrapped(Text(prose(row.story))), Wrapped(Text(prose(row.concept))))
    return table


def cues_table(tr, cues) -> Table:
    """Exam cue words and what to think of."""
    table = Table(box=box.SIMPLE_HEAD, expand=True, show_edge=False)
    table.add_column(Text(tr("reader.cues.cue")), ratio=1, overflow="fold")
    table.add_column(Text(tr("reader.cues.think")), ratio=2, overflow="fold")
    for cue in cues:
        table.add_row(Wrapped(Text(prose(cue.cue), style="bold")), Wrapped(Text(prose(cue.think))))
    return table


def section_text(number: int, section) -> Text:
    """A numbered section: title, body and bullets."""
    text = Text(f"{number}. ", style="bold")
    text.append(section.title, style="bold")
    text.append("\n")
    text.append(prose(section.body))
    for bullet in section.bullets:
        text.append("\n  • ")
        text.append(prose(bullet))
    return text


def pitfalls_text(tr, pitfalls) -> Table:
    """The most common wrong ideas and their corrections (a grid, so long lines hang-indent)."""
    grid = Table.grid(padding=(0, 1), expand=True)
    grid.add_column(width=2, no_wrap=True)
    grid.add_column(ratio=1)
    for p in pitfalls:
        grid.add_row(Text("✗", style="bold red"), Wrapped(Text(prose(p.text))))
        if p.correction:
            grid.add_row(Text("→", style="green"), Wrapped(Text(prose(p.correction))))
    return grid


def question_prompt(tr, q) -> str:
    """What a linked question asks, as the learner would see it.

    A generated question's prompt is a template ("{n} guests…") or absent: show the instance
    drawn with seed 0, or a plain label when the generator cannot build one.
    """
    if q.type != "generated":
        return q.prompt or q.id
    try:
        from quizterm.quiz import make_instance

        return make_instance(q, seed=0).prompt
    except Exception:  # noqa: BLE001 - a bad generator: a label, never a template or an id
        return tr("reader.generated_question")


def questions_text(tr, questions) -> Text:
    """The lesson's linked questions, by prompt."""
    text = Text()
    for n, q in enumerate(questions, 1):
        if n > 1:
            text.append("\n")
        text.append(f"{n}. ", style="bold")
        text.append(prose(question_prompt(tr, q)))
    if not questions:
        text.append(tr("reader.no_questions"), style="dim")
    return text


def references_text(refs) -> Text:
    """References with their links and notes."""
    text = Text()
    for n, ref in enumerate(refs):
        if n:
            text.append("\n")
        text.append("• ")
        text.append(ref.title, style="bold")
        if ref.url:
            text.append("  ")
            text.append(ref.url, style="underline")
        if ref.note:
            text.append(" — ")
            text.append(prose(ref.note), style="dim")
    return text
