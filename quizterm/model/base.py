"""Shared pieces of the content model: the strict base class and safe text types."""

from __future__ import annotations

import re
import unicodedata
from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

# C0 controls except tab and newline, DEL, C1 controls, and bidi overrides/isolates: none of
# these may reach the terminal, so content that holds them is rejected at load time.
_FORBIDDEN = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f\x80-\x9f\u202a-\u202e\u2066-\u2069]"
)


def control_message(ch: str) -> str:
    """The complaint about one forbidden character."""
    name = unicodedata.name(ch, "")
    return (f"control character {name + ' ' if name else ''}(U+{ord(ch):04X}) is not"
            " allowed in text: it could act on the terminal or reorder what is shown")


class ControlCharsError(ValueError):
    """Every forbidden character of one text: ``found`` holds ``(index in the text, char)``.

    The loader reports each one at its own column; the message names the first.
    """

    def __init__(self, found: list[tuple[int, str]]):
        super().__init__(control_message(found[0][1]))
        self.found = found


def _check_text(value: str) -> str:
    found = [(m.start(), m.group()) for m in _FORBIDDEN.finditer(value)]
    if found:
        raise ControlCharsError(found)
    if not value.strip():
        raise ValueError("text must not be empty")
    return value


class FieldError(ValueError):
    """A model check's complaint about one field (or an item of it), reported at that place.

    ``FieldError("answer 7 is out of range", "answer")`` raised in a model validator makes the
    loader point at the ``answer`` key instead of the whole item; in a field validator the
    location parts are appended to the field's own (``FieldError(msg, 2)`` -> ``choices[2]``).
    """

    def __init__(self, message: str, *loc: str | int):
        super().__init__(message)
        self.loc = loc


Text = Annotated[str, Field(strict=True), AfterValidator(_check_text)]
"""Human text shown to the learner: a non-empty string with no control characters."""

Slug = Annotated[str, Field(strict=True, pattern=r"^[a-z0-9][a-z0-9._-]{0,79}$")]
"""A stable identifier: lower-case letters, digits, '.', '_' and '-'."""


class Strict(BaseModel):
    """Base for every content model: unknown keys are errors and instances are immutable."""

    model_config = ConfigDict(extra="forbid", frozen=True, str_strip_whitespace=False)
