"""The ``quizterm`` command line: global options, verb dispatch, one-line errors."""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from pathlib import Path
from types import ModuleType

from quizterm import __version__
from quizterm.commands import VERBS
from quizterm.errors import UsageError
from quizterm.settings import LANGUAGES, Settings, default_home


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, exit 2, no usage dump
        raise UsageError(f"{message} (see '{self.prog} --help')")


def _common(parser: argparse.ArgumentParser, *, top: bool) -> None:
    default = None if top else argparse.SUPPRESS
    parser.add_argument("--home", type=Path, default=default, metavar="DIR",
                        help="where progress is stored (default: $QUIZTERM_HOME or the user data dir)")
    parser.add_argument("--content", type=Path, action="append", default=default, metavar="DIR",
                        help="also load lessons and question banks from DIR (repeatable)")
    parser.add_argument("--no-bundled", action="store_true", default=False if top else argparse.SUPPRESS,
                        help="do not load the bundled lessons")
    parser.add_argument("--lang", choices=LANGUAGES, default=default, help="UI language (default zh-TW)")


def _module(verb: str) -> ModuleType:
    return importlib.import_module(f"quizterm.commands.{VERBS[verb]}")


_VALUED = {"--home", "--content", "--lang"}


def chosen_verb(argv: list[str]) -> str | None:
    """The verb named in ``argv`` (None when there is none, or when top-level help is asked for)."""
    skip = False
    for arg in argv:
        if skip:
            skip = False
        elif arg in ("-h", "--help"):
            return None
        elif arg in _VALUED:
            skip = True
        elif not arg.startswith("-"):
            return arg if arg in VERBS else None
    return "open"


def build_parser(verb: str | None = None) -> argparse.ArgumentParser:
    """The parser; with ``verb`` known, only that verb's module is imported (start-up time)."""
    parser = _Parser(prog="quizterm", description="A terminal study app. Without a verb, opens the app.")
    parser.add_argument("--version", action="version", version=f"quizterm {__version__}")
    _common(parser, top=True)
    sub = parser.add_subparsers(dest="verb", metavar="VERB", parser_class=_Parser)
    for name in VERBS:
        if verb is not None and name != verb:
            sub.add_parser(name)  # named, so argparse knows it; never parsed with this parser
            continue
        mod = _module(name)
        p = sub.add_parser(name, help=mod.HELP, description=mod.HELP)
        _common(p, top=False)
        mod.add_arguments(p)
    return parser


def settings_from(args: argparse.Namespace) -> Settings:
    """Settings from parsed arguments and the environment."""
    lang = args.lang or os.environ.get("QUIZTERM_LANG") or "zh-TW"
    if lang not in LANGUAGES:
        raise UsageError(f"unknown language '{lang}' (choose from {', '.join(LANGUAGES)})")
    return Settings(
        home=(args.home.expanduser() if args.home else default_home()),
        content_dirs=tuple(args.content or ()),
        include_bundled=not args.no_bundled,
        lang=lang,
        plain=bool(os.environ.get("NO_COLOR")),
    )


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        args = build_parser(chosen_verb(argv)).parse_args(argv)
        verb = args.verb or "open"
        return int(_module(verb).run(args, settings_from(args)) or 0)
    except UsageError as err:
        print(f"quizterm: {err}", file=sys.stderr)
        return err.exit_code
    except KeyboardInterrupt:
        print("quizterm: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
