"""The default verb: open the study app in the terminal."""

from __future__ import annotations

import argparse
import sys

from quizterm.settings import Settings

HELP = "open the study app (the default when no verb is given)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lesson", metavar="ID", default=None, help="open this lesson's reader at once")
    parser.add_argument("--lab", action="store_true", help="open the attention lab at once")


def _is_terminal() -> bool:
    try:
        return sys.stdin.isatty() and sys.stdout.isatty()
    except (AttributeError, ValueError):  # closed or replaced streams
        return False


def _fail(message: str) -> int:
    print(f"quizterm: {message}", file=sys.stderr)
    return 1


def _store_message(exc: Exception, settings: Settings) -> str:
    from quizterm.i18n import t

    kind = type(exc).__name__
    lang = settings.lang
    if kind == "StoreLocked":
        return t(lang, "open.locked", pid=getattr(exc, "pid", None) or "?")
    if kind == "StoreTooNew":
        return t(lang, "open.too_new", path=settings.db_path)
    if kind == "StoreDamaged":
        backups = getattr(exc, "backups", None) or []
        return t(lang, "open.damaged", moved=getattr(exc, "moved_to", "?"),
                 hint=t(lang, "open.damaged.restore") if backups else t(lang, "open.damaged.fresh"))
    return t(lang, "open.store_error", error=str(exc) or kind)


def run(args: argparse.Namespace, settings: Settings) -> int:
    from quizterm.i18n import t

    if not _is_terminal():
        return _fail(t(settings.lang, "open.not_tty"))
    from quizterm.clock import SystemClock
    from quizterm.tui.factory import build_app

    start, start_args = "home", {}
    if getattr(args, "lesson", None):
        start, start_args = "reader", {"lesson_id": args.lesson}
    elif getattr(args, "lab", False):
        start = "lab"
    # The home screen paints first; the store opens and the content loads right after, in a thread.
    app = build_app(settings, clock=SystemClock(), start=start, start_args=start_args, defer_load=True)
    try:
        app.run()
    finally:
        if app.store is not None:
            app.store.close()
    if app.store_error is not None:  # locked, too new, damaged, or an unusable home folder
        return _fail(_store_message(app.store_error, settings))
    return app.return_code or 0  # 128 + signal number after SIGTERM/SIGHUP, as shells expect
