"""Cells of the questions spreadsheet: the header, list cells, choice letters, verdicts, grids."""

from __future__ import annotations

import re
import string

COLUMNS = ("id", "lesson", "type", "prompt", "choices", "answer", "explanation", "objective", "tags",
           "difficulty", "tolerance", "unit", "misconceptions", "think_seconds", "source",
           "row_labels", "col_labels", "shuffle", "check")
REQUIRED = ("id", "type", "prompt", "explanation", "objective")

_TRUE = {"true", "t", "yes", "y", "1", "o", "○", "對", "是", "正確", "true 對"}
_FALSE = {"false", "f", "no", "n", "0", "x", "×", "錯", "否", "錯誤", "不對"}
_PIPE = re.compile(r"(?<!\\)\|")
_FORMULA = re.compile(r"'*[=+\-@]")  # optional apostrophes, then what a spreadsheet runs


def guard(cell: object) -> object:
    """A cell a spreadsheet would run as a formula (``=``, ``+``, ``-``, ``@`` first) gets a
    leading apostrophe, so opening an export never executes anything; :func:`unguard` undoes it.
    (A text that already starts with apostrophes before such a character gets one more, so it
    survives the round trip.)"""
    if isinstance(cell, str) and _FORMULA.match(cell):
        return "'" + cell
    return cell


def unguard(cell: str) -> str:
    """The cell without exactly the apostrophe :func:`guard` added (only before = + - @)."""
    if cell.startswith("'") and _FORMULA.match(cell, 1):
        return cell[1:]
    return cell


def split_list(cell: str) -> list[str]:
    """A list cell: items on separate lines, or separated by ``|`` (write ``\\|`` for a literal bar)."""
    cell = cell.strip()
    if not cell:
        return []
    parts = cell.split("\n") if "\n" in cell else _PIPE.split(cell)
    return [p.strip().replace("\\|", "|") for p in parts]


def join_list(items: list[str]) -> str:
    """The inverse of ``split_list`` for items without line breaks: ``a | b | c``."""
    if any("\n" in i for i in items):
        return "\n".join(items)
    return " | ".join(i.replace("|", "\\|") for i in items)


def split_words(cell: str) -> list[str]:
    """Tags: separated by commas, spaces or bars."""
    return [w for w in re.split(r"[\s,|;，、]+", cell.strip()) if w]


def letter_index(text: str, count: int) -> int:
    """The choice a letter names (A = 0); raises ValueError with a message for the learner."""
    t = text.strip().upper()
    last = string.ascii_uppercase[max(0, count - 1)]
    if len(t) != 1 or t not in string.ascii_uppercase:
        raise ValueError(f"expected a choice letter A..{last} (got '{text}')")
    index = string.ascii_uppercase.index(t)
    if index >= count:
        raise ValueError(f"'{t}' is not one of the {count} choices A..{last}")
    return index


def letters(text: str, count: int) -> list[int]:
    """Several choice letters: 'A,C', 'A C', 'A|C' or 'AC'."""
    t = text.strip()
    parts = [p for p in re.split(r"[\s,;|，、]+", t) if p]
    if len(parts) == 1 and len(parts[0]) > 1 and parts[0].isalpha():
        parts = list(parts[0])
    if not parts:
        raise ValueError("expected choice letters such as 'A,C'")
    return [letter_index(p, count) for p in parts]


def verdict(text: str) -> bool:
    """A true/false cell: true/false, T/F, yes/no, 1/0, 對/錯, 是/否, O/X."""
    t = text.strip().lower()
    if t in _TRUE:
        return True
    if t in _FALSE:
        return False
    raise ValueError(f"expected true or false (got '{text}')")


def grid(text: str) -> list[list[float]]:
    """A matrix cell: rows separated by ';' or line breaks, cells by ',' or spaces."""
    rows = [r for r in re.split(r"[;\n]", text.strip()) if r.strip()]
    if not rows:
        raise ValueError("expected rows such as '1, 0; 0, 1'")
    out = []
    for r in rows:
        cells = [c for c in re.split(r"[,\s]+", r.strip()) if c]
        try:
            out.append([float(c) for c in cells])
        except ValueError:
            raise ValueError(f"expected numbers in every cell (got '{r.strip()}')") from None
    return out


def number(value: float) -> str:
    """A number as a spreadsheet shows it: 8 not 8.0."""
    return f"{value:g}" if abs(value) < 1e15 else repr(value)


def letter_index_to_letter(index: int) -> str:
    """The letter of choice ``index`` (0 = A)."""
    return string.ascii_uppercase[index]
