"""Content problems: one located complaint about one file."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, order=True)
class Problem:
    """A problem in a content file, printed as ``file:line:col: key: message``."""

    path: Path
    line: int
    col: int
    key: str
    message: str

    def __str__(self) -> str:
        key = f" {self.key}:" if self.key else ""
        return f"{self.path}:{self.line}:{self.col}:{key} {self.message}"


class ContentError(Exception):
    """The loader's own error type: raised only where a caller asked for strict loading."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))
