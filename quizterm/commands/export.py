"""The `export` verb: an Anki package, questions or attempts as CSV, or the whole progress as JSON."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from quizterm.errors import UsageError
from quizterm.settings import Settings

HELP = "export to Anki (.apkg), a spreadsheet (.csv) or a progress file (.json)"

KINDS = {
    "anki": "glossary, cues and questions as an Anki package, a deck per lesson",
    "csv": "questions as a spreadsheet, one row each (see docs/csv.md)",
    "attempts": "your answer history as a spreadsheet",
    "progress": "all your progress as one JSON file, to import on another machine",
}


def add_common(parser: argparse.ArgumentParser) -> None:
    """The global options again, so they may also follow the sub-verb (``export csv x --home H``)."""
    s = argparse.SUPPRESS
    parser.add_argument("--home", type=Path, default=s, metavar="DIR", help=s)
    parser.add_argument("--content", type=Path, action="append", default=s, metavar="DIR", help=s)
    parser.add_argument("--no-bundled", action="store_true", default=s, help=s)
    parser.add_argument("--lang", default=s, help=s)


def add_kinds(parser: argparse.ArgumentParser, kinds: dict[str, str]) -> dict[str, argparse.ArgumentParser]:
    """A required ``KIND`` sub-verb per entry of ``kinds`` (name -> help), each taking the global options too."""
    sub = parser.add_subparsers(dest="kind", metavar="KIND", required=True)
    parsers = {}
    for kind, text in kinds.items():
        parsers[kind] = p = sub.add_parser(kind, help=text, description=text)
        add_common(p)
    return parsers


def add_arguments(parser: argparse.ArgumentParser) -> None:
    for kind, p in add_kinds(parser, KINDS).items():
        p.add_argument("out", type=Path, metavar="OUT", help="the file to write")
        if kind in ("anki", "csv", "attempts"):
            p.add_argument("--lesson", action="append", metavar="ID", help="only this lesson (repeatable)")


def run(args: argparse.Namespace, settings: Settings) -> int:
    from quizterm.i18n import t
    from quizterm.interop.errors import InteropError

    try:
        return _run(args, settings)
    except InteropError as err:
        raise UsageError(str(err)) from None
    except OSError as err:
        raise UsageError(t(settings.lang, "cli.cannot_write_path", path=args.out, detail=err.strerror or err)) from None


def _run(args: argparse.Namespace, settings: Settings) -> int:
    from quizterm.clock import SystemClock
    from quizterm.commands.stats import load_bank, open_store_read_only
    from quizterm.i18n import t

    lang = settings.lang
    out: Path = args.out
    if out.is_dir():
        raise UsageError(t(lang, "cli.is_folder", path=out))
    if args.kind in ("anki", "csv"):
        bank = load_bank(settings)
        if args.kind == "anki":
            from quizterm.i18n import Translator
            from quizterm.interop.anki_export import export_anki

            s = export_anki(bank, out, Translator(settings.lang), lessons=args.lesson)
            print(t(lang, "export.anki.done", path=out, decks=len(s.decks), terms=s.terms, cues=s.cues,
                    questions=s.questions))
            skipped = s.skipped
        else:
            from quizterm.interop.csv_export import export_questions

            written, skipped = export_questions(bank, out, lessons=args.lesson)
            print(t(lang, "export.csv.done", path=out, n=written))
        if skipped:
            print(t(lang, f"export.skipped.{args.kind}", n=len(skipped), ids=", ".join(skipped)), file=sys.stderr)
        return 0
    store = open_store_read_only(settings)
    try:
        if args.kind == "attempts":
            from quizterm.interop.csv_export import export_attempts

            rows = [r for lid in (args.lesson or [None]) for r in store.attempts(lesson_id=lid)]
            rows.sort(key=lambda r: (r.answered_at, r.id))
            print(t(lang, "export.attempts.done", path=out, n=export_attempts(rows, out)))
        else:
            from quizterm.interop.progress_export import export_progress

            counts = export_progress(store, out, now=SystemClock().now())
            counts_text = t(lang, "export.progress.join").join(
                t(lang, "export.progress.count", key=t(lang, f"export.progress.key.{k}"), n=n)
                for k, n in counts.items())
            print(t(lang, "export.progress.done", path=out, counts=counts_text))
    finally:
        store.close()
    return 0
