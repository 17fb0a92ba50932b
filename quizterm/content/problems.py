"""Content problems: one located complaint about one file."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

# Characters that would act on the terminal (C0/C1 controls, DEL) or reorder the line (bidi
# overrides and isolates): shown as escapes so a message can never hide or fake anything.
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def safe_text(text: str) -> str:
    """``text`` with every terminal-active character written as an escape (``\\x1b``, ``\\u202e``)."""
    return _UNSAFE.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)


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
