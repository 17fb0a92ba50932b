"""Turn pydantic validation errors into located, author-friendly problems.

Each error's location (``('questions', 3, 'single', 'answer')``) is walked through the YAML node
tree to a line and column, and through the model classes to know which keys are allowed, so a
message can say ``unknown key 'promt' — did you mean 'prompt'?``.
"""

from __future__ import annotations

import difflib
import types
import typing
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from quizterm.content.problems import Problem, display_key, safe_text
from quizterm.model.base import ControlCharsError, control_message


def _unwrap(tp: Any) -> Any:
    """Strip ``Annotated`` and ``Optional`` wrappers down to the type that holds the value."""
    while True:
        origin = typing.get_origin(tp)
        if origin is typing.Annotated:
            tp = typing.get_args(tp)[0]
        elif origin in (typing.Union, types.UnionType):
            args = [a for a in typing.get_args(tp) if a is not type(None)]
            if len(args) != 1:
                return tp
            tp = args[0]
        else:
            return tp


def _union_members(tp: Any) -> list[type[BaseModel]]:
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        return [a for a in typing.get_args(tp) if isinstance(a, type) and issubclass(a, BaseModel)]
    return []


def _tag_of(model: type[BaseModel]) -> str | None:
    field = model.model_fields.get("type")
    if field is None or typing.get_origin(field.annotation) is not typing.Literal:
        return None
    return typing.get_args(field.annotation)[0]


def allowed_tags(tp: Any) -> list[str]:
    """The ``type`` values of a discriminated union (empty if ``tp`` is not one)."""
    return [t for m in _union_members(_unwrap(tp)) if (t := _tag_of(m))]


class _Step:
    """Where a walk along an error location ended: model type, node and the shown key."""

    def __init__(self, root_model: type[BaseModel], root: Node | None):
        self.tp: Any = root_model
        self.node = root
        self.key_node: Node | None = None
        self.parts: list[str | int] = []
        self.parents: list[tuple[Any, Node | None, list[str | int]]] = []

    def push(self, part: str | int) -> None:
        tp = _unwrap(self.tp)
        members = _union_members(tp)
        if members and isinstance(part, str) and part in {_tag_of(m) for m in members}:
            # pydantic puts the discriminator's value in the location; authors never wrote it.
            self.tp = next(m for m in members if _tag_of(m) == part)
            return
        self.parents.append((self.tp, self.node, list(self.parts)))
        self.parts.append(part)
        if isinstance(tp, type) and issubclass(tp, BaseModel) and isinstance(part, str):
            field = tp.model_fields.get(part)
            self.tp = field.annotation if field else None
        elif typing.get_origin(tp) in (list, tuple) and isinstance(part, int):
            self.tp = (typing.get_args(tp) or (Any,))[0]
        else:
            self.tp = None
        node = self.node
        self.key_node = None
        if isinstance(node, MappingNode) and isinstance(part, str):
            self.node = None
            for k, v in node.value:
                if isinstance(k, ScalarNode) and k.value == part:
                    self.key_node, self.node = k, v
        elif isinstance(node, SequenceNode) and isinstance(part, int) and 0 <= part < len(node.value):
            self.node = node.value[part]
        else:
            self.node = None

    def last_node(self) -> Node | None:
        """The deepest node reached (the parent when the key itself is absent)."""
        if self.node is not None:
            return self.node
        for _, node, _ in reversed(self.parents):
            if node is not None:
                return node
        return None


def _walk(model: type[BaseModel], root: Node | None, loc: tuple) -> _Step:
    step = _Step(model, root)
    for part in loc:
        step.push(part)
    return step


def _got(value: Any) -> str:
    if value is None:
        return "an empty value"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    text = str(value)
    if len(text) > 40:
        text = text[:37] + "..."
    return f"'{safe_text(text)}'"


def _plural(n: Any, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _suggest(word: str, options: list[str]) -> str:
    close = difflib.get_close_matches(word, options, n=1, cutoff=0.6)
    return f" — did you mean '{close[0]}'?" if close else ""


def _message(err: dict, step: _Step) -> str:
    kind, ctx, value = err["type"], err.get("ctx") or {}, err.get("input")
    got = _got(value)
    if value is None and (kind.endswith("_type") or kind.endswith("_parsing")):
        return "is empty: a value is required here"
    simple = {
        "string_type": f"expected text (got {got})",
        "int_parsing": f"expected a whole number (got {got})",
        "int_type": f"expected a whole number (got {got})",
        "int_from_float": f"expected a whole number (got {got})",
        "float_parsing": f"expected a number (got {got})",
        "float_type": f"expected a number (got {got})",
        "bool_parsing": f"expected true or false (got {got})",
        "bool_type": f"expected true or false (got {got})",
        "list_type": f"expected a list, one item per '- ' line (got {got})",
        "model_type": f"expected a mapping of keys (got {got})",
        "model_attributes_type": f"expected a mapping of keys (got {got})",
        "dict_type": f"expected a mapping of keys (got {got})",
        "greater_than_equal": f"must be at least {ctx.get('ge')} (got {got})",
        "greater_than": f"must be more than {ctx.get('gt')} (got {got})",
        "less_than_equal": f"must be at most {ctx.get('le')} (got {got})",
        "less_than": f"must be less than {ctx.get('lt')} (got {got})",
        "too_short": f"needs at least {_plural(ctx.get('min_length'), 'item')} (got {ctx.get('actual_length')})",
        "too_long": f"allows at most {_plural(ctx.get('max_length'), 'item')} (got {ctx.get('actual_length')})",
        "literal_error": f"must be {ctx.get('expected')} (got {got})",
        "finite_number": f"must be a finite number (got {got})",
    }
    if kind in simple:
        parts = step.parts
        if kind == "int_parsing" and parts and (parts[-1] == "answer" or parts[-2:-1] == ["answers"]):
            return simple[kind] + ": answers are choice numbers counting from 0 (0 = the first choice)"
        return simple[kind]
    if kind == "string_pattern_mismatch":
        return ("is not a valid id: use lower-case letters, digits, '.', '_' and '-', starting with"
                f" a letter or digit, at most 80 characters (got {got})")
    if kind in ("value_error", "assertion_error"):
        return safe_text(str(ctx.get("error") or err["msg"]))
    if kind == "union_tag_invalid":
        tags = allowed_tags(step.tp)
        return (f"unknown question type '{safe_text(str(ctx.get('tag')))}'{_suggest(str(ctx.get('tag')), tags)}"
                f" (allowed: {', '.join(tags)})")
    if kind == "union_tag_not_found":
        return f"missing required key 'type' (one of: {', '.join(allowed_tags(step.tp))})"
    return f"{safe_text(err['msg'])} (got {got})"


def _position(node: Node | None) -> tuple[int, int]:
    if node is None:
        return 1, 1
    return node.start_mark.line + 1, node.start_mark.column + 1


def _type_node(node: Node | None) -> Node | None:
    if isinstance(node, MappingNode):
        for k, v in node.value:
            if isinstance(k, ScalarNode) and k.value == "type":
                return v
    return node


_HEX_ESCAPES = {"x": 2, "u": 4, "U": 8}


def _source_columns(node: ScalarNode, lines: list[str]) -> list[tuple[int, int]] | None:
    """The 0-based ``(line, column)`` in the file of each character of a scalar's value.

    Known for one-line plain and quoted scalars; ``None`` for the rest (block or multi-line text),
    whose characters are then reported at the scalar's start. (A control character typed into the
    file itself is reported by ``check_encoding``; these are the ones written as escapes.)
    """
    start, end, style, value = node.start_mark, node.end_mark, node.style or "", node.value
    if start.line >= len(lines):
        return None
    out: list[tuple[int, int]] = []
    if style in ("", "'", '"') and start.line == end.line:
        text, row = lines[start.line], start.line
        if not style:
            out = [(row, start.column + i) for i in range(len(value))]
            return out if text[start.column:start.column + len(value)] == value else None
        col, stop = start.column + 1, end.column - 1
        while col < stop:
            out.append((row, col))
            ch = text[col]
            if style == "'" and ch == "'":
                col += 2
            elif style == '"' and ch == "\\":
                col += 2 + _HEX_ESCAPES.get(text[col + 1] if col + 1 < len(text) else "", 0)
            else:
                col += 1
        return out if len(out) == len(value) else None
    return None


def _control_problems(path: Path, node: Node | None, key: str, error: ControlCharsError,
                      lines: list[str] | None) -> list[Problem]:
    """One problem per forbidden character of a text, each at its own line and column."""
    columns = _source_columns(node, lines) if isinstance(node, ScalarNode) and lines else None
    line, col = _position(node)
    out = []
    for index, ch in error.found:
        if columns is not None and index < len(columns):
            row, column = columns[index]
            out.append(Problem(path, row + 1, column + 1, key, control_message(ch)))
        else:
            out.append(Problem(path, line, col, key, f"{control_message(ch)} (character {index + 1} of the text)"))
    return out


def problems_from(path: Path, model: type[BaseModel], root: Node | None, exc: ValidationError,
                  source: bytes | str | None = None) -> list[Problem]:
    """One :class:`Problem` per pydantic error, located in the file's node tree.

    ``source`` (the file's text) lets a text with control characters be reported once per
    character at that character's column.
    """
    out: list[Problem] = []
    lines: list[str] | None = None
    for err in exc.errors():
        loc = tuple(err["loc"])
        error = (err.get("ctx") or {}).get("error")
        loc += tuple(getattr(error, "loc", ()))  # model checks may name the field they mean
        kind = err["type"]
        if kind == "missing":
            step = _walk(model, root, loc[:-1])
            name = loc[-1]
            line, col = _position(step.last_node())
            out.append(Problem(path, line, col, display_key(step.parts), f"missing required key '{name}'"))
            continue
        step = _walk(model, root, loc)
        if kind == "extra_forbidden":
            name = str(loc[-1])
            parent_tp = _unwrap(step.parents[-1][0]) if step.parents else None
            fields = list(parent_tp.model_fields) if isinstance(parent_tp, type) and issubclass(parent_tp, BaseModel) else []
            present = {k.value for k, _ in getattr(step.parents[-1][1], "value", [])} if step.parents else set()
            hint = _suggest(name, [f for f in fields if f not in present]) or _suggest(name, fields)
            line, col = _position(step.key_node or step.last_node())
            if not hint and fields:
                hint = f" (allowed: {', '.join(fields)})"
            out.append(Problem(path, line, col, display_key(step.parts),
                               f"unknown key '{safe_text(name)}'{hint}"))
            continue
        node, parts = step.node, step.parts
        if isinstance(error, ControlCharsError):
            if lines is None and source is not None:
                text = source.decode("utf-8", "replace") if isinstance(source, bytes) else source
                lines = text.replace("\r\n", "\n").split("\n")
            out.extend(_control_problems(path, node, display_key(parts), error, lines))
            continue
        if isinstance(node, ScalarNode) and not node.value and not node.style and step.key_node is not None:
            node = step.key_node  # an empty value has no text of its own to point at
        if kind == "union_tag_invalid":
            node, parts = _type_node(node), [*parts, "type"]
        line, col = _position(node if node is not None else step.last_node())
        out.append(Problem(path, line, col, display_key(parts), _message(err, step)))
    return out
