"""The `import` verb: an Anki package or a spreadsheet into lesson YAML, or a progress file into the store."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from quizterm.errors import UsageError
from quizterm.settings import Settings

HELP = "import an Anki package or a spreadsheet as lesson YAML, or a progress file"

MAX_SHOWN = 50

KINDS = {
    "anki": "Basic, Basic-and-reversed and Cloze notes -> lesson glossary, cues and questions (YAML)",
    "csv": "a questions spreadsheet (docs/csv.md) -> a question bank (YAML); nothing is written unless every row is good",
    "progress": "merge a progress file from `quizterm export progress` (no attempt is ever duplicated)",
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from quizterm.commands.export import add_common

    sub = parser.add_subparsers(dest="kind", metavar="KIND", required=True)
    for kind, text in KINDS.items():
        p = sub.add_parser(kind, help=text, description=text)
        add_common(p)
        p.add_argument("file", type=Path, metavar="FILE", help="the file to import")
        if kind != "progress":
            p.add_argument("--lesson", metavar="ID", help="the lesson the content belongs to")
            p.add_argument("--out", type=Path, default=Path("."), metavar="DIR",
                           help="write lessons/ and questions/ under DIR (default: the current folder)")
            p.add_argument("--force", action="store_true", help="replace files that already exist")


def run(args: argparse.Namespace, settings: Settings) -> int:
    from quizterm.interop.errors import InteropError, RowsRejected

    if not args.file.is_file():
        raise UsageError(f"{args.file}: no such file" if not args.file.exists() else f"{args.file}: not a file")
    try:
        if args.kind == "progress":
            return _progress(args, settings)
        return _content(args, settings)
    except RowsRejected as err:
        for p in err.problems[:MAX_SHOWN]:
            print(str(p), file=sys.stderr)
        if len(err.problems) > MAX_SHOWN:
            print(f"... and {len(err.problems) - MAX_SHOWN} more", file=sys.stderr)
        print(f"quizterm: {len(err.problems)} problem(s); nothing was imported", file=sys.stderr)
        return 1
    except InteropError as err:
        raise UsageError(str(err)) from None
    except OSError as err:
        raise UsageError(f"cannot write: {err.strerror or err}") from None


def _progress(args: argparse.Namespace, settings: Settings) -> int:
    from quizterm.interop.progress_import import import_progress
    from quizterm.store import Store, StoreError

    try:
        with Store.open(settings.db_path, exclusive=True, lock_wait=1.0) as store:
            from quizterm.interop.progress_file import read_progress

            read_progress(args.file)  # a bad file is refused before anything else happens
            backup = store.backup(tag="pre-import")  # the merge can always be undone by `restore`
            summary = import_progress(store, args.file)
        print(f"backup before the import: {backup.path}")
    except StoreError as err:
        raise UsageError(str(err).splitlines()[0] if str(err) else type(err).__name__) from None
    print(f"{args.file}: {summary.attempts_added} attempts added, {summary.attempts_skipped} already here; "
          f"{summary.reviews_added} reviews, {summary.cards_changed} cards, {summary.notebook_changed} notebook "
          f"entries, {summary.drills_added} drills merged")
    for note in summary.notes:
        print(f"note: {note}", file=sys.stderr)
    return 0


def _content(args: argparse.Namespace, settings: Settings) -> int:
    from quizterm.commands.stats import load_bank
    from quizterm.interop.yamlout import write_text_atomic

    bank = load_bank(settings)
    out: Path = args.out
    if args.kind == "anki":
        from quizterm.interop.anki_import import prepare_anki

        files = prepare_anki(args.file, out, lesson_id=args.lesson, taken_lessons=set(bank.lessons),
                             taken_questions=set(bank.questions))
        notes = files.skipped
        targets = files.files
    else:
        from quizterm.interop.csv_questions import parse_questions

        replaced = _replaced(bank, out, args.force)
        taken = {q for q in bank.questions if bank.origin("question", q) is None
                 or bank.origin("question", q).path.resolve() not in replaced}
        targets = parse_questions(args.file, lesson=args.lesson, bank=bank, taken_ids=taken).files(out)
        notes = []
    existing = [p for p, _t in targets if p.exists()]
    if existing and not args.force:
        raise UsageError(f"{existing[0]}: already exists (use --force to replace it)")
    for path, text in targets:
        write_text_atomic(path, text)
        print(f"wrote {path}")
    for note in notes:
        print(f"skipped note {note}", file=sys.stderr)
    print(f"load it with: quizterm --content {out} validate")
    return 0


def _replaced(bank, out: Path, force: bool) -> set[Path]:
    """Files an import with --force may replace: their questions do not count as taken."""
    if not force:
        return set()
    return {p.resolve() for p in (out / "questions").glob("*.yaml")} if (out / "questions").is_dir() else set()
