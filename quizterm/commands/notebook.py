"""The `notebook` verb: open the app on the wrong-answer notebook."""

from __future__ import annotations

import argparse

from quizterm.settings import Settings

HELP = "redo the questions you got wrong (open the app on the wrong-answer notebook)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lesson", metavar="ID", default=None, help="only this lesson's entries")


def run(args: argparse.Namespace, settings: Settings) -> int:
    from quizterm.commands.practice import check_selection, launch
    from quizterm.tui.factory import load_for

    load = load_for(settings)
    if args.lesson:
        check_selection(load, args.lesson, None, None, lang=settings.lang)
    return launch(settings, "notebook", {"lesson_id": args.lesson, "only_lesson": bool(args.lesson)}, load=load)
