"""The `validate` verb: load content, print every problem as file:line:col, summarise if clean."""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

from quizterm.settings import Settings

HELP = "check lessons and question banks; print every problem as file:line:col: key: message"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="*", type=Path, metavar="PATH",
                        help="files or folders to check (default: the bundled content and --content folders)")


def summary(result) -> str:
    """One line: files, lessons, glossary terms and questions per type."""
    bank = result.bank
    terms = sum(len(lesson.glossary) for lesson in bank.lessons.values())
    per_type = Counter(q.type for q in bank.questions.values())
    types = ", ".join(f"{t} {n}" for t, n in sorted(per_type.items()))
    files = len(result.files)
    return (f"ok: {files} file{'s' * (files != 1)}, {len(bank.lessons)} lesson{'s' * (len(bank.lessons) != 1)},"
            f" {terms} glossary terms, {len(bank.questions)} questions" + (f" ({types})" if types else ""))


def question_checks(question) -> list[tuple[str, str]]:
    """Problems the engine finds in a question's ``generator`` or ``check`` block, by key."""
    from quizterm.quiz.checks import check_problem
    from quizterm.quiz.generators import spec_problem

    out = []
    spec = getattr(question, "generator", None)
    if spec is not None and (message := spec_problem(spec)):
        out.append(("generator.name" if "unknown generator" in message else "generator.params", message))
    check = getattr(question, "check", None)
    if check is not None and (message := check_problem(check)):
        out.append(("check.op" if "unknown check op" in message else "check.select", message))
    return out


def _stale_ids(settings: Settings, bank) -> list[str]:
    """Question ids with recorded progress that no longer exist in the content (history is kept)."""
    if not settings.db_path.is_file():
        return []
    try:
        from quizterm.store import Store

        store = Store.open(settings.db_path, read_only=True)
        try:
            ids = set(store.question_stats())
        finally:
            store.close()
    except Exception:  # noqa: BLE001 - the store has its own doctor; validate is about content
        return []
    return sorted(ids - set(bank.questions))


def run(args: argparse.Namespace, settings: Settings) -> int:
    from quizterm.content import load_content

    explicit = bool(args.paths)
    paths = args.paths if explicit else settings.all_content_dirs()
    result = load_content(paths, item_checks=question_checks)
    for problem in result.problems:
        print(problem)
    if not explicit:
        stale = _stale_ids(settings, result.bank)
        if stale:
            print(f"note: progress is recorded for {len(stale)} question id(s) no longer in the content"
                  f" (history kept): {', '.join(stale[:20])}{' ...' if len(stale) > 20 else ''}")
    if result.problems:
        n = len(result.problems)
        bad = len({p.path for p in result.problems})
        print(f"{n} problem{'s' * (n != 1)} in {bad} of {len(result.files)} file{'s' * (len(result.files) != 1)}")
        return 1
    if not result.files:
        print("no content files found in " + ", ".join(str(p) for p in paths) if paths else "no content folders")
        return 1
    print(summary(result))
    return 0
