"""Read one YAML file safely: plain str/list/dict data plus the node tree that holds positions.

Every scalar stays the text the author typed (no YAML 1.1 typing); an empty plain value is
``None``. Duplicate keys, anchors/aliases, merge keys and tags are refused without expanding
anything; file size, node count and nesting depth are capped before they can hurt.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from quizterm.content.file_bytes import MAX_BYTES, ReadError, check_encoding, read_bytes  # noqa: F401

try:  # the C parser composes nodes in C; the pure-Python one is a slow but equal fallback
    from yaml.cyaml import CParser as _Parser
except ImportError:  # pragma: no cover - libyaml is present wherever the wheels come from
    from yaml.composer import Composer
    from yaml.parser import Parser
    from yaml.reader import Reader
    from yaml.scanner import Scanner

    class _Parser(Reader, Scanner, Parser, Composer):  # type: ignore[no-redef]
        def __init__(self, stream):
            Reader.__init__(self, stream)
            Scanner.__init__(self)
            Parser.__init__(self)
            Composer.__init__(self)

MAX_DEPTH = 64
"""Deepest nesting of lists and mappings."""
MAX_NODES = 1_000_000
"""Most YAML nodes (scalars, lists, mappings) in one file."""

STR_TAG = "tag:yaml.org,2002:str"
SEQ_TAG = "tag:yaml.org,2002:seq"
MAP_TAG = "tag:yaml.org,2002:map"
_DEFAULT_TAG = {ScalarNode: STR_TAG, SequenceNode: SEQ_TAG, MappingNode: MAP_TAG}

# Only a text that could hold an anchor or alias pays for the event scan that finds them.
_MAYBE_ANCHOR = re.compile(rb"(?:^|[\s\[\]{},])[&*][^\s,\[\]{}]", re.M)


class ReadErrors(Exception):
    """Several problems found while building one file's data (duplicate keys, tags...)."""

    def __init__(self, errors: list[ReadError]):
        super().__init__("; ".join(e.message for e in errors))
        self.errors = errors


class _LimitExceeded(Exception):
    def __init__(self, what: str):
        self.what = what


class _Composer(_Parser):
    """The parser with YAML 1.1 typing switched off and depth/size limits on every node."""

    def __init__(self, stream):
        super().__init__(stream)
        self.depth = 0
        self.nodes = 0

    def resolve(self, kind, value, implicit):
        return _DEFAULT_TAG[kind]

    def descend_resolver(self, parent, index):
        # Called before each node is composed, so the limits stop the parser before it recurses.
        self.depth += 1
        self.nodes += 1
        if self.depth > MAX_DEPTH:
            raise _LimitExceeded(f"nesting is deeper than {MAX_DEPTH} levels")
        if self.nodes > MAX_NODES:
            raise _LimitExceeded(f"more than {MAX_NODES:,} values in one file")

    def ascend_resolver(self):
        self.depth -= 1


@dataclass
class Document:
    """A parsed file: plain data for the models and the node tree for positions."""

    data: object
    root: Node | None


def _refuse_anchors(data: bytes) -> None:
    parser = _Parser(data)
    try:
        while (event := parser.get_event()) is not None:
            if isinstance(event, yaml.AliasEvent):
                m = event.start_mark
                raise ReadError(m.line + 1, m.column + 1,
                                f"aliases (*{event.anchor}) are not supported; write the value out")
            anchor = getattr(event, "anchor", None)
            if anchor is not None:
                m = event.start_mark
                raise ReadError(m.line + 1, m.column + 1,
                                f"anchors (&{anchor}) are not supported; write the value out")
            if isinstance(event, yaml.StreamEndEvent):
                break
    finally:
        parser.dispose()


def parse(data: bytes) -> Document:
    """Compose checked UTF-8 bytes into a :class:`Document`.

    Raises:
        ReadError: for syntax errors, limits, duplicate keys, anchors, merge keys and tags.
        yaml.MarkedYAMLError: is translated by the caller (see ``syntax_message``).
    """
    if (b"&" in data or b"*" in data) and _MAYBE_ANCHOR.search(data):
        _refuse_anchors(data)
    composer = _Composer(data)
    try:
        root = composer.get_single_node()
    except _LimitExceeded as exc:
        raise ReadError(1, 1, exc.what) from None
    finally:
        composer.dispose()
    if root is None:
        return Document(None, None)
    budget = [composer.nodes]
    errors: list[ReadError] = []
    data = _build(root, budget, errors)
    if errors:
        raise ReadErrors(errors)
    return Document(data, root)


def _where(node: Node) -> tuple[int, int]:
    return node.start_mark.line + 1, node.start_mark.column + 1


def _tag_error(node: Node) -> ReadError:
    line, col = _where(node)
    tag = node.tag.replace("tag:yaml.org,2002:", "!!")
    return ReadError(line, col, f"tags such as '{tag}' are not supported; remove the tag")


def _build(node: Node, budget: list[int], errors: list[ReadError]) -> object:
    # An alias makes a node appear twice; more visits than composed nodes means one was used.
    budget[0] -= 1
    if budget[0] < 0:
        line, col = _where(node)
        raise ReadError(line, col, "aliases are not supported; write the value out")
    cls = node.__class__
    if cls is ScalarNode:
        if node.tag != STR_TAG:
            errors.append(_tag_error(node))
        value = node.value
        if not value and not node.style:  # plain style is '' (C) or None (Python)
            return None
        return value
    if cls is SequenceNode:
        if node.tag != SEQ_TAG:
            errors.append(_tag_error(node))
        return [_build(item, budget, errors) for item in node.value]
    if node.tag != MAP_TAG:
        errors.append(_tag_error(node))
    out: dict[str, object] = {}
    for key_node, value_node in node.value:
        if key_node.__class__ is not ScalarNode:
            errors.append(ReadError(*_where(key_node), "a key must be plain text, not a list or mapping"))
            continue
        key = key_node.value
        if key == "<<" and not key_node.style:
            errors.append(ReadError(*_where(key_node), "merge keys ('<<') are not supported; write the keys out"))
            continue
        if key_node.tag != STR_TAG:
            errors.append(_tag_error(key_node))
        if key in out:
            first = next(k for k, _ in node.value if k.__class__ is ScalarNode and k.value == key)
            errors.append(ReadError(*_where(key_node), f"duplicate key '{key}' (first at line"
                                    f" {first.start_mark.line + 1}; YAML would silently keep only the last)"))
            continue
        budget[0] -= 1
        out[key] = _build(value_node, budget, errors)
    return out


def _mark(mark) -> tuple[int, int]:
    return (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)


def syntax_error(exc: yaml.YAMLError, data: bytes = b"") -> ReadError:
    """A parser exception as a located, reworded :class:`ReadError`."""
    problem = str(getattr(exc, "problem", None) or exc)
    context = str(getattr(exc, "context", None) or "")
    line, col = _mark(getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None))
    opened = getattr(exc, "context_mark", None)
    at = f" (opened at line {opened.line + 1}, column {opened.column + 1})" if opened is not None else ""
    lines = data.split(b"\n", line)
    here = lines[line - 1].decode("utf-8", "replace")[col - 1:col] if len(lines) >= line else ""
    if "'\\t'" in problem or (here == "\t" and "cannot start any token" in problem):
        message = "a tab character here: YAML indents with spaces only"
    elif "mapping values are not allowed" in problem:
        message = "': ' inside plain text starts a new key; put the whole text in quotes"
    elif "maximum nesting depth" in problem:  # libyaml's own flow-level limit
        message = f"nesting is deeper than {MAX_DEPTH} levels"
    elif "single document" in problem or "another document" in problem:
        message = "a second document ('---') in one file: keep one lesson or bank per file"
    elif "quoted scalar" in context:
        message = f"unclosed quote{at}"
    elif "flow sequence" in context:
        message = f"unclosed '['{at}: {problem}"
    elif "flow mapping" in context:
        message = f"unclosed '{{'{at}: {problem}"
    elif "control characters" in problem or "unacceptable" in problem or "special characters" in problem:
        message = "a control character that is not allowed in YAML text"
    else:
        message = problem + (f" ({context}{at.replace(' (', ', ').rstrip(')')})" if context else "")
    from quizterm.content.problems import safe_text

    return ReadError(line, col, safe_text(message))
