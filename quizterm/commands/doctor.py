"""The `doctor` verb: check content, the progress store, backups and the terminal; say what to do."""

from __future__ import annotations

import argparse
import os
import shutil
import sys
from dataclasses import dataclass

from quizterm.settings import Settings

HELP = "check content, progress store, backups and terminal, and say what to do"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    pass


@dataclass
class Finding:
    """One line of the report; ``fix`` set means it needs action (exit 1), ``note`` is advice only."""

    area: str
    text: str
    fix: str | None = None
    note: str | None = None


def check_content(settings: Settings, tr) -> list[Finding]:
    """Load every content folder and count the problems."""
    from quizterm.content import load_content

    result = load_content(settings.all_content_dirs(), cache_dir=settings.cache_dir)
    bank, n = result.bank, len(result.problems)
    text = tr("doctor.content", files=len(result.files), lessons=len(bank.lessons),
              questions=len(bank.questions), problems=n)
    if n:
        return [Finding("content", text, fix=tr("doctor.content.fix"))]
    if not bank.questions:
        return [Finding("content", text, fix=tr("doctor.content.empty"))]
    return [Finding("content", text)]


def check_store(settings: Settings, tr) -> list[Finding]:
    """Open the store read-only: quick_check, schema version, size, answers, who holds the lock."""
    from quizterm.store import Store, StoreDamaged, StoreError, StoreTooNew, lock_path_for
    from quizterm.store.integrity import quick_check
    from quizterm.store.lock import InstanceLock, read_pid
    from quizterm.store.messages import explain, reason_text

    from quizterm.commands.backup import human_size

    path = settings.db_path
    if not path.is_file():
        return [Finding("store", tr("doctor.store.missing", path=path))]
    try:
        with Store.open(path, read_only=True) as store:
            # Start-up defers the big tables of a large file to the background; doctor checks all.
            problem = quick_check(store.connection)
            if problem:
                raise StoreDamaged(path, None, [], problem)
            text = tr("doctor.store", path=path, version=store.schema_version,
                      size=human_size(path.stat().st_size), answers=store.attempt_count())
    except StoreDamaged as err:
        return [Finding("store", tr("doctor.store.damaged", reason=reason_text(err.reason, tr.lang)),
                        fix=tr("doctor.store.damaged.fix"))]
    except StoreTooNew as err:
        return [Finding("store", tr("doctor.store.too_new", found=err.found), fix=tr("doctor.store.too_new.fix"))]
    except StoreError as err:
        return [Finding("store", explain(err, tr.lang), fix=tr("doctor.store.damaged.fix"))]
    found = [Finding("store", text)]
    probe = InstanceLock(lock_path_for(path))
    if probe.try_acquire():
        probe.release()
    else:
        found.append(Finding("store", tr("doctor.store.in_use", pid=read_pid(probe.path) or "?")))
    return found


def check_backups(settings: Settings, tr) -> list[Finding]:
    """How many backups, and whether the newest one verifies."""
    from quizterm.store.backup import backup_dir, list_backups, verify

    directory = backup_dir(settings.db_path)
    found = list_backups(directory)
    if not found:
        fix = tr("doctor.backups.fix") if settings.db_path.is_file() else None
        return [Finding("backups", tr("doctor.backups.none", dir=directory), fix=fix)]
    newest = found[0]
    problem = verify(newest.path)
    text = tr("doctor.backups", count=len(found), dir=directory,
              newest=newest.created.strftime("%Y-%m-%d %H:%M UTC"),
              verified=tr("doctor.yes") if problem is None else tr("doctor.no"))
    return [Finding("backups", text, fix=tr("doctor.backups.unverified.fix") if problem else None)]


def colours(env: dict[str, str]) -> str:
    """A guess at the terminal's colours from the environment: none, 8, 256 or truecolor."""
    if env.get("NO_COLOR"):
        return "none"
    if env.get("COLORTERM", "").lower() in ("truecolor", "24bit"):
        return "truecolor"
    term = env.get("TERM", "")
    if "256color" in term:
        return "256"
    return "none" if term in ("", "dumb") else "8"


def check_terminal(tr, env: dict[str, str] | None = None, stdin=None, stdout=None) -> list[Finding]:
    """Whether the app can run here: ttys, TERM, colours, size, NO_COLOR (advice, not action)."""
    env = dict(os.environ) if env is None else env
    stdin, stdout = stdin or sys.stdin, stdout or sys.stdout
    in_tty, out_tty = _isatty(stdin), _isatty(stdout)
    size = shutil.get_terminal_size((0, 0))
    term = env.get("TERM", "")
    yes, no = tr("doctor.yes"), tr("doctor.no")
    text = tr("doctor.terminal", stdin=yes if in_tty else no, stdout=yes if out_tty else no, term=term or "-",
              colors=colours(env), cols=size.columns or "?", rows=size.lines or "?", no_color=yes if env.get("NO_COLOR") else no)
    found = [Finding("terminal", text)]
    if not (in_tty and out_tty):
        found.append(Finding("terminal", tr("doctor.terminal.not_tty"), note=tr("doctor.terminal.fix_tty")))
    if term in ("", "dumb"):
        found.append(Finding("terminal", tr("doctor.terminal.dumb"), note=tr("doctor.terminal.fix_term")))
    if size.columns and (size.columns < 80 or size.lines < 24):
        found.append(Finding("terminal", tr("doctor.terminal.small"), note=tr("doctor.terminal.fix_small")))
    return found


def _isatty(stream) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def run(args: argparse.Namespace, settings: Settings) -> int:
    from quizterm.i18n import Translator

    tr = Translator(settings.lang)
    findings = (check_content(settings, tr) + check_store(settings, tr) + check_backups(settings, tr)
                + check_terminal(tr))
    print(tr("doctor.title"))
    for f in findings:
        mark = "!" if f.fix else ("~" if f.note else "✓")
        print(f"{mark} {f.text}")
        if f.fix or f.note:
            print(f"  → {f.fix or f.note}")
    actions = sum(1 for f in findings if f.fix)
    print(tr("doctor.summary.action", n=actions) if actions else tr("doctor.summary.ok"))
    return 1 if actions else 0
