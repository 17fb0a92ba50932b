"""Errors of the import/export formats: one clear line for the learner, never a traceback."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from quizterm.textsafe import terminal_safe


def printable(text: str) -> str:
    """``text`` safe for a terminal: control characters and bidi overrides shown as ``\\uXXXX``."""
    return terminal_safe(text, style="unicode", bidi_marks=False)


class InteropError(Exception):
    """A file that cannot be imported or exported; ``str(err)`` is the whole message (one line)."""

    def __str__(self) -> str:
        return printable(super().__str__().replace("\n", " "))


@dataclass(frozen=True, order=True)
class RowProblem:
    """A bad row of a spreadsheet, printed as ``file:row: column: message``."""

    path: Path
    row: int
    column: str
    message: str

    def __str__(self) -> str:
        column = f" {self.column}:" if self.column else ""
        return printable(f"{self.path}:{self.row}:{column} {self.message}")


class RowsRejected(InteropError):
    """Some rows are bad, so nothing was imported; ``problems`` lists every one."""

    def __init__(self, problems: list[RowProblem]):
        self.problems = sorted(problems)
        super().__init__(f"{len(self.problems)} bad row(s)")

    def __str__(self) -> str:
        return "\n".join(str(p) for p in self.problems)
