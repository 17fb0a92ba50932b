"""The `restore` verb: put a verified backup back in place (the newest one unless FILE is given)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from quizterm.settings import Settings

HELP = "restore progress from a backup (default: the newest verified one); refuses while quizterm runs"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", nargs="?", type=Path, metavar="FILE", help="a backup file to restore")


def run(args: argparse.Namespace, settings: Settings) -> int:
    from quizterm.i18n import t
    from quizterm.store import Store, StoreError
    from quizterm.store.backup import backup_dir, verified_backups, verify

    lang = settings.lang
    if args.file is not None:
        source = args.file.expanduser()
        problem = verify(source) if source.is_file() else t(lang, "restore.no_file")
        if problem:
            print(f"quizterm: {t(lang, 'restore.bad', path=source, reason=problem)}", file=sys.stderr)
            return 1
    else:
        good = verified_backups(backup_dir(settings.db_path))
        if not good:
            print(f"quizterm: {t(lang, 'restore.none', dir=backup_dir(settings.db_path))}", file=sys.stderr)
            return 1
        source = good[0].path
    try:
        with Store.restore_from(settings.db_path, source, lock_wait=0.5, auto_backup=False) as store:
            answers, moved = store.attempt_count(), store.replaced_path
    except StoreError as err:
        from quizterm.commands.stats import store_failure

        raise store_failure(err, settings) from None
    print(t(lang, "restore.done", backup=source, answers=answers))
    if moved is not None:
        print(t(lang, "restore.moved", path=moved))
    return 0
