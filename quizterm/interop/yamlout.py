"""Write content YAML that the loader reads back exactly: every scalar double-quoted."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

import yaml


class _Key(str):
    """A mapping key: written plain, since keys are fixed ASCII names."""


class _Dumper(yaml.SafeDumper):
    pass


def _str(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    # Double quotes keep text exactly: no YAML 1.1 typing ("no", "3.10"), and escapes for the rest.
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style='"')


def _key(dumper: yaml.SafeDumper, value: _Key) -> yaml.ScalarNode:
    return dumper.represent_scalar("tag:yaml.org,2002:str", str(value), style=None)


def _scalar(dumper: yaml.SafeDumper, value: Any) -> yaml.ScalarNode:
    # Numbers and booleans are written as quoted text; the loader reads strings and pydantic's lax
    # mode turns "3" into 3 where a field is a number.
    if isinstance(value, bool):
        value = "true" if value else "false"
    return _str(dumper, repr(value) if isinstance(value, float) else str(value))


def _dict(dumper: yaml.SafeDumper, value: dict) -> yaml.MappingNode:
    items = [(_Key(k) if isinstance(k, str) and k.isidentifier() else k, v) for k, v in value.items()]
    return dumper.represent_mapping("tag:yaml.org,2002:map", items, flow_style=False)


_Dumper.add_representer(str, _str)
_Dumper.add_representer(_Key, _key)
_Dumper.add_representer(bool, _scalar)
_Dumper.add_representer(int, _scalar)
_Dumper.add_representer(float, _scalar)
_Dumper.add_representer(dict, _dict)
_Dumper.ignore_aliases = lambda self, data: True  # type: ignore[method-assign]


def drop_none(data: Any) -> Any:
    """``data`` with every ``None`` value in a mapping left out, recursively."""
    # The loader reads every scalar as text, so a null would come back as the string "null".
    if isinstance(data, dict):
        return {k: drop_none(v) for k, v in data.items() if v is not None}
    if isinstance(data, (list, tuple)):
        return [drop_none(v) for v in data]
    return data


def dump_yaml(data: Any) -> str:
    """Content YAML for ``data``: keys plain, every scalar double-quoted, ``None`` values left out."""
    return yaml.dump(drop_none(data), Dumper=_Dumper, allow_unicode=True, sort_keys=False, width=100,
                     default_flow_style=False)


def write_text_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file, so a crash never leaves half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
