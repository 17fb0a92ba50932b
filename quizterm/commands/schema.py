"""The `schema` verb: write JSON Schemas of lessons and question banks for editors."""

from __future__ import annotations

import argparse
from pathlib import Path

from quizterm.errors import UsageError
from quizterm.settings import Settings

HELP = "write JSON Schemas for lesson and question-bank YAML files (for editor completion)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--out", type=Path, default=Path("."), metavar="DIR",
                        help="folder to write lesson.schema.json and question-bank.schema.json into"
                             " (default: the current folder)")


def run(args: argparse.Namespace, settings: Settings) -> int:
    from quizterm.content.schema import json_schemas, schema_text

    out: Path = args.out
    try:
        out.mkdir(parents=True, exist_ok=True)
        for name, schema in json_schemas().items():
            (out / name).write_text(schema_text(schema), encoding="utf-8")
            print(out / name)
    except OSError as exc:
        from quizterm.i18n import t

        raise UsageError(t(settings.lang, "schema.cannot_write", path=out, detail=exc.strerror or exc)) from None
    return 0
