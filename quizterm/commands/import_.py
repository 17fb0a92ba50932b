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
    from quizterm.commands.export import add_kinds

    for kind, p in add_kinds(parser, KINDS).items():
        p.add_argument("file", type=Path, metavar="FILE", help="the file to import")
        if kind != "progress":
            p.add_argument("--lesson", metavar="ID", help="the lesson the content belongs to")
            p.add_argument("--out", type=Path, default=Path("."), metavar="DIR",
                           help="write lessons/ and questions/ under DIR (default: the current folder)")
            p.add_argument("--force", action="store_true", help="replace files that already exist")


def run(args: argparse.Namespace, settings: Settings) -> int:
    from quizterm.interop.errors import InteropError, RowsRejected

    from quizterm.i18n import t

    lang = settings.lang
    if not args.file.is_file():
        raise UsageError(t(lang, "cli.no_such_file" if not args.file.exists() else "cli.not_a_file", path=args.file))
    try:
        if args.kind == "progress":
            return _progress(args, settings)
        return _content(args, settings)
    except RowsRejected as err:
        for p in err.problems[:MAX_SHOWN]:
            print(str(p), file=sys.stderr)
        if len(err.problems) > MAX_SHOWN:
            print(t(lang, "cli.more", n=len(err.problems) - MAX_SHOWN), file=sys.stderr)
        print("quizterm: " + t(lang, "import.rejected", n=len(err.problems)), file=sys.stderr)
        return 1
    except InteropError as err:
        raise UsageError(str(err)) from None
    except OSError as err:
        raise UsageError(t(lang, "cli.cannot_write", detail=err.strerror or err)) from None


def _progress(args: argparse.Namespace, settings: Settings) -> int:
    from quizterm.commands.stats import store_failure
    from quizterm.i18n import t
    from quizterm.interop.progress_import import import_progress
    from quizterm.store import Store, StoreError

    lang = settings.lang

    try:
        with Store.open(settings.db_path, exclusive=True, lock_wait=1.0) as store:
            from quizterm.interop.progress_file import read_progress

            read_progress(args.file)  # a bad file is refused before anything else happens
            backup = store.backup(tag="pre-import")  # the merge can always be undone by `restore`
            summary = import_progress(store, args.file)
        print(t(lang, "import.backup", path=backup.path))
    except StoreError as err:  # the same message and exit code as `restore` (the app running, say)
        raise store_failure(err, settings) from None
    print(t(lang, "import.progress.done", path=args.file, added=summary.attempts_added,
            skipped=summary.attempts_skipped, reviews=summary.reviews_added, cards=summary.cards_changed,
            notebook=summary.notebook_changed, drills=summary.drills_added))
    for note in summary.notes:
        print(t(lang, "cli.note", note=note), file=sys.stderr)
    return 0


def _content(args: argparse.Namespace, settings: Settings) -> int:
    from quizterm.commands.stats import load_bank
    from quizterm.i18n import t
    from quizterm.interop.yamlout import write_text_atomic

    lang = settings.lang

    bank = load_bank(settings)
    out: Path = args.out
    # With --force, content loaded from the files this import replaces does not "take" its ids,
    # so re-importing a deck or a sheet keeps the same ids (and so the learner's progress).
    if args.kind == "anki":
        from quizterm.interop.anki_import import prepare_anki

        lesson_files = set(_yaml_files(out / "lessons")) if args.force else set()
        taken_lessons = set(bank.lessons) - _loaded_from(bank, "lesson", bank.lessons, lesson_files)

        def plan_with(taken_questions: set[str]):
            return prepare_anki(args.file, out, lesson_id=args.lesson, taken_lessons=taken_lessons,
                                taken_questions=taken_questions)

        plan = plan_with(set())
        replaced = _existing(plan.files) if args.force else set()
        plan = plan_with(set(bank.questions) - _loaded_from(bank, "question", bank.questions, replaced))
        targets, notes = plan.files, plan.skipped
    else:
        from quizterm.interop.csv_questions import parse_questions

        first = parse_questions(args.file, lesson=args.lesson, bank=bank).files(out)
        replaced = _existing(first) if args.force else set()
        taken = set(bank.questions) - _loaded_from(bank, "question", bank.questions, replaced)
        targets = parse_questions(args.file, lesson=args.lesson, bank=bank, taken_ids=taken).files(out)
        notes = []
    existing = [p for p, _t in targets if p.exists()]
    if existing and not args.force:
        raise UsageError(t(lang, "import.exists", path=existing[0]))
    for path, text in targets:
        write_text_atomic(path, text)
        print(t(lang, "import.wrote", path=path))
    for note in notes:
        print(t(lang, "import.skipped_note", note=note), file=sys.stderr)
    print(t(lang, "import.load_hint", out=out))
    return 0


def _yaml_files(folder: Path) -> list[Path]:
    return [p.resolve() for p in folder.glob("*.yaml")] if folder.is_dir() else []


def _existing(files: list[tuple[Path, str]]) -> set[Path]:
    return {p.resolve() for p, _t in files if p.exists()}


def _loaded_from(bank, kind: str, ids, files: set[Path]) -> set[str]:
    """The ids of ``kind`` ("lesson"/"question") that were loaded from one of ``files``."""
    found = set()
    for item in ids:
        origin = bank.origin(kind, item)
        if origin is not None and Path(origin.path).resolve() in files:
            found.add(item)
    return found
