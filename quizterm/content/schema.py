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
        schema = _as_yaml_text(model.model_json_schema())
        schema = {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": title,
                  **{k: v for k, v in schema.items() if k != "title"}}
        out[SCHEMA_FILES[kind]] = schema
    return out


_BOOL_WORDS = ["true", "false", "yes", "no", "on", "off", "True", "False", "Yes", "No", "On", "Off"]


def _as_yaml_text(node):
    """Match what the loader accepts: any scalar an editor reads as a number or boolean is text
    to quizterm (``title: 3.10``), and YAML 1.1 words are booleans (``reviewed: yes``)."""
    if isinstance(node, list):
        return [_as_yaml_text(n) for n in node]
    if not isinstance(node, dict):
        return node
    out = {k: _as_yaml_text(v) for k, v in node.items()}
    choices = out.get("properties", {}).get("choices")
    if choices and choices.get("items") == {"$ref": "#/$defs/Choice"}:
        # a choice may be written as bare text (the model turns it into {text: ...})
        choices["items"] = {"anyOf": [{"$ref": "#/$defs/Choice"}, {"type": ["string", "number", "boolean"]}]}
    if out.get("type") == "string" and "pattern" not in out:
        out["type"] = ["string", "number", "boolean"]
    elif out.get("type") == "boolean":
        del out["type"]
        out["anyOf"] = [{"type": "boolean"}, {"type": "string", "enum": _BOOL_WORDS}]
    return out


def schema_text(schema: dict) -> str:
    """The exact text written to disk (stable key order, trailing newline)."""
    return json.dumps(schema, indent=2, ensure_ascii=False, sort_keys=False) + "\n"
