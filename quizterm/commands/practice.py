"""The `practice` verb: open the app on the practice screen (a lesson, objective, tag, or all due)."""

from __future__ import annotations

import argparse

from quizterm.errors import UsageError
from quizterm.settings import Settings

HELP = "practise questions with instant grading (open the app on the practice screen)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lesson", metavar="ID", default=None, help="only this lesson's questions")
    parser.add_argument("--tag", metavar="TAG", default=None, help="only questions with this tag")
    parser.add_argument("--objective", metavar="ID", default=None, help="only questions for this objective")
    parser.add_argument("--due", action="store_true", help="the questions due for review, then new ones")


def check_selection(load, lesson: str | None, tag: str | None, objective: str | None, lang: str = "en") -> None:
    """Raise UsageError (one line with a suggestion) when the filters match nothing."""
    from quizterm.quiz.sampling import Selection, SelectionError, select_pool

    try:
        select_pool(load.bank, Selection(lesson, tag, objective))
    except SelectionError as exc:
        raise UsageError(exc.message(lang)) from None


def launch(settings: Settings, start: str, start_args: dict, *, load=None) -> int:
    """Open the TUI on ``start`` (after the terminal and store checks the default verb makes)."""
    from quizterm.commands.open_tui import _fail, _is_terminal, _store_message
    from quizterm.i18n import t

    if not _is_terminal():
        return _fail(t(settings.lang, "open.not_tty"))
    from quizterm.clock import SystemClock
    from quizterm.store import StoreError
    from quizterm.tui.factory import build_app, open_store

    clock = SystemClock()
    try:
        store = open_store(settings, clock)
    except (StoreError, OSError) as exc:
        return _fail(_store_message(exc, settings))
    try:
        app = build_app(settings, load=load, store=store, clock=clock, start=start, start_args=start_args)
        app.run()
    finally:
        if store is not None:
            store.close()
    return app.return_code or 0


def run(args: argparse.Namespace, settings: Settings) -> int:
    from quizterm.tui.factory import load_for

    load = load_for(settings)
    filters = (args.lesson, args.tag, args.objective)
    if any(filters):
        check_selection(load, *filters, lang=settings.lang)
    start_args = {"lesson_id": args.lesson, "tag": args.tag, "objective": args.objective, "due": args.due,
                  "pick": not (any(filters) or args.due)}
    return launch(settings, "practice", start_args, load=load)
