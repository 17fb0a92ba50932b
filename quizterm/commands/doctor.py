"""The `doctor` verb (not implemented yet)."""

from __future__ import annotations

import argparse

from quizterm.errors import UsageError
from quizterm.settings import Settings

HELP = "not available yet"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    pass


def run(args: argparse.Namespace, settings: Settings) -> int:
    raise UsageError("this command is not available yet")
