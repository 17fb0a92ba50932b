"""Terminal-safe text, shared by the content loader's problems and the import/export errors.

Characters that would act on the terminal (C0/C1 controls, DEL) or reorder the line (bidi
overrides and isolates, and optionally the LRM/RLM marks) are written as escapes, so a message
built from a file's text can never hide or fake anything.
"""

from __future__ import annotations

import re

_CONTROLS = "\x00-\x1f\x7f-\x9f"
_BIDI_MARKS = "\u200e\u200f"
_BIDI_CONTROLS = "\u202a-\u202e\u2066-\u2069"

_UNSAFE = re.compile(f"[{_CONTROLS}{_BIDI_MARKS}{_BIDI_CONTROLS}]")
_UNSAFE_BUT_MARKS = re.compile(f"[{_CONTROLS}{_BIDI_CONTROLS}]")


def _python_escape(m: re.Match[str]) -> str:
    return m.group().encode("unicode_escape").decode("ascii")


def _unicode_escape(m: re.Match[str]) -> str:
    return f"\\u{ord(m.group()):04x}"


def terminal_safe(text: str, *, style: str = "python", bidi_marks: bool = True) -> str:
    """``text`` with every terminal-active character written as an escape.

    Args:
        text: Any text.
        style: ``"python"``: the shortest Python escape (``\\x1b``, ``\\n``, ``\\u202e``);
            ``"unicode"``: always ``\\uXXXX`` (``\\u001b``).
        bidi_marks: Also escape the LRM/RLM marks (U+200E, U+200F).
    """
    pattern = _UNSAFE if bidi_marks else _UNSAFE_BUT_MARKS
    return pattern.sub(_unicode_escape if style == "unicode" else _python_escape, text)
