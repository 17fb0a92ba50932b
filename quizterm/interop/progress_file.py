"""The progress file's shape (version 1), checked before anything is imported."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from quizterm.interop.errors import InteropError
from quizterm.interop.progress_export import FORMAT, VERSION

MAX_BYTES = 512 * 1024 * 1024
MODES = ("practice", "drill", "notebook", "cram")


def _iso(value: str) -> str:
    try:
        dt = datetime.fromisoformat(value)
    except (TypeError, ValueError):
        raise ValueError(f"expected an ISO time such as 2026-01-05T09:00:00+00:00 (got {value!r})") from None
    if dt.tzinfo is None:
        raise ValueError("time needs a UTC offset")
    return value


class _Rec(BaseModel):
    model_config = ConfigDict(extra="ignore")  # newer minor additions are skipped, not fatal


class AttemptRec(_Rec):
    question_id: str = Field(min_length=1)
    lesson_id: str = Field(min_length=1)
    mode: str
    response: Any = None
    correct: bool
    seed: int | None = None
    option_order: list[int] | None = None
    instance: dict | None = None
    time_ms: int = Field(0, ge=0)
    misconception: str | None = None
    drill: str | None = None
    scheduled: bool = False
    answered_at: str
    overridden_at: str | None = None

    _at = field_validator("answered_at")(_iso)

    @field_validator("overridden_at")
    @classmethod
    def _over(cls, v: str | None) -> str | None:
        return None if v is None else _iso(v)

    @field_validator("mode")
    @classmethod
    def _mode(cls, v: str) -> str:
        if v not in MODES:
            raise ValueError(f"unknown mode '{v}'")
        return v


class ReviewRec(_Rec):
    key: str = Field(min_length=1)
    rating: int = Field(ge=1, le=4)
    reviewed_at: str
    duration_ms: int | None = Field(None, ge=0)
    attempt: str | None = None

    _at = field_validator("reviewed_at")(_iso)


class CardRec(_Rec):
    key: str = Field(min_length=1)
    card: dict
    reps: int = Field(0, ge=0)
    lapses: int = Field(0, ge=0)
    updated_at: str

    _at = field_validator("updated_at")(_iso)

    @field_validator("card")
    @classmethod
    def _card(cls, v: dict) -> dict:
        _iso(str(v.get("due", "")))
        return v


class NotebookRec(_Rec):
    question_id: str = Field(min_length=1)
    lesson_id: str = Field(min_length=1)
    response: Any = None
    instance: dict | None = None
    seed: int | None = None
    option_order: list[int] | None = None
    wrong_count: int = Field(ge=1)
    correct_on: list[str] = []
    leech: bool = False
    first_wrong_at: str
    last_wrong_at: str
    since_attempt: str | None = None

    _at = field_validator("first_wrong_at", "last_wrong_at")(_iso)


class ReadingRec(_Rec):
    lesson_id: str = Field(min_length=1)
    position: str | None = None
    sections: list[str] = []
    updated_at: str

    _at = field_validator("updated_at")(_iso)


class DrillAnswerRec(_Rec):
    idx: int = Field(ge=0)
    response: Any = None
    answered: bool = False
    flagged: bool = False
    question_s: float | None = None


class DrillRec(_Rec):
    key: str
    spec: dict
    items: list[dict]
    elapsed_s: float = Field(0, ge=0)
    duration_s: float = Field(ge=0)
    status: str
    result: dict | None = None
    started_at: str
    finished_at: str | None = None
    answers: list[DrillAnswerRec] = []

    _at = field_validator("started_at")(_iso)

    @field_validator("finished_at")
    @classmethod
    def _fin(cls, v: str | None) -> str | None:
        return None if v is None else _iso(v)


class ProgressFile(_Rec):
    format: str
    version: int
    exported_at: str | None = None
    attempts: list[AttemptRec] = []
    reviews: list[ReviewRec] = []
    cards: list[CardRec] = []
    notebook: list[NotebookRec] = []
    reading: list[ReadingRec] = []
    drills: list[DrillRec] = []
    settings: dict[str, Any] = {}


def read_progress(path: Path) -> ProgressFile:
    """Read and check a progress file.

    Raises:
        InteropError: unreadable, not JSON, not a quizterm progress file, a newer version, or a
            record of the wrong shape (named by its place, e.g. ``attempts.3.correct``).
    """
    try:
        if path.stat().st_size > MAX_BYTES:
            raise InteropError(f"{path}: file is too large")
        data = json.loads(path.read_bytes().decode("utf-8-sig"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise InteropError(f"{path}: not a JSON file ({exc})") from None
    except OSError as exc:
        raise InteropError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except RecursionError:
        raise InteropError(f"{path}: nested too deeply") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise InteropError(f"{path}: not a quizterm progress file (format is not '{FORMAT}')")
    version = data.get("version")
    if not isinstance(version, int) or version < 1:
        raise InteropError(f"{path}: version: expected a positive whole number (got {version!r})")
    if version > VERSION:
        raise InteropError(f"{path}: written by a newer quizterm (format version {version}; "
                           f"this one reads up to {VERSION}); upgrade quizterm to import it")
    try:
        return ProgressFile.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"])
        more = f" (and {exc.error_count() - 1} more)" if exc.error_count() > 1 else ""
        raise InteropError(f"{path}: {where}: {err['msg']}{more}") from None
