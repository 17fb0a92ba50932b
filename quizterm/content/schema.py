"""JSON Schemas of the content formats, for editors (yaml-language-server) and ``quizterm schema``."""

from __future__ import annotations

import json

SCHEMA_FILES = {"lesson": "lesson.schema.json", "bank": "question-bank.schema.json"}
"""File names under ``schemas/`` (and ``quizterm schema --out``)."""

MODELINE = "# yaml-language-server: $schema=../schemas/{file}"
"""The first line of a bundled content file, relative to ``lessons/`` or ``questions/``."""


def json_schemas() -> dict[str, dict]:
    """``{file name: JSON Schema}`` for lessons and question banks."""
    from quizterm.model import Lesson, QuestionBank

    out = {}
    for kind, model, title in (("lesson", Lesson, "quizterm lesson"),
                               ("bank", QuestionBank, "quizterm question bank")):
        schema = model.model_json_schema()
        schema = {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": title,
                  **{k: v for k, v in schema.items() if k != "title"}}
        out[SCHEMA_FILES[kind]] = schema
    return out


def schema_text(schema: dict) -> str:
    """The exact text written to disk (stable key order, trailing newline)."""
    return json.dumps(schema, indent=2, ensure_ascii=False, sort_keys=False) + "\n"
