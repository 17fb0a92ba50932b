"""The `backup` verb: write a verified backup of the progress store now, or list the backups."""

from __future__ import annotations

import argparse
import sys

from quizterm.settings import Settings

HELP = "back up your progress now (verified), or --list the backups"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--list", action="store_true", help="list the backups, newest first")


def human_size(n: int) -> str:
    """1536 -> '1.5 KiB'."""
    size = float(n)
    for unit in ("B", "KiB", "MiB", "GiB"):
        if size < 1024 or unit == "GiB":
            return f"{size:.0f} {unit}" if unit == "B" else f"{size:.1f} {unit}"
        size /= 1024
    return f"{n} B"


def run(args: argparse.Namespace, settings: Settings) -> int:
    from quizterm.i18n import t
    from quizterm.store import Store, StoreError
    from quizterm.store.backup import backup_dir, list_backups
    from quizterm.store.messages import explain

    lang = settings.lang
    if args.list:
        found = list_backups(backup_dir(settings.db_path))
        if not found:
            print(t(lang, "backup.list.none", dir=backup_dir(settings.db_path)))
        for b in found:
            print(t(lang, "backup.list.row", created=b.created.strftime("%Y-%m-%d %H:%M:%S UTC"),
                    size=human_size(b.size), tag=b.tag, path=b.path))
        return 0
    if not settings.db_path.is_file():
        print(t(lang, "backup.nothing", path=settings.db_path), file=sys.stderr)
        return 1
    try:
        # Not exclusive: backing up beside a running app is safe with the backup API.
        with Store.open(settings.db_path, auto_backup=False) as store:
            info = store.backup(tag="manual")
    except StoreError as err:
        print(f"quizterm: {explain(err, lang)}", file=sys.stderr)
        return 1
    print(t(lang, "backup.done", path=info.path, size=human_size(info.size)))
    return 0
