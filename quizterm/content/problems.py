"""Content problems: one located complaint about one file."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from quizterm.textsafe import terminal_safe


def safe_text(text: str) -> str:
    """``text`` with every terminal-active character written as an escape (``\\x1b``, ``\\u202e``)."""
    return terminal_safe(text)


def display_key(parts: Iterable[str | int]) -> str:
    """A dotted key as authors read it: ``questions[3].choices[0].text``."""
    out = ""
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


@dataclass(frozen=True, order=True)
class Problem:
    """A problem in a content file, printed as ``file:line:col: key: message``."""

    path: Path
    line: int
    col: int
    key: str
    message: str

    def __str__(self) -> str:
        key = f" {safe_text(self.key)}:" if self.key else ""
        return f"{safe_text(str(self.path))}:{self.line}:{self.col}:{key} {self.message}"


class ContentError(Exception):
    """The loader's own error type: raised only where a caller asked for strict loading."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))
