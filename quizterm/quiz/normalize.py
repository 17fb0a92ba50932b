"""Lenient normalisation: typed answers (text, numbers) and numbers written in YAML check args."""

from __future__ import annotations

import math
import re
import unicodedata
from typing import Any

import numpy as np

# Characters NFKC leaves alone but learners type for the ASCII ones.
_TRANSLATE = str.maketrans({
    "\u2212": "-",  # minus sign
    "\u2013": "-",  # en dash
    "\u2014": "-",  # em dash
    "\u2044": "/",  # fraction slash (NFKC turns ½ into 1⁄2)
    "\u2215": "/",  # division slash
    "\u00f7": "/",  # division sign
    "\u3002": ".",  # ideographic full stop typed as a decimal point
    "\uff61": ".",  # halfwidth ideographic full stop
    "\u00d7": "*",
})

_CJK = r"\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef"
_SPACE_BETWEEN_CJK = re.compile(rf"(?<=[{_CJK}])\s+(?=[{_CJK}])")
_SPACE_AROUND_SYMBOL = re.compile(r"\s*([^\w\s])\s*")

_NUM = r"(?:\d{1,3}(?:,\d{3})+(?:\.\d*)?|\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?"
_NUMBER = re.compile(rf"[+-]?{_NUM}")
_FRACTION = re.compile(rf"([+-]?{_NUM})/([+-]?{_NUM})")


def _is_edge(ch: str) -> bool:
    # Punctuation (ASCII and CJK: 。，、「」！？) and spaces around an answer never change its meaning.
    return ch.isspace() or unicodedata.category(ch).startswith("P")


def normalize_text(text: str) -> str:
    """Fold a typed answer to a canonical form for lenient comparison.

    NFKC (full-width letters and digits become ASCII), case folding, surrounding spaces and
    punctuation removed, runs of spaces collapsed, and spaces around symbols or between CJK
    characters dropped. Letters are never changed, so a different word never matches.

    Args:
        text: What the learner typed, or an accepted answer.

    Returns:
        The canonical form ("" when nothing meaningful is left).
    """
    # Folding can expose new composable or strippable characters (casefold after NFKC, a combining
    # mark after a stripped space), so repeat until stable: equal answers must fold equally.
    s = text
    for _ in range(4):
        folded = _fold_once(s)
        if folded == s:
            break
        s = folded
    return s


def _fold_once(text: str) -> str:
    s = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", text).translate(_TRANSLATE).casefold())
    start, end = 0, len(s)
    while start < end and _is_edge(s[start]):
        start += 1
    while end > start and _is_edge(s[end - 1]):
        end -= 1
    s = " ".join(s[start:end].split())
    s = _SPACE_BETWEEN_CJK.sub("", s)
    return _SPACE_AROUND_SYMBOL.sub(r"\1", s)


def _to_float(token: str) -> float:
    return float(token.replace(",", ""))


class NumberError(ValueError):
    """Typed text that is not an accepted number; ``str(err)`` is English (for logs), and ``code``
    with ``params`` let the UI say it in its own language (``grade.err.<code>``)."""

    def __init__(self, message: str, code: str, **params: object) -> None:
        super().__init__(message)
        self.code, self.params = code, params


def parse_number(text: str, *, unit: str | None = None, allow_fraction: bool = True,
                 allow_percent: bool = True) -> float:
    """Parse a typed number such as ``0.5``, ``.5``, ``1/2``, ``50%``, ``０.５`` or ``12 個``.

    Args:
        text: What the learner typed.
        unit: The item's unit; when the text ends with it, it is ignored.
        allow_fraction: Whether ``a/b`` is accepted.
        allow_percent: Whether ``50%`` (meaning 0.5) is accepted.

    Returns:
        The finite value typed.

    Raises:
        ValueError: The text is not a number in an accepted form; the message says why.
    """
    if not isinstance(text, str):
        raise NumberError("expected text", "type_number")
    s = unicodedata.normalize("NFKC", text).translate(_TRANSLATE).casefold()
    s = "".join(s.split())
    if unit:
        u = "".join(unicodedata.normalize("NFKC", unit).translate(_TRANSLATE).casefold().split())
        if u and s.endswith(u) and len(s) > len(u):
            s = s[: -len(u)]
            if u == "%":  # the answer is already in percent: 50% means 50
                allow_percent = False
    s = s.rstrip(".。")
    if not s:
        raise NumberError("empty answer", "empty")
    scale = 1.0
    if s.endswith("%"):
        if not allow_percent:
            raise NumberError("percentages are not accepted here", "percent")
        s, scale = s[:-1], 0.01
    m = _FRACTION.fullmatch(s)
    if m:
        if not allow_fraction:
            raise NumberError("fractions are not accepted here; type a decimal", "fraction")
        num, den = _to_float(m.group(1)), _to_float(m.group(2))
        if den == 0:
            raise NumberError("division by zero", "div_zero")
        value = num / den
    elif _NUMBER.fullmatch(s):
        value = _to_float(s)
    else:
        raise NumberError(f"not a number: {text.strip()[:40]!r}", "not_number", text=text.strip()[:40])
    value *= scale
    if not math.isfinite(value):
        raise NumberError("the number is too large", "too_large")
    return value


def format_number(value: float, tolerance: float | None = None) -> str:
    """Format a key for display: integers plainly, others with as many decimals as the tolerance needs.

    Args:
        value: The number.
        tolerance: The absolute tolerance it is graded with, if any.

    Returns:
        A short decimal string such as ``"8"``, ``"0.7311"`` or ``"-1.5"``.
    """
    if not math.isfinite(value):
        return str(value)
    if abs(value - round(value)) < 1e-9 and abs(value) < 1e15:
        return str(int(round(value)))
    decimals = 4
    if tolerance and tolerance > 0:
        decimals = min(8, max(2, math.ceil(-math.log10(tolerance)) + 1))
    if abs(value) < 10 ** -decimals:
        return f"{value:.3g}"
    text = f"{value:.{decimals}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def within(value: float, target: float, tolerance: float) -> bool:
    """Whether ``value`` is within ``tolerance`` of ``target`` (plus a hair for float rounding)."""
    return abs(value - target) <= tolerance + 1e-9 * max(1.0, abs(target))


def as_float(name: str, value: Any) -> float:
    """A finite number written in YAML (a string or a number); the ValueError names ``name``."""
    if isinstance(value, bool):
        raise ValueError(f"{name}: expected a number, got {value!r}")
    try:
        out = float(str(value).strip()) if not isinstance(value, (int, float)) else float(value)
    except ValueError:
        raise ValueError(f"{name}: {value!r} is not a number") from None
    if not math.isfinite(out):
        raise ValueError(f"{name}: {value!r} is not a finite number")
    return out


def as_int(name: str, value: Any, lo: int = 0, hi: int = 10**9) -> int:
    """A whole number in ``lo..hi`` written in YAML."""
    f = as_float(name, value)
    if f != int(f) or not lo <= f <= hi:
        raise ValueError(f"{name}: expected a whole number in {lo}..{hi}, got {value!r}")
    return int(f)


def as_bool(name: str, value: Any) -> bool:
    """true/false (or yes/no, 1/0) written in YAML."""
    if isinstance(value, bool):
        return value
    word = str(value).strip().lower()
    if word in ("true", "yes", "1", "on"):
        return True
    if word in ("false", "no", "0", "off"):
        return False
    raise ValueError(f"{name}: expected true or false, got {value!r}")


def as_array(name: str, value: Any, ndim: tuple[int, ...] = (1, 2)) -> np.ndarray:
    """A vector or matrix of numbers written in YAML (nested lists), as float64."""

    def conv(v: Any) -> Any:
        return [conv(x) for x in v] if isinstance(v, (list, tuple)) else as_float(name, v)

    converted = conv(value)
    try:
        arr = np.array(converted, dtype=np.float64)
    except ValueError:
        raise ValueError(f"{name}: rows must all have the same length") from None
    if arr.ndim not in ndim or arr.size == 0 or arr.size > 4096:
        raise ValueError(f"{name}: expected a {' or '.join(f'{d}-D' for d in ndim)} list of numbers")
    return arr
