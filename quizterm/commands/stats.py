"""The `stats` verb: accuracy, the 12-week calendar, streak, plots, forecast and drills; --json for scripts."""

from __future__ import annotations

import argparse
import sys

from quizterm.errors import UsageError
from quizterm.settings import Settings

HELP = "show your statistics: accuracy, calendar, streak, due forecast, drills (--json for scripts)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--utc", action="store_true", help="count days in UTC instead of local time")


def store_failure(err, settings: Settings) -> UsageError:
    """A store error as the one-line, translated message every verb prints, exit code 1
    (the same key and code whether ``restore``, ``import progress``, ``stats`` or ``export`` met it)."""
    from quizterm.store.messages import explain

    failure = UsageError(explain(err, settings.lang))
    failure.exit_code = 1
    return failure


def open_store_read_only(settings: Settings):
    """The store for reading (no lock, no writes); store errors become one translated line, exit 1."""
    from quizterm.store import Store, StoreError

    try:
        return Store.open(settings.db_path, read_only=True)
    except StoreError as err:
        raise store_failure(err, settings) from None


def load_bank(settings: Settings):
    """The bank from the bundled and ``--content`` folders (problems are left to ``validate``)."""
    from quizterm.content import load_content

    return load_content(settings.all_content_dirs(), cache_dir=settings.cache_dir).bank


def run(args: argparse.Namespace, settings: Settings) -> int:
    import json
    from datetime import timezone

    from quizterm.clock import SystemClock
    from quizterm.i18n import Translator
    from quizterm.stats import compute_stats

    bank = load_bank(settings)
    store = open_store_read_only(settings)
    try:
        report = compute_stats(bank, store, now=SystemClock().now(), tz=timezone.utc if args.utc else None)
    finally:
        store.close()
    if args.json:
        json.dump(report.to_json(), sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
        return 0
    tr = Translator(settings.lang)
    if settings.plain or not sys.stdout.isatty():
        from quizterm.render.stats import stats_text

        sys.stdout.write(stats_text(report, tr))
        return 0
    from rich.console import Console

    from quizterm.render.stats import stats_renderable

    Console(highlight=False).print(stats_renderable(report, tr, color=True))
    return 0
