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


def t(lang: str, key: str, **kwargs) -> str:
    from quizterm.i18n import t as translate  # imported on use: `quizterm --help` stays light

    return translate(lang, key, **kwargs)


def _count(lang: str, n: int, what: str) -> str:
    return t(lang, f"validate.n.{what}.{'one' if n == 1 else 'many'}", n=n)


def summary(result, lang: str = "en") -> str:
    """One line: files, lessons, glossary terms and questions per type."""
    bank = result.bank
    terms = sum(len(lesson.glossary) for lesson in bank.lessons.values())
    per_type = Counter(q.type for q in bank.questions.values())
    types = ", ".join(f"{tp} {n}" for tp, n in sorted(per_type.items()))
    return t(lang, "validate.ok", files=_count(lang, len(result.files), "files"),
             lessons=_count(lang, len(bank.lessons), "lessons"), terms=terms, questions=len(bank.questions),
             types=t(lang, "validate.types", types=types) if types else "")


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
    lang = settings.lang
    if not explicit:
        stale = _stale_ids(settings, result.bank)
        if stale:
            print(t(lang, "validate.stale", n=len(stale),
                    ids=", ".join(stale[:20]) + (" ..." if len(stale) > 20 else "")))
    if result.problems:
        n = len(result.problems)
        bad = len({p.path for p in result.problems})
        print(t(lang, "validate.problems", problems=_count(lang, n, "problems"), bad=bad,
                files=_count(lang, len(result.files), "files")))
        return 1
    if not result.files:
        print(t(lang, "validate.no_files", paths=", ".join(str(p) for p in paths)) if paths
              else t(lang, "validate.no_folders"))
        return 1
    print(summary(result, lang))
    return 0
